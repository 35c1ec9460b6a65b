// axe.test.mjs -- axe-core (npm, injected from node_modules) on every screen of the UI,
// in the light and the dark theme: no serious or critical violation anywhere (issue 21:
// the "Send to BG Stats" links, the board's notes table and the toast outside any
// landmark were four serious ones).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, pinBox, eventually, axeViolations as violations, withBrowser, withPhone, campaignWithMemory, openNewGameHouseRules,
} from './helpers.mjs';

/**
 * The serious and critical axe violations of the screens fn visits, in the light and the
 * dark theme, as ["<theme> <screen>: <violation>"]: fn(page, check) runs on a phone of
 * browser in each theme (axe is injected inline: CSP bypassed) and calls check(screen)
 * on each screen. Asserts the phone raised no script error.
 */
async function inBothThemes(browser, fn) {
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    await withPhone(browser, { colorScheme, bypassCSP: true }, (page) => fn(page, async (name) => {
      found.push(...(await violations(page)).map((v) => `${colorScheme} ${name}: ${v}`));
    }));
  }
  return found;
}

/** A campaign made with body ({name, edition, house_rules}), players Ana and Bo: {cid, key, ids}. */
async function campaignOfTwo(base, body) {
  const made = await api(base, 'POST', '/campaigns', { body });
  const c = { cid: made.campaign.id, key: made.key, ids: [] };
  for (const name of ['Ana', 'Bo']) c.ids.push((await api(base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name } })).id);
  return c;
}

/** Open the join link of campaign cid (key) on page, and wait for its screen. */
async function join(page, base, cid, key) {
  await page.goto(`${base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await page.locator('main h1').first().waitFor();
}

test('UI-AXE every screen, in both themes, has no serious or critical axe violation', () => withBrowser(async ({ server, browser }) => {
  const { cid, key, ids } = await campaignOfTwo(server.base, { name: 'Axe', edition: 'travel-world-tour' });
  await pinBox(server.base, cid, key);
  const g1 = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }] } });
  const post = (gid, body) => api(server.base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body });
  await post(g1.game.id, { type: 'roll', d1: 1, d2: 2 });
  await post(g1.game.id, { type: 'buy' });
  await post(g1.game.id, { type: 'roll', d1: 3, d2: 4 });
  await post(g1.game.id, { type: 'end', winner: ids[0] });
  const g2 = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }] } });
  await post(g2.game.id, { type: 'end' });
  const g3 = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: [{ player: ids[1], token: 't-rex' }, { player: ids[0], token: 'hazel' }] } });
  await post(g3.game.id, { type: 'roll', d1: 1, d2: 2 });
  const classic = await campaignOfTwo(server.base, { name: 'Axe classic', edition: 'classic' });
  const rg = await api(server.base, 'POST', `/campaigns/${classic.cid}/games`, { key: classic.key, body: { mode: 'results', seats: [{ player: classic.ids[0], token: 'car' }, { player: classic.ids[1] }] } });

  const screens = [
    ['home', '#/'],
    ['campaign', `#/c/${cid}`],
    ['table', `#/c/${cid}/game/${g3.game.id}`],
    ['table, ended', `#/c/${cid}/game/${g1.game.id}`],
    ['journal-mode table', `#/c/${cid}/game/${g2.game.id}`],
    ['journal', `#/c/${cid}/journal`],
    ['board', `#/c/${cid}/game/${g3.game.id}/board`],
    ['stats', `#/c/${cid}/stats`],
    ['box', `#/c/${cid}/box`],
    ['check', `#/c/${cid}/check`],
  ];
  const found = await inBothThemes(browser, async (page, check) => {
    await join(page, server.base, cid, key);
    for (const [name, hash] of screens) {
      await page.goto(`${server.base}/${hash}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle').catch(() => {});
      if (name === 'table') {
        // An action: a toast and What happened (Buy in the first theme, a roll in the second).
        await page.locator('#dock .card').first().waitFor();
        if (await page.locator('#act-buy').count()) await page.locator('#act-buy').click();
        else { await page.locator('#die1-2').click(); await page.locator('#die2-3').click(); }
        await page.locator('#toast:not([hidden])').waitFor();
      }
      await check(name);
    }
    await join(page, server.base, classic.cid, classic.key);
    for (const [name, hash] of [['results table', `#/c/${classic.cid}/game/${rg.game.id}`], ['new game', `#/c/${classic.cid}/new`]]) {
      await page.goto(`${server.base}/${hash}`);
      await page.locator('main h1').first().waitFor();
      await check(name);
    }
  });
  assert.deepEqual(found, [], 'no serious or critical violations');
}));

test('UI-AXE-MEMORIES the campaign with "Last time…" and its house rules open, the table reliving a memory, the journal and the stats timeline: no serious or critical axe violation, in both themes', () => withBrowser(async ({ server, browser }) => {
  const { cid, key, ids, seats, post } = await campaignWithMemory(server.base, {
    name: 'Axe memories',
    house_rules: { free_parking: 'jackpot', fees: 'automatic', stamps_to_win: 3 },
    text: 'the sun over the clouds',
    photo: [64, 48, (x, y) => [200, 100 + y, 50 + x]],
    stamps: ['rapa-nui', 'angkor-wat', 'red-1'],
  });
  const g2 = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;
  await post(g2, { type: 'draw_journal', card: 'journal-1', player: ids[1] });

  const other = await campaignOfTwo(server.base, { name: 'Axe new game', edition: 'travel-world-tour', house_rules: { auction: false, go_landing: 400 } });

  const found = await inBothThemes(browser, async (page, check) => {
    await join(page, server.base, cid, key);
    // The campaign screen: "Last time…" loaded with its photo, House rules open. (The join
    // link's own redirect may land after a goto: go again until the campaign screen shows.)
    await eventually(async () => {
      if (!(await page.locator('section.recap').count())) await page.goto(`${server.base}/#/c/${cid}`);
      return page.locator('section.recap img.memory-photo').count();
    }, { timeout: 15000, interval: 500, message: 'the campaign screen with "Last time…" and its photo' });
    await page.locator('section.recap img.memory-photo').scrollIntoViewIfNeeded();
    await page.locator('section.recap img.memory-photo').waitFor();
    await page.locator('#house-rules summary').click();
    await check('campaign with recap and house rules');
    // The table: Ana's memory comes back as Bo's draw pays her; the memory form open.
    await page.goto(`${server.base}/#/c/${cid}/game/${g2}`);
    await page.locator('#dock .card').first().waitFor();
    await page.getByLabel(/Drawn by/).selectOption({ index: 1 });
    await page.locator('[id="jm-card-journal-2"]').click();
    await page.locator('.card.last img.memory-photo').waitFor();
    await page.locator('#memory-add summary').click();
    await check('table with a memory');
    for (const [name, hash, wait] of [['journal with memories', `#/c/${cid}/journal`, '.stamp-memories'], ['stats with the timeline', `#/c/${cid}/stats`, '#stats-payouts']]) {
      await page.goto(`${server.base}/${hash}`);
      await page.locator(wait).first().waitFor();
      await check(name);
    }
    // The new-game screen of a campaign with no game going, its house rules open.
    await join(page, server.base, other.cid, other.key);
    await openNewGameHouseRules(page, other.cid);
    await check('new game with house rules');
  });
  assert.deepEqual(found, [], 'no serious or critical violations');
}));

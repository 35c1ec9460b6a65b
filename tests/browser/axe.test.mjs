// axe.test.mjs -- axe-core (npm, injected from node_modules) on every screen of the UI,
// in the light and the dark theme: no serious or critical violation anywhere (issue 21:
// the "Send to BG Stats" links, the board's notes table and the toast outside any
// landmark were four serious ones).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { png } from '../integration/png.mjs';
import { startServer, launchBrowser, phoneContext, api, pinBox, eventually, axeViolations as violations } from './helpers.mjs';

test('UI-AXE every screen, in both themes, has no serious or critical axe violation', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Axe', edition: 'travel-world-tour' } });
    const cid = made.campaign.id;
    const { key } = made;
    await pinBox(server.base, cid, key);
    const ids = [];
    for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
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
    const classic = await api(server.base, 'POST', '/campaigns', { body: { name: 'Axe classic', edition: 'classic' } });
    const cp = [];
    for (const name of ['Ana', 'Bo']) cp.push((await api(server.base, 'POST', `/campaigns/${classic.campaign.id}/players`, { key: classic.key, body: { name } })).id);
    const rg = await api(server.base, 'POST', `/campaigns/${classic.campaign.id}/games`, { key: classic.key, body: { mode: 'results', seats: [{ player: cp[0], token: 'car' }, { player: cp[1] }] } });

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
    const found = [];
    for (const colorScheme of ['light', 'dark']) {
      const ctx = await phoneContext(browser, { colorScheme, bypassCSP: true }); // axe is injected inline
      const page = await ctx.newPage();
      await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
      await page.locator('main h1').first().waitFor();
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
        found.push(...(await violations(page)).map((v) => `${colorScheme} ${name}: ${v}`));
      }
      await page.goto(`${server.base}/#/join/${classic.campaign.id}/${encodeURIComponent(classic.key)}`);
      await page.locator('main h1').first().waitFor();
      for (const [name, hash] of [['results table', `#/c/${classic.campaign.id}/game/${rg.game.id}`], ['new game', `#/c/${classic.campaign.id}/new`]]) {
        await page.goto(`${server.base}/${hash}`);
        await page.locator('main h1').first().waitFor();
        found.push(...(await violations(page)).map((v) => `${colorScheme} ${name}: ${v}`));
      }
      assert.deepEqual(ctx.errors, [], 'no script errors');
      await ctx.close();
    }
    assert.deepEqual(found, [], 'no serious or critical violations');
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('UI-AXE-MEMORIES the campaign with "Last time…" and its house rules open, the table reliving a memory, the journal and the stats timeline: no serious or critical axe violation, in both themes', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Axe memories', edition: 'travel-world-tour', house_rules: { free_parking: 'jackpot', fees: 'automatic', stamps_to_win: 3 } } });
    const cid = made.campaign.id;
    const { key } = made;
    await pinBox(server.base, cid, key);
    const ids = [];
    for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
    const seats = [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }];
    const post = (gid, body) => api(server.base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body });
    const g1 = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;
    await post(g1, { type: 'draw_journal', card: 'journal-2', player: ids[0] });
    const m = (await api(server.base, 'POST', `/campaigns/${cid}/memories`, { key, body: { game: g1, card: 'journal-2', slot: 0, text: 'the sun over the clouds' } })).memory;
    const photo = png(64, 48, { pixel: (x, y) => [200, 100 + y, 50 + x] });
    const put = await fetch(`${server.base}/api/v1/campaigns/${cid}/memories/${m.id}/photo`, { method: 'PUT', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/png' }, body: photo });
    assert.ok(put.ok, `the photo stored (${put.status})`);
    for (const destination of ['rapa-nui', 'angkor-wat', 'red-1']) await post(g1, { type: 'stamp_goal', player: ids[0], destination });
    const g2 = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;
    await post(g2, { type: 'draw_journal', card: 'journal-1', player: ids[1] });

    const other = await api(server.base, 'POST', '/campaigns', { body: { name: 'Axe new game', edition: 'travel-world-tour', house_rules: { auction: false, go_landing: 400 } } });
    for (const name of ['Ana', 'Bo']) await api(server.base, 'POST', `/campaigns/${other.campaign.id}/players`, { key: other.key, body: { name } });

    const found = [];
    for (const colorScheme of ['light', 'dark']) {
      const ctx = await phoneContext(browser, { colorScheme, bypassCSP: true }); // axe is injected inline
      const page = await ctx.newPage();
      await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
      await page.locator('main h1').first().waitFor();
      // The campaign screen: "Last time…" loaded with its photo, House rules open. (The join
      // link's own redirect may land after a goto: go again until the campaign screen shows.)
      await eventually(async () => {
        if (!(await page.locator('section.recap').count())) await page.goto(`${server.base}/#/c/${cid}`);
        return page.locator('section.recap img.memory-photo').count();
      }, { timeout: 15000, interval: 500, message: 'the campaign screen with "Last time…" and its photo' });
      await page.locator('section.recap img.memory-photo').scrollIntoViewIfNeeded();
      await page.locator('section.recap img.memory-photo').waitFor();
      await page.locator('#house-rules summary').click();
      found.push(...(await violations(page)).map((v) => `${colorScheme} campaign with recap and house rules: ${v}`));
      // The table: Ana's memory comes back as Bo's draw pays her; the memory form open.
      await page.goto(`${server.base}/#/c/${cid}/game/${g2}`);
      await page.locator('#dock .card').first().waitFor();
      await page.getByLabel(/Drawn by/).selectOption({ index: 1 });
      await page.locator('[id="jm-card-journal-2"]').click();
      await page.locator('.card.last img.memory-photo').waitFor();
      await page.locator('#memory-add summary').click();
      found.push(...(await violations(page)).map((v) => `${colorScheme} table with a memory: ${v}`));
      for (const [name, hash, wait] of [['journal with memories', `#/c/${cid}/journal`, '.stamp-memories'], ['stats with the timeline', `#/c/${cid}/stats`, '#stats-payouts']]) {
        await page.goto(`${server.base}/${hash}`);
        await page.locator(wait).first().waitFor();
        found.push(...(await violations(page)).map((v) => `${colorScheme} ${name}: ${v}`));
      }
      // The new-game screen of a campaign with no game going, its house rules open.
      await page.goto(`${server.base}/#/join/${other.campaign.id}/${encodeURIComponent(other.key)}`);
      await page.locator('main h1').first().waitFor();
      await page.locator(`main a[href="#/c/${other.campaign.id}/new"]`).first().click();
      await page.locator('#hr-game-free_parking').waitFor({ state: 'attached' });
      await page.locator('#house-rules summary').click();
      await page.locator('#hr-game-free_parking').waitFor();
      found.push(...(await violations(page)).map((v) => `${colorScheme} new game with house rules: ${v}`));
      assert.deepEqual(ctx.errors, [], 'no script errors');
      await ctx.close();
    }
    assert.deepEqual(found, [], 'no serious or critical violations');
  } finally {
    await browser.close();
    await server.stop();
  }
});

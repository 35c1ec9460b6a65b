// words.test.mjs -- what the screens say (issue 15): a journal-mode payout names each
// payer and the drawer's own part, a journal circle tells who stamped it on a tap, the
// board of a journal game prints no "null", game numbers count per campaign, the "who
// starts" helper, and the date, duration and place of a results play.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, api, expectText, expectVisible, pinBox } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

/** A campaign with these players; returns {cid, key, ids, join}. */
async function campaign(names, body = {}) {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Words', edition: 'travel-world-tour', ...body } });
  const cid = made.campaign.id;
  const { key } = made;
  if (!body.edition || body.edition === 'travel-world-tour') await pinBox(server.base, cid, key);
  const ids = [];
  for (const name of names) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  return { cid, key, ids, join: `${server.base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

test('TWT-JOURNAL-4 journal mode: a "collect from each" card names each payer, and the drawer\'s own part', async () => {
  const c = await campaign(['Ana', 'Ben', 'Dev']);
  const put = (id, body) => api(server.base, 'PUT', `/campaigns/${c.cid}/board/journal/${id}`, { key: c.key, body });
  await put('journal-7', { title: 'Guided tour', slots: 2, effect: { per_stamp: { collect_from_each: 10 }, drawer: { pay: 50 } } });
  await api(server.base, 'POST', `/campaigns/${c.cid}/games`, { key: c.key, body: { mode: 'journal', seats: [{ player: c.ids[0], token: 'hazel' }, { player: c.ids[1], token: 'scottie' }, { player: c.ids[2], token: 't-rex' }] } });
  await page.goto(c.join);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Journal game' }));
  await page.getByLabel('Drawn by').selectOption({ label: 'Dev (T-Rex)' });
  await page.getByRole('button', { name: /^\d+\. Guided tour\b/ }).click();
  const last = page.getByRole('region', { name: 'What happened' });
  await expectText(last, 'Ana and Ben each pay Dev 10 (T-Rex\'s stamp).');
  await expectText(last, 'The drawer’s own part: Dev pays the Bank 50.');
  await shot(page, 'words-01-journal-mode-payers');
  // The card's second circle: Ana draws it; each stamp makes the two others pay its holder.
  await page.getByLabel('Drawn by').selectOption({ label: 'Ana (Hazel)' });
  await page.getByRole('button', { name: /^\d+\. Guided tour\b/ }).click();
  await expectText(last, 'Ben and Dev each pay Ana 10 (Hazel\'s stamp).');
  await expectText(last, 'Ana and Ben each pay Dev 10 (T-Rex\'s stamp).');
  await expectText(last, 'The drawer’s own part: Ana pays the Bank 50.');
});

test('UI-CIRCLE tapping a journal circle tells who stamped it, with which token, in which game and when', async () => {
  // The campaign of the previous test has two stamps on Guided tour.
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Journal' }).click();
  const card = page.getByRole('article', { name: /Guided tour/ });
  const circle = card.getByRole('button', { name: /^Circle 1: T-Rex, stamped by Dev in Game 1, / });
  await circle.tap();
  const detail = card.locator('.circle-detail');
  await expectText(detail, /^Circle 1: T-Rex, stamped by Dev in Game 1, \d{1,2} Dec 2026, \d\d:\d\d$/);
  assert.equal(await circle.getAttribute('aria-expanded'), 'true');
  await card.getByRole('button', { name: /^Circle 2: Hazel, stamped by Ana/ }).tap();
  await expectText(detail, /^Circle 2: Hazel, stamped by Ana in Game 1/);
  await shot(page, 'words-02-circle-tapped');
});

test('UI-BOARD-JOURNAL the board of a journal game prints no "null"', async () => {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Board' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Board of Game 1' }));
  const text = await page.locator('main').innerText();
  assert.doesNotMatch(text, /null|undefined/);
  const labels = await page.evaluate(() => [...document.querySelectorAll('[aria-label], title')].map((e) => e.getAttribute('aria-label') || e.textContent).join(' '));
  assert.doesNotMatch(labels, /null|undefined/);
  await shot(page, 'words-03-journal-board');
});

test('UI-GAME-NUMBER game numbers count within each campaign ("Game 1" is a campaign\'s first play)', async () => {
  const a = await campaign(['Ana', 'Bo']);
  const b = await campaign(['Cy', 'Di']);
  for (const c of [a, a, b]) {
    const g = await api(server.base, 'POST', `/campaigns/${c.cid}/games`, { key: c.key, body: { mode: 'journal', seats: [{ player: c.ids[0], token: 'hazel' }, { player: c.ids[1], token: 'scottie' }] } });
    await api(server.base, 'POST', `/campaigns/${c.cid}/games/${g.game.id}/events`, { key: c.key, body: { type: 'end' } });
  }
  const games = (await api(server.base, 'GET', `/campaigns/${b.cid}/games`, { key: b.key })).games;
  assert.ok(games[0].id > 1 && games[0].number === 1, 'b\'s first game has a high id but number 1');
  await page.goto(b.join);
  const list = page.getByRole('region', { name: 'Games' });
  await expectText(list, 'Game 1');
  assert.doesNotMatch(await list.innerText(), new RegExp(`Game ${games[0].id}\\b`));
  await list.getByRole('link', { name: /Game 1/ }).click();
  await expectText(page.locator('.live-line'), 'Game 1');
});

test('TWT-SETUP-3 who starts: each seat\'s roll, the highest starts and the others follow in seat order', async () => {
  const c = await campaign(['Ana', 'Bo', 'Cy']);
  await page.goto(c.join);
  await page.getByRole('link', { name: 'New game' }).click();
  await page.locator('summary', { hasText: 'Who starts?' }).click();
  await page.getByLabel('Ana rolled').fill('6');
  await page.getByLabel('Bo rolled').fill('9');
  await page.getByLabel('Cy rolled').fill('9');
  await page.getByRole('button', { name: 'The highest roll starts' }).click();
  await expectText(page.locator('#starts-said'), 'Bo and Cy tie with 9: they roll again.');
  await page.getByLabel('Bo rolled').fill('11');
  await page.getByLabel('Cy rolled').fill('4');
  await page.getByRole('button', { name: 'The highest roll starts' }).click();
  await expectText(page.locator('#starts-said'), 'Bo rolled 11, the highest, and starts');
  const order = [];
  for (const n of [1, 2, 3]) order.push(await page.getByLabel(`Seat ${n} player`).evaluate((el) => el.selectedOptions[0].textContent));
  assert.deepEqual(order, ['Bo', 'Cy', 'Ana'], 'play goes on to the left: seat order kept from the starter');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Bo rolls the dice' }));
});

test('UI-RESULTS-PLAY a results play records its date, duration and location, shown on its screen and in the games list', async () => {
  const c = await campaign(['Ana', 'Bo'], { edition: 'classic' });
  await page.goto(c.join);
  await page.getByRole('link', { name: 'New game' }).click();
  await page.getByLabel('Date played').fill('2026-11-27');
  await page.getByLabel('Duration in minutes').fill('95');
  await page.getByLabel('Location').fill('Ana’s kitchen');
  await page.getByLabel('Seat 1 token').fill('boot');
  await page.getByLabel('Seat 2 token').fill('hat');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expectText(page.locator('#play-line'), /27 Nov 2026 · 95 minutes · Ana’s kitchen/);
  const games = (await api(server.base, 'GET', `/campaigns/${c.cid}/games`, { key: c.key })).games;
  assert.equal(games[0].duration_min, 95);
  assert.equal(games[0].location, 'Ana’s kitchen');
  assert.match(games[0].played_at, /^2026-11-2[67]T/);
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Campaign' }).click();
  await expectText(page.getByRole('region', { name: 'Games' }), /Game 1 · 27 Nov 2026 · Ana’s kitchen · 95 minutes/);
  await shot(page, 'words-04-results-play');
});

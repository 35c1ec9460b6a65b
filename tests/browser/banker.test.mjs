// banker.test.mjs -- a game night on one phone: create a campaign, add players, play
// a banker-mode game with a Travel Journal draw whose payouts appear, buy, ask a fee,
// undo, reload and resume, then open the journal, the board and the stats.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  phoneSession, shot, api, expectText, expectVisible, expectGone, eventually, pinBox, endGameWith,
} from './helpers.mjs';

let server;
let ctx;
let page;
let cid;
let key;
phoneSession((s) => ({ server, ctx, page } = s));

const player = (name) => page.getByRole('article', { name: new RegExp(`^${name}\\b`) });
const effects = () => page.locator('.effects');

test('UI-START create a campaign from the start page and see its share links', async () => {
  await page.goto(`${server.base}/`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Stampbook' }));
  await shot(page, 'banker-01-start');
  await page.getByLabel('Campaign name').fill('Tuesday table');
  await page.getByLabel('Edition').selectOption('travel-world-tour');
  await page.getByLabel('The token on the card (the official rule)').check();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Tuesday table' }));
  const rw = await page.getByLabel('Read-write link').inputValue();
  const ro = await page.getByLabel('View-only link').inputValue();
  const m = rw.match(/\/#\/join\/(\d+)\/(.+)$/);
  assert.ok(m, `share link format: ${rw}`);
  assert.ok(rw.startsWith(`${server.base}/#/join/`));
  assert.match(ro, /\/#\/join\/\d+\/.+$/);
  assert.notEqual(rw, ro);
  cid = Number(m[1]);
  key = decodeURIComponent(m[2]);
  await pinBox(server.base, cid, key);
  // The browser remembers the campaign and its key.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('stampbook.campaigns.v1')));
  assert.equal(stored[0].id, cid);
  assert.equal(stored[0].key, key);
  await shot(page, 'banker-02-campaign');
});

test('UI-PLAYERS add and rename players', async () => {
  for (const name of ['Ana', 'Bo']) {
    await page.getByLabel('New player name').fill(name);
    await page.getByRole('button', { name: 'Add player' }).click();
    await expectText(page.getByRole('region', { name: 'Players' }), name);
  }
  await page.getByRole('button', { name: 'Rename Bo' }).click();
  await page.getByLabel('New name for Bo').fill('Cy');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectText(page.getByRole('region', { name: 'Players' }), 'Cy');
  const players = (await api(server.base, 'GET', `/campaigns/${cid}/players`, { key })).players.map((p) => p.name);
  assert.deepEqual(players.sort(), ['Ana', 'Cy']);
  await shot(page, 'banker-03-players');
});

test('UI-NEWGAME start a banker game with seats in order and a token each', async () => {
  await page.getByRole('link', { name: 'New game' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'New game' }));
  await page.getByLabel('Banker').check();
  await page.getByLabel('Seat 1 player').selectOption({ label: 'Ana' });
  await page.getByLabel('Seat 1 token').selectOption('hazel');
  await page.getByLabel('Seat 2 player').selectOption({ label: 'Cy' });
  await page.getByLabel('Seat 2 token').selectOption('rubber-ducky');
  await shot(page, 'banker-04-new-game');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  await expectText(player('Ana'), '1,500');
  await expectText(page.locator('.live-line'), 'live');
  await shot(page, 'banker-05-table');
});

test('TWT-JOURNAL-4 a journal draw stamps the card and pays its stamps, shown in words', async () => {
  // Ana rolls a double 1+1: GO -> space 2, Travel Journal.
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 1' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Which Travel Journal card?' }));
  await shot(page, 'banker-06-draw');
  await page.getByRole('button', { name: /Market day/ }).click();
  await expectText(effects(), 'Hazel\'s stamp pays Ana 50.');
  await expectText(player('Ana'), '1,550');
  await shot(page, 'banker-07-first-payout');

  // Ana's double gives another roll: 3+1 -> Rapa Nui (space 6), buy it.
  await page.getByRole('button', { name: 'First die 3' }).click();
  await page.getByRole('button', { name: 'Second die 1' }).click();
  await page.getByRole('button', { name: /Buy Rapa Nui for 100/ }).click();
  await expectText(effects(), 'Rapa Nui');
  await expectText(player('Ana'), '1,450');
  await expectText(player('Ana'), /Owns:\s*Rapa Nui/);

  // Cy rolls 1+1 onto the Travel Journal and draws the same card: both stamps pay.
  await expectVisible(page.getByRole('heading', { name: 'Cy rolls' }));
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 1' }).click();
  await page.getByRole('button', { name: /Market day/ }).click();
  await expectText(effects(), 'Hazel\'s stamp pays Ana 50.');
  await expectText(effects(), 'Rubber Ducky\'s stamp pays Cy 50.');
  await expectText(player('Ana'), '1,500');
  await expectText(player('Cy'), '1,550');
  await shot(page, 'banker-08-payouts');
});

test('TWT-FEE an owner asks the fee; undo takes it back after a confirmation', async () => {
  // Cy's double: 3+1 -> Rapa Nui, owned by Ana: the fee may be asked.
  await page.getByRole('button', { name: 'First die 3' }).click();
  await page.getByRole('button', { name: 'Second die 1' }).click();
  const ask = page.getByRole('button', { name: /Ana asks the fee for Rapa Nui: Cy pays 50/ });
  await expectVisible(ask);
  await ask.click();
  await expectText(effects(), 'Cy pays Ana 50');
  await expectText(player('Cy'), '1,500');
  await expectText(player('Ana'), '1,550');

  // Undo asks first; cancelling changes nothing.
  await page.locator('#undo').click();
  const dialog = page.getByRole('dialog', { name: 'Undo the last event?' });
  await expectVisible(dialog);
  await shot(page, 'banker-09-undo-confirm');
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expectText(player('Cy'), '1,500');
  await page.locator('#undo').click();
  await dialog.getByRole('button', { name: 'Yes, undo it' }).click();
  await expectText(player('Cy'), '1,550');
  await expectText(player('Ana'), '1,500');
  await expectVisible(page.getByRole('button', { name: /Ana asks the fee/ }));
  await shot(page, 'banker-10-undone');
});

test('UI-RESUME reload and resume exactly where the table was', async () => {
  const before = page.url();
  await page.reload();
  assert.equal(page.url(), before);
  await expectVisible(page.getByRole('button', { name: /Ana asks the fee for Rapa Nui: Cy pays 50/ }));
  await expectText(player('Cy'), '1,550');
  await expectText(player('Ana'), '1,500');
  await expectText(player('Ana'), 'Rapa Nui');
  // The start page offers the campaign again, and the campaign page resumes the game.
  await page.goto(`${server.base}/#/`);
  await page.getByRole('link', { name: /Tuesday table/ }).click();
  await page.getByRole('link', { name: /Resume Game/ }).click();
  await expectVisible(page.getByRole('button', { name: /Ana asks the fee/ }));
  await shot(page, 'banker-11-resumed');
});

test('UI-JOURNAL the journal shows the stamps as token pictures, payouts and history', async () => {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Journal' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Travel Journal' }));
  const card = page.getByRole('article', { name: /Market day/ });
  await expectVisible(card.getByRole('button', { name: /Circle 1: Hazel, stamped by Ana/ }));
  await expectVisible(card.getByRole('button', { name: /Circle 2: Rubber Ducky, stamped by Cy/ }));
  await expectText(card, 'Paid out 150');
  await expectText(card, 'Drawn 2 times');
  await card.getByText('History').click();
  await expectText(card, 'Game');
  const cards = await page.getByRole('article').count();
  assert.equal(cards, 10);
  await shot(page, 'banker-12-journal');
});

test('UI-BOARD the board drawing and the cash to hand out', async () => {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Board' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: /Board of Game/ }));
  await expectVisible(page.getByRole('img', { name: /^The board: Ana on Rapa Nui; Cy on Rapa Nui/ }));
  const spaces = await page.locator('svg.board-svg g.space').count();
  assert.equal(spaces, 40);
  const cash = page.getByRole('region', { name: 'Cash to hand out' });
  // 1,500 = 3 x 500; 1,550 = 3 x 500 + 1 x 50.
  await expectText(cash.getByRole('row', { name: /Ana/ }), /1,500\s+3/);
  await expectText(cash.getByRole('row', { name: /Cy/ }), /1,550\s+3\s+·\s+1/);
  await expectText(page.getByRole('region', { name: 'Cards and stamps' }), 'Rapa Nui');
  await shot(page, 'banker-13-board');
});

test('UI-STATS the stats page draws charts from what the campaign holds', async () => {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Stats' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Stats' }));
  await eventually(async () => (await page.locator('svg.chart').count()) > 0, { message: 'a chart' });
  await shot(page, 'banker-14-stats');
});

test('UI-BOX the box editor marks unverified facts and saves a correction', async () => {
  await page.goto(`${server.base}/#/c/${cid}/box`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Box editor' }));
  await expectText(page.locator('main'), /entries are unverified/);
  const unverified = await page.getByText('unverified', { exact: true }).count();
  assert.ok(unverified > 0, 'some facts are unverified');
  // Correct a Chance card: only the text changes (allowed during a game).
  const chance = page.getByRole('region', { name: 'Chance cards' });
  const item = chance.locator('details', { hasText: 'Your travel photo wins a contest' });
  await item.locator('summary').click();
  await item.getByLabel('Card text').fill('Your travel photo wins a prize. Collect 100 from the Bank.');
  await item.getByRole('button', { name: 'Save' }).click();
  await expectVisible(item.getByRole('button', { name: 'Saved ✓' }));
  await expectText(item.locator('summary'), 'your box');
  const board = await api(server.base, 'GET', `/campaigns/${cid}/board`, { key });
  const c3 = board.chance.find((c) => c.effect && c.effect.collect === 100);
  assert.equal(c3.text, 'Your travel photo wins a prize. Collect 100 from the Bank.');
  assert.equal(c3.source, 'group');
  await shot(page, 'banker-15-box');
  await expectGone(page.getByRole('alert').filter({ hasText: /./ }));
});

test('UI-MORE trade, correct cash, note, then end the game with a winner', async () => {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Table' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  // Trade: Ana gives Rapa Nui, Cy gives 100.
  await page.locator('summary', { hasText: 'Trade' }).click();
  await page.getByLabel('Player A').selectOption({ label: 'Ana' });
  await page.getByLabel('Player B').selectOption({ label: 'Cy' });
  await page.getByRole('group', { name: 'Ana gives' }).getByLabel('Rapa Nui').check();
  await page.getByRole('group', { name: 'Cy gives' }).getByLabel('Cash').fill('100');
  await page.getByRole('button', { name: 'Record the trade' }).click();
  await expectText(effects(), 'Rapa Nui goes to Cy.');
  await expectText(effects(), 'Cy pays Ana 100 (trade).');
  await expectText(player('Cy'), /Owns:\s*Rapa Nui/);
  // A correction the table agreed on.
  await page.locator('summary', { hasText: 'Correct cash' }).click();
  await page.getByLabel('Whose cash').selectOption({ label: 'Cy' });
  await page.getByLabel('Amount (negative takes money away)').fill('-50');
  await page.getByLabel('Reason for the correction').fill('miscounted');
  await page.getByRole('button', { name: 'Correct the cash' }).click();
  await expectText(effects(), 'Cy pays the Bank 50 (correction).');
  // A note.
  await page.locator('summary', { hasText: 'Add a note' }).click();
  await page.getByLabel('Note', { exact: true }).fill('Pizza break at 9');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Note saved');
  // End the game early with a winner, after a confirmation.
  await endGameWith(page, 'Ana', { end: 'End the game', winner: 'Winner', now: 'End the game now', dialog: 'End the game?', confirm: 'End game', won: 'Ana wins!' });
  await shot(page, 'banker-16-ended');
  // The stats now chart the wins over the campaign.
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Stats' }).click();
  await expectVisible(page.getByRole('img', { name: /^Wins, game after game\. After 1 game: Ana: 1\./ }));
  await shot(page, 'banker-17-stats');
  // With no game active the box editor may change a destination.
  await page.goto(`${server.base}/#/c/${cid}/box`);
  const dest = page.getByRole('region', { name: 'Destinations' }).locator('details')
    .filter({ has: page.locator('summary', { hasText: 'Rapa Nui' }) });
  await dest.locator('summary').click();
  await dest.getByLabel('Price').fill('120');
  await dest.getByRole('button', { name: 'Save' }).click();
  await expectVisible(dest.getByRole('button', { name: 'Saved ✓' }));
  const board = await api(server.base, 'GET', `/campaigns/${cid}/board`, { key });
  assert.equal(board.destinations.find((d) => d.id === 'rapa-nui').price, 120);
});

test('UI-HTTP no outside requests; keys, If-Match and Idempotency-Key on the wire as API.md says', async () => {
  const reqs = ctx.requests;
  assert.ok(reqs.length > 20);
  for (const r of reqs) assert.ok(r.url().startsWith(`${server.base}/`), `only the server itself is contacted: ${r.url()}`);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const seen = new Set();
  let events = 0;
  for (const r of reqs) {
    const url = new URL(r.url());
    if (!url.pathname.startsWith(`/api/v1/campaigns/${cid}`)) continue;
    const headers = await r.allHeaders();
    assert.equal(url.search.includes(key) || url.searchParams.has('key'), false, `the key is never in a URL, the stream's neither: ${url}`);
    assert.equal(headers.authorization, `Bearer ${key}`, `${r.method()} ${url.pathname} sends the key`);
    if (r.method() === 'POST' && url.pathname.endsWith('/events')) {
      events++;
      assert.match(headers['idempotency-key'] || '', uuid, 'each event POST has a UUID Idempotency-Key');
      assert.ok(!seen.has(headers['idempotency-key']), 'a new key per event');
      seen.add(headers['idempotency-key']);
      assert.match(headers['if-match'] || '', /^"\d+"$/, 'each event POST has If-Match from the ETag');
    }
  }
  assert.ok(events >= 10, `events were posted (${events})`);
});

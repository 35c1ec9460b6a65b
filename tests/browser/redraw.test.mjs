// redraw.test.mjs -- the table draws again only when the game changed (issue 44): on a
// new version of its state (every event and every undo makes one), never for the same
// version heard again, so what a phone has typed and where its focus is stay put; a
// version that only adds a note keeps what the table began in the dock.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, campaignWithGame, api, expectVisible, expectGone, eventually } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

const STREAM = /\/stream(\?|$)/;
const version = async () => Number(await page.locator('[data-version]').getAttribute('data-version'));
/** Mark what the heading and the dock hold now (DOM nodes), to compare with what is
 * there later: the same node is one not drawn again. */
const PARTS = { heading: '.banner-box', dock: '#dock' };
const mark = () => page.evaluate((parts) => {
  window.marked = Object.fromEntries(Object.entries(parts).map(([k, sel]) => [k, document.querySelector(sel).firstElementChild]));
}, PARTS);
const same = (part) => page.evaluate(([sel, k]) => !!window.marked[k] && window.marked[k] === document.querySelector(sel).firstElementChild, [PARTS[part], part]);
const focusedId = () => page.evaluate(() => document.activeElement && document.activeElement.id);

test('UI-REDRAW-ON-VERSION the dock is drawn again on a new version only: the same version heard again and a note keep the typed bid and its focus; a new event redraws it', async () => {
  const base = server.base;
  const { cid, key, gid } = await campaignWithGame(base, 'Redraw', { mode: 'banker', pin: true });
  const ev = (body) => api(base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body });
  await ev({ type: 'roll', d1: 3, d2: 5 }); // Ana lands on Carnaval de Barranquilla: buy or auction
  const { state } = await api(base, 'GET', `/campaigns/${cid}/games/${gid}`, { key });

  // The stream, held by the test: every connection hears the current state again (the
  // same version) and ends, and the phone connects again half a second later.
  let heard = 0;
  await page.route(STREAM, (route) => {
    heard += 1;
    return route.fulfill({
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
      body: `id: ${state.version}\nevent: state\ndata: ${JSON.stringify(state)}\n\n`,
    });
  });
  await page.goto(`${base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await page.locator('details.auction > summary').click();
  const bid = page.getByLabel('Winning bid');
  await bid.fill('120');
  assert.equal(await focusedId(), 'auction-price');
  await mark();
  const before = heard;
  await eventually(() => heard >= before + 3, { message: 'three more stream messages of the same version' });
  assert.equal(await version(), state.version);
  assert.ok(await same('heading') && await same('dock'), 'the same version heard again redraws nothing');
  assert.equal(await bid.inputValue(), '120');
  assert.equal(await focusedId(), 'auction-price', 'the focus stays in the bid');
  // The offline queue says a tap of this game was refused (a queued note): the table
  // reads the game again and finds the same version, and draws nothing again.
  const read = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/games/${gid}`));
  await page.evaluate((g) => window.dispatchEvent(new CustomEvent('stampbook-refused', { detail: { item: { cid: 0, gid: g } } })), gid);
  await (await read).finished();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok(await same('heading') && await same('dock'), 'the same version read again redraws nothing');
  assert.equal(await bid.inputValue(), '120');
  assert.equal(await focusedId(), 'auction-price', 'the focus stays in the bid after the game is read again');

  // The real stream again; another phone adds a note: a new version, the same decision.
  await page.unroute(STREAM);
  await ev({ type: 'note', text: 'pizza is here' });
  await eventually(async () => (await version()) === state.version + 1, { message: 'the note’s version on the page' });
  assert.equal(await same('heading'), false, 'a new version redraws the heading');
  assert.ok(await same('dock'), 'a note keeps the dock the table is filling in');
  assert.equal(await bid.inputValue(), '120');
  assert.equal(await focusedId(), 'auction-price', 'the focus stays in the bid after the note');

  // Another phone records the auction (nobody bid): a new event, the dock is drawn again.
  await ev({ type: 'auction' });
  await eventually(async () => (await version()) === state.version + 2, { message: 'the auction’s version on the page' });
  assert.equal(await same('dock'), false, 'a new event redraws the dock');
  await expectGone(page.locator('details.auction'));
  await expectVisible(page.getByRole('button', { name: 'First die 1' }));
});

// plainoption.test.mjs -- an option the page has no widget for (issue 44): the engine may
// offer a type newer than the page a phone still holds. The table gives it a plain button
// in the decision, named by words.js, that sends the event as its type alone. The page is
// handed such an option (its fetch() answers for the game carry one more option) and must
// show it on the first screen at every phone size, and send it when tapped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { tableSession, campaignWithGame, api, eventually, expectText, onScreen, ARTIFACTS } from './helpers.mjs';

let server;
let phone;
tableSession((s) => { ({ server, phone } = s); });

const SIZES = [{ width: 390, height: 844 }, { width: 320, height: 640 }, { width: 844, height: 390 }];

/**
 * In the page, before its scripts: every game answer (GET …/games/{gid}, a state) carries
 * one more option, {type: "take_holiday", player}, as a newer engine would offer; the
 * game's stream stays open and silent, so no state without it comes in.
 */
function offerNewOption() {
  const add = (st) => {
    if (st && Array.isArray(st.options) && st.status === 'active' && !st.options.some((o) => o.type === 'take_holiday')) {
      const roll = st.options.find((o) => o.type === 'roll');
      st.options.push({ type: 'take_holiday', player: roll ? roll.player : null });
    }
  };
  const real = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = String(input && input.url ? input.url : input);
    const method = (init.method || 'GET').toUpperCase();
    if (/\/games\/\d+\/stream/.test(url)) {
      return new Response(new ReadableStream({ start() {} }), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    const res = await real(input, init);
    if (method !== 'GET' || !/\/games\/\d+(\/state)?(\?|$)/.test(url) || !res.ok) return res;
    const doc = await res.clone().json().catch(() => null);
    if (!doc) return res;
    add(doc.state || doc);
    return new Response(JSON.stringify(doc), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

test('UI-PLAIN-OPTION an option of a type the page has no widget for is a plain button, named by words.js, on the first screen at every phone size, and a tap sends its type', async () => {
  const c = await campaignWithGame(server.base, 'Plain', { mode: 'banker', pin: true });
  const ctx = await phone();
  await ctx.addInitScript(offerNewOption);
  const page = await ctx.newPage();
  const sent = [];
  page.on('request', (req) => { if (req.method() === 'POST' && /\/events$/.test(req.url())) sent.push(req.postDataJSON()); });
  await page.goto(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
  await page.goto(`${server.base}/#/c/${c.cid}/game/${c.gid}`);
  const button = page.locator('button[data-option="take_holiday"]');
  await button.waitFor();
  assert.equal((await button.innerText()).trim(), 'Take holiday', 'its words from words.js (the type, humanised)');
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    const why = await eventually(async () => ((await onScreen(button)) === '' ? 'ok' : null), { message: `${size.width}x${size.height}` })
      .catch(async () => onScreen(button));
    await page.screenshot({ path: path.join(ARTIFACTS, `plain-option-${size.width}x${size.height}.png`) });
    assert.equal(why, 'ok', `${size.width}x${size.height}: the plain button is on the first screen: ${why}`);
    // The dice, the widget of the option this page knows, are there too.
    await page.locator('#die1-1').waitFor();
  }
  await page.setViewportSize(SIZES[0]);
  const before = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${c.gid}`, { key: c.key })).state.seq;
  await button.click();
  await eventually(() => sent.length === 1, { message: 'the event sent' });
  assert.deepEqual(sent[0], { type: 'take_holiday' }, 'the event is the type alone');
  // This server's engine does not know it: refused with a clear message, nothing stored.
  await expectText(page.locator('#alert'), 'take_holiday');
  const after = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${c.gid}`, { key: c.key })).state.seq;
  assert.equal(after, before, 'nothing stored');
});

// live.test.mjs -- several phones at one table: each follows the game through the
// event stream without reloading; a write that lost the race (412) refreshes and says
// so instead of logging twice; a view-only link shows the table without controls.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  tableSession, campaignWithGame, shot, api, expectText, expectVisible, eventually,
} from './helpers.mjs';

let server;
let cid;
let key;
let viewKey;
let gid;

const session = tableSession(async (s) => {
  server = s.server;
  ({ cid, key, viewKey, gid } = await campaignWithGame(server.base, 'Live table', { mode: 'banker', pin: true }));
});

async function phone(link, { blockStream = false } = {}) {
  const ctx = await session.phone();
  const page = await ctx.newPage();
  if (blockStream) await page.route(/\/stream(\?|$)/, (route) => route.abort());
  await page.goto(link);
  return page;
}

const joinLink = (k) => `${server.base}/#/join/${cid}/${encodeURIComponent(k)}`;
const player = (page, name) => page.getByRole('article', { name: new RegExp(`^${name}\\b`) });

let A;
let B;

test('UI-LIVE two phones opened from the share link follow each other without reloading', async () => {
  A = await phone(joinLink(key));
  B = await phone(joinLink(key));
  for (const p of [A, B]) {
    await expectVisible(p.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
    await expectText(p.locator('.live-line'), 'live');
    assert.match(p.url(), new RegExp(`#/c/${cid}/game/${gid}$`), 'the key left the address bar');
  }
  // A logs Ana's roll 3+4: Chance at space 7.
  await A.getByRole('button', { name: 'First die 3' }).click();
  await A.getByRole('button', { name: 'Second die 4' }).click();
  await expectVisible(A.getByRole('heading', { name: 'Which Chance card?' }));
  // B follows through the stream and answers the card.
  await expectVisible(B.getByRole('heading', { name: 'Which Chance card?' }));
  await expectText(B.locator('.effects'), 'Ana rolled 3 + 4');
  await shot(B, 'live-01-phone-b-follows');
  await B.getByRole('button', { name: /Your travel photo wins a contest/ }).click();
  await expectText(B.locator('.effects'), 'The Bank pays Ana 100');
  // A sees B's answer.
  await expectText(player(A, 'Ana'), '1,600');
  await expectVisible(A.getByRole('heading', { name: 'Bo rolls' }));
  await expectText(A.getByRole('region', { name: 'What happened' }), 'Logged on another phone');
  await expectText(A.getByRole('region', { name: 'What happened' }), 'The Bank pays Ana 100');
  await shot(A, 'live-02-phone-a-follows');
});

test('UI-412 a phone that lost the race refreshes and says so instead of logging twice', async () => {
  // C's stream is cut, so C still shows the table as it was.
  const C = await phone(joinLink(key), { blockStream: true });
  await expectVisible(C.getByRole('heading', { name: 'Bo rolls' }));
  // A logs Bo's roll 1+2: space 3, a destination to buy or auction.
  await A.getByRole('button', { name: 'First die 1' }).click();
  await A.getByRole('button', { name: 'Second die 2' }).click();
  await expectVisible(A.getByRole('button', { name: /^Buy / }));
  // C, unaware, logs a roll too: refused with 412, refreshed, told.
  await C.getByRole('button', { name: 'First die 5' }).click();
  await C.getByRole('button', { name: 'Second die 6' }).click();
  await expectText(C.getByRole('alert'), 'Another phone logged something first');
  await expectVisible(C.getByRole('button', { name: /^Buy / }));
  await shot(C, 'live-03-lost-race');
  const events = (await api(server.base, 'GET', `/campaigns/${cid}/games/${gid}/events?after=0`, { key })).events;
  assert.deepEqual(events.filter((e) => !e.voided).map((e) => e.type), ['roll', 'draw_chance', 'roll']);
});

test('UI-VIEW a view-only link follows the game but offers no controls', async () => {
  const V = await phone(joinLink(viewKey));
  await expectVisible(V.getByRole('heading', { level: 1, name: /^Bo/ }));
  await expectText(V.locator('.live-line'), 'view only');
  assert.equal(await V.getByRole('button', { name: /^Buy / }).count(), 0);
  assert.equal(await V.getByRole('button', { name: 'Undo', exact: true }).count(), 0);
  // It still follows: B buys, V sees the owner change.
  await B.getByRole('button', { name: /^Buy / }).click();
  await expectText(player(V, 'Bo'), 'Owns:');
  await shot(V, 'live-04-view-only');
});

// The page's clock is driven by the test (page.clock), so "within 2 s" is counted in the
// page's own timers and not in the machine's time: the server is down for a long minute
// of the page's time (long enough for any back-off to reach its ceiling), comes back, and
// 2 s of the page's time later the stream is live again.
test('UI-LIVE-BACK the stream is back within 2 s of the server\'s return, however long it was away', async () => {
  const ctx = await session.phone();
  const P = await ctx.newPage();
  await P.clock.install();
  await P.goto(joinLink(viewKey));
  const live = P.locator('.live-line .badge.live');
  await expectVisible(live);
  const advance = async (ms, step) => {
    for (let t = 0; t < ms; t += step) {
      await P.clock.runFor(step);
      await P.waitForTimeout(40); // the refused connection is answered in real time
    }
  };
  await P.clock.pauseAt(await P.evaluate(() => Date.now() + 2000)); // ahead of the page's clock however slow this machine
  await server.halt();
  try {
    await expectVisible(P.locator('.live-line .badge.off'));
    await advance(70000, 1000);
    assert.equal(await live.count(), 0, 'offline while the server is away');
  } finally {
    await server.resume();
  }
  await advance(2000, 100);
  await eventually(async () => (await live.count()) === 1, { message: 'the stream live again 2 s (page time) after the server came back' });
  // And it follows the game again: a note logged elsewhere shows up.
  const st = (await api(server.base, 'GET', `/campaigns/${cid}/games/${gid}`, { key })).state;
  await api(server.base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body: { type: 'note', text: 'back again' } });
  await eventually(async () => (await P.locator('[data-version]').getAttribute('data-version')) !== String(st.version), { message: 'the next state through the stream' });
});

test('UI-TOAST-STALE once another phone logs, this phone\'s toast no longer offers to undo (it would undo the other phone\'s event)', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Stale toast', edition: 'travel-world-tour' } });
  const c = made.campaign.id;
  const ps = [];
  for (const name of ['Ana', 'Bo']) ps.push((await api(server.base, 'POST', `/campaigns/${c}/players`, { key: made.key, body: { name } })).id);
  await api(server.base, 'POST', `/campaigns/${c}/games`, { key: made.key, body: { mode: 'banker', seats: [{ player: ps[0], token: 'scottie' }, { player: ps[1], token: 't-rex' }] } });
  const link = `${server.base}/#/join/${c}/${encodeURIComponent(made.key)}`;
  // P's clock stops once its toast is up, so the toast stays for as long as the test needs.
  const pctx = await session.phone();
  const P = await pctx.newPage();
  await P.clock.install();
  await P.goto(link);
  const Q = await phone(link);
  for (const p of [P, Q]) await expectText(p.locator('.live-line'), 'live');
  await P.getByRole('button', { name: 'First die 1' }).click();
  await P.getByRole('button', { name: 'Second die 2' }).click();
  await expectVisible(P.locator('#toast-undo'));
  await P.clock.pauseAt(await P.evaluate(() => Date.now() + 2000)); // ahead of the page's clock however slow this machine (the toast stays 6 s)
  // The other phone answers the next decision while P's toast is still up.
  await expectVisible(Q.getByRole('button', { name: /^Buy / }));
  await Q.getByRole('button', { name: /^Buy / }).click();
  await eventually(async () => (await P.locator('#toast-undo').count()) === 0 || !(await P.locator('#toast-undo').isVisible()), { message: 'the stale toast gone' });
  const events = (await api(server.base, 'GET', `/campaigns/${c}/games/${(await api(server.base, 'GET', `/campaigns/${c}`, { key: made.key })).campaign.active_game}/events?after=0`, { key: made.key })).events;
  assert.deepEqual(events.filter((e) => !e.voided).map((e) => e.type), ['roll', 'buy'], 'nothing undone');
});

// table.test.mjs -- the table screen answers what the table asks (issue 15): every
// player's money at a glance, a heading naming who acts now, Undo in view after each
// action and after undoing, a failed Jail roll in words, the final standing of an ended
// game, and taps made while the server is unreachable queued and sent once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, api, expectText, expectVisible, eventually, pinBox, PHONE } from './helpers.mjs';

let server;
let page;
let ctx;
phoneSession((s) => ({ server, page, ctx } = s));

/** A campaign with players names and a banker game seated in that order; returns ids. */
async function bankerGame(names, tokens = ['hazel', 'scottie', 't-rex', 'rubber-ducky']) {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Table tests', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  const ids = [];
  for (const name of names) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: ids.map((player, i) => ({ player, token: tokens[i] })) } });
  const post = (body) => api(server.base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  const state = async () => (await api(server.base, 'GET', `/campaigns/${cid}/games/${g.game.id}`, { key })).state;
  return { cid, key, gid: g.game.id, ids, post, state, url: `${server.base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

/** Is the element's box wholly inside the first viewport (below nothing, above the
 * bottom tabs, or in the toast that lies over them)? */
async function inView(locator) {
  const box = await locator.boundingBox();
  const tabs = await page.locator('#tabs').boundingBox();
  const inToast = await locator.evaluate((el) => !!el.closest('#toast'));
  const bottom = tabs && !inToast ? tabs.y : PHONE.height;
  return !!box && box.y >= 0 && box.y + box.height <= bottom && box.x >= 0 && box.x + box.width <= PHONE.width;
}

test('UI-STRIP four players\' cash figures, stamps, Jail and ticket are inside the first viewport, each owning cards', async () => {
  const g = await bankerGame(['Ana', 'Bo', 'Chloé', 'Dev']);
  // Each player lands on a different destination from GO and buys it.
  for (const [d1, d2] of [[1, 2], [2, 4], [3, 5], [4, 5]]) {
    await g.post({ type: 'roll', d1, d2 });
    await g.post({ type: 'buy' });
  }
  const st = await g.state();
  assert.ok(st.players.every((p) => p.owns.length === 1), 'every player owns a card');
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  const strip = page.getByRole('region', { name: 'Balances' });
  const cells = strip.getByRole('listitem');
  assert.equal(await cells.count(), 4);
  for (const p of st.players) {
    const cell = strip.locator(`li[data-player="${p.id}"]`);
    assert.match(await cell.getAttribute('aria-label'), new RegExp(`^${p.name}, .*cash ${p.cash.toLocaleString('en-GB')}, 0 of 4 goals stamped`));
    const cash = cell.locator('.strip-cash');
    await expectText(cash, p.cash.toLocaleString('en-GB'));
    assert.ok(await inView(cash), `${p.name}'s cash is inside the first viewport`);
    await expectText(cell, '★ 0/4');
  }
  // The strip stays in view when the page scrolls down to the player cards.
  await page.getByRole('heading', { name: 'More' }).scrollIntoViewIfNeeded();
  for (const p of st.players) assert.ok(await inView(strip.locator(`li[data-player="${p.id}"] .strip-cash`)), 'still in view after scrolling');
  await shot(page, 'table-01-strip-four-players');
});

test('UI-HEADING the heading names turn.next and what the game waits for, not whose turn it was', async () => {
  const g = await bankerGame(['Ana', 'Bo', 'Chloé', 'Dev']);
  // Ana's 1+2 lands on Brown 2: she must buy or auction it.
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: /^Ana: buy .* or auction it$/ }));
  await page.getByRole('button', { name: /^Buy / }).click();
  // Ana's turn is over (no double): Bo acts now.
  const st = await g.state();
  assert.equal(st.turn.player, g.ids[0]);
  assert.equal(st.turn.next, g.ids[1]);
  const h1 = page.getByRole('heading', { level: 1 });
  await expectText(h1, 'Bo rolls the dice');
  assert.doesNotMatch(await h1.innerText(), /Ana/);
  await expectText(page.locator('#waiting-for'), 'Ana’s turn is over: Bo rolls next.');
  assert.ok(await inView(h1), 'the heading is in view after the tap');
  await shot(page, 'table-02-heading-next');
});

test('UI-UNDO a toast with Undo follows each action; after undoing, the restored decision and the message are in view', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await page.goto(g.url);
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 2' }).click();
  const toast = page.locator('#toast');
  await expectText(toast, 'Ana rolled 1 + 2');
  assert.ok(await inView(toast.getByRole('button', { name: 'Undo' })), 'the toast and its Undo are in view');
  const last = page.getByRole('region', { name: 'What happened' });
  await expectText(last, 'Ana moves from GO to');
  assert.ok(await inView(last.getByRole('button', { name: 'Undo' })), 'Undo sits next to What happened, in view');
  await shot(page, 'table-03-toast');
  // Buy, then undo the purchase from the toast: the buy-or-auction decision comes back.
  await page.getByRole('button', { name: /^Buy / }).click();
  await expectText(toast, /bought|Bought/);
  await toast.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo the last event?' });
  await expectText(dialog, /event 2 \(\d\d:\d\d\): Bought at the printed price\. Ana pays the Bank \d+ \(purchase\)\./);
  await dialog.getByRole('button', { name: 'Yes, undo it' }).click();
  await expectText(last, 'Undone: event 2');
  const h1 = page.getByRole('heading', { level: 1 });
  await expectText(h1, /^Ana: buy .* or auction it$/);
  assert.ok(await inView(h1), 'the restored decision\'s heading is in view');
  assert.ok(await inView(last.locator('.last-title')), 'the undo message is in view');
  const buy = page.getByRole('button', { name: /^Buy / });
  assert.ok(await inView(buy), `the restored Buy button is in view: ${JSON.stringify(await buy.boundingBox())}`);
  await shot(page, 'table-04-undone');
});

test('UI-LOG the event log tells who, what, how much and when, with the player\'s token', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await g.post({ type: 'buy' });
  await page.goto(g.url);
  await page.locator('summary', { hasText: 'Event log' }).click();
  const log = page.locator('#event-log');
  await expectText(log, /\d\d:\d\d\s*2\. Bought at the printed price/);
  await expectText(log, /Ana pays the Bank \d+ \(purchase\)\./);
  await expectText(log, /goes to Ana\./);
  await expectText(log, /1\. Ana rolled 1 \+ 2/);
  assert.ok(await log.getByRole('img', { name: 'Hazel' }).count() >= 2, 'each entry shows the player\'s token');
});

test('TWT-JAIL-2 a failed roll in Jail says so instead of "nothing else happened"', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await g.post({ type: 'roll', d1: 3, d2: 4 }); // Chance
  await api(server.base, 'PUT', `/campaigns/${g.cid}/board/chance/chance-6`, { key: g.key, body: { effect: { go_to_jail: true } } }).catch(() => null);
  await g.post({ type: 'draw_chance', card: 'chance-6' });
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await g.post({ type: 'buy' });
  await page.goto(g.url);
  await expectText(page.locator('.strip li').first(), 'Jail');
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 2' }).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), 'No double: Ana stays in Jail (1 failed roll so far).');
});

test('UI-FINAL an ended game shows its final standing', async () => {
  const g = await bankerGame(['Ana', 'Bo', 'Chloé']);
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await g.post({ type: 'buy' });
  await g.post({ type: 'end', winner: g.ids[1] });
  await page.goto(g.url); // the join link opens the campaign (no game is active now)
  await page.getByRole('link', { name: /Game 1/ }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Bo wins!' }));
  const standing = page.getByRole('list', { name: 'Final standing' });
  const rows = standing.getByRole('listitem');
  assert.equal(await rows.count(), 3);
  await expectText(rows.nth(0), /^Bo · 0 of 4 goals stamped · 1,500$/);
  await expectText(standing, /Ana · 0 of 4 goals stamped · 1,4\d\d/);
  await shot(page, 'table-05-final-standing');
});

/** A new banker game of Ana and Bo open on the phone, Ana to roll; the phone goes offline
 * and Ana taps a roll of d1 + d2. Returns the game (bankerGame()). */
async function rollOffline(d1, d2) {
  const g = await bankerGame(['Ana', 'Bo']);
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  await ctx.setOffline(true);
  await page.getByRole('button', { name: `First die ${d1}` }).click();
  await page.getByRole('button', { name: `Second die ${d2}` }).click();
  return g;
}

test('UI-OFFLINE a tap made while the server is unreachable waits on the phone and is sent once when it answers', async () => {
  const g = await rollOffline(2, 3);
  const queue = page.locator('#queue');
  await expectText(queue, '1 tap waiting for the server');
  await expectText(queue, 'Ana rolled 2 + 3');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('stampbook.queue.v1')));
  assert.equal(stored.length, 1);
  assert.match(stored[0].idem, /^[0-9a-f-]{36}$/, 'kept with its Idempotency-Key');
  assert.equal(stored[0].ifMatch, `"${(await g.state()).version}"`, 'and its If-Match');
  assert.equal((await g.state()).seq, 0, 'nothing reached the server');
  const notice = await queue.boundingBox();
  assert.ok(notice.y < 300, `the offline notice is at the top, not at the bottom: ${JSON.stringify(notice)}`);
  await shot(page, 'table-06-queued');
  await ctx.setOffline(false);
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Sent when the server came back: Ana rolled 2 + 3');
  await eventually(async () => (await page.locator('#queue').isHidden()), { message: 'the queue to empty' });
  assert.equal((await page.locator('#alert').innerText()).trim(), '', 'the "unreachable" notice went with the queued tap');
  await page.waitForTimeout(3500); // one more retry period: nothing is sent twice
  const events = (await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}/events?after=0`, { key: g.key })).events;
  assert.deepEqual(events.map((e) => [e.type, e.d1, e.d2]), [['roll', 2, 3]], 'the tap was logged exactly once');
  await expectVisible(page.getByRole('heading', { level: 1, name: /^Ana|^Bo/ }));
});

test('UI-OFFLINE-REFUSED a queued tap that the table\'s newer state refuses is dropped with a clear message', async () => {
  const g = await rollOffline(4, 5);
  await expectText(page.locator('#queue'), '1 tap waiting for the server');
  // Meanwhile another phone logs Ana's roll.
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await ctx.setOffline(false);
  await expectText(page.locator('#queue'), 'Not saved: Ana rolled 4 + 5. The table had moved on while this phone was offline');
  const events = (await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}/events?after=0`, { key: g.key })).events;
  assert.deepEqual(events.map((e) => [e.d1, e.d2]), [[1, 2]], 'only the other phone\'s roll was logged');
  await shot(page, 'table-07-queued-refused');
  await page.locator('#queue').getByRole('button', { name: 'OK' }).click();
  await eventually(async () => page.locator('#queue').isHidden(), { message: 'the message to go' });
});

test('UI-OFFLINE-ONE-TAP with the server stopped, a roll tapped twice is queued once, the dice stay locked, and one roll is stored after the restart', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  await server.halt();
  try {
    await page.getByRole('button', { name: 'First die 2' }).click();
    await page.getByRole('button', { name: 'Second die 2' }).click();
    await expectText(page.locator('#queue'), '1 tap waiting for the server');
    // The queued decision locks the dice: they do not reset for a second roll.
    await expectText(page.locator('#dock-locked'), 'Waiting for the server: Ana rolled 2 + 2 (double)');
    for (const id of ['#die1-2', '#die2-2', '#die1-5']) assert.ok(await page.locator(id).isDisabled(), `${id} is locked`);
    // The second tap of the same roll (as Ben's table did) sends nothing more.
    await page.locator('#die1-2').click({ force: true });
    await page.locator('#die2-2').click({ force: true });
    await page.waitForTimeout(300);
    assert.equal((await page.evaluate(() => JSON.parse(localStorage.getItem('stampbook.queue.v1')))).length, 1, 'one tap queued');
    await expectText(page.locator('#queue'), '1 tap waiting for the server');
    await shot(page, 'table-08-queued-locked');
  } finally {
    await server.resume();
  }
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Sent when the server came back: Ana rolled 2 + 2 (double)', { timeout: 15000 });
  await eventually(async () => (await page.locator('#queue').isHidden()), { message: 'the queue to empty' });
  await page.waitForTimeout(3500); // one more retry period: nothing is sent twice
  const events = (await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}/events?after=0`, { key: g.key })).events;
  assert.deepEqual(events.map((e) => [e.type, e.d1, e.d2]), [['roll', 2, 2]], 'one roll stored');
  assert.equal(await page.locator('#dock-locked').count(), 0, 'the dock is unlocked once the tap is answered');
  assert.ok(await page.locator('#queue').isHidden(), 'no "Not saved" left behind');
});

test('UI-OFFLINE-DUPLICATE a decision queued twice (by an older version) is stored once and leaves no "Not saved"', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  const { version } = await g.state();
  const tap = (idem, chained) => ({ cid: g.cid, gid: g.gid, key: g.key, event: { type: 'roll', d1: 3, d2: 4, player: g.ids[0] }, ifMatch: `"${version}"`, idem, title: 'Ana rolled 3 + 4', chained, at: new Date().toISOString() });
  await page.evaluate((list) => localStorage.setItem('stampbook.queue.v1', JSON.stringify(list)),
    [tap('00000000-0000-4000-8000-000000000001', false), tap('00000000-0000-4000-8000-000000000002', true)]);
  await page.reload();
  await eventually(async () => (await page.evaluate(() => JSON.parse(localStorage.getItem('stampbook.queue.v1') || '[]'))).length === 0, { message: 'the queue to be sent' });
  await page.waitForTimeout(500);
  const events = (await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}/events?after=0`, { key: g.key })).events;
  assert.deepEqual(events.map((e) => [e.type, e.d1, e.d2]), [['roll', 3, 4]], 'one roll stored');
  assert.ok(await page.locator('#queue').isHidden(), 'the refused duplicate leaves no "Not saved"');
});

test('UI-CARDS the card picker is a compact numbered grid of titles', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await g.post({ type: 'roll', d1: 1, d2: 1 }); // Travel Journal
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana draws a Travel Journal card' }));
  const grid = page.getByRole('group', { name: 'Travel Journal cards' });
  const buttons = grid.getByRole('button');
  assert.equal(await buttons.count(), 10);
  assert.match(await buttons.nth(0).getAttribute('aria-label'), /^1\. Market day, 3 open$/);
  assert.match(await buttons.nth(9).getAttribute('aria-label'), /^10\. /);
  await expectText(buttons.nth(0), /3 open/);
  const box = await grid.boundingBox();
  assert.ok(box.height < 460, `ten cards in ${box.height} px, not ten full texts`);
  for (let i = 0; i < 10; i++) assert.ok((await buttons.nth(i).boundingBox()).height >= 48, 'each a 48 px target');
  await shot(page, 'table-08-card-grid');
  await buttons.nth(0).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), "Hazel's stamp pays Ana 50.");
});

test('UI-BID an invalid bid is caught on the phone with a clear message, and nothing is sent', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // Brown 2, to buy or auction
  await page.goto(g.url);
  await page.locator('details.auction > summary').click(); // the auction, one tap from Buy
  await page.getByLabel('Auction winner').selectOption({ label: 'Bo (has 1,500)' });
  await page.getByLabel('Winning bid').fill('15');
  await page.getByRole('button', { name: 'Record auction' }).click();
  await expectText(page.getByRole('alert'), 'The winning bid is at least 10 and a multiple of 10.');
  await page.getByLabel('Winning bid').fill('5000');
  await page.getByRole('button', { name: 'Record auction' }).click();
  await expectText(page.getByRole('alert'), 'Bo has only 1,500: the winning bid cannot be more.');
  assert.equal((await g.state()).seq, 1, 'no auction reached the server');
  await page.getByLabel('Winning bid').fill('80');
  await page.getByRole('button', { name: 'Record auction' }).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Bo won');
  assert.equal((await g.state()).seq, 2);
});

test('UI-SCROLL a new screen opens at its heading, not scrolled past it', async () => {
  const g = await bankerGame(['Ana', 'Bo']);
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  // From the bottom of the campaign screen to the journal: the journal opens at its top.
  await page.getByRole('navigation', { name: 'Campaign', exact: true }).getByRole('link', { name: 'Campaign' }).click();
  const pages = page.getByRole('navigation', { name: 'Campaign pages' });
  await expectVisible(pages);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await page.evaluate(() => window.scrollY) > 100, 'scrolled down the campaign screen');
  await pages.getByRole('link', { name: 'Journal' }).click();
  const h1 = page.getByRole('heading', { level: 1, name: 'Travel Journal' });
  await expectVisible(h1);
  assert.ok(await inView(h1), 'the heading is in view');
  const top = await page.locator('header.top').boundingBox();
  assert.ok((await h1.boundingBox()).y >= top.y + top.height, 'not hidden under the sticky header');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'H1', 'and has the focus');
});

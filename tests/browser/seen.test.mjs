// seen.test.mjs -- what the table saw in a trial (issue 21), each as the table sees it:
// words on the other phones and in the log, the undo dialog in French, no "null" after
// an event without effects, the box fix said as this phone's own, "What happened"
// after a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, phoneContext, api, expectText, expectVisible, eventually, pinBox } from './helpers.mjs';
import { before, after } from 'node:test';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** A campaign of Ana and Bo with a banker game; post() logs an event through the API. */
async function table(name = 'Seen') {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name, edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  const ids = [];
  for (const who of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: who } })).id);
  const g = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }] } });
  const post = (body) => api(server.base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  return { cid, key, gid: g.game.id, ids, post, url: `${server.base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

async function phone(locale = 'en-GB', size = {}) {
  const ctx = await phoneContext(browser, { locale, ...size });
  const page = await ctx.newPage();
  return { ctx, page };
}

/** A new table() opened on a new English phone, Ana's dice showing: {g, ctx, page}. */
async function atNewTable() {
  const g = await table();
  const { ctx, page } = await phone();
  await page.goto(g.url);
  await expectVisible(page.locator('#die1-3'));
  return { g, ctx, page };
}

const lastBox = (page) => page.locator('section.card.last');
const roll = async (page, d1, d2) => { await page.locator(`#die1-${d1}`).click(); await page.locator(`#die2-${d2}`).click(); };

test('UI-UNDO-FR the French undo dialog names its two buttons apart and focuses the one that keeps the event', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 3, d2: 4 });
  const { ctx, page } = await phone('fr-FR');
  await page.goto(g.url);
  await expectVisible(page.locator('#turn-h'));
  await page.locator('#undo').click();
  const dlg = page.locator('#confirm');
  await expectVisible(dlg);
  const names = await dlg.getByRole('button').allInnerTexts();
  assert.equal(names.length, 2);
  assert.notEqual(names[0].trim(), names[1].trim(), `two buttons named apart: ${names}`);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.value);
  assert.equal(focused, 'cancel', 'a tap on the focused button keeps the event');
  await page.keyboard.press('Enter');
  await eventually(async () => !(await dlg.isVisible()));
  assert.equal((await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}`, { key: g.key })).state.seq, 1, 'nothing was undone');
  await ctx.close();
});

test('TWT-JAIL-2 on the other phones and in the log a failed Jail roll says the player stays in Jail', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 3, d2: 4 }); // Ana: Chance
  await g.post({ type: 'draw_chance', card: 'chance-3' });
  await g.post({ type: 'roll', d1: 3, d2: 4 }); // Bo: Chance, to Jail
  await g.post({ type: 'draw_chance', card: 'chance-6' });
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // Ana
  const { ctx, page } = await phone();
  await page.goto(g.url);
  await expectVisible(page.getByRole('heading', { level: 1, name: /Bo/ }));
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // Bo, in Jail, no double: another phone
  await expectText(lastBox(page), 'Bo stays in Jail');
  assert.doesNotMatch(await lastBox(page).innerText(), /piece moves|nothing is to pay/);
  await page.locator('#event-log summary').click();
  const entry = page.locator('#event-log li[value="6"]');
  await expectText(entry, 'stays in Jail');
  assert.doesNotMatch(await entry.innerText(), /piece moves/);
  await ctx.close();
});

test('UI-NULL "What happened" after a Chance choice, an auction without a bid and a Get Out of Jail Free card never shows "null"', async () => {
  const { ctx, page } = await atNewTable();
  await roll(page, 3, 4); // Ana: Chance
  await page.locator('[id="draw-chance-1"]').click(); // pink or orange of her choice
  await expectVisible(page.locator('[id^="choose-"]').first());
  for (const p of [page.locator('main'), page.locator('#toast')]) assert.doesNotMatch(await p.innerText(), /\bnull\b|\bundefined\b/);
  await page.locator('[id="choose-grand-canyon"]').click();
  await page.locator('details.auction > summary').click();
  await page.locator('#act-auction').click(); // nobody bids
  await expectText(lastBox(page), 'Grand Canyon');
  assert.doesNotMatch(await page.locator('main').innerText(), /\bnull\b|\bundefined\b/);
  await roll(page, 3, 4); // Bo: Chance, Get Out of Jail Free
  await page.locator('[id="draw-chance-7"]').click();
  await eventually(async () => /Get Out|Jail/i.test(await lastBox(page).innerText()));
  assert.doesNotMatch(await page.locator('main').innerText(), /\bnull\b|\bundefined\b/);
  await page.locator('#event-log summary').click();
  await expectText(page.locator('#event-log'), '1.');
  assert.doesNotMatch(await page.locator('#event-log').innerText(), /\bnull\b|\bundefined\b/);
  await ctx.close();
});

test('UI-NOKEY no URL the UI asks for carries a key: the event stream is read with Authorization and still follows', async () => {
  const { g, ctx, page } = await atNewTable();
  await expectText(page.locator('.live-line'), 'live');
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // another phone: Ana on Brown 2
  await expectVisible(page.locator('#act-buy'));
  const urls = ctx.requests.map((r) => r.url());
  assert.ok(urls.some((u) => u.endsWith(`/games/${g.gid}/stream`)), 'the stream was read');
  for (const u of urls) {
    const wire = u.split('#')[0]; // the fragment (a share link's key) never leaves the browser
    assert.ok(!/[?&]key=/.test(wire) && !wire.includes(g.key) && !wire.includes(encodeURIComponent(g.key)), `no key in ${u}`);
  }
  const stream = ctx.requests.find((r) => r.url().endsWith('/stream'));
  assert.equal((await stream.allHeaders()).authorization, `Bearer ${g.key}`);
  await ctx.close();
});

test('UI-LAST-RELOAD after a reload, and on the phone that lost a race, "What happened" tells the last event and its effects', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // Ana: Brown 2
  const { ctx, page } = await phone();
  await page.goto(g.url);
  await expectText(lastBox(page), 'Ana moves from GO to');
  await page.reload();
  await expectText(lastBox(page), 'Ana moves from GO to');
  // This phone stops hearing the stream; another phone buys first; this phone's tap loses.
  await page.route('**/stream', (r) => r.abort());
  await page.reload();
  await expectVisible(page.locator('#act-buy'));
  await g.post({ type: 'buy' });
  await page.locator('#act-buy').click();
  await expectText(page.locator('#alert'), 'Another phone logged something first');
  await expectText(lastBox(page), 'Ana pays the Bank 60');
  await ctx.close();
});

test('UI-FOLLOW-NEXT a phone following an ended game moves to the next game by itself', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  const { ctx, page } = await phone();
  await page.goto(g.url);
  await expectVisible(page.locator('#act-buy'));
  await g.post({ type: 'end', winner: g.ids[0] });
  await expectText(page.locator('#turn-h'), 'Ana');
  const next = await api(server.base, 'POST', `/campaigns/${g.cid}/games`, { key: g.key, body: { mode: 'banker', seats: [{ player: g.ids[1], token: 't-rex' }, { player: g.ids[0], token: 'hazel' }] } });
  await eventually(async () => page.url().endsWith(`/game/${next.game.id}`), { timeout: 60000, message: 'the phone on the new game' });
  await expectText(page.locator('#turn-h'), 'Bo rolls');
  await ctx.close();
});

test('UI-FIX-OWN a box fix at the table is this phone\'s own, said in French, and the table comes back to its decision', async () => {
  const g = await table();
  const { ctx, page } = await phone('fr-FR');
  await page.goto(g.url);
  await expectText(page.locator('.live-line'), 'en direct');
  await roll(page, 3, 5); // Ana: Carnaval de Barranquilla, not checked yet
  const prompt = page.getByRole('group', { name: /Vérifiez votre boîte/ });
  await prompt.getByRole('button', { name: 'Corriger' }).click();
  await prompt.getByLabel('Prix').fill('110');
  await prompt.getByRole('button', { name: 'Enregistrer la correction' }).click();
  const buy = page.getByRole('button', { name: /pour 110/ });
  await expectVisible(buy);
  await page.waitForTimeout(1500); // the stream's echo of the fix has come back
  const box = await buy.boundingBox();
  const tabs = await page.locator('#tabs').boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= tabs.y, `the decision, fixed, is on screen: ${JSON.stringify(box)}`);
  const said = await lastBox(page).innerText();
  assert.doesNotMatch(said, /autre téléphone/, 'the fix is this phone\'s own');
  await page.locator('#event-log summary').click();
  await expectText(page.locator('#event-log'), 'Boîte corrigée');
  assert.doesNotMatch(await page.locator('#event-log').innerText(), /\bprice\b/, 'no English field name');
  await expectText(page.locator('#event-log'), 'prix 100 → 110');
  await ctx.close();
});

test('TWT-JOURNAL "every other player pays" says each payment once', async () => {
  const g = await table();
  await api(server.base, 'PUT', `/campaigns/${g.cid}/board/journal/journal-3`, { key: g.key, body: { title: 'Postcards home', slots: 3, effect: { per_stamp: { collect_from_each: 10 } } } });
  const { ctx, page } = await phone();
  await page.goto(g.url);
  await roll(page, 1, 1); // Ana: a Travel Journal space
  await page.locator('[id="draw-journal-3"]').click();
  await expectText(lastBox(page), 'Bo pays Ana 10');
  const said = await lastBox(page).innerText();
  assert.equal(said.match(/Bo pays Ana 10/g).length, 1, `once: ${said}`);
  await ctx.close();
});

test('UI-LAPTOP at laptop width the table and its log stand side by side', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await g.post({ type: 'buy' });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.goto(g.url);
  await expectVisible(page.locator('#die1-1'));
  const log = page.locator('#event-log');
  await expectText(log, 'Bought at the printed price');
  const dock = await page.locator('#dock').boundingBox();
  const side = await page.locator('.table-side').boundingBox();
  assert.ok(side.x >= dock.x + dock.width, `the log is beside the table: ${JSON.stringify({ dock, side })}`);
  assert.ok(side.y < 400 && dock.y < 400, 'both start on the first screen');
  assert.ok(dock.width > 400, `the table is not one narrow column: ${dock.width}`);
  await page.screenshot({ path: 'tests/artifacts/seen-laptop.png' });
  await ctx.close();
});

test('UI-CHOOSE the Chance choice shows who owns each destination and which is the chooser\'s goal', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 3, d2: 5 }); // Ana: Carnaval de Barranquilla
  await g.post({ type: 'buy' });
  await g.post({ type: 'roll', d1: 5, d2: 6 }); // Bo: Grand Canyon (pink)
  await g.post({ type: 'buy' });
  await g.post({ type: 'roll', d1: 1, d2: 2 }); // Ana: on Bo's Grand Canyon
  await g.post({ type: 'roll', d1: 5, d2: 6 }); // Bo: Chance
  await g.post({ type: 'draw_chance', card: 'chance-1' }); // pink or orange of his choice
  const st = (await api(server.base, 'GET', `/campaigns/${g.cid}/games/${g.gid}`, { key: g.key })).state;
  const { ctx, page } = await phone();
  await page.goto(g.url);
  const canyon = page.locator('[id="choose-grand-canyon"]');
  await expectText(canyon, 'owned by Bo');
  const goals = st.players.find((p) => p.name === 'Bo').goals;
  for (const b of await page.locator('[id^="choose-"]').all()) {
    const did = (await b.getAttribute('id')).slice('choose-'.length);
    assert.equal(/travel goal/.test(await b.innerText()), goals.includes(did), `${did}: the goal mark when it is Bo's goal`);
  }
  await ctx.close();
});

test('UI-STATS-FR the stats page in French has French titles and figure names', async () => {
  const g = await table();
  await g.post({ type: 'roll', d1: 1, d2: 2 });
  await g.post({ type: 'buy' });
  await g.post({ type: 'end', winner: g.ids[0] });
  const { ctx, page } = await phone('fr-FR');
  await page.goto(g.url);
  await expectVisible(page.locator('main h1'));
  await page.goto(`${server.base}/#/c/${g.cid}/stats`);
  await expectVisible(page.getByRole('heading', { level: 2 }).first());
  await page.waitForTimeout(500);
  const heads = await page.locator('main h2, main h3, main th, main caption, main summary, main text, main legend').allTextContents();
  const english = heads.filter((x) => /\b(Games|Board|Boards|Players|Tokens|Journal cards|payouts received|fees collected|board stamps|journal stamps|wins|bought)\b/.test(x));
  assert.deepEqual(english, [], `French titles: ${heads.join(' | ')}`);
  await ctx.close();
});

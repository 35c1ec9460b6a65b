// classic_houserules.test.mjs -- the classic bank's house rules on the new-game screen
// (RULES.md 3b, API.md "The classic bank"): every switch set by taps, the game started
// with them answers them in its state and plays by them at its table, tap by tap: a rent
// paid at the landing, card money into the Free Parking pot shown in the header and
// taken there, a deed left with the Bank without an auction, the double salary on GO,
// and the double out of Jail that rolls again. Each switch is labelled in English,
// French and Romanian, and the start button stays reachable on a small phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, api, eventually, expectText, onScreen, axeViolations } from './helpers.mjs';

const s = tableSession(() => {});

/** A classic campaign with Ana and Ben: {base, cid, key, ids, url, state(gid)}. */
async function campaign() {
  const base = s.server.base;
  const made = await api(base, 'POST', '/campaigns', { body: { name: 'House night', edition: 'classic' } });
  const c = { base, cid: made.campaign.id, key: made.key, ids: {} };
  for (const name of ['Ana', 'Ben']) c.ids[name] = (await api(base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name } })).id;
  c.url = `${base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`;
  return c;
}

/** Open the new-game screen in bank mode with a token on each seat. */
async function newGame(page, c) {
  await page.goto(c.url);
  await page.locator('h1').first().waitFor();
  await page.goto(`${c.base}/#/c/${c.cid}/new`);
  await page.locator('input[name=mode][value=banker]').check();
  await page.locator('#classic-rules').waitFor();
  for (const [i, token] of ['boot', 'hat'].entries()) await page.locator(`#seat-${i + 1}-token`).fill(token);
}

/** Tap each locator (each wholly on screen and uncovered first), then wait for the
 * event it sends to be in the game's state and on the page; returns that state. */
async function act(page, state, where, ...locs) {
  const v0 = Number((await state()).version);
  for (const loc of locs) {
    await loc.waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await onScreen(loc), '', `${where}: on the first screen when tapped`);
    await loc.click();
  }
  const st = await eventually(async () => { const x = await state(); return Number(x.version) > v0 ? x : null; }, { message: `${where}: the event in the state` });
  await eventually(async () => (await page.locator('[data-version]').getAttribute('data-version')) === String(st.version), { message: `${where}: the page at version ${st.version}` });
  return st;
}

const dice = (page, d1, d2) => [page.locator(`#die1-${d1}`), page.locator(`#die2-${d2}`)];
const who = (st, id) => st.players.find((p) => p.id === id);
const deed = (st, space) => st.deeds.find((d) => d.space === space);

test('HOUSE-FREE-PARKING HOUSE-AUCTION HOUSE-GO-LANDING HOUSE-JAIL-DOUBLE HOUSE-RENT-ASK HOUSE-CASH UI-CLASSIC-HOUSE-RULES every switch set by taps on the new-game screen; the game keeps them and its table plays by them', async () => {
  const c = await campaign();
  const ctx = await s.phone({ locale: 'en-GB', bypassCSP: true });
  const page = await ctx.newPage();
  await newGame(page, c);

  // Folded by default (the start button stays near); every switch at its official reading.
  const house = page.locator('#classic-house');
  assert.equal(await house.evaluate((el) => el.open), false, 'the switches are folded at first');
  await expectText(house.locator('summary'), 'the rulebook’s rules');
  await house.locator('summary').click();
  await expectText(house, 'Official: nothing.');
  await expectText(house, 'Official: the salary, 200.');
  await page.getByLabel('Free Parking').selectOption('jackpot');
  await page.getByLabel('Auctions').selectOption('false');
  await page.getByLabel('Landing on GO').selectOption('400');
  await page.getByLabel('A double in Jail').selectOption('roll_again');
  await page.getByLabel('Rent', { exact: true }).selectOption('automatic');
  await page.locator('#classic-cash').fill('1000');
  await expectText(house.locator('summary'), '5 rules of your own');
  assert.deepEqual(await axeViolations(page), [], 'the new-game screen: axe-core');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.locator('#turn-h').waitFor();

  const games = (await api(c.base, 'GET', `/campaigns/${c.cid}/games`, { key: c.key })).games;
  assert.equal(games.length, 1);
  const gid = games[0].id;
  const state = async () => (await api(c.base, 'GET', `/campaigns/${c.cid}/games/${gid}`, { key: c.key })).state;
  const want = { free_parking: 'jackpot', auction: false, go_landing: 400, starting_cash: 1000, jail_double: 'roll_again', rent: 'automatic', variant: 'standard' };
  const g = (await api(c.base, 'GET', `/campaigns/${c.cid}/games/${gid}`, { key: c.key }));
  assert.deepEqual(g.game.house_rules, want, 'the game answers the switches set');
  assert.deepEqual(g.state.house_rules, want, 'its state too');
  assert.deepEqual(g.state.players.map((p) => p.cash), [1000, 1000], 'HOUSE-CASH: 1,000 each');
  const { Ana, Ben } = c.ids;

  // The header names the game's own rules, the pot with them.
  const note = page.locator('#house-note');
  for (const words of ['Free Parking jackpot: 0', 'no auctions', 'landing on GO pays 400', 'a double out of Jail rolls again', 'automatic rent', 'start with 1,000']) await expectText(note, words);

  // Ana buys Rue Lecourbe; Ben lands there and pays its rent at once (HOUSE-RENT-ASK).
  let st = await act(page, state, 'Ana rolls 3', ...dice(page, 1, 2));
  st = await act(page, state, 'Ana buys', page.locator('#act-buy'));
  assert.equal(deed(st, 3).owner, Ana);
  st = await act(page, state, 'Ben rolls 3', ...dice(page, 1, 2));
  assert.equal(who(st, Ben).cash, 996, 'the rent paid at the landing');
  assert.equal(who(st, Ana).cash, 944);
  assert.deepEqual(st.turn.rents_due, [], 'no rent left to ask');
  assert.equal(await page.locator('#act-rent-3').count(), 0, 'no rent button');

  // Ana draws school fees on Chance: the 150 go into the pot, shown (HOUSE-FREE-PARKING).
  st = await act(page, state, 'Ana rolls 4', ...dice(page, 1, 3));
  st = await act(page, state, 'Ana draws', page.locator('[id="draw-chance-school-fees"]'));
  assert.equal(st.pot, 150);
  await expectText(page.locator('#house-pot'), '150');

  // Ben lands on Avenue de la République: buy or leave it, no auction (HOUSE-AUCTION).
  st = await act(page, state, 'Ben rolls 6', ...dice(page, 2, 4));
  await expectText(page.locator('#turn-h'), 'leave it with the Bank');
  assert.equal(await page.locator('#auction-winner').count(), 0, 'no auction form');
  st = await act(page, state, 'Ben leaves it', page.locator('#act-leave'));
  assert.equal(deed(st, 9).owner, null, 'the deed stays with the Bank');
  assert.equal(who(st, Ben).cash, 996);

  // Ana leaves Boulevard Saint-Michel; Ben lands on Free Parking and takes the pot.
  await act(page, state, 'Ana rolls 11', ...dice(page, 5, 6));
  await act(page, state, 'Ana leaves 18', page.locator('#act-leave'));
  st = await act(page, state, 'Ben rolls 11', ...dice(page, 5, 6));
  assert.equal(who(st, Ben).cash, 1146, 'Ben takes the pot');
  assert.equal(st.pot, 0);
  await expectText(page.locator('#house-pot'), 'Free Parking jackpot: 0');

  // Ana lands on GO with the dice: twice the salary (HOUSE-GO-LANDING).
  await act(page, state, 'Ana rolls 11', ...dice(page, 5, 6));
  await act(page, state, 'Ana leaves 29', page.locator('#act-leave'));
  await act(page, state, 'Ben rolls 3', ...dice(page, 1, 2));
  await act(page, state, 'Ben leaves 23', page.locator('#act-leave'));
  const before = who(await state(), Ana).cash;
  st = await act(page, state, 'Ana rolls 11 onto GO', ...dice(page, 5, 6));
  assert.equal(who(st, Ana).position, 0);
  assert.equal(who(st, Ana).cash, before + 400, 'landing on GO pays 400');

  // Ben goes to Jail; his double frees him, moves him and he rolls again (HOUSE-JAIL-DOUBLE).
  st = await act(page, state, 'Ben rolls 7 to Go To Jail', ...dice(page, 3, 4));
  assert.equal(who(st, Ben).in_jail, true);
  await act(page, state, 'Ana rolls 3', ...dice(page, 1, 2));
  await page.locator('#act-jail-pay').waitFor();
  st = await act(page, state, 'Ben rolls a double in Jail', ...dice(page, 2, 2));
  assert.equal(who(st, Ben).in_jail, false);
  assert.equal(who(st, Ben).position, 14);
  st = await act(page, state, 'Ben leaves 14', page.locator('#act-leave'));
  const roll = st.options.find((o) => o.type === 'roll');
  assert.equal(roll && roll.player, Ben, 'Ben rolls again');
  await expectText(page.locator('#turn-h'), 'Ben');
  assert.deepEqual(await axeViolations(page), [], 'the table: axe-core');
});

for (const [lang, locale, labels, official] of [
  ['fr', 'fr-FR', ['Parc gratuit', 'Enchères', 'Arrêt sur Départ', 'Double en prison', 'Loyer'], 'les règles du livret'],
  ['ro', 'ro-RO', ['Parcare gratuită', 'Licitații', 'Oprirea pe Start', 'Dubla la închisoare', 'Chiria'], 'regulile din carte'],
]) {
  test(`UI-CLASSIC-HOUSE-RULES the switches labelled in ${lang}, folded and the start button reachable at 320x640 with 200 % text`, async () => {
    const c = await campaign();
    const page = await (await s.phone({ locale, viewport: { width: 320, height: 640 }, bypassCSP: true })).newPage();
    await newGame(page, c);
    await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
    await page.locator('html.big-text').waitFor({ state: 'attached' });
    const house = page.locator('#classic-house');
    await expectText(house.locator('summary'), official);
    await house.locator('summary').click();
    for (const label of labels) await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel(labels[3], { exact: true }).selectOption('roll_again');
    await expectText(house.locator('summary'), lang === 'fr' ? '1 règle changée' : 'o regulă a ta');
    const start = page.locator('form button[type=submit]');
    await start.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await onScreen(start), '', 'the start button, brought into view, is uncovered');
    const wide = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
    assert.ok(wide[0] <= wide[1], `no horizontal overflow (${wide[0]} > ${wide[1]})`);
    assert.deepEqual(await axeViolations(page), [], `${lang}: axe-core`);
    await start.click();
    await page.locator('#turn-h').waitFor();
    const games = (await api(c.base, 'GET', `/campaigns/${c.cid}/games`, { key: c.key })).games;
    const g = await api(c.base, 'GET', `/campaigns/${c.cid}/games/${games[0].id}`, { key: c.key });
    assert.equal(g.game.house_rules.jail_double, 'roll_again');
    assert.equal(g.game.house_rules.auction, true, 'the switches left alone keep their official reading');
  });
}

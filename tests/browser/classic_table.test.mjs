// classic_table.test.mjs -- the classic Monopoly table (issue 38, views/classic.js): a
// game is started from the new-game screen in bank mode and played through the UI only,
// every action a tap, to its end by bankruptcy: a purchase, a rent asked, Chance and
// Community Chest cards (with "pay 10 or draw a Chance"), Jail, auctions with and
// without a bid, a debt raised by a mortgage and paid, a bankruptcy to the Bank whose
// deed the Bank auctions, and a last bankruptcy that ends the game. At every decision
// the control about to be tapped is wholly on screen and uncovered, without the test
// scrolling, at 390x844, 320x640 and 844x390, in English, French and Romanian; axe-core
// finds no serious or critical violation; the page raises no script error; and a second
// phone following the game shows the purchase, the rent and the bankruptcies without a
// reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, eventually, expectText, LANGS as ALL_LANGS } from './helpers.mjs';
import { patientPhone, campaign, startFromUi, play, followingPhone, gameOver, endChecks } from './classic_play.mjs';

// CLASSIC_LANG=fr plays one language only (while working on the layout).
const LANGS = ALL_LANGS.filter(([l]) => !process.env.CLASSIC_LANG || l === process.env.CLASSIC_LANG);

// The game, seat by seat (Ana, Ben, Cy; 500 each, HOUSE-CASH): what each tap is.
const PLAY = [
  { roll: [1, 2] }, { tap: 'buy' }, // Ana: Rue Lecourbe (3), bought for 60
  { roll: [1, 2] }, { tap: 'rent', space: 3 }, // Ben lands there: Ana asks 4
  { roll: [2, 5] }, { draw: 'chance', card: 'school-fees' }, // Cy: Chance (7), pays 150
  { roll: [1, 3] }, { draw: 'chance', card: 'go-to-jail' }, // Ana: Chance, to Jail
  { roll: [2, 2] }, { draw: 'chance', card: 'school-fees' }, // Ben: a double to Chance, 150
  { roll: [4, 6] }, { draw: 'community', card: 'pay-or-chance' }, { tap: 'poc-chance' }, { draw: 'chance', card: 'school-fees' }, // Ben again: 150
  { roll: [4, 6] }, { draw: 'community', card: 'hospital' }, // Cy: Community Chest (17), 100
  { tap: 'jail-pay' }, { roll: [1, 2] }, { auction: 'Ben', price: 80 }, // Ana out of Jail; Avenue de Neuilly (13) to Ben for 80
  { roll: [2, 3] }, { draw: 'chance', card: 'school-fees' }, { tap: 'mortgage', space: 13 }, { tap: 'pay-debt' }, // Ben: 150 owed with 116; mortgages Neuilly, pays
  { roll: [2, 3] }, { draw: 'chance', card: 'school-fees' }, // Cy: 150
  { roll: [2, 4] }, { auction: null }, // Ana: Place Pigalle (19), nobody bids
  { roll: [5, 6] }, { draw: 'community', card: 'hospital' }, { tap: 'bankrupt' }, // Ben owes 100 with 36: bankrupt to the Bank
  { auction: 'Cy', price: 80 }, // the Bank auctions Neuilly: Cy for 80
  { roll: [5, 6] }, { draw: 'community', card: 'hospital' }, { tap: 'bankrupt' }, // Cy owes 100 with 20 (+70): bankrupt, Ana wins
];

test('UI-CLASSIC-PLAY a classic game started in bank mode and played to its end by taps only, every decision on the first screen at 390x844, 320x640 and 844x390, in en/fr/ro, axe clean; a second phone follows it live', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const contexts = [];
  const failures = [];
  try {
    for (const [lang, locale] of LANGS) {
      const c = await campaign(server.base, ['Ana', 'Ben', 'Cy']);
      const ctx = await patientPhone(browser, { locale, bypassCSP: true }); // axe is injected inline
      contexts.push(ctx);
      const page = await ctx.newPage();
      const gid = await startFromUi(page, c, { tokens: ['boot', 'hat', 'dog'], cash: 500 });
      // The second phone (English only): the same game, followed without a reload.
      const follow = lang === 'en' ? await followingPhone(browser, contexts, c, gid, locale) : null;
      const strip = (p, who) => p.locator('.classic-strip li').filter({ hasText: who });
      const onStep = async (n) => {
        if (!follow) return;
        if (n === 1) await expectText(strip(follow, 'Ana'), '440', { timeout: 30000 }); // the purchase: 500 - 60
        if (n === 3) await expectText(strip(follow, 'Ben'), '496', { timeout: 30000 }); // the rent: 500 - 4
        if (n === 29) await expectText(follow.locator('#waiting-for'), /bankrupt player/, { timeout: 30000 }); // the Bank's auction
      };
      // axe on the dice, a deck, the rent, the fine's choice, Jail, an auction, the debt, the
      // bankruptcy and the Bank's auction: in one language each, the three over the game.
      const axeAt = new Set({ en: [0, 11, 21, 30], fr: [3, 12, 16, 29], ro: [1, 18, 22] }[lang]);
      failures.push(...await play(page, c, gid, lang, { script: PLAY, axeAt, onStep }));
      // The end: Ana wins, the standing by net worth, on this phone and the second.
      const over = await gameOver(c, gid, lang);
      assert.equal(over.state.status, 'finished', `${lang}: the game is over`);
      assert.equal(over.state.winner, c.ids.Ana, `${lang}: Ana, the last not bankrupt, wins (CLASSIC-END)`);
      assert.deepEqual(over.state.players.map((p) => p.bankrupt), [false, true, true]);
      const wins = { en: 'Ana wins!', fr: 'Ana gagne\u202f!', ro: 'Câștigă Ana!' }[lang];
      await expectText(page.locator('#turn-h'), wins, { timeout: 30000 });
      await endChecks(page, follow, { label: lang, prefix: 'classic', wins: 'Ana wins!', failures });
    }
    for (const ctx of contexts) assert.deepEqual(ctx.errors, [], 'no script errors in the pages');
  } finally {
    await browser.close();
    await server.stop();
  }
  assert.deepEqual(failures, [], 'every decision on the first screen, every screen axe-clean');
});

// Six players (the strip in two rows), the dark theme, Romanian: a Get Out of Jail Free
// card drawn, kept and used; the Community Chest's fine paid rather than a Chance drawn; a
// roll in Jail without a double; a double's second roll.
const SIX = ['Ana', 'Ben', 'Cy', 'Dan', 'Eva', 'Flo'];
const SIX_PLAY = [
  { roll: [3, 4] }, { draw: 'chance', card: 'jail-free' }, // Ana: Chance (7), keeps the card
  { roll: [1, 2] }, { tap: 'buy' }, // Ben: Rue Lecourbe
  { roll: [1, 2] }, { tap: 'rent', space: 3 }, // Cy lands there: Ben asks
  { roll: [1, 1] }, { draw: 'community', card: 'pay-or-chance' }, { tap: 'poc-pay' }, // Dan: pays 10
  { roll: [2, 3] }, { draw: 'chance', card: 'go-to-jail' }, // Dan's double's second roll: to Jail
  { roll: [2, 3] }, { auction: null }, // Eva: Gare Montparnasse, nobody bids
  { roll: [2, 2] }, { roll: [1, 2] }, { draw: 'chance', card: 'dividend' }, // Flo: Income Tax, then Chance
  { roll: [4, 6] }, { draw: 'community', card: 'go-to-jail' }, // Ana: to Jail, the card kept
  { roll: [3, 4] }, // Ben: Just Visiting
  { roll: [2, 2] }, { draw: 'chance', card: 'crossword' }, { roll: [1, 2] }, // Cy
  { roll: [1, 2] }, // Dan in Jail: no double, stays
  { roll: [1, 2] }, { tap: 'buy' }, // Eva: Rue de Courcelles
  { roll: [1, 2] }, // Flo
  { tap: 'jail-card' }, { roll: [1, 2] }, { tap: 'buy' }, // Ana uses the card, rolls, buys Avenue de Neuilly
];

test('UI-CLASSIC-SIX six players at the table in the dark theme, in Romanian: the strip in two rows and every decision on the first screen at 390x844, 320x640 and 844x390 (CLASSIC-CARDS, CLASSIC-JAIL-OUT)', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  let failures = [];
  let ctx;
  try {
    const c = await campaign(server.base, SIX);
    const g = await api(server.base, 'POST', `/campaigns/${c.cid}/games`, {
      key: c.key, body: { edition: 'classic', mode: 'banker', seats: SIX.map((n, i) => ({ player: c.ids[n], token: `pawn ${i + 1}` })) },
    });
    ctx = await patientPhone(browser, { locale: 'ro-RO', colorScheme: 'dark', bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(c.url);
    await page.locator('h1').first().waitFor();
    await page.goto(`${server.base}/#/c/${c.cid}/game/${g.game.id}`);
    await page.locator('#turn-h').waitFor();
    failures = await play(page, c, g.game.id, 'six-ro-dark', { script: SIX_PLAY, axeAt: new Set([0, 8, 22, 26]) });
    const st = await eventually(async () => {
      const s = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${g.game.id}`, { key: c.key })).state;
      return s.deeds.some((d) => d.space === 13 && d.owner === c.ids.Ana) ? s : null;
    }, { timeout: 30000, message: 'Ana owns Avenue de Neuilly' });
    const ana = st.players.find((p) => p.id === c.ids.Ana);
    assert.equal(ana.in_jail, false, 'the card freed Ana');
    assert.deepEqual(ana.jail_cards, { chance: 0, community: 0 }, 'the card went back to its deck');
    assert.equal(st.players.find((p) => p.id === c.ids.Dan).in_jail, true, 'Dan rolled no double and stays in Jail');
    await eventually(async () => (await page.locator('.classic-strip li').count()) === 6, { message: 'six players in the strip' });
    assert.deepEqual(ctx.errors, [], 'no script errors in the page');
  } finally {
    await browser.close();
    await server.stop();
  }
  assert.deepEqual(failures, [], 'every decision on the first screen, axe-clean');
});

test('UI-CLASSIC-VARIANT HOUSE-VARIANT: the new-game screen starts a short classic game in bank mode, and its table asks for the deal first (CLASSIC-SHORT)', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  let ctx;
  try {
    const c = await campaign(server.base, ['Ana', 'Ben']);
    ctx = await patientPhone(browser, { locale: 'en-GB' });
    const page = await ctx.newPage();
    await page.goto(c.url);
    await page.locator('h1').first().waitFor();
    await page.goto(`${server.base}/#/c/${c.cid}/new`);
    await page.locator('input[name=mode][value=banker]').check();
    await page.getByLabel('Game', { exact: true }).selectOption('short');
    for (const [i, token] of ['boot', 'hat'].entries()) await page.locator(`#seat-${i + 1}-token`).fill(token);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expectText(page.locator('#turn-h'), 'Deal two deeds to Ana');
    const games = (await api(server.base, 'GET', `/campaigns/${c.cid}/games`, { key: c.key })).games;
    const g = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${games[0].id}`, { key: c.key })).game;
    assert.equal(g.house_rules.variant, 'short');
    assert.equal(g.house_rules.starting_cash, null, 'no starting cash given: the box\'s own');
    assert.deepEqual(ctx.errors, [], 'no script errors in the page');
  } finally {
    await browser.close();
    await server.stop();
  }
});

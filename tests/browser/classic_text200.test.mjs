// classic_text200.test.mjs -- the core classic table (issue 38, views/classic.js) with
// four players at 200 % text: a game played through the UI, every action a tap, over
// the table's main decisions (buy, auction with and without a bid, a rent asked, the
// Chance and Community Chest pickers and "pay 10 or draw a Chance", Jail's ways out,
// a debt raised by a mortgage and paid, two bankruptcies and the Bank's auctions of their
// deeds). At every decision the controls about to be tapped are wholly on the first
// screen and uncovered, without the test scrolling, at 390x844, 320x640 and 844x390;
// nothing is wider than the phone; English in the light theme, French and Romanian in
// the dark. Then a debtor with a long list of buildings to sell and deeds to mortgage:
// the decision (what is owed and the first way to raise it; once raised, the pay button)
// on the first screen at each size, raised and paid by taps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { tableSession, api, eventually, onScreen, axeViolations, SIZES, LANGS, ARTIFACTS } from './helpers.mjs';
import { classicGame, playRolls } from './deeds_fixture.mjs';

const s = tableSession(() => {});

const FOUR = ['Ana', 'Ben', 'Cy', 'Dan'];
// The game, seat by seat (Ana, Ben, Cy, Dan; 500 each, HOUSE-CASH): what each tap is.
const PLAY = [
  { roll: [1, 2] }, { tap: 'buy' }, // Ana: Rue Lecourbe (3)
  { roll: [1, 2] }, { tap: 'rent', space: 3 }, // Ben lands there: Ana asks 4
  { roll: [2, 5] }, { draw: 'chance', card: 'school-fees' }, // Cy: Chance (7), pays 150
  { roll: [2, 4] }, { tap: 'buy' }, // Dan: Rue de Vaugirard (6)
  { roll: [1, 3] }, { draw: 'chance', card: 'go-to-jail' }, // Ana: to Jail
  { roll: [2, 2] }, { draw: 'chance', card: 'school-fees' }, // Ben: a double onto Chance, 150
  { roll: [4, 6] }, { draw: 'community', card: 'pay-or-chance' }, { tap: 'poc-chance' }, { draw: 'chance', card: 'school-fees' }, // Ben again: 150
  { roll: [4, 6] }, { draw: 'community', card: 'hospital' }, // Cy: 100
  { roll: [5, 6] }, { draw: 'community', card: 'jail-free' }, // Dan keeps the card
  { tap: 'jail-pay' }, { roll: [1, 2] }, { auction: 'Ben', price: 80 }, // Ana pays out; Avenue de Neuilly (13) to Ben
  { roll: [2, 3] }, { draw: 'chance', card: 'school-fees' }, { tap: 'mortgage', space: 13 }, { tap: 'pay-debt' }, // Ben: 150 owed with 116
  { roll: [2, 3] }, { draw: 'chance', card: 'school-fees' }, // Cy: 150
  { roll: [2, 3] }, { draw: 'chance', card: 'go-to-jail' }, // Dan: to Jail
  { roll: [2, 4] }, { auction: null }, // Ana: Place Pigalle (19), nobody bids
  { roll: [5, 6] }, { draw: 'community', card: 'hospital' }, { tap: 'bankrupt' }, // Ben owes 100 with 36: bankrupt to the Bank
  { auction: 'Cy', price: 80 }, // the Bank auctions Neuilly: Cy for 80
  { roll: [5, 6] }, { draw: 'community', card: 'hospital' }, { tap: 'bankrupt' }, // Cy owes 100 with 20 (+70): bankrupt
  { auction: null }, // the Bank auctions Neuilly again: nobody bids
  { tap: 'jail-card', deck: 'community' }, { roll: [1, 2] }, { tap: 'buy' }, // Dan: out by his card, buys Neuilly
];

/** The first screen as the table sees it, as tests/artifacts/<name>.png. */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** 200 % text on page (the phone's text size), as the table sees it (html.big-text). */
async function bigText(page) {
  await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
  await page.locator('html.big-text').waitFor({ state: 'attached' });
}

/** Open the game on a phone of locale and scheme at 200 % text. */
async function tablePhone(g, locale, colorScheme) {
  const ctx = await s.phone({ locale, colorScheme, bypassCSP: true });
  ctx.setDefaultTimeout(30000);
  const page = await ctx.newPage();
  await page.goto(g.url);
  await page.locator('h1').first().waitFor();
  await bigText(page);
  await page.goto(`${s.server.base}/#/c/${g.cid}/game/${g.gid}`);
  await page.locator('#turn-h').waitFor();
  return page;
}

/** Each locator wholly on screen and uncovered at every size, nothing wider than the
 * phone; the failures (strings). */
async function everySize(page, locs, where) {
  const failures = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await frames(page);
    for (const loc of locs) {
      const why = await onScreen(loc);
      if (why) { failures.push(`${where} at ${size.name}: not on screen: ${why}`); await shot(page, `classic200-FAIL-${where.replace(/[^a-z0-9]+/gi, '-')}-${size.name}`); break; }
    }
    const wide = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
    if (wide[0] > wide[1]) failures.push(`${where} at ${size.name}: wider than the phone (${wide[0]} > ${wide[1]})`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page);
  return failures;
}

/** The locators of one step: what must be on screen before the tap, and the taps. */
function stepOf(page, ids, step) {
  if (step.roll) {
    const [d1, d2] = step.roll;
    return { what: 'roll', check: [page.locator('#die1-1'), page.locator('#die1-6'), page.locator('#die2-1'), page.locator('#die2-6')],
      act: async () => { await page.locator(`#die1-${d1}`).click(); await page.locator(`#die2-${d2}`).click(); } };
  }
  if (step.draw) {
    const card = page.locator(`[id="draw-${step.draw}-${step.card}"]`);
    return { what: `draw_${step.draw}`, check: [page.locator('#dock .card-grid button').first(), card], act: () => card.click() };
  }
  if (step.auction !== undefined) {
    // Buy or auction: "Or auction it" folded under the purchase; the Bank's auction open.
    const summary = page.locator('#dock details.auction > summary');
    return {
      what: 'auction',
      check: async () => ((await summary.count()) ? [summary] : [page.locator('#act-auction')]),
      act: async (where, failures) => {
        if (await summary.count()) {
          await summary.click();
          await page.locator('#auction-winner').waitFor();
          // Checked at the frame that brings the opened auction into view, before the fields
          // are filled (filling scrolls to each field: the test's doing, not the UI's).
          let why = await onScreen(page.locator('#act-auction'));
          for (let n = 0; why && n < 10; n++) { await frames(page); why = await onScreen(page.locator('#act-auction')); }
          if (why) failures.push(`${where}: the auction's button is not on screen once opened: ${why}`);
        }
        if (step.auction) {
          await page.locator('#auction-winner').selectOption(String(ids[step.auction]));
          await page.locator('#auction-price').fill(String(step.price));
        }
        await page.locator('#act-auction').click();
      },
    };
  }
  const sel = { buy: '#act-buy', rent: `#act-rent-${step.space}`, 'poc-chance': '#act-draw-instead', 'jail-pay': '#act-jail-pay', 'jail-card': `#act-jail-card-${step.deck}`,
    mortgage: `#act-mortgage-${step.space}`, 'pay-debt': '#act-pay-debt', bankrupt: '#act-bankrupt' }[step.tap];
  const loc = page.locator(sel);
  // In Jail the roll is the other way out; a debt says what is owed above its raises.
  const also = step.tap.startsWith('jail') ? [page.locator('#die1-1'), page.locator('#die2-6')]
    : step.tap === 'mortgage' ? [page.locator('#debt-cash')] : [];
  return {
    what: step.tap,
    check: [...also, loc],
    act: async (where, failures) => {
      await loc.click();
      if (step.tap !== 'bankrupt') return;
      const ok = page.locator('#confirm-ok');
      await ok.waitFor();
      const why = await onScreen(ok);
      if (why) failures.push(`${where}: the bankruptcy's confirmation is not on screen: ${why}`);
      await ok.click();
    },
  };
}

const RUNS = [['en', 'en-GB', 'light'], ['fr', 'fr-FR', 'dark'], ['ro', 'ro-RO', 'dark']]
  .filter(([l]) => !process.env.CLASSIC_LANG || l === process.env.CLASSIC_LANG);

for (const [lang, locale, scheme] of RUNS) {
  test(`UI-CLASSIC-TEXT200 four players at 200 % text in ${lang}, ${scheme}: buy, auctions, a rent, the card pickers, Jail's ways out, a debt raised and paid, bankruptcies and the Bank's auctions, each decision on the first screen at 390x844, 320x640 and 844x390 (CLASSIC-BUY CLASSIC-AUCTION CLASSIC-RENT-ASK CLASSIC-CARDS CLASSIC-JAIL-OUT CLASSIC-DEBT CLASSIC-BANKRUPT)`, async () => {
    const g = await classicGame(s.server.base, { names: FOUR, houseRules: { starting_cash: 500 } });
    const ids = Object.fromEntries(FOUR.map((n, i) => [n, g.ids[i]]));
    const page = await tablePhone(g, locale, scheme);
    const failures = [];
    let version = -1;
    for (const [n, step] of PLAY.entries()) {
      const st = await eventually(async () => { const x = await g.state(); return Number(x.version) > version ? x : null; }, { message: `the state after step ${n - 1}` });
      version = Number(st.version);
      await eventually(async () => (await page.locator('[data-version]').getAttribute('data-version')) === String(version), { message: `${lang}: the page at version ${version}` });
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('big-text')), true, 'still at 200 % text');
      const where = `${lang} ${scheme}, step ${n}`;
      const sp = stepOf(page, ids, step);
      const check = typeof sp.check === 'function' ? await sp.check() : sp.check;
      await check[check.length - 1].waitFor();
      failures.push(...await everySize(page, check, `${where} (${sp.what})`));
      if ([1, 3, 5, 14, 20, 25, 35].includes(n)) {
        const v = await axeViolations(page);
        if (v.length) failures.push(`${where}: axe: ${v.join('; ')}`);
        await shot(page, `classic200-${lang}-${n}-${sp.what}`);
      }
      await sp.act(`${where} (${sp.what})`, failures);
    }
    const end = await eventually(async () => { const x = await g.state(); return x.deeds.find((d) => d.space === 13).owner === ids.Dan ? x : null; }, { message: 'Dan owns Avenue de Neuilly' });
    assert.deepEqual(end.players.map((p) => p.bankrupt), [false, true, true, false], 'Ben and Cy went bankrupt');
    assert.equal(end.players.find((p) => p.id === ids.Dan).in_jail, false, 'Dan\'s card freed him');
    assert.deepEqual(failures, [], 'every decision on the first screen at 200 % text');
  });
}

test('UI-CLASSIC-DEBT-200 a debt with a long list of buildings to sell and deeds to mortgage at 200 % text: what is owed and the first way to raise it on the first screen at every size, in en/fr/ro, then raised and paid by taps with the pay button on screen (CLASSIC-DEBT CLASSIC-SELL CLASSIC-MORTGAGE)', async () => {
  const g = await classicGame(s.server.base, { names: FOUR, houseRules: { starting_cash: 500 } });
  const [ana] = g.ids;
  const own = { 1: ana, 3: ana, 6: ana, 8: ana, 9: ana };
  // Every lot landed on goes to Ana at an auction for 1; Ben is sent back to Belleville.
  await playRolls(g, [[1, 2], [1, 5], [2, 6], [4, 5], [1, 3], [5, 6], [1, 2], [1, 2]], { winner: (sp) => own[sp] ?? null, cards: { community: ['back-to-belleville'], chance: ['crossword'] } });
  let st = await g.state();
  assert.deepEqual(st.deeds.filter((d) => d.owner === ana).map((d) => d.space), [1, 3, 6, 8, 9], 'Ana holds two groups');
  // Two houses on each brown lot; then only a few coins left and the hospital to pay.
  for (const sp of [1, 3, 1, 3]) await g.post({ type: 'build', space: sp });
  st = await g.state();
  await g.post({ type: 'adjust', player: ana, amount: 5 - st.players[0].cash, reason: 'test' });
  await playRolls(g, [[4, 6]], { cards: { community: ['hospital'] } });
  st = await g.state();
  assert.equal(st.debt && st.debt.player, ana, 'Ana is in debt');
  const raise = st.options.filter((o) => o.type === 'sell_building' || o.type === 'mortgage');
  assert.ok(raise.length >= 5, `a long list of ways to raise the money (${raise.length})`);
  const failures = [];
  for (const [lang, locale] of LANGS) {
    const page = await tablePhone(g, locale, lang === 'en' ? 'dark' : 'light');
    const first = page.locator('#dock .debt-raise .btn').first();
    await first.waitFor();
    failures.push(...await everySize(page, [page.locator('#debt-cash'), first], `the debt in ${lang}`));
    await shot(page, `classic200-debt-${lang}`);
    if (lang === 'ro') {
      // Raised by taps until the debt can be paid; the pay button on screen each time.
      for (let k = 0; k < 8 && !(await page.locator('#act-pay-debt').count()); k++) {
        const v = Number((await g.state()).version);
        const next = page.locator('#dock .debt-raise .btn').first();
        await page.setViewportSize({ width: 320, height: 640 });
        await frames(page);
        const why = await onScreen(next);
        if (why) failures.push(`raise ${k} at 320x640: not on screen: ${why}`);
        await next.click();
        await eventually(async () => Number((await g.state()).version) > v, { message: 'the raise in the state' });
        const now = String((await g.state()).version);
        await eventually(async () => (await page.locator('[data-version]').getAttribute('data-version')) === now, { message: 'the page after the raise' });
      }
      failures.push(...await everySize(page, [page.locator('#debt-cash'), page.locator('#act-pay-debt')], 'the debt to pay'));
      assert.deepEqual(await axeViolations(page), [], 'the debt: axe-core');
      await page.locator('#act-pay-debt').click();
      await eventually(async () => (await g.state()).debt === null, { message: 'the debt paid' });
    }
  }
  assert.deepEqual(failures, [], 'the debt\'s decision on the first screen at 200 % text');
});

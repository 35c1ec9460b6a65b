// wonders_play.test.mjs -- a Monopoly Wonders of the World game (RULES.md §3, WONDERS-*)
// started from the new-game screen in bank mode and played through the UI only, every
// action a tap, to its end: Ana ticks all 22 wonders in her passport and collects the end
// bonus, then the richest wins (WONDERS-END). On the way: purchases of a wonder and an
// airport, rents asked on both sides, Chance and Community Chest cards (a card's move
// ticking the wonder it lands on, "pay 10 or draw a Chance"), a third double to Jail and
// the fine paid, auctions with and without a bid (a wonder won at an auction is ticked,
// WONDERS-PASSPORT), free flights of both players (WONDERS-FLIGHT), one of them after a
// rent. At every decision the controls about to be tapped are wholly on the first screen
// and uncovered, without the test scrolling, at 390x844, 320x640 and 844x390, in
// English, French and Romanian (one game each); axe-core finds no serious or critical
// violation; the page raises no script error and shows no raw id, null or undefined; the
// end bonus is on the first screen at the three sizes; a second phone follows the game
// live (a purchase, a tick, the end) without a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, eventually, expectText, onScreen, SIZES, LANGS as ALL_LANGS } from './helpers.mjs';
import { patientPhone, campaign, startFromUi, play, shot, boxIds, rawWords, followingPhone, gameOver, endChecks } from './classic_play.mjs';

// WONDERS_LANG=fr plays one language only (while working on the layout).
const LANGS = ALL_LANGS.filter(([l]) => !process.env.WONDERS_LANG || l === process.env.WONDERS_LANG);

// The game, seat by seat (Ana, Ben; the box's 1,500 each): what each tap is. Ana's
// passport fills in this order: 3, 11, 13, 8, 16, 14, 18, 21, 19, 23, 24, 29, 26, 31,
// 34, 32, 39, 1, 6, 37, 9, 27.
const PLAY = [
  { roll: [1, 2] }, { tap: 'buy' }, // 0 Ana: Merveille 2 (3) ticked and bought for 60
  { roll: [1, 2] }, { tap: 'rent', space: 3 }, // 2 Ben lands there: Ana asks 4
  { roll: [2, 2] }, { draw: 'chance', card: 'villette' }, { auction: null }, // 4 Ana: Chance (7) sends her to Merveille 6 (11): ticked, nobody bids
  { roll: [1, 1] }, { tap: 'buy' }, // 7 Ana's double: Merveille 7 (13) ticked and bought
  { roll: [1, 1] }, // 9 a third double: to Jail
  { roll: [1, 1] }, { tap: 'buy' }, { tick: 1 }, // 10 Ben: Aéroport 1 (5) bought, the free flight ticks Merveille 1 for Ben
  { roll: [1, 2] }, { auction: 'Ana', price: 1 }, // 13 Ben's double: Merveille 4 (8); Ana wins it at the auction, ticked
  { tap: 'jail-pay' }, { roll: [2, 4] }, { auction: null }, // 15 Ana pays 50 out of Jail: Merveille 9 (16)
  { roll: [1, 5] }, { auction: 'Ana', price: 1 }, // 18 Ben: Merveille 8 (14), to Ana
  { roll: [1, 1] }, { auction: null }, { roll: [1, 2] }, { auction: null }, // 20 Ana: Merveille 10 (18), 12 (21)
  { roll: [2, 3] }, { auction: 'Ana', price: 1 }, // 24 Ben: Merveille 11 (19), to Ana
  { roll: [1, 1] }, { auction: null }, { roll: [1, 1] }, { tap: 'buy' }, { tick: 24 }, { roll: [1, 3] }, { auction: null }, // 26 Ana: 13 (23), Aéroport 3 (25) bought, flight to 14 (24), 17 (29)
  { roll: [3, 4] }, { auction: 'Ana', price: 1 }, // 33 Ben: Merveille 15 (26), to Ana
  { roll: [1, 1] }, { auction: null }, { roll: [1, 2] }, { auction: null }, // 35 Ana: 18 (31), 20 (34)
  { roll: [2, 4] }, { auction: 'Ana', price: 1 }, // 39 Ben: Merveille 19 (32), to Ana
  { roll: [1, 1] }, { draw: 'chance', card: 'rue-de-la-paix' }, { auction: null }, // 41 Ana: Chance (36) to Merveille 22 (39)
  { roll: [1, 1] }, { auction: null }, // 44 past GO to Merveille 1 (1)
  { roll: [1, 3] }, { tap: 'rent', space: 5 }, { tick: 6 }, // 46 Ben's Aéroport 1: Ben asks 25, Ana's flight ticks Merveille 3 (6)
  { roll: [1, 4] }, { auction: 'Ana', price: 1 }, // 49 Ben: Merveille 21 (37), to Ana
  { roll: [2, 2] }, { auction: null }, { roll: [1, 2] }, { auction: null }, // 51 Ana: Merveille 5 (9), the water company (12)
  { roll: [1, 4] }, { draw: 'community', card: 'pay-or-chance' }, { tap: 'poc-chance' }, { draw: 'chance', card: 'dividend' }, // 55 Ben past GO: Community Chest (2)
  { roll: [1, 2] }, { auction: null }, { tick: 27 }, // 59 Ana: Aéroport 2 (15), nobody bids; the flight ticks the 22nd wonder
];

/** Ana's end bonus, as the table says it in each language. */
const BONUS = { en: 'Ana ticked all 22 wonders and collects the end bonus of 1,500 from the Bank.', fr: 'Ana a coché les 22 merveilles et reçoit de la Banque la prime de fin de 1\u202f500.', ro: 'Ana a bifat toate cele 22 de minuni și primește de la Bancă prima de final de 1.500.' };
/** The Bank's stock in the strip: the box's French names, English and Romanian words. */
const BANK = { en: 'Bank: 32 houses, 12 hotels left', fr: 'Banque\u00a0: reste 32 chambres d’hôtes, 12 hôtels', ro: 'Banca: mai are 32 case, 12 hoteluri' };
const PAID = { en: 'The Bank pays Ana 1,500 (the end bonus).', fr: 'La Banque paie 1\u202f500 à Ana (prime de fin).', ro: 'Banca îi plătește 1.500 Anei (prima de final).' };
const WINS = { en: 'Ana wins!', fr: 'Ana gagne\u202f!', ro: 'Câștigă Ana!' };

test('UI-WONDERS-PLAY a Wonders game started in bank mode and played to its end by taps only (22 wonders ticked, the end bonus), every decision on the first screen at 390x844, 320x640 and 844x390, in en/fr/ro, axe clean; a second phone follows it live', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const contexts = [];
  const failures = [];
  try {
    for (const [lang, locale] of LANGS) {
      // A classic group's campaign: the new-game screen picks the Wonders box by a tap.
      const c = await campaign(server.base, ['Ana', 'Ben'], { name: 'Wonders night' });
      const ctx = await patientPhone(browser, { locale, bypassCSP: true }); // axe is injected inline
      contexts.push(ctx);
      const page = await ctx.newPage();
      const gid = await startFromUi(page, c, { tokens: ['boot', 'hat'], box: 'wonders' });
      const game = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${gid}`, { key: c.key }));
      assert.equal(game.game.edition, 'wonders', `${lang}: a Wonders game`);
      assert.deepEqual(game.state.players.map((p) => p.cash), [1500, 1500], `${lang}: the box's starting cash`);
      // The second phone (English only): the same game, followed without a reload.
      const follow = lang === 'en' ? await followingPhone(browser, contexts, c, gid, locale) : null;
      // WONDERS-BOX: the box's names for its buildings (French: chambres d'hôtes), the
      // language's own words where the box has none.
      await expectText(page.locator('#strip-bank'), BANK[lang], { timeout: 90000 });
      const strip = (p, who) => p.locator('.classic-strip li').filter({ hasText: who });
      const passportText = (p) => p.locator('#passports-sheet').evaluate((el) => el.textContent);
      const onStep = async (n) => {
        if (!follow) return;
        if (n === 1) await expectText(strip(follow, 'Ana'), '1,440', { timeout: 90000 }); // the purchase: 1,500 - 60
        if (n === 12) await eventually(async () => (await passportText(follow)).includes('Passport of Ben: 2 of 22 wonders'), { timeout: 90000, message: 'the second phone shows Ben\'s flight' });
        if (n === 14) await eventually(async () => (await passportText(follow)).includes('Passport of Ana: 4 of 22 wonders'), { timeout: 90000, message: 'the second phone shows the auction\'s tick' });
      };
      // axe on the dice, a purchase, a rent, a deck, an auction, Jail, a free flight, the
      // rent beside a flight, the Community Chest's choice: spread over the three languages.
      const axeAt = new Set({ en: [0, 5, 12, 47], fr: [1, 3, 15, 61], ro: [6, 29, 56, 57] }[lang]);
      failures.push(...await play(page, c, gid, `wonders-${lang}`, { script: PLAY, edition: 'wonders', axeAt, onStep, prefix: 'wonders' }));
      // The end: Ana ticked all 22 and collected the bonus; the richest (Ana) wins.
      const over = await gameOver(c, gid, lang);
      assert.equal(over.state.status, 'finished', `${lang}: the game is over (WONDERS-END)`);
      const [ana, ben] = over.state.players;
      assert.equal(ana.passport.length, 22, `${lang}: Ana ticked every wonder`);
      assert.equal(ben.passport.length, 8, `${lang}: Ben ticked 8`);
      assert.equal(ana.cash, 1223 + 1500, `${lang}: Ana collected the end bonus of 1,500`);
      assert.equal(over.state.winner, c.ids.Ana, `${lang}: the richest wins`);
      await expectText(page.locator('#turn-h'), WINS[lang], { timeout: 90000 });
      await expectText(page.locator('#wonders-end'), BONUS[lang], { timeout: 90000 });
      await expectText(page.locator('main'), PAID[lang], { timeout: 90000 }); // What happened, in the language
      // The end bonus is on the first screen, at every size.
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const why = await onScreen(page.locator('#wonders-end'));
        if (why) { failures.push(`${lang}, the end at ${size.name}: the end bonus is not on screen: ${why}`); await shot(page, `wonders-FAIL-${lang}-end-${size.name}`); }
      }
      await page.setViewportSize({ width: 390, height: 844 });
      const bad = await rawWords(page, await boxIds(c, 'wonders'));
      if (bad.length) failures.push(`${lang}, the end: the screen shows ${bad.join(', ')}`);
      if (follow) await expectText(follow.locator('#wonders-end'), BONUS.en, { timeout: 90000 });
      await endChecks(page, follow, { label: lang, prefix: 'wonders', wins: WINS.en, failures });
    }
    for (const ctx of contexts) assert.deepEqual(ctx.errors, [], 'no script errors in the pages');
  } finally {
    await browser.close();
    await server.stop();
  }
  assert.deepEqual(failures, [], 'every decision on the first screen, every screen axe-clean');
});

// docksetups.test.mjs -- the dock tests (dock.test.mjs) for the table's rarer set-ups
// (issue 40), four players at the table, in English, French and Romanian, light and dark,
// on 390x844, landscape 844x390 and 390x844 at 200 % text. Each set-up is reached through
// the API but for its last tap, made on the page (so the toast is up, as at a table), and
// then every control of the decision must be wholly on screen and uncovered without the
// test scrolling: a Jail turn with a fee still due (the fee, "pay 50" and both rows of
// dice), the second taps ("Record the auction", the flight, the golden ticket, each after
// the tap that opens it), the card picker (every card reachable by scrolling, none left
// under the toast or the tabs); at 200 % text every player's balance is on screen and
// axe finds nothing serious (the strip once scrolled sideways out of the keyboard's reach).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { api, eventually, ROOT, withBrowser, withPhone, firstScreen as shot } from './helpers.mjs';

const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

const SIZES = [
  { name: '390x844', width: 390, height: 844 },
  { name: '844x390', width: 844, height: 390 },
  { name: '390x844-200', width: 390, height: 844, big: true },
];
const LANGS = [['en', 'en-GB'], ['fr', 'fr-FR'], ['ro', 'ro-RO']];
const SCHEMES = ['light', 'dark'];

/**
 * A Travel World Tour campaign named name of Ana, Bo, Cy and Di: {ids, join (its join
 * link), table(gid) (a game's link), post(gid, event) (logs through the API),
 * newGame(mode) (a game of the four on hazel, t-rex, scottie and rubber-ducky: its id)}.
 */
async function fourPlayers(base, name) {
  const made = await api(base, 'POST', '/campaigns', { body: { name, edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  const ids = [];
  for (const who of ['Ana', 'Bo', 'Cy', 'Di']) ids.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: who } })).id);
  const seats = ids.map((player, i) => ({ player, token: ['hazel', 't-rex', 'scottie', 'rubber-ducky'][i] }));
  return {
    ids,
    join: `${base}/#/join/${cid}/${encodeURIComponent(key)}`,
    table: (gid) => `${base}/#/c/${cid}/game/${gid}`,
    post: (gid, body) => api(base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body }),
    newGame: async (mode) => (await api(base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode, seats } })).game.id,
  };
}

/** A campaign of four with a banker game; post(event) logs through the API. */
async function game(base) {
  const c = await fourPlayers(base, 'Set-ups');
  const gid = await c.newGame('banker');
  return { join: c.join, table: c.table(gid), post: (body) => c.post(gid, body) };
}

/** Wholly inside the viewport and uncovered: its centre and four inset corners hit it. */
function onScreen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const W = window.innerWidth;
    const H = window.innerHeight;
    if (!r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > H || r.right > W) return `outside: ${JSON.stringify({ top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right), W, H })}`;
    const i = Math.min(10, r.width / 4, r.height / 4);
    const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + i, r.top + i], [r.right - i, r.top + i], [r.left + i, r.bottom - i], [r.right - i, r.bottom - i]];
    for (const [x, y] of pts) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit))) return `covered at ${Math.round(x)},${Math.round(y)} by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
    }
    return '';
  });
}

const roll = async (page, d1, d2) => {
  await page.locator(`#die1-${d1}`).click();
  await page.locator(`#die2-${d2}`).click();
};
const dice = [1, 2].flatMap((i) => [1, 2, 3, 4, 5, 6].map((v) => `#die${i}-${v}`));

/** A set-up's prepare() when the game as it starts will do. */
const nothing = async () => {};

/** A set-up's check() for a second tap: the summary (a selector) tapped, then the
 * controls [what, selector] it shows. */
const secondTap = (summary, controls) => async (page) => {
  await page.locator(summary).click();
  return controls.map(([what, selector]) => [what, page.locator(selector)]);
};

/**
 * The set-ups: prepare(post) reaches the state before the last tap, last(page) makes it
 * on the page, then check(page) returns the controls to find on screen, as
 * [what, locator], after any tap it makes first (the first of a second tap).
 */
const SETUPS = {
  // Ana is in Jail (Chance), Di lands on Bo's Brown 2: at Ana's turn Bo may still ask Di
  // for the fee, and Ana may pay 50 or roll.
  'jail-fee': {
    async prepare(post) {
      await post({ type: 'roll', d1: 3, d2: 4 });
      await post({ type: 'draw_chance', card: 'chance-6' });
      await post({ type: 'roll', d1: 1, d2: 2 });
      await post({ type: 'buy' });
      await post({ type: 'roll', d1: 2, d2: 4 });
      await post({ type: 'buy' });
    },
    last: (page) => roll(page, 1, 2),
    async check(page) {
      await page.locator('#act-jail-pay').waitFor();
      return [['fee', page.locator('[id^="act-fee-"]').first()], ['pay', page.locator('#act-jail-pay')], ...dice.map((d) => [d, page.locator(d)])];
    },
  },
  // Ana lands on Brown 2: Buy, or the auction one tap away, then "Record the auction".
  auction: {
    prepare: nothing,
    last: (page) => roll(page, 1, 2),
    check: secondTap('details.auction > summary', [['winner', '#auction-winner'], ['record', '#act-auction']]),
  },
  // Ana lands on a Local Flight: beside Bo's dice, her flight one tap away, then "Fly for 100".
  fly: {
    prepare: nothing,
    last: (page) => roll(page, 2, 3),
    check: secondTap('details:has(#act-fly) > summary', [['to', '#fly-to'], ['fly', '#act-fly']]),
  },
  // Ana draws "Go to Free Parking" and takes the golden ticket: beside Bo's dice, the
  // ticket one tap away, then "Use the golden ticket".
  ticket: {
    async prepare(post) { await post({ type: 'roll', d1: 3, d2: 4 }); },
    last: (page) => page.locator('[id="draw-chance-10"]').click(),
    check: secondTap('details:has(#act-ticket) > summary', [['to', '#ticket-to'], ['use', '#act-ticket']]),
  },
  // Ana lands on Chance: every card of the picker reachable (scrolled to), none under the toast.
  picker: {
    prepare: nothing,
    last: (page) => roll(page, 3, 4),
    async check(page) {
      await page.locator('.card-grid button').first().waitFor();
      const n = await page.locator('.card-grid button').count();
      return [...Array(n).keys()].map((i) => [`card ${i + 1}`, page.locator('.card-grid button').nth(i), { scroll: true }]);
    },
  },
};

test('UI-DOCK-SETUPS jail with a fee due, the second taps, the card picker and 200 % text: every control of the decision on screen, four players, en/fr/ro, light and dark', () => withBrowser(async ({ server, browser }) => {
  const only = process.env.SETUP; // SETUP=fly runs one set-up (while working on the layout)
  const failures = [];
  for (const [name, setup] of Object.entries(SETUPS)) {
    if (only && only !== name) continue;
    for (const size of SIZES) {
      for (const [lang, locale] of LANGS) {
        for (const colorScheme of SCHEMES) {
          const label = `${name}-${size.name}-${lang}-${colorScheme}`;
          const g = await game(server.base);
          await setup.prepare(g.post);
          // axe is injected inline at 200 % text: that page alone bypasses the CSP.
          await withPhone(browser, { viewport: { width: size.width, height: size.height }, locale, colorScheme, bypassCSP: !!size.big }, async (page) => {
            await page.goto(g.join);
            await page.goto(g.table);
            await page.locator('#turn-h').waitFor();
            if (size.big) {
              await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
              await page.locator('html.big-text').waitFor({ state: 'attached' });
            }
            await setup.last(page);
            await page.locator('#toast:not([hidden])').waitFor();
            const controls = await setup.check(page);
            let shotTaken = false;
            for (const [what, loc, o = {}] of controls) {
              if (o.scroll) await loc.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
              const why = await onScreen(loc);
              if (why) {
                failures.push(`${label}: ${what} is not on screen: ${why}`);
                if (!shotTaken) { shotTaken = true; await shot(page, `setups-FAIL-${label}`); }
              }
            }
            if (size.big) {
              // The balances strip and the dock pass axe (no scrolling region out of the keyboard's reach).
              await page.addScriptTag({ path: AXE });
              const found = await page.evaluate(async () => (await window.axe.run(document)).violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
              for (const v of found) failures.push(`${label}: axe: ${v}`);
              const cash = page.locator('.strip-cash');
              assert.equal(await cash.count(), 4, 'four balances');
              await page.evaluate(() => window.scrollTo(0, 0));
              for (let i = 0; i < 4; i++) {
                const why = await onScreen(cash.nth(i));
                if (why) failures.push(`${label}: balance ${i + 1} is not on screen: ${why}`);
              }
            }
            if (lang === 'fr' && colorScheme === 'dark') await shot(page, `setups-${label}`);
          }, `${label}: no script errors`);
        }
      }
    }
  }
  assert.deepEqual(failures, [], 'every control of every set-up on screen');
}));

/** A journal-mode game of four, and a banker game of four won by Bo through the API. */
async function moreGames(base) {
  const { ids, join, table, post, newGame } = await fourPlayers(base, 'After');
  const won = await newGame('banker');
  await post(won, { type: 'roll', d1: 1, d2: 2 });
  await post(won, { type: 'buy' });
  await post(won, { type: 'end', winner: ids[1] });
  const journal = await newGame('journal');
  // Bo stamps "Market day" first, so Ana's draw of it later pays him.
  await post(journal, { type: 'draw_journal', card: 'journal-1', player: ids[1] });
  return { join, won: table(won), journal: table(journal) };
}

test('UI-DOCK-AFTER after a win "New game" is on the first screen; in journal mode who pays whom is on screen after the draw; the offline queue box leaves the heading uncovered; four players, en/fr/ro, light and dark', () => withBrowser(async ({ server, browser }) => {
  const failures = [];
  for (const [lang, locale] of LANGS) {
    for (const colorScheme of SCHEMES) {
      const label = `${lang}-${colorScheme}`;
      const g = await moreGames(server.base);
      await withPhone(browser, { locale, colorScheme }, async (page, ctx) => {
        await page.goto(g.join);
        await page.locator('#turn-h').waitFor(); // the join link opens the active game first
        await page.goto(g.won);
        await page.locator('#game-new').waitFor().catch(async (e) => { await shot(page, `after-FAIL-load-${label}`); throw e; });
        let why = await onScreen(page.locator('#game-new'));
        if (why) { failures.push(`${label}: "New game" after a win is not on the first screen: ${why}`); await shot(page, `after-FAIL-new-${label}`); }

        await page.goto(g.journal);
        await page.locator('#jm-drawer').selectOption({ index: 0 });
        await page.locator('[id="jm-card-journal-1"]').click();
        const fx = page.locator('.card.last .effects');
        // Ana's stamp and both payouts: the Bank pays Ana, and Bo for his stamp.
        await eventually(async () => (await fx.locator('li').count()) === 3, { message: `${label}: the draw's effects` });
        await page.waitForTimeout(300); // the page settles where the table left it
        why = await onScreen(fx);
        if (why) { failures.push(`${label}: who pays whom after a journal draw is not on screen: ${why}`); await shot(page, `after-FAIL-journal-${label}`); }

        // A tap queued offline: the queue box shows, the heading stays uncovered.
        await ctx.setOffline(true);
        await page.locator('[id="jm-card-journal-2"]').click();
        await page.locator('#queue:not([hidden])').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        why = await onScreen(page.locator('#turn-h'));
        if (why) { failures.push(`${label}: the offline queue box covers the heading: ${why}`); await shot(page, `after-FAIL-queue-${label}`); }
        await ctx.setOffline(false);
        await page.locator('#queue').waitFor({ state: 'hidden', timeout: 15000 });
      }, `${label}: no script errors`);
    }
  }
  assert.deepEqual(failures, [], 'every part on screen');
}));

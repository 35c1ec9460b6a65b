// dock.test.mjs -- the decision dock (issue 21): whatever the game waits for now sits in
// the first screen, never pushed down by the box check, long payout lists or the
// players. A scripted banker game is played through the UI on 390x844, 320x640 and
// landscape 844x390, in English, French and Romanian, with the box unchecked (as a new
// group has it), and at every decision the button about to be tapped must be wholly on
// screen and uncovered without the test scrolling; the same at 200 % text, where the
// page must also never be wider than the phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { startServer, launchBrowser, phoneContext, api, eventually, onScreen, SIZES, LANGS, ARTIFACTS } from './helpers.mjs';

/** What the table sees: the first screen only (not the whole page), as tests/artifacts/<name>.png. */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}


// The rolls of the scripted game, and the Chance cards drawn: buys, a Chance card that
// lets Bo choose, fees, Jail (a Chance card sends Cy there), the Jail choices.
const ROLLS = [[3, 5], [2, 2], [1, 2], [3, 4], [1, 3], [3, 4], [1, 1], [5, 6], [2, 3], [6, 6], [1, 4], [2, 5], [3, 6], [4, 5], [1, 2], [2, 6]];
const CARDS = ['chance-1', 'chance-6', 'chance-3', 'chance-4', 'chance-5'];

/** A campaign of Ana, Bo and Cy with a banker game, nothing of its box checked. */
async function game(base, houseRules) {
  const made = await api(base, 'POST', '/campaigns', { body: { name: 'Dock', edition: 'travel-world-tour', ...(houseRules ? { house_rules: houseRules } : {}) } });
  const cid = made.campaign.id;
  const { key } = made;
  const ids = [];
  for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(base, 'POST', `/campaigns/${cid}/games`, {
    key, body: { mode: 'banker', seats: ids.map((player, i) => ({ player, token: ['hazel', 't-rex', 'scottie'][i] })) },
  });
  const state = async () => (await api(base, 'GET', `/campaigns/${cid}/games/${g.game.id}`, { key })).state;
  // The board's ids that have a dash ("rapa-nui", "chance-3", "light-blue"): never on a screen.
  const board = await api(base, 'GET', `/campaigns/${cid}/board`, { key });
  const rawIds = new Set([...board.destinations.flatMap((d) => [d.id, d.colour]), ...board.chance.map((c) => c.id), ...board.journal.map((c) => c.id), ...board.tokens.map((x) => x.id)]
    .filter((x) => x && x.includes('-')));
  return { url: `${base}/#/join/${cid}/${encodeURIComponent(key)}`, state, ids: rawIds };
}

/** The element the table taps next for state st, and what it is. */
function nextTap(page, st, cards) {
  const opts = st.options || [];
  const one = (type) => opts.find((o) => o.type === type);
  if (one('collect_fee')) return { what: 'fee', loc: page.locator('[id^="act-fee-"]').first() };
  if (one('buy')) return { what: 'buy', loc: page.locator('#act-buy') };
  if (one('auction')) return { what: 'auction', loc: page.locator('#act-auction') };
  const draw = one('draw_chance') || one('draw_journal');
  if (draw) {
    const want = draw.type === 'draw_chance' ? cards.shift() : null;
    const id = want && (draw.cards || []).includes(want) ? want : (draw.cards || [])[0];
    // The grid's first card and the one drawn, both on screen.
    return { what: draw.type, first: page.locator('.card-grid button').first(), loc: page.locator(`[id="draw-${id}"]`) };
  }
  if (one('choose')) return { what: 'choose', loc: page.locator('[id^="choose-"]').first() };
  if (one('goal_jump')) return { what: 'goal_jump', loc: page.locator('[id^="jump-"]').first() };
  if (one('jail_pay')) return { what: 'jail_pay', loc: page.locator('#act-jail-pay') };
  if (one('roll')) return { what: 'roll', loc: null };
  return null;
}

/** Play the scripted game on page; at every decision check it is on screen. */
async function play(page, g, label, { big = false, house = null } = {}) {
  const failures = [];
  await page.goto(g.url);
  await page.locator('#turn-h').waitFor();
  if (house) {
    // The header names the game's own rules and the pot, on the first screen.
    await page.locator('#house-note').waitFor();
    const why = await onScreen(page.locator('#house-note'));
    const note = await page.locator('#house-note').innerText();
    if (why) failures.push(`${label}: the house rules note is not on the first screen: ${why}`);
    for (const want of house) if (!note.includes(want)) failures.push(`${label}: the house rules note lacks "${want}": ${JSON.stringify(note)}`);
  }
  if (big) {
    await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
    await page.locator('html.big-text').waitFor({ state: 'attached' });
  }
  const rolls = ROLLS.map((r) => [...r]);
  const cards = [...CARDS];
  const seen = new Set();
  let version = -1;
  for (let step = 0; step < 40 && rolls.length; step++) {
    const st = await eventually(async () => {
      const s = await g.state();
      return Number(s.version) > version ? s : null;
    }, { message: 'the next state' });
    version = Number(st.version);
    // The page shows this state (its heading follows every change).
    await eventually(async () => (await page.locator('[data-version]').getAttribute('data-version')) === String(version), { message: `the page at version ${version}` });
    // Every word right: no "null", "undefined", raw id or rule code on the screen.
    const text = await page.evaluate(() => `${document.querySelector('main').innerText}\n${document.getElementById('toast').innerText}`);
    const bad = [...(text.match(/\bnull\b|\bundefined\b|\bNaN\b|\b[A-Z]{2,}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b/g) || []),
      ...[...g.ids].filter((id) => new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text))];
    if (bad.length) failures.push(`${label}, step ${step}: the screen shows ${bad.join(', ')}`);
    const tap = nextTap(page, st, cards);
    if (!tap) break;
    seen.add(tap.what);
    const where = `${label}, step ${step} (${tap.what})`;
    if (big) {
      const wide = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth,
        [...document.querySelectorAll('body *')].filter((e) => !e.closest('.tabs, .strip ul') && e.getBoundingClientRect().right > 321).map((e) => `${e.outerHTML.slice(0, 50)} ${Math.round(e.getBoundingClientRect().left)}-${Math.round(e.getBoundingClientRect().right)}`).slice(0, 4)]);
      // Every cash figure whole ("1 500", not "1 50"), every name readable.
      const cut = await page.evaluate(() => [...document.querySelectorAll('.strip-cash')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      if (cut.length) failures.push(`${where}: cash cut at 200 % text: ${cut.join(', ')}`);
      if (wide[0] > wide[1] || wide[1] > page.viewportSize().width) failures.push(`${where}: horizontal overflow at 200 % text (${wide[0]} > ${wide[1]}): ${wide[2].join(' | ')}`);
    }
    if (tap.what === 'roll') {
      const [d1, d2] = rolls.shift();
      for (const i of [1, 2]) {
        for (let v = 1; v <= 6; v++) {
          const why = await onScreen(page.locator(`#die${i}-${v}`));
        if (house && step === 0 && i === 1 && v === 1) await shot(page, `dock-${label}-house`);
          if (why && !failures.some((f) => f.startsWith(where))) { failures.push(`${where}: die ${i}-${v} is not on screen: ${why}`); await shot(page, `dock-FAIL-${label}-${step}`); }
        }
      }
      if (step === 0 || step === 6) await shot(page, `dock-${label}-${step}-roll`);
      await page.locator(`#die1-${d1}`).click();
      await page.locator(`#die2-${d2}`).click();
    } else {
      await tap.loc.waitFor();
      const why = (tap.first && await onScreen(tap.first)) || await onScreen(tap.loc);
      if (why) { failures.push(`${where}: the button is not on screen: ${why}`); await shot(page, `dock-FAIL-${label}-${step}`); }
      if (['buy', 'fee', 'draw_chance', 'choose', 'jail_pay'].includes(tap.what) && !seen.has(`shot-${tap.what}`)) {
        seen.add(`shot-${tap.what}`);
        await shot(page, `dock-${label}-${tap.what}`);
      }
      await tap.loc.click();
    }
  }
  return { seen, failures };
}

// One server and browser; every phone size in every language plays a game of its own
// (opts: what play() is given, house: the game's house rules, label: the artifacts'
// suffix), and must meet the decisions `met`. Every decision's failures come back together.
async function everyPhone(label, { opts = {}, house, met = [] } = {}) {
  const server = await startServer();
  const browser = await launchBrowser();
  const all = [];
  try {
    for (const size of SIZES) {
      for (const [lang, locale] of LANGS) {
        const ctx = await phoneContext(browser, { viewport: { width: size.width, height: size.height }, locale });
        const page = await ctx.newPage();
        const o = typeof opts === 'function' ? opts(lang) : opts;
        const { seen, failures } = await play(page, await game(server.base, house), `${size.name}-${lang}${label}`, o);
        all.push(...failures);
        for (const what of met) assert.ok(seen.has(what), `the game met ${what} (${[...seen]})`);
        assert.deepEqual(ctx.errors, [], 'no script errors');
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return all;
}

test('UI-DOCK at every decision of a game the button to tap is on the first screen, on every phone size, in en/fr/ro', async () => {
  const all = await everyPhone('', { met: ['roll', 'buy', 'draw_chance', 'choose', 'fee', 'jail_pay'] });
  assert.deepEqual(all, [], 'every decision on the first screen');
});

test('UI-DOCK-200 at 200 % text the decision is still on the first screen and the page no wider than the phone', async () => {
  const all = await everyPhone('-200', { opts: { big: true } });
  assert.deepEqual(all, [], 'every decision on the first screen');
});

// A group's own rules (the Free Parking jackpot, automatic fees, three stamps to win): the
// header names them and the pot, and the decision still sits wholly on the first screen.
const HOUSE = { free_parking: 'jackpot', fees: 'automatic', stamps_to_win: 3 };
const HOUSE_WORDS = {
  en: ['House rules:', 'Free Parking jackpot: 0', 'automatic fees', '3 stamps to win'],
  fr: ['Règles maison\u00a0:', 'cagnotte du Parc gratuit\u00a0: 0', 'frais de visite automatiques', '3 tampons pour gagner'],
  ro: ['Regulile casei:', 'potul de pe Parcarea gratuită: 0', 'taxe de vizită automate', '3 ștampile pentru victorie'],
};

test('UI-DOCK-HOUSE with house rules the header names them and the pot, and every decision is still on the first screen, on every phone size, in en/fr/ro', async () => {
  const all = await everyPhone('-house', { house: HOUSE, opts: (lang) => ({ house: HOUSE_WORDS[lang] }), met: ['roll', 'buy', 'draw_chance'] });
  assert.deepEqual(all, [], 'every decision on the first screen, the house rules named');
});

// classic_play.mjs -- the tap-by-tap driver of the classic and Wonders tables' browser
// tests (issue 38): a game started from the new-game screen in bank mode, then a script
// of steps played on one phone through the UI only, each tap's controls checked wholly
// on the first screen and uncovered (onScreen) at every phone size before the tap, the
// page showing the server's state and no raw word (null, undefined, a rule id, a box id).
//
// A step is one of: {roll: [d1, d2]} (the dice picked by taps), {tap: 'buy'|'rent'|…,
// space?}, {draw: 'chance'|'community', card}, {auction: name|null, price?}, and on a
// Wonders table {tick: space} (the free flight's wonder, WONDERS-FLIGHT).

import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { phoneContext, api, eventually, expectText, onScreen, axeViolations, SIZES, ARTIFACTS } from './helpers.mjs';

/** What the table sees: the first screen only, as tests/artifacts/<name>.png. */
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** A phone of the tests, patient with a loaded machine (waits on conditions only: 90 s
 * bounds a wait, it times nothing). */
export async function patientPhone(browser, options) {
  const ctx = await phoneContext(browser, options);
  ctx.setDefaultTimeout(90000);
  return ctx;
}

/** A campaign of edition with these players: {cid, key, ids (by name), url, base, edition}. */
export async function campaign(base, names, { edition = 'classic', name = 'Classic night' } = {}) {
  const made = await api(base, 'POST', '/campaigns', { body: { name, edition } });
  const c = { base, edition, cid: made.campaign.id, key: made.key, ids: {} };
  for (const n of names) c.ids[n] = (await api(base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name: n } })).id;
  c.url = `${base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`;
  return c;
}

/**
 * Start a game from the new-game screen by taps: the box (when box names one other than
 * the campaign's own), the bank mode, a token per seat, the starting cash (HOUSE-CASH,
 * when cash is given). Returns the game's id.
 */
export async function startFromUi(page, c, { tokens, cash = null, box = null }) {
  await page.goto(c.url);
  await page.locator('h1').first().waitFor();
  await page.goto(`${c.base}/#/c/${c.cid}/new`);
  if (box) {
    // The pick draws the screen again for that box: the mode's radio of the screen before
    // is marked, and the test goes on with the new one.
    await page.locator('input[name=mode][value=banker]').evaluate((el) => { el.dataset.before = 'pick'; });
    await page.locator(`input[name=box][value="${box}"]`).check();
    await page.locator('input[name=mode][value=banker]:not([data-before])').waitFor();
  }
  await page.locator('input[name=mode][value=banker]').check();
  await page.locator('#classic-rules').waitFor();
  for (const [i, token] of tokens.entries()) await page.locator(`#seat-${i + 1}-token`).fill(token);
  if (cash !== null) await page.locator('#classic-cash').fill(String(cash));
  await page.locator('form button[type=submit]').click();
  await page.locator('#turn-h').waitFor();
  const games = (await api(c.base, 'GET', `/campaigns/${c.cid}/games`, { key: c.key })).games;
  assert.equal(games.length, 1);
  assert.equal(games[0].mode, 'banker');
  assert.equal(games[0].edition, box || c.edition);
  return games[0].id;
}

/** A second phone (its context added to contexts) on game gid of campaign c, marked so a
 * test can tell it was never reloaded (window.stillThisPage). Returns its page. */
export async function followingPhone(browser, contexts, c, gid, locale) {
  const ctx = await patientPhone(browser, { locale });
  contexts.push(ctx);
  const follow = await ctx.newPage();
  await follow.goto(c.url);
  await follow.locator('h1').first().waitFor();
  await follow.goto(`${c.base}/#/c/${c.cid}/game/${gid}`);
  await follow.locator('#turn-h').waitFor();
  await follow.evaluate(() => { window.stillThisPage = true; });
  return follow;
}

/** The game gid of campaign c once it is no longer active: {game, state}. */
export function gameOver(c, gid, label) {
  return eventually(async () => {
    const g = await api(c.base, 'GET', `/campaigns/${c.cid}/games/${gid}`, { key: c.key });
    return g.state.status === 'active' ? null : g;
  }, { timeout: 90000, message: `${label}: the game's end` });
}

/** At a game's end: a picture of the first screen, axe-core on it (into failures), and
 * the second phone (when follow is one) showing the heading wins, never reloaded. */
export async function endChecks(page, follow, { label, prefix, wins, failures }) {
  await shot(page, `${prefix}-${label}-end`);
  const v = await axeViolations(page);
  if (v.length) failures.push(`${label}, the end: axe: ${v.join('; ')}`);
  if (follow) {
    await expectText(follow.locator('#turn-h'), wins, { timeout: 90000 });
    assert.equal(await follow.evaluate(() => window.stillThisPage === true), true, 'the second phone was never reloaded');
  }
}

/** The locators of one step: what must be on screen before the tap, and the taps. */
function stepOf(page, c, step) {
  if (step.roll) {
    const [d1, d2] = step.roll;
    return { what: 'roll', check: [page.locator('#die1-1'), page.locator('#die1-6'), page.locator('#die2-1'), page.locator('#die2-6')],
      act: async () => { await page.locator(`#die1-${d1}`).click(); await page.locator(`#die2-${d2}`).click(); } };
  }
  if (step.draw) {
    const first = page.locator('#dock .card-grid button').first();
    const card = page.locator(`[id="draw-${step.draw}-${step.card}"]`);
    return { what: `draw_${step.draw}`, check: [first, card], act: () => card.click() };
  }
  if (step.tick !== undefined) {
    const pick = page.locator('#flight-wonder');
    const go = page.locator('#act-tick');
    return { what: 'tick', check: [pick, go], act: async () => { await pick.selectOption(String(step.tick)); await go.click(); } };
  }
  if (step.auction !== undefined) {
    return {
      what: 'auction',
      check: [],
      act: async (where, failures) => {
        const summary = page.locator('#dock details.auction > summary');
        if (await summary.count()) {
          const why = await onScreen(summary);
          if (why) failures.push(`${where}: "Or auction it" is not on screen: ${why}`);
          await summary.click();
        }
        await page.locator('#auction-winner').waitFor();
        // The opened auction is brought on screen at the next frame, its button with it.
        // Checked then: filling the fields lets the browser scroll to each one (as a
        // phone's keyboard does), which moves the page by the test's doing, not the UI's.
        let why = await onScreen(page.locator('#act-auction'));
        for (let frames = 0; why && frames < 10; frames++) {
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
          why = await onScreen(page.locator('#act-auction'));
        }
        if (why) failures.push(`${where}: the auction's button is not on screen: ${why}`);
        if (step.auction) {
          await page.locator('#auction-winner').selectOption(String(c.ids[step.auction]));
          await page.locator('#auction-price').fill(String(step.price));
        }
        await page.locator('#act-auction').click();
      },
    };
  }
  const ids = { buy: '#act-buy', rent: `#act-rent-${step.space}`, 'poc-chance': '#act-draw-instead', 'poc-pay': '#act-pay-fine', 'jail-pay': '#act-jail-pay', 'jail-card': '#act-jail-card-chance',
    mortgage: `#act-mortgage-${step.space}`, 'pay-debt': '#act-pay-debt', bankrupt: '#act-bankrupt' };
  const loc = page.locator(ids[step.tap]);
  // In Jail the roll is the other way out: the dice are on screen beside pay and the card.
  const also = step.tap.startsWith('jail') ? [page.locator('#die1-1'), page.locator('#die2-6')] : [];
  return {
    what: step.tap,
    check: [...also, loc],
    act: async () => {
      await loc.click();
      if (step.tap === 'bankrupt') await page.locator('#confirm-ok').click();
    },
  };
}

const say = (failures) => { if (process.env.CLASSIC_DEBUG) for (const f of failures) console.log(f); };

/** The box's ids with a dash ("school-fees", "light-blue"): never on a screen. */
export async function boxIds(c, edition) {
  const board = await api(c.base, 'GET', `/campaigns/${c.cid}/board?edition=${edition}`, { key: c.key });
  return [...board.chance, ...board.community].map((x) => x.id).concat(board.deeds.map((d) => d.group)).filter((x) => x && x.includes('-'));
}

/** The words on page that must never be on a table's screen: null, undefined, NaN, a
 * rule id, a message key, an id of rawIds (boxIds()). */
export async function rawWords(page, rawIds) {
  const text = await page.evaluate(() => document.querySelector('main').innerText);
  return [...(text.match(/\bnull\b|\bundefined\b|\bNaN\b|\b[A-Z]{2,}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b|\b(?:cl|wo|dd)\.[a-z]/g) || []),
    ...rawIds.filter((id) => new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text))];
}

/**
 * Play script on page (game gid of campaign c, box edition); before each tap the page
 * shows the server's state, no raw word, and the controls of the tap on screen at every
 * size; axe-core runs at the steps in axeAt; onStep(n, step) runs after each tap.
 * Returns the failures (strings).
 */
export async function play(page, c, gid, label, { script, edition = 'classic', axeAt = new Set(), onStep = async () => {}, prefix = 'classic' }) {
  const failures = [];
  const state = async () => (await api(c.base, 'GET', `/campaigns/${c.cid}/games/${gid}`, { key: c.key })).state;
  const rawIds = await boxIds(c, edition);
  let version = -1;
  for (const [n, step] of script.entries()) {
    const st = await eventually(async () => { const s = await state(); return Number(s.version) > version ? s : null; }, { timeout: 90000, message: `the state after step ${n - 1}` });
    version = Number(st.version);
    await eventually(async () => (await page.locator('[data-version]').getAttribute('data-version')) === String(version), { timeout: 90000, message: `${label}: the page at version ${version}` });
    const where = `${label}, step ${n}`;
    const bad = await rawWords(page, rawIds);
    if (bad.length) failures.push(`${where}: the screen shows ${bad.join(', ')}`);
    const s = stepOf(page, c, step);
    if (s.check.length) await s.check[s.check.length - 1].waitFor();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const loc of s.check) {
        const why = await onScreen(loc);
        if (why) { failures.push(`${where} (${s.what}) at ${size.name}: not on screen: ${why}`); say(failures.slice(-1)); await shot(page, `${prefix}-FAIL-${label}-${n}-${size.name}`); break; }
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    if (axeAt.has(n)) {
      const v = await axeViolations(page);
      if (v.length) failures.push(`${where}: axe: ${v.join('; ')}`);
      await shot(page, `${prefix}-${label}-${n}-${s.what}`);
    }
    await s.act(`${where} (${s.what})`, failures);
    await onStep(n, step);
  }
  return failures;
}

// helpers.mjs -- shared set-up for the browser tests: start the real server on a free
// loopback port with a temporary database, launch Debian's headless chromium through
// playwright-core, open phone-sized contexts, save screenshots to tests/artifacts/.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { freePort, launchServer } from '../integration/server.mjs';
import { png } from '../integration/png.mjs';
import { eventually } from '../integration/wait.mjs';

export { eventually, freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
export const PHONE = { width: 390, height: 844 };

// The phone sizes every decision must fit (DOCK_SIZE=320x640 plays one size only, while
// working on a layout) and the UI's languages with their browser locales.
const ONE = process.env.DOCK_SIZE && process.env.DOCK_SIZE.split('x').map(Number);
export const SIZES = ONE ? [{ name: process.env.DOCK_SIZE, width: ONE[0], height: ONE[1] }] : [
  { name: '390x844', width: 390, height: 844 },
  { name: '320x640', width: 320, height: 640 },
  { name: '844x390', width: 844, height: 390 },
];
export const LANGS = [['en', 'en-GB'], ['fr', 'fr-FR'], ['ro', 'ro-RO']];


/**
 * The browser suite's server: launchServer() serving this checkout's static/ to anyone
 * on loopback (no admin key). Returns {base, port, db (its file), log(), stop()}, and
 * halt() / resume() to stop it and start it again on the same port and database.
 */
export async function startServer() {
  const env = { ...process.env };
  delete env.STAMPBOOK_ADMIN_KEY; // anyone on loopback may create a campaign
  const s = await launchServer({ staticDir: path.join(ROOT, 'static'), env });
  return { base: s.url, port: s.port, db: s.db, log: () => s.output, stop: () => s.cleanup(), halt: () => s.stop(), resume: () => s.launch() };
}

/**
 * One phone at a table, for a whole test file: registers before/after hooks that start a
 * server, chromium, a phone context and its first page and hand them to ready({server,
 * browser, ctx, page}) before the first test runs, and at the end check that the page
 * raised no script error and stop everything. (Node runs a file's top-level before
 * hooks together, so the file takes them in ready(), not in a hook of its own.)
 */
export function phoneSession(ready) {
  const s = {};
  before(async () => {
    s.server = await startServer();
    s.browser = await launchBrowser();
    s.ctx = await phoneContext(s.browser);
    s.page = await s.ctx.newPage();
    ready(s);
  });
  after(async () => {
    if (s.ctx) assert.deepEqual(s.ctx.errors, [], 'no script errors in the page');
    await s.browser?.close();
    await s.server?.stop();
  });
  return s;
}

/**
 * Phones at one table, for a whole test file: registers before/after hooks that start a
 * server and chromium and hand them to ready({server, browser, phone}) before the first
 * test runs (phone(options) opens a phone context, as phoneContext() does), and at the
 * end check that no page of any phone raised a script error and stop everything.
 */
export function tableSession(ready) {
  const s = { contexts: [] };
  s.phone = async (options) => {
    const ctx = await phoneContext(s.browser, options);
    s.contexts.push(ctx);
    return ctx;
  };
  before(async () => {
    s.server = await startServer();
    s.browser = await launchBrowser();
    await ready(s);
  });
  after(async () => {
    for (const ctx of s.contexts) assert.deepEqual(ctx.errors, [], 'no script errors in the page');
    await s.browser?.close();
    await s.server?.stop();
  });
  return s;
}

/**
 * A Travel World Tour campaign named name on the server at base, with players Ana and Bo
 * and, when mode is given, their game in that mode (Ana on scottie, Bo on t-rex); pin:
 * the box pinned first (pinBox()). Returns {cid, key, viewKey, ana, bo, gid}.
 */
export async function campaignWithGame(base, name, { mode, pin = false } = {}) {
  const made = await api(base, 'POST', '/campaigns', { body: { name, edition: 'travel-world-tour' } });
  const c = { cid: made.campaign.id, key: made.key, viewKey: made.view_key };
  if (pin) await pinBox(base, c.cid, c.key);
  c.ana = (await api(base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name: 'Ana' } })).id;
  c.bo = (await api(base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name: 'Bo' } })).id;
  if (mode) {
    const seats = [{ player: c.ana, token: 'scottie' }, { player: c.bo, token: 't-rex' }];
    c.gid = (await api(base, 'POST', `/campaigns/${c.cid}/games`, { key: c.key, body: { mode, seats } })).game.id;
  }
  return c;
}

/** Launch Debian's chromium headless; never downloads a browser. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu', '--disable-sync'],
  });
}

/**
 * A phone-sized context (390x844, touch). Every page opened in it records uncaught
 * errors and console errors into ctx.errors, so a test can assert there were none.
 * options: more context options (e.g. locale, colorScheme, serviceWorkers).
 */
export async function phoneContext(browser, options = {}) {
  const ctx = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-GB',
    serviceWorkers: 'block',
    ...options,
  });
  ctx.errors = [];
  ctx.requests = []; // every request the pages made: for checks on headers and origins
  ctx.on('page', (page) => watch(page, ctx.errors));
  ctx.on('request', (req) => ctx.requests.push(req));
  // Deadlines for waits on conditions, generous for a loaded machine (a page took over
  // 10 s to draw at a load of 30 on two cores); a wait that is met returns at once.
  ctx.setDefaultTimeout(60000);
  ctx.setDefaultNavigationTimeout(90000);
  return ctx;
}

function watch(page, errors) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // Refused requests show up as console errors; the UI shows those itself.
    if (/Failed to load resource|status of 4\d\d|EventSource/i.test(text)) return;
    errors.push(`console: ${text}`);
  });
}

/** A page in ctx with error watching attached (also for the first page). */
export async function newPage(ctx) {
  const page = await ctx.newPage();
  return page;
}

/** Save a full-page screenshot as tests/artifacts/<name>.png. */
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  // In a full-page picture the fixed bottom tabs would float mid-page: pin them to the end.
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true, style: '.tabs, .top { position: static !important; } .alert { position: relative !important; top: 0 !important; }' });
}

/** Call the API directly (test set-up and checks). Throws on a non-2xx answer. */
export async function api(base, method, urlPath, { key, body } = {}) {
  const headers = {};
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return data;
}

/**
 * Is the element wholly inside the viewport and not covered (by the header, the strip,
 * the tabs, a toast): its centre and four inset corners hit the element itself.
 */
export function onScreen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const W = window.innerWidth;
    const H = window.innerHeight;
    if (!r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > H || r.right > W) return `outside: ${JSON.stringify({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, W, H })}`;
    const i = Math.min(10, r.width / 4, r.height / 4); // inside the rounded corners
    const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + i, r.top + i], [r.right - i, r.top + i], [r.left + i, r.bottom - i], [r.right - i, r.bottom - i]];
    for (const [x, y] of pts) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit))) return `covered at ${Math.round(x)},${Math.round(y)} by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
    }
    return '';
  });
}

/** The serious and critical violations axe-core (from node_modules) finds on the page now
 * (the page's context opened with bypassCSP: the script is injected). */
export async function axeViolations(page) {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  return page.evaluate(async () => (await window.axe.run(document)).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
}

/** Wait until the locator's visible text matches expected (a string or RegExp). */
export async function expectText(locator, expected, { timeout = 30000 } = {}) {
  let text = '';
  try {
    await eventually(async () => {
      text = await locator.innerText({ timeout: 1000 });
      return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
    }, { timeout, message: `text ${expected}` });
  } catch (e) {
    throw new Error(`expected ${locator} to show ${expected}; it shows: ${JSON.stringify(text.slice(0, 600))}`);
  }
}

/** Wait until locator is visible. */
export async function expectVisible(locator, { timeout = 30000 } = {}) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Wait until locator has no visible match. */
export async function expectGone(locator, { timeout = 30000 } = {}) {
  await eventually(async () => (await locator.count()) === 0 || !(await locator.first().isVisible()), { timeout, message: `${locator} to go away` });
}

/**
 * Text whose contrast against its background is below WCAG AA (4.5:1, or 3:1 for
 * large text), as [{text, ratio, color, background}]. Disabled and hidden elements
 * are skipped; the background is the first opaque one among the ancestors.
 */
export function contrastProblems(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[,\s/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const lum = ({ r, g, b }) => {
      const f = (v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const bgOf = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0.9) return c;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent.trim()) continue;
      seen.add(el);
      if (el.closest('[hidden], [disabled], [aria-disabled="true"], svg, .visually-hidden, option')) continue;
      const rect = el.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      let opaque = true;
      for (let e = el; e; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 1) opaque = false;
      if (!opaque) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden') continue;
      const fg = parse(cs.color);
      const bg = bgOf(el);
      if (!fg) continue;
      const L1 = lum(fg);
      const L2 = lum(bg);
      const ratio = (Math.max(L1, L2) + 0.05) / (Math.min(L1, L2) + 0.05);
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) out.push({ text: n.textContent.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100, color: cs.color, background: `rgb(${bg.r}, ${bg.g}, ${bg.b})` });
    }
    return out;
  });
}

/** Form controls without an accessible name (label, aria-label or aria-labelledby). */
export function unlabelledControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((el) => !el.closest('[hidden]') && el.type !== 'hidden')
    .filter((el) => {
      if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return false;
      if (el.labels && el.labels.length) return false;
      if (el.tagName === 'BUTTON' && el.textContent.trim()) return false;
      return true;
    })
    .map((el) => el.outerHTML.slice(0, 80)));
}

/**
 * Pin the few box facts the tests rely on (through the box-editor routes), so they do
 * not depend on the shipped default's placeholders: "Market day" (3 circles, every
 * stamp collects 50), "Sunrise at the summit" (2 circles, 100), a Chance card that
 * pays 100, a Chance card "pink or orange of your choice", and Brown destination 2
 * whose travel goal is Carnaval de Barranquilla. Call it before a game starts.
 */
export async function pinBox(base, cid, key) {
  const put = (p, body) => api(base, 'PUT', `/campaigns/${cid}/board/${p}`, { key, body });
  await put('journal/journal-1', { title: 'Market day', slots: 3, effect: { per_stamp: { collect: 50 } } });
  await put('journal/journal-2', { title: 'Sunrise at the summit', slots: 2, effect: { per_stamp: { collect: 100 } } });
  await put('chance/chance-1', { text: 'Move to a pink or orange destination of your choice.', effect: { move_to_colour: ['pink', 'orange'] } });
  await put('chance/chance-3', { text: 'Your travel photo wins a contest. Collect 100 from the Bank.', effect: { collect: 100 } });
  await put('destinations/brown-2', { goal: 'carnaval-de-barranquilla' });
  await put('destinations/rapa-nui', { name: 'Rapa Nui', price: 100, fee: 50 });
  await put('destinations/grand-canyon', { name: 'Grand Canyon', colour: 'pink' });
}

/** Save the first screen only (the viewport, not the whole page), as the table sees it,
 * as tests/artifacts/<name>.png. */
export async function firstScreen(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * Run fn({server, browser}) against a server of its own (startServer()) and chromium
 * (launchBrowser()), for one test; after, whatever happened, both are stopped. Returns
 * what fn returns.
 */
export async function withBrowser(fn) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    return await fn({ server, browser });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * One phone of browser: a context with these options (phoneContext()) and its first page;
 * runs fn(page, ctx), then asserts that no page of it raised a script error (saying
 * message) and closes it. Returns what fn returns.
 */
export async function withPhone(browser, options, fn, message = 'no script errors') {
  const ctx = await phoneContext(browser, options);
  const page = await ctx.newPage();
  const out = await fn(page, ctx);
  assert.deepEqual(ctx.errors, [], message);
  await ctx.close();
  return out;
}

/**
 * Every phone size in every language, in turn (SIZES, then LANGS): fn({size, lang,
 * locale, label ('<size>-<lang>'), options (the context options of that size and
 * locale, for phoneContext() or withPhone())}).
 */
export async function everySizeAndLang(fn) {
  for (const size of SIZES) {
    for (const [lang, locale] of LANGS) {
      await fn({ size, lang, locale, label: `${size.name}-${lang}`, options: { viewport: { width: size.width, height: size.height }, locale } });
    }
  }
}

/**
 * A Travel World Tour campaign named name (with house_rules if given; pin: pinBox()
 * first) of Ana and Bo, whose journal-mode game 1 (Ana on hazel, Bo on t-rex) has Ana
 * draw "Sunrise at the summit" (journal-2) and keep a memory of it saying text with
 * the photo [width, height, pixel] (a PNG, pixel as png() takes it), then stamp the
 * goals of stamps. Returns {cid, key, ids ([Ana, Bo]), seats, g1, post(gid, body)}.
 */
export async function campaignWithMemory(base, { name, house_rules, pin = true, text, photo: [width, height, pixel], stamps }) {
  const made = await api(base, 'POST', '/campaigns', { body: { name, edition: 'travel-world-tour', ...(house_rules ? { house_rules } : {}) } });
  const cid = made.campaign.id;
  const { key } = made;
  if (pin) await pinBox(base, cid, key);
  const ids = [];
  for (const player of ['Ana', 'Bo']) ids.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: player } })).id);
  const seats = [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }];
  const post = (gid, body) => api(base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body });
  const g1 = (await api(base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;
  await post(g1, { type: 'draw_journal', card: 'journal-2', player: ids[0] });
  const m = (await api(base, 'POST', `/campaigns/${cid}/memories`, { key, body: { game: g1, card: 'journal-2', slot: 0, text } })).memory;
  const put = await fetch(`${base}/api/v1/campaigns/${cid}/memories/${m.id}/photo`, { method: 'PUT', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/png' }, body: png(width, height, { pixel }) });
  assert.ok(put.ok, `the photo stored (${put.status})`);
  for (const destination of stamps) await post(g1, { type: 'stamp_goal', player: ids[0], destination });
  return { cid, key, ids, seats, g1, post };
}

/** From the campaign screen of campaign cid: open the new-game screen and its House rules. */
export async function openNewGameHouseRules(page, cid) {
  await page.locator(`main a[href="#/c/${cid}/new"]`).first().click();
  await page.locator('#hr-game-free_parking').waitFor({ state: 'attached' });
  await page.locator('#house-rules summary').click();
  await page.locator('#hr-game-free_parking').waitFor();
}

/**
 * At a banker table where Ana owns Rapa Nui (rolled 2 + 4 and bought) and Bo is to roll,
 * on page: Bo rolls 2 + 4 onto it, its "Check your box" prompt names it, and "Matches
 * my box" is tapped.
 */
export async function matchRapaNuiOnLanding(page) {
  await expectVisible(page.getByRole('heading', { name: 'Bo rolls' }));
  await page.getByRole('button', { name: 'First die 2' }).click();
  await page.getByRole('button', { name: 'Second die 4' }).click(); // Bo lands on Ana's Rapa Nui
  const prompt = page.getByRole('group', { name: /Check your box/ });
  await expectText(prompt, 'Rapa Nui');
  await prompt.getByRole('button', { name: 'Matches my box' }).click();
}

/**
 * End the game at page's table early with winner, after its confirmation, in the page's
 * words w: {end: the section's summary, winner: the select's label, now: its button,
 * dialog: the confirmation's name, confirm: its button, won: the heading then shown}.
 */
export async function endGameWith(page, winner, w) {
  await page.locator('summary', { hasText: w.end }).click();
  await page.getByLabel(w.winner).selectOption({ label: winner });
  await page.getByRole('button', { name: w.now }).click();
  await page.getByRole('dialog', { name: w.dialog }).getByRole('button', { name: w.confirm }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: w.won }));
}

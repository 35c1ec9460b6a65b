// recap.test.mjs -- a group coming back to its campaign (issues 22 and 23): the campaign
// screen's "Last time…" with a memory and its photo, and the House rules section open
// under it; the new-game screen's house rules. On 390x844, 320x640 and landscape
// 844x390, in English, French and Romanian: each sentence as a native speaker writes it
// (one stamp, one game, no win), nothing wider than the phone, no "null", "undefined",
// raw id or rule code, and the button to start the next game above "Last time…".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  api, eventually, ARTIFACTS, LANGS, firstScreen, withBrowser, withPhone, everySizeAndLang, campaignWithMemory, openNewGameHouseRules,
} from './helpers.mjs';

/** What "Last time…" says of one game won by Ana, with one journal stamp. */
const RECAP = {
  en: [/Winner: Ana/, /The journal so far: 1 stamp, [\d,]+ paid\./, /Ana: 1 win in 1 game, /, /Bo: 0 wins in 1 game, /, /“the sun over the clouds”/],
  fr: [/Vainqueur\u00a0: Ana/, /Le carnet jusqu’ici\u00a0: 1 tampon, qui a rapporté [\d\s\u202f]+\./, /Ana\u00a0: 1 victoire en 1 partie, /, /Bo\u00a0: 0 victoire en 1 partie, /, /«\u00a0the sun over the clouds\u00a0»/],
  ro: [/Câștigător: Ana/, /Jurnalul până acum: o ștampilă; a plătit [\d.]+\./, /Ana: o victorie într-un joc, /, /Bo: 0 victorii într-un joc, /, /„the sun over the clouds”/],
};
/** The summary of two house rules of the group's own. */
const TWO_RULES = { en: '2 rules of your own', fr: '2 règles changées', ro: '2 reguli ale tale' };

/** Problems the screen shows: a page wider than the phone, null/undefined/raw ids/rule codes. */
async function screenProblems(page, rawIds) {
  return page.evaluate((ids) => {
    const out = [];
    const W = window.innerWidth;
    if (document.scrollingElement.scrollWidth > W) {
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > W + 1).map((e) => e.outerHTML.slice(0, 70)).slice(0, 3);
      out.push(`the page is ${document.scrollingElement.scrollWidth} px wide on ${W}: ${wide.join(' | ')}`);
    }
    const text = document.querySelector('main').innerText;
    out.push(...(text.match(/\bnull\b|\bundefined\b|\bNaN\b|\b[A-Z]{2,}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b/g) || []).map((x) => `the screen shows ${x}`));
    for (const id of ids) if (new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text)) out.push(`the screen shows the raw id ${id}`);
    for (const code of ['jackpot', 'automatic', 'next_turn', 'any_turn', 'stamps_to_win', 'free_parking']) if (document.documentElement.lang !== 'en' && text.includes(code)) out.push(`the screen shows the rule code ${code}`);
    return out;
  }, [...rawIds]);
}

/** Is the element wholly on the first screen, not covered? */
function onScreen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.bottom > innerHeight || r.right > innerWidth) return `outside: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (hit === el || el.contains(hit)) ? '' : `covered by ${hit ? hit.outerHTML.slice(0, 60) : 'nothing'}`;
  });
}

/** A campaign with its own house rules and one finished game: Ana won, stamped a journal card and kept a memory with a photo. */
async function campaign(base) {
  const { cid, key } = await campaignWithMemory(base, {
    name: 'Back again',
    house_rules: { free_parking: 'jackpot', stamps_to_win: 3 },
    text: 'the sun over the clouds',
    photo: [1280, 960, (x, y) => (y > 600 ? [30, 80 + (x % 50), 150] : [250 - y / 4, 180, 200])],
    stamps: ['rapa-nui', 'angkor-wat', 'red-1'],
  });
  const board = await api(base, 'GET', `/campaigns/${cid}/board`, { key });
  const rawIds = new Set([...board.destinations.flatMap((d) => [d.id, d.colour]), ...board.chance.map((c) => c.id), ...board.journal.map((c) => c.id)].filter((x) => x && x.includes('-')));
  return { cid, key, rawIds, url: `${base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

test('UI-RECAP a group coming back reads "Last time…" and its house rules in its language, the next game one tap away, on every phone size', () => withBrowser(async ({ server, browser }) => {
  const failures = [];
  const c = await campaign(server.base);
  await everySizeAndLang(({ size, lang, label, options }) => withPhone(browser, options, async (page) => {
    await page.goto(c.url);
    const recap = page.locator('section.recap');
    await recap.locator('h2').waitFor();
    await eventually(() => recap.locator('img.memory-photo').evaluate((el) => el.complete && el.naturalWidth > 0), { message: 'the memory photo' });
    const text = await recap.innerText();
    for (const want of RECAP[lang]) if (!want.test(text)) failures.push(`${label}: "Last time…" lacks ${want}: ${JSON.stringify(text)}`);
    // The button to start tonight's game comes before "Last time…" and, on a phone
    // held upright, on the first screen (in landscape "Check your box" already fills it).
    const start = page.locator('main a.btn.primary[href$="/new"]');
    const why = await onScreen(start);
    if (why && size.height > size.width) failures.push(`${label}: the button to start the next game is not on the first screen: ${why}`);
    if ((await start.boundingBox()).y > (await recap.boundingBox()).y) failures.push(`${label}: "Last time…" pushes the button to start the next game down`);
    await firstScreen(page, `recap-${label}-first-screen`);
    await recap.screenshot({ path: path.join(ARTIFACTS, `recap-${label}-last-time.png`) });
    const house = page.locator('#house-rules');
    await house.locator('summary').click();
    const sum = await house.locator('summary').innerText();
    if (!sum.includes(TWO_RULES[lang])) failures.push(`${label}: the House rules summary says ${JSON.stringify(sum)}, not "${TWO_RULES[lang]}"`);
    failures.push(...(await screenProblems(page, c.rawIds)).map((p) => `${label}, campaign: ${p}`));
    await house.screenshot({ path: path.join(ARTIFACTS, `recap-${label}-house-rules.png`) });
    // The new-game screen: this game's house rules, set to the campaign's.
    await openNewGameHouseRules(page, c.cid);
    failures.push(...(await screenProblems(page, c.rawIds)).map((p) => `${label}, new game: ${p}`));
    await page.locator('#house-rules').screenshot({ path: path.join(ARTIFACTS, `recap-${label}-new-game-house-rules.png`) });
  }));
  assert.deepEqual(failures, [], 'the recap and house rules read right on every phone');
}));

/** What "Last time…" says of a paused game (played, not finished) in each language. */
const PAUSED = {
  en: [/Game 2\b/, /Not finished: to be continued/, /Rapa Nui \(Bo\)/, /The journal has paid [\d,]+ in this game so far\./, /That night: 2 games/],
  fr: [/Partie 2\b/, /Pas terminée\u00a0: à suivre/, /Rapa Nui \(Bo\)/, /Le carnet a payé [\d\s\u202f]+ dans cette partie jusqu’ici\./, /Ce soir-là\u00a0: 2 parties/],
  ro: [/Jocul 2\b/, /Neterminat: va continua/, /Rapa Nui \(Bo\)/, /Jurnalul a plătit [\d.]+ în acest joc până acum\./],
};

test('UI-RECAP-PAUSED "Last time…" counts a paused game: the half-played game, what happened in it so far, and that it goes on, in en/fr/ro', () => withBrowser(async ({ server, browser }) => {
  const failures = [];
  const c = await campaign(server.base);
  const doc = await api(server.base, 'GET', `/campaigns/${c.cid}`, { key: c.key });
  const [ana, bo] = doc.players.map((p) => p.id);
  const g2 = (await api(server.base, 'POST', `/campaigns/${c.cid}/games`, { key: c.key, body: { mode: 'journal', seats: [{ player: ana, token: 'hazel' }, { player: bo, token: 't-rex' }] } })).game.id;
  const post = (body) => api(server.base, 'POST', `/campaigns/${c.cid}/games/${g2}/events`, { key: c.key, body });
  await post({ type: 'draw_journal', card: 'journal-2', player: bo });
  await post({ type: 'stamp_goal', player: bo, destination: 'rapa-nui' });
  // The group stops here, game 2 half-played.
  for (const [lang, locale] of LANGS) await withPhone(browser, { locale }, async (page) => {
    await page.goto(c.url);
    await page.waitForURL(/#\/c\/\d+/);
    await page.goto(`${server.base}/#/c/${c.cid}`); // the join link opens the game going on
    const recap = page.locator('section.recap');
    await recap.locator('h2').waitFor();
    const text = await recap.innerText();
    for (const want of PAUSED[lang]) if (!want.test(text)) failures.push(`${lang}: "Last time…" lacks ${want}: ${JSON.stringify(text)}`);
    if (/No winner|Pas de vainqueur|Niciun câștigător/.test(text)) failures.push(`${lang}: a paused game is said to have no winner`);
    if (await recap.locator('button[id^="night-"]').count()) failures.push(`${lang}: a paused game offers a night card`);
    failures.push(...(await screenProblems(page, c.rawIds)).map((p) => `${lang}: ${p}`));
    await recap.screenshot({ path: path.join(ARTIFACTS, `recap-paused-${lang}.png`) });
  });
  assert.deepEqual(failures, [], '"Last time…" tells of the paused game');
}));

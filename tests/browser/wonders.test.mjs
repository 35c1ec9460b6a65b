// wonders.test.mjs -- Wonders of the World at the classic table (issue 38): the free
// flight's wonder picker and the passports, then the end bonus, by taps on 390x844,
// 320x640 and 844x390 in English, French and Romanian. The game is brought through the
// API to an airport landing (and, for the end, to 21 wonders ticked); the tick is a tap,
// on screen without scrolling; a second phone follows the passport live; axe-core clean.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, eventually, expectText, onScreen, axeViolations } from './helpers.mjs';
import { classicGame, settle, steerWonders } from './deeds_fixture.mjs';

const s = tableSession(() => {});

const RUNS = [
  { size: { width: 390, height: 844 }, lang: 'en', locale: 'en-GB' },
  { size: { width: 320, height: 640 }, lang: 'fr', locale: 'fr-FR' },
  { size: { width: 844, height: 390 }, lang: 'ro', locale: 'ro-RO' },
];

/** The passport line of Ana, in each language. */
const PASSPORT = { en: (n) => `Passport of Ana: ${n} of 22 wonders`, fr: (n) => `Passeport d’Ana\u00a0: ${n} merveille${n > 1 ? 's' : ''} sur 22`, ro: (n) => `Pașaportul Anei: ${n} din 22 de minuni` };
const BONUS = { en: 'Ana ticked all 22 wonders and collects the end bonus of 1,500 from the Bank.', fr: 'Ana a coché les 22 merveilles et reçoit de la Banque la prime de fin de 1\u202f500.', ro: 'Ana a bifat toate cele 22 de minuni și primește de la Bancă prima de final de 1.500.' };

/** A page of phone ctx on g's table. */
async function open(ctx, g) {
  const page = await ctx.newPage();
  await page.goto(g.url);
  await page.goto(`${s.server.base}/#/c/${g.cid}/game/${g.gid}`);
  await page.locator('#turn-h').waitFor();
  return page;
}

/** Tap loc, which must be wholly on screen and uncovered first. */
async function tap(page, loc, where) {
  await loc.waitFor({ state: 'visible' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await onScreen(loc), '', `${where}: not on screen when it is to be tapped`);
  await loc.click();
}

for (const run of RUNS) {
  const label = `${run.size.width}x${run.size.height} ${run.lang}`;

  test(`WONDERS-FLIGHT UI-CLASSIC-FLIGHT the free flight's wonder picked by taps at ${label}; the passports follow, on a second phone too`, async () => {
    const g = await classicGame(s.server.base, { edition: 'wonders' });
    const [ana] = g.ids;
    // Ana lands on the first airport (5); nobody buys it: the free flight pends.
    await g.post({ type: 'roll', d1: 1, d2: 4, player: ana });
    await g.post({ type: 'auction' });
    assert.ok(((await g.state()).options || []).some((o) => o.type === 'tick'), 'the flight pends');
    const other = await open(await s.phone(), g);
    const page = await open(await s.phone({ viewport: run.size, locale: run.locale, bypassCSP: true }), g);
    const pick = page.locator('#flight-wonder');
    await pick.waitFor();
    assert.equal(await onScreen(pick), '', `${label}: the wonder picker is on screen`);
    // The wonders offered by their names in the box ("Merveille 2" is space 3).
    await expectText(pick, 'Merveille 2');
    await pick.selectOption('3');
    assert.deepEqual(await axeViolations(page), [], `${label}: axe-core`);
    await tap(page, page.locator('#act-tick'), `${label} tick`);
    await eventually(async () => ((await g.state()).players[0].passport || []).includes(3), { message: 'Merveille 2 ticked' });
    // The passports (a tap opens them): Ana's one wonder, here and on the second phone
    // without a reload.
    const sum = page.locator('#passports-sheet > summary');
    await sum.scrollIntoViewIfNeeded();
    await sum.click();
    await expectText(page.locator('#passports-sheet'), PASSPORT[run.lang](1));
    await eventually(async () => (await other.locator('#passports-sheet').textContent()).includes(PASSPORT.en(1)), { message: 'the second phone shows the tick' });
  });

  test(`WONDERS-END UI-CLASSIC-WONDERS-END the 22nd wonder ticked by a tap ends the game with the bonus at ${label}`, async () => {
    const g = await classicGame(s.server.base, { edition: 'wonders' });
    const [ana] = g.ids;
    await steerWonders(g, ana, { want: 21 });
    const st = await steerWonders(g, ana, { airport: true });
    const last = st.options.find((o) => o.type === 'tick').spaces;
    assert.equal(last.length, 1, 'one wonder is left to tick');
    const before = st.players.find((p) => p.id === ana).cash;
    const page = await open(await s.phone({ viewport: run.size, locale: run.locale, bypassCSP: true }), g);
    await page.locator('#flight-wonder').waitFor();
    await tap(page, page.locator('#act-tick'), `${label} the last tick`);
    const end = await eventually(async () => { const x = await settle(g); return x.status === 'finished' ? x : null; }, { message: 'the game over' });
    assert.equal(end.players.find((p) => p.id === ana).cash, before + 1500, 'the end bonus is paid');
    await expectText(page.locator('#wonders-end'), BONUS[run.lang]);
    assert.deepEqual(await axeViolations(page), [], `${label}: axe-core at the end`);
  });
}

// classic_deal.test.mjs -- the deal of a short classic game by taps (issue 38, RULES.md
// CLASSIC-SHORT): each player is dealt two deeds picked by the table (named as the box
// names them, with their prices), pays them, and once everyone is dealt the dice come;
// each control on screen and uncovered when tapped, at 390x844, 320x640 and 844x390 in
// en/fr/ro; axe-core clean.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, eventually, expectText, onScreen, axeViolations } from './helpers.mjs';
import { classicGame } from './deeds_fixture.mjs';

const s = tableSession(() => {});

const RUNS = [
  { size: { width: 320, height: 640 }, lang: 'en', locale: 'en-GB', pays: 'Ana pays 750' },
  { size: { width: 844, height: 390 }, lang: 'fr', locale: 'fr-FR', pays: 'Ana paie 750' },
  { size: { width: 390, height: 844 }, lang: 'ro', locale: 'ro-RO', pays: 'Ana plătește 750' },
];

/** Tap loc, which must be wholly on screen and uncovered first. */
async function onScreenNow(page, loc, where) {
  await loc.waitFor({ state: 'visible' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await onScreen(loc), '', `${where}: not on screen`);
}

for (const run of RUNS) {
  const label = `${run.size.width}x${run.size.height} ${run.lang}`;
  test(`CLASSIC-SHORT UI-CLASSIC-DEAL two deeds dealt to each player by taps at ${label}, then the dice`, async () => {
    const g = await classicGame(s.server.base, { houseRules: { variant: 'short' } });
    const [ana, bo] = g.ids;
    const page = await (await s.phone({ viewport: run.size, locale: run.locale, bypassCSP: true })).newPage();
    await page.goto(g.url);
    await page.goto(`${s.server.base}/#/c/${g.cid}/game/${g.gid}`);
    await page.locator('#turn-h').waitFor();
    // Ana first: Rue de la Paix (400) and Avenue des Champs-Élysées (350), by their box names.
    await onScreenNow(page, page.locator('#deal-1'), `${label} the first deed`);
    await page.locator('#deal-1').selectOption('39');
    await page.locator('#deal-2').selectOption('37');
    await expectText(page.locator('#act-deal'), run.pays);
    await expectText(page.locator('#deal-1'), 'Rue de la Paix');
    assert.deepEqual(await axeViolations(page), [], `${label}: axe-core`);
    await onScreenNow(page, page.locator('#act-deal'), `${label} deal to Ana`);
    await page.locator('#act-deal').click();
    await eventually(async () => (await g.state()).deeds.filter((d) => d.owner === ana).length === 2, { message: 'Ana dealt' });
    let st = await g.state();
    assert.deepEqual(st.deeds.filter((d) => d.owner === ana).map((d) => d.space).sort(), [37, 39]);
    assert.equal(st.players.find((p) => p.id === ana).cash, 1500 - 750);
    // Then Bo, with the first two deeds offered; then the dice.
    await eventually(async () => (await page.locator('#deal-h').innerText()).includes('Bo'), { message: 'Bo\'s deal' });
    await onScreenNow(page, page.locator('#act-deal'), `${label} deal to Bo`);
    await page.locator('#act-deal').click();
    await eventually(async () => (await g.state()).deeds.filter((d) => d.owner === bo).length === 2, { message: 'Bo dealt' });
    st = await g.state();
    assert.ok((st.options || []).some((o) => o.type === 'roll'), 'the first roll is offered once everyone is dealt');
    await onScreenNow(page, page.locator('#die1-3'), `${label} the dice`);
  });
}

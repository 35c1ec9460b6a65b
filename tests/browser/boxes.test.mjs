// boxes.test.mjs -- issue 39, every box of the group: on one phone, in French, a group
// logs a game night of three boxes in its one campaign (a Travel World Tour journal
// game, a classic play and a Monopoly Deal play, each chosen under "Quelle boîte ?"),
// and "La dernière fois…" shows the whole night across boxes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, phoneContext, api, eventually, expectVisible, expectText, shot, matchRapaNuiOnLanding, endGameWith,
} from './helpers.mjs';

let server;
let browser;
let ctx;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ctx = await phoneContext(browser, { locale: 'fr-FR' });
  page = await ctx.newPage();
});

after(async () => {
  if (ctx) assert.deepEqual(ctx.errors, [], 'no script errors in the page');
  await browser?.close();
  await server?.stop();
});

/** Open "Nouvelle partie" from the campaign screen and pick the box named box. */
async function newGameOf(cid, box) {
  await page.goto(`${server.base}/#/c/${cid}`);
  await page.getByRole('link', { name: 'Nouvelle partie' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Nouvelle partie' }));
  const which = page.getByRole('group', { name: 'Quelle boîte ?' });
  await which.getByRole('radio', { name: new RegExp(`^${box.replace(/[()]/g, '\\$&')} —`) }).check();
  await expectText(page.locator('main p.muted').first(), box);
}

/** Fill free-text tokens and start the play. */
async function startResults(tokens) {
  for (let i = 0; i < tokens.length; i++) await page.getByLabel(`Pion de la place ${i + 1}`).fill(tokens[i]);
  await page.getByRole('button', { name: 'Commencer la partie' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Résultat' }));
}

const standing = (name) => page.getByRole('group', { name: new RegExp(`^${name} \\(`) });

test('UI-BOXES-NIGHT a night of three boxes on one phone, in French, and "La dernière fois…" shows it', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Les vendredis', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  for (const name of ['Ana', 'Bo', 'Cy']) await api(server.base, 'POST', `/campaigns/${cid}/players`, { key: made.key, body: { name } });
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(made.key)}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Les vendredis' }));

  // 1. Travel World Tour, the group's own box: a journal game that Ana wins.
  await newGameOf(cid, 'Monopoly Travel World Tour');
  await page.getByRole('radio', { name: /^Carnet/ }).check();
  await page.getByRole('button', { name: 'Commencer la partie' }).click();
  await endGameWith(page, 'Ana', { end: 'Terminer la partie', winner: 'Vainqueur', now: 'Terminer la partie maintenant', dialog: 'Terminer la partie ?', confirm: 'Terminer', won: 'Ana gagne !' });

  // 2. Classic, a box new to the group: Bo is the one never bankrupt.
  await newGameOf(cid, 'Monopoly (classic)');
  await shot(page, 'boxes-01-which-box-fr');
  await startResults(['chapeau', 'chien', 'fer']);
  await standing('Ana').getByLabel('Ordre de faillite').fill('2');
  await standing('Cy').getByLabel('Ordre de faillite').fill('1');
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Bo gagne !' }));

  // 3. Monopoly Deal: Cy has three complete sets.
  await newGameOf(cid, 'Monopoly Deal');
  await startResults(['bleu', 'vert', 'rouge']);
  await standing('Ana').getByLabel('Séries complètes').fill('1');
  await standing('Bo').getByLabel('Séries complètes').fill('2');
  await standing('Cy').getByLabel('Séries complètes').fill('3');
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Cy gagne !' }));

  // The campaign holds the three boxes, and "La dernière fois…" the whole night.
  const doc = await api(server.base, 'GET', `/campaigns/${cid}`, { key: made.key });
  assert.deepEqual(doc.campaign.boxes.map((b) => b.edition), ['travel-world-tour', 'classic', 'deal']);
  await page.goto(`${server.base}/#/c/${cid}`);
  const recap = page.getByRole('region', { name: 'La dernière fois…' });
  // French typography: a no-break space before the colon (issue 40).
  await expectText(recap, 'Ce soir-là\u00a0: 3 parties');
  const lines = recap.locator('.last-night li');
  await expectText(lines.nth(0), 'Monopoly Travel World Tour, partie 1 · Vainqueur\u00a0: Ana');
  await expectText(lines.nth(1), 'Monopoly (classic), partie 2 · Vainqueur\u00a0: Bo');
  await expectText(lines.nth(2), 'Monopoly Deal, partie 3 · Vainqueur\u00a0: Cy');
  await shot(page, 'boxes-02-last-night-fr');
});

test('UI-BOXES-FIX at the table of another box than the campaign\'s own, "Matches my box" checks that box\'s fact', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Classic group', edition: 'classic' } });
  const c = { cid: made.campaign.id, key: made.key };
  const ana = await api(server.base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name: 'Ana' } });
  const bo = await api(server.base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name: 'Bo' } });
  const g = await api(server.base, 'POST', `/campaigns/${c.cid}/games`, {
    key: c.key, body: { edition: 'travel-world-tour', mode: 'banker', seats: [{ player: ana.id, token: 'scottie' }, { player: bo.id, token: 't-rex' }] },
  });
  const ev = (body) => api(server.base, 'POST', `/campaigns/${c.cid}/games/${g.game.id}/events`, { key: c.key, body });
  await ev({ type: 'roll', d1: 2, d2: 4 }); // Ana: Rapa Nui
  await ev({ type: 'buy' });
  const en = await phoneContext(browser);
  try {
    const phone = await en.newPage();
    await phone.goto(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
    await phone.goto(`${server.base}/#/c/${c.cid}/game/${g.game.id}`);
    await matchRapaNuiOnLanding(phone);
    const box = () => api(server.base, 'GET', `/campaigns/${c.cid}/board?edition=travel-world-tour`, { key: c.key });
    await eventually(async () => (await box()).destinations.find((d) => d.id === 'rapa-nui').source === 'group', { message: 'Rapa Nui checked in the Travel World Tour box' });
    const doc = await api(server.base, 'GET', `/campaigns/${c.cid}`, { key: c.key });
    assert.deepEqual(doc.campaign.boxes.map((b) => [b.edition, b.checked]), [['classic', 0], ['travel-world-tour', 1]]);
    assert.deepEqual(en.errors, [], 'no script errors in the page');
  } finally {
    await en.close();
  }
});

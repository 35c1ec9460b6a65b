// classic_box.test.mjs -- the box check of a classic and a Wonders box (issue 38): the
// campaign offers it, the walk shows each space, title deed and card as the box prints it
// (names from the box), a fix of a deed's rent and of a card's amount is saved and
// checked, and the walk of a box that is not the campaign's own names its edition.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, api, expectText, expectVisible, eventually, unlabelledControls } from './helpers.mjs';

const s = tableSession(() => {});

/** A campaign of edition with nothing checked: {cid, key, url}. */
async function campaign(edition) {
  const made = await api(s.server.base, 'POST', '/campaigns', { body: { name: `Box ${edition}`, edition } });
  return { cid: made.campaign.id, key: made.key, url: `${s.server.base}/#/join/${made.campaign.id}/${encodeURIComponent(made.key)}` };
}

/** Check every fact of part through the API (the walk then starts after them). */
async function checkAll(c, part, ids, edition) {
  for (const id of ids) await api(s.server.base, 'PUT', `/campaigns/${c.cid}/board/${part}/${id}?edition=${edition}`, { key: c.key, body: { checked: true } });
}

test('UI-CLASSIC-CHECK a classic box: the offer, a title deed and a Community Chest card fixed in the walk', async () => {
  const c = await campaign('classic');
  const ctx = await s.phone();
  const page = await ctx.newPage();
  await page.goto(c.url);
  const offer = page.getByRole('region', { name: 'Check your box: Monopoly (classic)' });
  await expectText(offer, '0 of 100 checked');
  await offer.getByRole('link', { name: 'Check your box' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Space 1 of 40' }));
  // The name is the box's own (the shipped French edition's), never a word of the code.
  await expectText(page.locator('.fact-card'), 'Départ');
  await page.getByRole('button', { name: 'Matches my box' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Space 2 of 40' }));
  await expectText(page.locator('.fact-card'), 'Boulevard de Belleville');
  await expectText(page.locator('.fact-card'), 'Street');
  // The rest of the spaces checked elsewhere: the walk goes on at the first title deed.
  const board = await api(s.server.base, 'GET', `/campaigns/${c.cid}/board`, { key: c.key });
  await checkAll(c, 'spaces', board.spaces.map((x) => x.index).slice(1), 'classic');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Title deed 1 of 28' }));
  const card = page.locator('.fact-card');
  await expectText(card, 'Boulevard de Belleville');
  await expectText(card, /brown/i);
  await expectText(card, 'With a hotel');
  await page.getByRole('button', { name: 'Fix' }).click();
  await page.getByLabel('Rent, bare lot').fill('3');
  assert.deepEqual(await unlabelledControls(page), [], 'every control of the deed editor has a name');
  await page.getByRole('button', { name: 'Save and go on' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Title deed 2 of 28' }));
  const deed = (await api(s.server.base, 'GET', `/campaigns/${c.cid}/board`, { key: c.key })).deeds.find((d) => d.space === 1);
  assert.equal(deed.rents[0], 3, 'the fixed rent is saved');
  assert.equal(deed.source, 'group', 'and checked');
  // A station's deed says its rents by the stations held.
  await checkAll(c, 'deeds', [3], 'classic');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Title deed 3 of 28' }));
  await expectText(page.locator('.fact-card'), 'Gare Montparnasse');
  await expectText(page.locator('.fact-card'), '4 stations held');
  // Every deed and Chance card checked: the Community Chest cards, with their effects in words.
  await checkAll(c, 'deeds', board.deeds.map((d) => d.space).slice(2), 'classic');
  await checkAll(c, 'chance', board.chance.map((x) => x.id), 'classic');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Community Chest card 1 of 16' }));
  await expectText(page.locator('.fact-card'), 'In play: go to Départ, collecting the salary on passing GO.');
  await page.getByRole('button', { name: 'Matches my box' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Community Chest card 2 of 16' }));
  await expectText(page.locator('.fact-card'), 'collect 200 from the Bank');
  await page.getByRole('button', { name: 'Fix' }).click();
  await page.getByLabel('Amount').fill('250');
  await page.getByRole('button', { name: 'Save and go on' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Community Chest card 3 of 16' }));
  const cc = (await api(s.server.base, 'GET', `/campaigns/${c.cid}/board`, { key: c.key })).community[1];
  assert.deepEqual(cc.effect, { collect: 250 });
  assert.equal(cc.source, 'group');
});

test('UI-CLASSIC-CHECK a Wonders box of a Travel World Tour campaign: its walk names its edition, in French', async () => {
  const c = await campaign('travel-world-tour');
  const ids = [];
  for (const name of ['Ana', 'Bo']) ids.push((await api(s.server.base, 'POST', `/campaigns/${c.cid}/players`, { key: c.key, body: { name } })).id);
  // The group's first Wonders game gives the campaign its Wonders box; ended at once.
  const g = await api(s.server.base, 'POST', `/campaigns/${c.cid}/games`, { key: c.key, body: { edition: 'wonders', mode: 'banker', seats: ids.map((player, i) => ({ player, token: ['Car', 'Hat'][i] })) } });
  await api(s.server.base, 'POST', `/campaigns/${c.cid}/games/${g.game.id}/events`, { key: c.key, body: { type: 'end' } });
  const ctx = await s.phone({ locale: 'fr-FR' });
  const page = await ctx.newPage();
  await page.goto(c.url);
  const offer = page.getByRole('region', { name: 'Vérifier votre boîte\u00a0: Monopoly Wonders of the World' });
  await expectText(offer, '0');
  await offer.getByRole('link').click();
  await eventually(() => page.url().endsWith(`/check/wonders`), { message: 'the walk of the Wonders box' });
  await expectVisible(page.getByRole('heading', { name: 'Case 1 sur 40' }));
  await page.getByRole('button', { name: 'Conforme à ma boîte' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Case 2 sur 40' }));
  // A placeholder wonder: its name as the box file has it, for the group to correct.
  await expectText(page.locator('.fact-card'), 'Merveille 1');
  await expectText(page.locator('.fact-card'), 'Merveille');
  const board = await api(s.server.base, 'GET', `/campaigns/${c.cid}/board?edition=wonders`, { key: c.key });
  assert.equal(board.spaces[0].source, 'group', 'GO is checked in the Wonders box');
  assert.equal(board.check.checked, 1, 'the walk checked the Wonders box, not the campaign\'s own');
});

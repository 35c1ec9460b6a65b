// houserules.test.mjs -- a campaign's house rules on a phone (390x844): the "House rules"
// section of the campaign screen (each switch with its official reading and what
// changes), this game's own on the new-game screen, and the table's header naming the
// game's non-official switches (API.md "House rules (added 2026-12-b)").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, api, expectText, expectVisible, pinBox } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

test('UI-HOUSE-RULES set on the campaign, changed for one game, named on the table header', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Our rules', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  for (const name of ['Ana', 'Bo']) await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } });
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);

  // The campaign screen: every switch names its official reading and what changes.
  const section = page.locator('#house-rules');
  await section.locator('summary').click();
  await expectText(section, 'the rulebook’s rules');
  await expectText(section, 'Official: nothing.');
  await expectText(section, 'Jackpot: taxes, the Jail fine and card payments go into a pot');
  await page.getByLabel('Free Parking').selectOption('jackpot');
  await page.getByLabel('Tour fees').selectOption('automatic');
  await shot(page, 'house-rules-01-campaign');
  await page.getByRole('button', { name: 'Save house rules' }).click();
  await expectText(page.locator('#house-rules summary'), '2 rules of your own');
  const saved = await api(server.base, 'GET', `/campaigns/${cid}`, { key });
  assert.equal(saved.campaign.house_rules.free_parking, 'jackpot');
  assert.equal(saved.campaign.house_rules.fees, 'automatic');
  assert.equal(saved.campaign.house_rules.auction, true);

  // The new-game screen starts from the campaign's; this game plays to three stamps.
  await page.getByRole('link', { name: 'New game' }).click();
  await page.locator('#house-rules summary').click();
  await expectText(page.locator('#house-rules'), '2 rules of your own');
  assert.equal(await page.getByLabel('Free Parking').inputValue(), 'jackpot');
  await page.getByLabel('Stamps to win').selectOption('3');
  await shot(page, 'house-rules-02-new-game');
  await page.getByRole('button', { name: 'Start the game' }).click();

  // The table's header says what tonight's game plays by.
  const note = page.locator('#house-note');
  await expectVisible(note);
  await expectText(note, 'House rules:');
  await expectText(note, 'Free Parking jackpot');
  await expectText(note, 'automatic fees');
  await expectText(note, '3 stamps to win');
  const box = await note.boundingBox();
  assert.ok(box.width <= 390, 'the note fits the phone');
  await shot(page, 'house-rules-03-table');
  await page.screenshot({ path: 'tests/artifacts/house-rules-04-table-top.png' });
  const games = await api(server.base, 'GET', `/campaigns/${cid}/games`, { key });
  assert.equal(games.games[0].house_rules.stamps_to_win, 3);
  assert.equal(games.games[0].house_rules.free_parking, 'jackpot');

  // Another phone logs Ana's roll onto Travel Insurance: the tax goes into the pot, which
  // the header shows as it grows.
  await expectText(note, 'Free Parking jackpot: 0');
  await api(server.base, 'POST', `/campaigns/${cid}/games/${games.games[0].id}/events`, { key, body: { type: 'roll', d1: 1, d2: 3 } });
  await expectText(note, 'Free Parking jackpot: 200');
  await expectText(page.getByRole('region', { name: 'What happened' }), 'the Free Parking pot 200');
  await page.screenshot({ path: 'tests/artifacts/house-rules-05-pot.png' });
});

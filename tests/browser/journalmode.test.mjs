// journalmode.test.mjs -- a journal-mode game (paper money): log a Travel Journal card
// drawn by a player and a travel goal stamped, and see what it paid and who stamped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, api, expectText, expectVisible, pinBox } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

test('UI-JOURNAL-MODE the two buttons that matter: a card drawn by whom, a goal stamped by whom', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Paper money', edition: 'travel-world-tour', stamp_owner: 'player' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  for (const name of ['Ana', 'Bo']) await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } });
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await page.getByRole('link', { name: 'New game' }).click();
  await page.getByLabel('Journal').check();
  await page.getByLabel('Seat 1 token').selectOption('hazel');
  await page.getByLabel('Seat 2 token').selectOption('t-rex');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Journal game' }));

  // Ana draws "Sunrise at the summit" (every stamp collects 100): her new stamp pays her
  // (this campaign's stamps belong to the person who stamped).
  // Pick who drew it, then tap the card in the numbered grid.
  await page.getByLabel('Drawn by').selectOption({ label: 'Ana (Hazel)' });
  await page.getByRole('button', { name: /^\d+\. Sunrise at the summit\b/ }).click();
  // Paper money: the sentence names the Bank, who hands the notes over.
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Ana\'s stamp (Hazel): the Bank pays Ana 100.');

  // Bo stamps Rapa Nui on the board.
  await page.getByLabel('Stamped by').selectOption({ label: 'Bo (T-Rex)' });
  await page.getByLabel('Which goal').selectOption({ label: 'Rapa Nui' });
  await page.getByRole('button', { name: 'Goal stamped' }).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Bo stamps Rapa Nui on the board.');
  await expectText(page.getByRole('article', { name: 'Bo' }), '1 of 4 goals stamped');
  await shot(page, 'journal-mode-01');
});

// restamp.test.mjs -- a memory whose journal stamp was undone (issue 41, R5): the game's
// list of memories and the journal say so, and a tap moves it to the stamp made when the
// draw was logged again (PATCH …/memories/{mid}); the French phone says it too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, shot, api, expectText, expectGone, eventually, campaignWithGame } from './helpers.mjs';

let server;
let phone;
tableSession((s) => ({ server, phone } = s));

const WAIT = { timeout: 30000 }; // a busy machine may be slow; nothing here is timed

/** A journal game where Ana's "Sunrise at the summit" stamp carried two memories, was
 * undone, and was stamped again: {c, mids: [passport, sunrise]}. */
async function undoneAndDrawnAgain(name) {
  const c = await campaignWithGame(server.base, name, { mode: 'journal', pin: true });
  const draw = () => api(server.base, 'POST', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key, body: { type: 'draw_journal', card: 'journal-2', player: c.ana } });
  await draw();
  const mids = [];
  for (const text of ['lost the passport in Rome', 'the sunrise nobody saw']) {
    mids.push((await api(server.base, 'POST', `/campaigns/${c.cid}/memories`, { key: c.key, body: { game: c.gid, text, card: 'journal-2', slot: 0 } })).memory.id);
  }
  await api(server.base, 'POST', `/campaigns/${c.cid}/games/${c.gid}/undo`, { key: c.key });
  await draw();
  return { c, mids };
}

/** Open the campaign's join link and wait until it has taken the phone on (to the game). */
async function joined(page, c) {
  await page.goto(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
  await page.waitForURL(new RegExp(`#/c/${c.cid}(/|$)`), WAIT);
}

const memoryOf = async (c, mid) => (await api(server.base, 'GET', `/campaigns/${c.cid}/memories`, { key: c.key })).memories.find((m) => m.id === mid);

test('UI-MEMORY-UNDONE a memory whose stamp was undone says so at the table and in the journal, and a tap moves it to the stamp made again', async () => {
  const { c, mids: [passport, sunrise] } = await undoneAndDrawnAgain('Undone lane');
  const ctx = await phone();
  const page = await ctx.newPage();
  await joined(page, c);

  // The table: "Memories of this game" says the stamp was undone and offers the new one.
  await page.goto(`${server.base}/#/c/${c.cid}/game/${c.gid}`);
  await page.locator('#game-memories summary').click();
  const item = page.locator(`li.memory[data-memory="${passport}"]`);
  await expectText(item, 'Its stamp on “Sunrise at the summit” was undone', WAIT);
  const move = item.getByRole('button', { name: 'Move it to Ana’s stamp on “Sunrise at the summit”' });
  await move.waitFor(WAIT);
  await shot(page, 'restamp-01-table-undone');
  await move.click();
  await expectGone(item.locator('.memory-undone'), WAIT);
  const moved = await eventually(async () => { const m = await memoryOf(c, passport); return m.card ? m : null; }, { ...WAIT, message: 'the memory moved' });
  assert.deepEqual([moved.card, moved.slot, moved.undone, moved.stamp.player.name], ['journal-2', 0, null, 'Ana']);

  // The journal: the other memory waits under its card, and moves the same way.
  await page.goto(`${server.base}/#/c/${c.cid}/journal`);
  const card = page.locator('article.jcard[data-card="journal-2"]');
  const waiting = card.locator('.undone-memories');
  await expectText(waiting, 'Memories whose stamp was undone', WAIT);
  await expectText(waiting, 'the sunrise nobody saw', WAIT);
  await expectText(card.locator('.stamp-memories').first(), 'lost the passport in Rome', WAIT);
  await shot(page, 'restamp-02-journal-undone');
  await waiting.getByRole('button', { name: 'Move it to Ana’s stamp on “Sunrise at the summit”' }).click();
  await expectGone(card.locator('.undone-memories'), WAIT);
  await expectText(card.locator('.stamp-memories').first(), 'the sunrise nobody saw', WAIT);
  assert.doesNotMatch(await card.innerText(), /\b(null|undefined)\b/, 'no stray null among the memories');
  const both = await memoryOf(c, sunrise);
  assert.deepEqual([both.card, both.slot, both.undone], ['journal-2', 0, null]);
  await ctx.close();
});

test('UI-MEMORY-UNDONE-FR the French journal says a stamp was undone and offers the new one, with French typography', async () => {
  const { c } = await undoneAndDrawnAgain('Tampon annulé');
  const ctx = await phone({ locale: 'fr-FR' });
  const page = await ctx.newPage();
  await joined(page, c);
  await page.goto(`${server.base}/#/c/${c.cid}/journal`);
  const waiting = page.locator('article.jcard[data-card="journal-2"] .undone-memories');
  await expectText(waiting, 'Son tampon sur «\u00a0Sunrise at the summit\u00a0» a été annulé\u00a0:', WAIT);
  await waiting.getByRole('button', { name: 'Le déplacer vers le tampon d’Ana sur «\u00a0Sunrise at the summit\u00a0»' }).first().waitFor(WAIT);
  await ctx.close();
});

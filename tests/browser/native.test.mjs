// native.test.mjs -- French and Romanian as a native reads them (issue 40): French puts a
// no-break space before : ; ! ? and inside « » (never a "?" alone at the start of a line),
// and writes its numbers with the narrow no-break space; Romanian gives a woman's name and
// the Bank their own genitive-dative ("Anei", "Băncii", never "lui Ana" or "către Banca");
// a corner or a deck's space is named in the page's language ("Départ", "Prison / Simple
// visite"), not as the box prints it in English.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, expectText, withBrowser, withPhone } from './helpers.mjs';

/** Ana, Bo, Cy: Ana owns Brown 2, Bo has landed on it (fee due), Cy rolls onto Chance. */
async function table(base) {
  const made = await api(base, 'POST', '/campaigns', { body: { name: 'Native', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  const ids = [];
  for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: ids.map((player, i) => ({ player, token: ['hazel', 't-rex', 'scottie'][i] })) } });
  const post = (body) => api(base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  await post({ type: 'roll', d1: 1, d2: 2 });
  await post({ type: 'buy' });
  await post({ type: 'roll', d1: 1, d2: 2 });
  return { join: `${base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

/** Everything the page says now: the page, the toast, the alert. */
const said = (page) => page.evaluate(() => ['main', '#toast', '#alert'].map((s) => document.querySelector(s)?.innerText || '').join('\n'));

/**
 * What a phone in locale says while run(page, texts) plays at a new table() (a server and
 * chromium of its own): the first screen's words, then each of texts run adds, joined.
 * Asserts the page raised no script error.
 */
function play(locale, run) {
  return withBrowser(({ server, browser }) => withPhone(browser, { locale }, async (page) => {
    const g = await table(server.base);
    await page.goto(g.join);
    await page.locator('#turn-h').waitFor();
    const texts = [await said(page)];
    await run(page, texts);
    return texts.join('\n');
  }));
}

test('I18N-FR-TYPO French puts a no-break space before : ; ! ? and inside « », numbers with the narrow one, and names the board\'s corners in French', async () => {
  const text = await play('fr-FR', async (page, texts) => {
    // Ana asks Bo for the fee, then Cy rolls onto Chance and pays the Bank 50.
    await page.locator('[id^="act-fee-"]').first().click();
    await page.locator('#die1-3').click();
    await page.locator('#die2-4').click();
    await page.locator('[id="draw-chance-4"]').click();
    await expectText(page.locator('.card.last'), '50');
    texts.push(await said(page));
    await page.locator('#event-log summary').click();
    await page.locator('#event-log li .log-fx').first().waitFor();
    texts.push(await said(page));
  });
  const bad = [...text.matchAll(/.{0,24}(?:[^\u00a0\u202f\n][;!?](?=[\s»)]|$)|[^\u00a0\u202f\n\d]:(?=\s|$)|« |«(?=\S)(?!\u00a0)| »)/gm)].map((m) => m[0]);
  assert.deepEqual(bad, [], 'no punctuation without its no-break space');
  assert.match(text, /\u00a0:/, 'colons are there, with their no-break space');
  assert.match(text, /1\u202f\d{3}/, 'thousands with the narrow no-break space');
  assert.doesNotMatch(text, /\bGO\b|Jail|Just Visiting|Free Parking/, 'the corners named in French');
  assert.match(text, /Départ/, 'GO is "Départ"');
});

test('I18N-RO-DATIVE Romanian pays "Anei" and "Băncii", never "lui Ana" nor "către Banca", and names the board\'s corners in Romanian', async () => {
  const text = await play('ro-RO', async (page, texts) => {
    await page.locator('[id^="act-fee-"]').first().click();
    await expectText(page.locator('.card.last'), 'Anei');
    texts.push(await said(page));
    await page.locator('#die1-3').click();
    await page.locator('#die2-4').click();
    await page.locator('[id="draw-chance-4"]').click();
    await expectText(page.locator('.card.last'), 'Băncii');
    texts.push(await said(page));
  });
  assert.match(text, /Bo îi plătește \d+ Anei\b/, 'Bo pays Ana: "Anei"');
  assert.match(text, /Cy îi plătește 50 Băncii\b/, 'Cy pays the Bank: "Băncii"');
  assert.doesNotMatch(text, /lui Ana|către Banca|lui Banca/, 'no "lui Ana", no "către Banca"');
  assert.doesNotMatch(text, /\bGO\b|Jail|Just Visiting|Free Parking/, 'the corners named in Romanian');
});

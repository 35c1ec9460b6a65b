// memories.test.mjs -- the campaign relives its stamps on real phones: a memory with a
// photo added at the table (the phone scales the photo to 1280 px), the card drawn in the
// next game on another phone brings it back with its photo, the journal lists it under
// its stamp, the campaign screen opens with "Last time…", the night card is rendered to
// PNG in the browser, and the stats screen charts the journal's payouts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { png } from '../integration/png.mjs';
import { phoneSession, phoneContext, shot, api, expectText, expectVisible, pinBox, eventually, ARTIFACTS } from './helpers.mjs';

let server;
let browser;
let page;
phoneSession((s) => ({ server, browser, page } = s));

/** A w x h photo: a sky over a sea with a red sun, so the scaled picture shows something. */
function photoPng(w, h) {
  return png(w, h, {
    pixel: (x, y) => {
      const sun = (x - w * 0.7) ** 2 + (y - h * 0.35) ** 2 < (h * 0.12) ** 2;
      const sea = y > h * 0.6;
      return sun ? [220, 60, 40] : sea ? [20, 90 + (x % 40), 160] : [120 + (y * 100) / h, 170, 230];
    },
  });
}
/** The dimensions in a JPEG's SOF marker. */
function jpegSize(buf) {
  for (let i = 2; i < buf.length - 8;) {
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  return null;
}

test('UI-MEMORIES a memory with a photo at the table comes back on another phone when its card pays in the next game', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Memory lane', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  const [ana, bo] = [];
  const ids = [];
  for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  void ana; void bo;
  const seats = [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }];
  const g1 = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;

  // Phone A, game 1: Ana draws "Sunrise at the summit" and the table keeps the moment.
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await page.goto(`${server.base}/#/c/${cid}/game/${g1}`);
  await page.getByLabel('Drawn by').selectOption({ label: 'Ana (Hazel)' });
  await page.getByRole('button', { name: /^\d+\. Sunrise at the summit\b/ }).click();
  await expectText(page.getByRole('region', { name: 'What happened' }), 'pays Ana 100');
  const big = join(tmpdir(), `stampbook-photo-${process.pid}.png`);
  writeFileSync(big, photoPng(2400, 1600));
  await page.getByText('Add a memory').click();
  await page.getByLabel('The moment, in a few words (up to 500 characters)').fill('lost the passport in Rome');
  await page.getByLabel('About').selectOption({ label: 'Journal stamp: Sunrise at the summit (Ana)' });
  await page.getByLabel('Photo (optional)').setInputFiles(big);
  await shot(page, 'memories-01-add-at-table');
  await page.getByRole('button', { name: 'Save the memory' }).click();
  await expectText(page.locator('#alert'), 'Memory saved.');
  const list = await eventually(async () => {
    const d = await api(server.base, 'GET', `/campaigns/${cid}/memories`, { key });
    return d.memories.length && d.memories[0].photo ? d.memories : null;
  }, { message: 'the memory and its photo stored' });
  assert.deepEqual([list[0].text, list[0].card, list[0].slot], ['lost the passport in Rome', 'journal-2', 0]);
  const photo = await fetch(`${server.base}/api/v1/campaigns/${cid}/memories/${list[0].id}/photo`, { headers: { Authorization: `Bearer ${key}` } });
  assert.equal(photo.headers.get('content-type'), 'image/jpeg');
  const bytes = Buffer.from(await photo.arrayBuffer());
  assert.deepEqual(jpegSize(bytes), [1280, 853], 'the phone scaled 2400x1600 to 1280 px before sending');
  assert.ok(bytes.length <= 512 * 1024);

  // Game 1 ends with Ana's four stamps; game 2 starts.
  for (const destination of ['rapa-nui', 'angkor-wat', 'red-1', 'red-3']) {
    await api(server.base, 'POST', `/campaigns/${cid}/games/${g1}/events`, { key, body: { type: 'stamp_goal', player: ids[0], destination } });
  }
  const g2 = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats } })).game.id;

  // Phone B, another phone, game 2: Bo draws the card; Ana's stamp pays and its memory comes back.
  const other = await phoneContext(browser);
  try {
    const pageB = await other.newPage();
    await pageB.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
    await pageB.goto(`${server.base}/#/c/${cid}/game/${g2}`);
    await pageB.getByLabel('Drawn by').selectOption({ label: 'Bo (T-Rex)' });
    await pageB.getByRole('button', { name: /^\d+\. Sunrise at the summit\b/ }).click();
    const happened = pageB.getByRole('region', { name: 'What happened' });
    await expectText(happened, 'Ana stamped this in game 1: “lost the passport in Rome”');
    const img = happened.getByRole('img', { name: 'Photo: lost the passport in Rome' });
    await expectVisible(img);
    await eventually(() => img.evaluate((el) => el.complete && el.naturalWidth === 1280), { message: 'the photo shown' });
    await shot(pageB, 'memories-02-relived-on-another-phone');
    await happened.screenshot({ path: join(ARTIFACTS, 'memories-02b-what-happened.png') });

    // The journal lists the memory under its stamp.
    await pageB.goto(`${server.base}/#/c/${cid}/journal`);
    const card = pageB.getByRole('article', { name: /Sunrise at the summit/ });
    await expectText(card, '“lost the passport in Rome”');
    await shot(pageB, 'memories-03-journal');
    await card.screenshot({ path: join(ARTIFACTS, 'memories-03b-journal-card.png') });

    // Game 2 ends; the campaign screen opens with "Last time…" and offers the night card.
    await api(server.base, 'POST', `/campaigns/${cid}/games/${g2}/events`, { key, body: { type: 'end', winner: ids[1] } });
    await pageB.goto(`${server.base}/#/c/${cid}`);
    const recap = pageB.getByRole('region', { name: 'Last time…' });
    await expectText(recap, 'Game 2');
    await expectText(recap, 'Winner: Bo');
    await expectText(recap, 'lost the passport in Rome');
    await shot(pageB, 'memories-04-last-time');
    await recap.screenshot({ path: join(ARTIFACTS, 'memories-04b-last-time-card.png') });
    const download = pageB.waitForEvent('download');
    await pageB.getByRole('button', { name: 'Share the night card' }).click();
    const file = await download;
    mkdirSync(ARTIFACTS, { recursive: true });
    const png = join(ARTIFACTS, 'memories-05-night-card.png');
    await file.saveAs(png);
    const { readFileSync } = await import('node:fs');
    const pngBytes = readFileSync(png);
    assert.deepEqual([...pngBytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG drawn from the SVG on the phone');
    assert.equal(pngBytes.readUInt32BE(16), 1280, 'drawn at twice the card\'s 640 px');

    // The stats screen charts the journal's payouts per player across games.
    await pageB.goto(`${server.base}/#/c/${cid}/stats`);
    await expectVisible(pageB.getByRole('heading', { name: 'Journal payouts per player, game after game' }));
    await shot(pageB, 'memories-06-stats-timeline');
    assert.deepEqual(other.errors, [], 'no script errors on the other phone');
  } finally {
    await other.close();
  }
});

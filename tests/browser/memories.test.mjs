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
import { phoneSession, phoneContext, shot, api, expectText, expectVisible, pinBox, eventually, campaignWithGame, ARTIFACTS } from './helpers.mjs';

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

test('UI-MEMORY-ONE-STEP a memory and its photo are saved as one step: a photo the phone cannot read or the server refuses saves nothing and says so in the phone\'s language, a second tap leaves no twin; a PNG\'s transparency turns white; every memory of the game is listed under the table with Edit and Delete', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'One step', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  const ids = [];
  for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = (await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }] } })).game.id;
  const stored = async () => (await api(server.base, 'GET', `/campaigns/${cid}/memories?game=${g}`, { key })).memories;
  const ro = await phoneContext(browser, { locale: 'ro-RO' });
  try {
    const p = await ro.newPage();
    await p.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
    await p.locator('#turn-h').waitFor();
    await p.locator('#memory-add summary').click();
    const heic = join(tmpdir(), `stampbook-photo-${process.pid}.heic`);
    writeFileSync(heic, Buffer.from('....ftypheic not an image this browser decodes'));
    await p.locator('#memory-text').fill('the night of the storm');
    await p.locator('#memory-photo').setInputFiles(heic);
    const save = p.locator('#memory-add button[type=submit]');
    for (let i = 0; i < 2; i++) {
      await p.evaluate(() => { document.getElementById('alert').replaceChildren(); });
      await save.click();
      await expectText(p.locator('#alert'), 'Fotografia nu poate fi citită');
      assert.deepEqual(await stored(), [], `tap ${i + 1}: nothing saved`);
    }
    // The server refuses the photo (its type, say): the memory made for it goes again.
    const seeThrough = join(tmpdir(), `stampbook-alpha-${process.pid}.png`);
    writeFileSync(seeThrough, png(64, 64, { alpha: true, pixel: (x) => (x < 32 ? [200, 30, 30, 255] : [0, 0, 0, 0]) }));
    await p.locator('#memory-photo').setInputFiles(seeThrough);
    await p.route(/\/memories\/\d+\/photo$/, (route) => (route.request().method() === 'PUT'
      ? route.fulfill({ status: 415, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Unsupported Media Type', status: 415, detail: 'not a JPEG, PNG or WebP image' }) })
      : route.continue()));
    await p.evaluate(() => { document.getElementById('alert').replaceChildren(); });
    await save.click();
    await expectText(p.locator('#alert'), 'Fotografia nu poate fi citită');
    assert.doesNotMatch(await p.locator('#alert').innerText(), /not a JPEG/, 'not the server\'s English');
    await eventually(async () => (await stored()).length === 0, { message: 'the refused photo left no memory behind' });
    await p.unroute(/\/memories\/\d+\/photo$/);
    // Now it goes through: one memory with its photo, the see-through half white.
    await save.click();
    await expectText(p.locator('#alert'), 'Amintire păstrată');
    const [m] = await eventually(async () => { const l = await stored(); return l.length === 1 && l[0].photo ? l : null; }, { message: 'one memory with its photo' });
    const corner = await p.evaluate(async ({ url, k }) => {
      const blob = await (await fetch(url, { headers: { Authorization: `Bearer ${k}` } })).blob();
      const bmp = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const g2 = c.getContext('2d');
      g2.drawImage(bmp, 0, 0);
      return [...g2.getImageData(bmp.width - 4, 4, 1, 1).data];
    }, { url: `${server.base}/api/v1/campaigns/${cid}/memories/${m.id}/photo`, k: key });
    assert.ok(corner.slice(0, 3).every((v) => v > 230), `the transparent part is white, not black: ${corner}`);

    // Under the table: the game's memories, edited, then deleted.
    await p.locator('#game-memories summary').click();
    const item = p.locator(`#game-memories li[data-memory="${m.id}"]`);
    await expectText(item, 'the night of the storm');
    await p.locator(`#memory-edit-${m.id}`).click();
    await p.locator(`#memory-text-${m.id}`).fill('the night of the great storm');
    await p.locator('#game-memories form button[type=submit]').click();
    await expectText(p.locator('#game-memories'), 'the night of the great storm');
    const edited = await eventually(async () => { const l = await stored(); return l.length === 1 && l[0].text === 'the night of the great storm' ? l : null; }, { message: 'the memory edited' });
    assert.equal(edited[0].photo, true, 'the photo kept');
    assert.equal(edited[0].id, m.id, 'the same memory, edited in place (PATCH), not a new one');
    await shot(p, 'memories-07-game-memories');
    await p.locator(`#memory-delete-${edited[0].id}`).click();
    await p.locator('#confirm-ok').click();
    await eventually(async () => (await stored()).length === 0, { message: 'the memory deleted' });
    assert.deepEqual(ro.errors.filter((e) => !/415/.test(e)), [], 'no script errors');
  } finally {
    await ro.close();
  }
});

test('UI-NIGHT-CARD-PHOTO the night card shared from a finished game\'s screen carries the game\'s first photo', async () => {
  const c = await campaignWithGame(server.base, 'Photo night', { mode: 'journal', pin: true });
  const m = (await api(server.base, 'POST', `/campaigns/${c.cid}/memories`, { key: c.key, body: { game: c.gid, text: 'the red sky at Rapa Nui' } })).memory;
  // A photo of one colour, red, so its place on the card can be found pixel by pixel.
  const put = await fetch(`${server.base}/api/v1/campaigns/${c.cid}/memories/${m.id}/photo`, {
    method: 'PUT', headers: { Authorization: `Bearer ${c.key}`, 'Content-Type': 'image/png' }, body: png(80, 60, { pixel: () => [230, 20, 20] }),
  });
  assert.equal(put.status, 204);
  for (const destination of ['rapa-nui', 'angkor-wat', 'red-1', 'red-3']) {
    await api(server.base, 'POST', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key, body: { type: 'stamp_goal', player: c.ana, destination } });
  }
  const fr = await phoneContext(browser, { locale: 'fr-FR' });
  try {
    const p = await fr.newPage();
    await p.goto(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
    await p.goto(`${server.base}/#/c/${c.cid}/game/${c.gid}`);
    const button = p.locator(`#night-${c.gid}`);
    await expectVisible(button);
    const download = p.waitForEvent('download');
    await button.click();
    const file = await download;
    const saved = join(ARTIFACTS, 'memories-08-night-card-photo.png');
    mkdirSync(ARTIFACTS, { recursive: true });
    await file.saveAs(saved);
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(saved);
    // The PNG read back on the phone: how many of its pixels are the photo's red.
    const red = await p.evaluate(async (b64) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
      const bmp = await createImageBitmap(new Blob([arr], { type: 'image/png' }));
      const cv = new OffscreenCanvas(bmp.width, bmp.height);
      const g = cv.getContext('2d');
      g.drawImage(bmp, 0, 0);
      const d = g.getImageData(0, 0, bmp.width, bmp.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 60 && d[i + 2] < 60) n++;
      return { n, all: bmp.width * bmp.height, width: bmp.width };
    }, bytes.toString('base64'));
    assert.equal(red.width, 1280, 'drawn at twice the card\'s 640 px');
    // The photo is drawn 560 x 420 on the card, 1120 x 840 in the PNG: far more red than
    // the card's dashed frame and its winner's line hold.
    assert.ok(red.n > 1120 * 840 * 0.9, `the photo is on the card (${red.n} red pixels of ${red.all})`);
    assert.deepEqual(fr.errors, [], 'no script errors');
  } finally {
    await fr.close();
  }
});

test('UI-MEMORY-EDIT a memory is edited in place, and an edit made after another phone changed it first is refused in the phone\'s language, nothing changed, the list read again', async () => {
  const c = await campaignWithGame(server.base, 'Edit in place', { mode: 'journal', pin: true });
  const m = (await api(server.base, 'POST', `/campaigns/${c.cid}/memories`, { key: c.key, body: { game: c.gid, text: 'the harbour at dusk' } })).memory;
  const stored = async () => (await api(server.base, 'GET', `/campaigns/${c.cid}/memories?game=${c.gid}`, { key: c.key })).memories;
  const fr = await phoneContext(browser, { locale: 'fr-FR' });
  try {
    const p = await fr.newPage();
    await p.goto(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
    await p.locator('#turn-h').waitFor();
    await p.locator('#game-memories summary').click();
    await expectText(p.locator(`#game-memories li[data-memory="${m.id}"]`), 'the harbour at dusk');
    // Edited on this phone: the same memory, its words changed.
    await p.locator(`#memory-edit-${m.id}`).click();
    await p.locator(`#memory-text-${m.id}`).fill('the harbour at dawn');
    await p.locator('#game-memories form button[type=submit]').click();
    await expectText(p.locator('#game-memories'), 'the harbour at dawn');
    let list = await eventually(async () => { const l = await stored(); return l[0].text === 'the harbour at dawn' ? l : null; }, { message: 'the edit stored' });
    assert.deepEqual(list.map((x) => [x.id, x.version]), [[m.id, 2]], 'edited in place: its id kept, its version one more');
    // Another phone changes it first; this phone's edit is refused and says so in French.
    await api(server.base, 'PATCH', `/campaigns/${c.cid}/memories/${m.id}`, { key: c.key, body: { text: 'the harbour, by Bo' } });
    await p.locator(`#memory-edit-${m.id}`).click();
    await p.locator(`#memory-text-${m.id}`).fill('the harbour, by Ana');
    await p.evaluate(() => { document.getElementById('alert').replaceChildren(); });
    await p.locator('#game-memories form button[type=submit]').click();
    await expectText(p.locator('#alert'), 'Quelqu’un a modifié ce souvenir sur un autre téléphone juste avant\u00a0: rien n’a été changé ici.');
    list = await stored();
    assert.deepEqual(list.map((x) => [x.id, x.text]), [[m.id, 'the harbour, by Bo']], 'nothing changed by the refused edit');
    await expectText(p.locator(`#game-memories li[data-memory="${m.id}"]`), 'the harbour, by Bo'); // read again
    assert.deepEqual(fr.errors.filter((e) => !/412/.test(e)), [], 'no script errors');
  } finally {
    await fr.close();
  }
});

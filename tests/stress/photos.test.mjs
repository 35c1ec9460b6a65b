// photos.test.mjs -- photo uploads that cost the server: PNG "chunk bombs" (zTXt chunks
// that would inflate about a thousand times) and the largest photos allowed, sent in
// parallel by one campaign while another table appends. A photo is decoded in full on
// a reader, with the libraries' limits, and the writer is held only to write its row:
// the bombs are 422 without the server's memory growing by their inflated size, and
// the other table's append is not queued behind the uploads (API.md "Further additions
// (2026-12-c)").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, newCampaign } from './server.mjs';
import { png, zTxtBomb } from '../integration/png.mjs';

let s, uploader, table;
before(async () => {
  s = await startServer();
  uploader = await newCampaign(s.url, { name: 'Uploader' });
  table = await newCampaign(s.url, { name: 'The real table' });
});
after(async () => {
  await s.cleanup();
});

/** The peak resident memory of the server process so far, in bytes. */
function peakRss() {
  const m = /VmHWM:\s*(\d+) kB/.exec(readFileSync(`/proc/${s.pid()}/status`, 'utf8'));
  return Number(m[1]) * 1024;
}

/** n memories of the uploader's game; their ids. */
async function memories(n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const r = await uploader.api.post(`/api/v1/campaigns/${uploader.cid}/memories`, { game: uploader.gid, text: `m${i}` });
    assert.equal(r.status, 201, r.text);
    ids.push(r.json.memory.id);
  }
  return ids;
}

const putPhoto = (mid, bytes) => uploader.api.call('PUT', `/api/v1/campaigns/${uploader.cid}/memories/${mid}/photo`, bytes,
  { 'Content-Type': 'image/png' });

test('PHOTO-LIMITS: eight 512 KiB PNGs of zTXt chunks at once are each 422, and the server never holds what they would inflate to', async () => {
  const bomb = zTxtBomb();
  assert.ok(bomb.length <= 512 * 1024 && bomb.length > 500 * 1024, `${bomb.length} bytes`);
  const ids = await memories(8);
  const before = peakRss();
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(ids.map((mid) => putPhoto(mid, bomb)));
    for (const r of answers) {
      assert.equal(r.status, 422, r.text);
      assert.match(r.json.detail, /more text than a photo/);
    }
  }
  // 24 bombs of ~68 chunks x 8 MB: inflating them was 548 MB each.
  const grown = peakRss() - before;
  assert.ok(grown < 64 * 1024 * 1024, `the peak memory grew by ${grown} bytes`);
  const list = await uploader.api.get(`/api/v1/campaigns/${uploader.cid}/memories`);
  assert.ok(list.json.memories.every((m) => !m.photo), 'nothing stored');
});

test('PHOTO-OFF-WRITER: appends of another campaign during a stream of 4096x4096 uploads are answered before the uploads under way', async () => {
  // The largest photo allowed: 48 MiB of pixels to inflate and filter, every row.
  const big = png(4096, 4096, { pixel: () => [20, 80, 160] });
  assert.ok(big.length <= 512 * 1024);
  const ids = await memories(6);
  let answered = 0;
  let stop = false;
  // Six lanes, each uploading again as soon as its last upload is answered.
  const lanes = ids.map(async (mid) => {
    while (!stop) {
      const r = await putPhoto(mid, big);
      assert.equal(r.status, 204, r.text);
      answered++;
    }
  });
  while (answered === 0) await new Promise((r) => setTimeout(r, 5));
  // The table writes, one append after the other, during the uploads. Held behind them
  // (the writer taken before decoding), an append waited for the decodes queued on the
  // writer before it; off the writer, it waits for none.
  const during = [];
  for (let i = 0; i < 12; i++) {
    const was = answered;
    const r = await table.api.post(`${table.game}/events`, { type: 'note', text: `roll ${i}` });
    assert.equal(r.status, 201, r.text);
    during.push(answered - was);
  }
  stop = true;
  await Promise.all(lanes);
  // Held behind them, most appends saw every lane answered (6, 12); a share, not a time.
  const clear = during.filter((n) => n <= 1).length;
  assert.ok(clear >= during.length / 2, `uploads answered during each append: ${during.join(' ')}`);
});

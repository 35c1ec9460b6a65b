// memories.test.mjs -- API.md "Memories (added 2026-12-b)" and "Recap and night summary
// (added 2026-12-b)" over HTTP: memories on journal stamps, board stamps, events and
// games; their photos (type checked by header and decoded dimensions, size, quota,
// served with their caching and safety headers); the memories coming back under the
// journal's stamps and with a card's payouts in a later game; export version 3 and its
// import; backups; the recap; the night card checked by xmllint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, client, launchServer, newCampaign, startServer } from './server.mjs';
import { png, zTxtBomb } from './png.mjs';
import { startPrism } from './prism.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const FIXTURES = new URL('./fixtures/', import.meta.url);
const JPEG = readFileSync(new URL('photo.jpg', FIXTURES));
const WEBP = readFileSync(new URL('photo.webp', FIXTURES));

// ---- helpers ----

const base = (c) => `/api/v1/campaigns/${c.cid}`;
/** POST body to path of campaign c; asserts the status (a problem+json when an error). */
async function expectPost(c, path, body, status = 201) {
  const r = await c.api.post(`${base(c)}${path}`, body);
  assert.equal(r.status, status, `${path} ${JSON.stringify(body)} -> ${r.text}`);
  if (status >= 400) assert.match(r.headers.get('content-type'), /application\/problem\+json/);
  return r.json;
}
const game = async (c, seats, mode = 'journal') =>
  (await expectPost(c, '/games', { mode, seats: seats.map(([player, token]) => ({ player, token })) })).game.id;
const event = (c, gid, body, status) => expectPost(c, `/games/${gid}/events`, body, status);
const remember = (c, body, status) => expectPost(c, '/memories', body, status);
/** Four board stamps for winner: the game is finished and won. */
async function win(c, gid, winner) {
  const st = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${gid}/state`)).json;
  const stamped = new Set(st.destinations.filter((d) => d.stamped_by !== null).map((d) => d.id));
  for (const destination of ['rapa-nui', 'angkor-wat', 'red-1', 'red-3'].filter((d) => !stamped.has(d)))
    await event(c, gid, { type: 'stamp_goal', player: winner, destination });
}
async function putPhoto(c, mid, bytes, type, key = c.key) {
  const r = await fetch(`${srv.url}${base(c)}/memories/${mid}/photo`, {
    method: 'PUT', headers: { Authorization: `Bearer ${key}`, 'Content-Type': type }, body: bytes,
  });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* empty */ }
  return { status: r.status, json, text, headers: r.headers };
}
async function getPhoto(c, mid, key = c.key, url = srv.url) {
  const r = await fetch(`${url}${base(c)}/memories/${mid}/photo`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}
const memories = async (c, q = '') => (await c.api.get(`${base(c)}/memories${q}`)).json.memories;

/** A campaign with one journal-mode game: Ana stamps journal-2 and rapa-nui. */
async function oneNight(players = ['Ana', 'Bo']) {
  const c = await newCampaign(srv.url, { players });
  const [ana, bo] = c.players;
  const g1 = await game(c, [[ana, 'hazel'], [bo, 'scottie']]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-2', player: ana });
  await event(c, g1, { type: 'stamp_goal', player: ana, destination: 'rapa-nui' });
  return { c, ana, bo, g1 };
}

// ---- memories ----

test('POST …/memories: a memory on a journal stamp, a board stamp, an event or the game, listed newest first', async () => {
  const { c, g1 } = await oneNight();
  const journal = await remember(c, { game: g1, text: 'lost the passport in Rome', card: 'journal-2', slot: 0 });
  assert.deepEqual(Object.keys(journal.memory).filter((k) => ['id', 'game', 'card', 'slot', 'destination', 'seq', 'text', 'photo', 'at'].includes(k)).sort(),
    ['at', 'card', 'destination', 'game', 'id', 'photo', 'seq', 'slot', 'text']);
  assert.equal(journal.memory.card, 'journal-2');
  assert.equal(journal.memory.slot, 0);
  assert.equal(journal.memory.photo, false);
  assert.equal(journal.memory.destination, null);
  assert.equal(journal.memory.stamp.player.name, 'Ana');
  const noSlot = await remember(c, { game: g1, text: 'the card of the night', card: 'journal-2' });
  assert.equal(noSlot.memory.slot, 0, 'without a slot: the stamp made on that card in that game');
  const board = await remember(c, { game: g1, text: 'Rapa Nui at last', destination: 'rapa-nui' });
  assert.equal(board.memory.destination, 'rapa-nui');
  const ev = await remember(c, { game: g1, text: 'that roll', seq: 1 });
  assert.equal(ev.memory.seq, 1);
  const night = await remember(c, { game: g1, text: 'pizza night' });
  assert.equal(night.memory.card, null);
  const all = await memories(c);
  assert.deepEqual(all.map((m) => m.text), ['pizza night', 'that roll', 'Rapa Nui at last', 'the card of the night', 'lost the passport in Rome']);
  assert.deepEqual((await memories(c, '?card=journal-2')).map((m) => m.id), [noSlot.memory.id, journal.memory.id]);
  assert.equal((await memories(c, `?game=${g1}`)).length, 5);
  assert.equal((await memories(c, `?game=${g1 + 99}`)).length, 0);
  const viewer = client(srv.url, c.view_key);
  const seen = await viewer.get(`${base(c)}/memories`);
  assert.equal(seen.status, 200, 'either key reads');
  assert.equal((await c.api.get(`${base(c)}/memories?game=abc`)).status, 400);
});

test('POST …/memories: text of 501 characters, a stamp that does not exist, two stamps: 422 and nothing stored', async () => {
  const { c, g1, bo } = await oneNight();
  await remember(c, { game: g1, text: 'é'.repeat(500) });
  const before = (await memories(c)).length;
  const bad = [
    [{ game: g1, text: 'x'.repeat(501) }, 422, /text/],
    [{ game: g1, text: '' }, 422, /text/],
    [{ game: g1, text: 'no such slot', card: 'journal-2', slot: 3 }, 422, /card/],
    [{ game: g1, text: 'never stamped', card: 'journal-5' }, 422, /card/],
    [{ game: g1, text: 'no such card', card: 'journal-404', slot: 0 }, 422, /card/],
    [{ game: g1, text: 'not stamped', destination: 'angkor-wat' }, 422, /destination/],
    [{ game: g1, text: 'two stamps', card: 'journal-2', slot: 0, destination: 'rapa-nui' }, 422, /at most one stamp/],
    [{ game: g1, text: 'a slot alone', slot: 0 }, 422, /slot/],
    [{ game: g1, text: 'no event', seq: 99 }, 422, /seq/],
    [{ game: g1 + 100, text: 'no game' }, 422, /game/],
    [{ game: g1, text: 'extra', mood: 'happy' }, 422, /mood/],
    [{ game: g1, text: 5 }, 400, /text/],
    [{ text: 'no game' }, 400, /game/],
  ];
  for (const [body, status, detail] of bad) {
    const r = await remember(c, body, status);
    assert.match(r.detail, detail, JSON.stringify(body));
  }
  const viewer = client(srv.url, c.view_key);
  assert.equal((await viewer.post(`${base(c)}/memories`, { game: g1, text: 'view key' })).status, 403);
  assert.equal((await client(srv.url).post(`${base(c)}/memories`, { game: g1, text: 'no key' })).status, 401);
  assert.equal((await c.api.post(`${base(c)}/memories`, 'text=hi', { 'Content-Type': 'text/plain' })).status, 415);
  assert.equal((await memories(c)).length, before, 'nothing stored');
  void bo;
});

test('DELETE …/memories/{mid}: 204, the photo with it; 404 after; 405 names the methods', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'to forget' })).memory;
  assert.equal((await putPhoto(c, m.id, png(4, 4), 'image/png')).status, 204);
  assert.equal((await client(srv.url, c.view_key).del(`${base(c)}/memories/${m.id}`)).status, 403);
  const r = await c.api.del(`${base(c)}/memories/${m.id}`);
  assert.equal(r.status, 204);
  assert.equal((await memories(c)).length, 0);
  assert.equal((await getPhoto(c, m.id)).status, 404);
  assert.equal((await c.api.del(`${base(c)}/memories/${m.id}`)).status, 404);
  const wrong = await c.api.post(`${base(c)}/memories/${m.id}`, {});
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get('allow'), 'PATCH, DELETE');
  assert.equal((await c.api.del(`${base(c)}/memories/${m.id}/photo`)).headers.get('allow'), 'GET, HEAD, PUT');
});

/** MEMORY-EDIT: PATCH changes a memory's words in place, as the other routes change what
 * they hold: its id, photo and time kept, its version (its ETag, "<version>") one more;
 * If-Match with an older version, or a weak tag, is 412 problem+json and nothing changes,
 * so two phones cannot both change one memory; DELETE takes If-Match too (issue 40). */
test('MEMORY-EDIT: PATCH …/memories/{mid} changes the words in place, with If-Match and ETag as a game\'s', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'the storm', card: 'journal-2', slot: 0 })).memory;
  assert.equal(m.version, 1, 'a new memory is version 1');
  assert.equal((await putPhoto(c, m.id, JPEG, 'image/jpeg')).status, 204);
  const listed = (await memories(c)).find((x) => x.id === m.id);
  assert.equal(listed.version, 2, 'a photo put is a change too');
  const patch = (body, headers = {}) => fetch(`${srv.url}${base(c)}/memories/${m.id}`, {
    method: 'PATCH', headers: { Authorization: `Bearer ${c.key}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, headers: r.headers, json: await r.json() }));
  const r = await patch({ text: 'the great storm' }, { 'If-Match': '"2"' });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.headers.get('etag'), '"3"');
  assert.deepEqual([r.json.memory.id, r.json.memory.text, r.json.memory.version, r.json.memory.photo, r.json.memory.at, r.json.memory.card, r.json.memory.slot],
    [m.id, 'the great storm', 3, true, m.at, 'journal-2', 0], 'the same memory, its words changed');
  for (const stale of ['"2"', 'W/"3"', '"banana"']) {
    const refused = await patch({ text: 'a third telling' }, { 'If-Match': stale });
    assert.equal(refused.status, 412, `If-Match ${stale}`);
    assert.match(refused.headers.get('content-type'), /application\/problem\+json/);
    assert.match(refused.json.detail, /memory changed/);
  }
  const kept = (await memories(c)).filter((x) => x.game === g1);
  assert.deepEqual(kept.map((x) => [x.id, x.text, x.version]), [[m.id, 'the great storm', 3]], 'nothing changed by the refused edits');
  assert.equal((await getPhoto(c, m.id)).status, 200, 'the photo kept');
  // Without If-Match, or with "*", the change goes through (a client that does not care).
  assert.equal((await patch({ text: 'the storm, again' }, { 'If-Match': '*' })).status, 200);
  assert.equal((await patch({ text: 'the storm, once more' })).status, 200);
  // DELETE: a stale If-Match is 412 and deletes nothing; the current one deletes.
  const del = (tag) => fetch(`${srv.url}${base(c)}/memories/${m.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${c.key}`, 'If-Match': tag } });
  assert.equal((await del('"3"')).status, 412);
  assert.equal((await memories(c)).filter((x) => x.id === m.id).length, 1, 'not deleted');
  assert.equal((await del('"5"')).status, 204);
  assert.equal((await patch({ text: 'gone' }, { 'If-Match': '"5"' })).status, 404);
});

// ---- photos ----

test('PUT …/memories/{mid}/photo: PNG, JPEG and WebP are stored and served with ETag, caching, nosniff and CSP', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'the photo' })).memory;
  assert.equal((await getPhoto(c, m.id)).status, 404, 'no photo yet');
  const first = png(32, 24);
  assert.equal((await putPhoto(c, m.id, first, 'image/png')).status, 204);
  const got = await getPhoto(c, m.id, c.view_key);
  assert.equal(got.status, 200);
  assert.ok(got.bytes.equals(first), 'the very bytes come back');
  assert.equal(got.headers.get('content-type'), 'image/png');
  assert.equal(got.headers.get('cache-control'), 'private, max-age=86400');
  assert.equal(got.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(got.headers.get('content-security-policy'), "default-src 'none'");
  const etag = got.headers.get('etag');
  assert.match(etag, /^"[^"]+"$/);
  assert.equal((await memories(c)).find((x) => x.id === m.id).photo, true);
  for (const [bytes, type] of [[JPEG, 'image/jpeg'], [WEBP, 'image/webp']]) {
    assert.equal((await putPhoto(c, m.id, bytes, type)).status, 204, type);
    const again = await getPhoto(c, m.id);
    assert.equal(again.headers.get('content-type'), type);
    assert.ok(again.bytes.equals(bytes));
    assert.notEqual(again.headers.get('etag'), etag, 'a second PUT replaces the photo with a new ETag');
  }
  assert.equal((await putPhoto(c, m.id, first, 'image/png', c.view_key)).status, 403);
  assert.equal((await putPhoto(c, m.id + 1000, first, 'image/png')).status, 404);
});

test('PUT …/photo: HTML declared as PNG, a 5000x5000 header, 600 KiB, an unaccepted type: a clear 4xx and nothing stored', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'guarded' })).memory;
  const bare = (await remember(c, { game: g1, text: 'bare' })).memory;
  const good = png(8, 8);
  assert.equal((await putPhoto(c, m.id, good, 'image/png')).status, 204);
  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  const cases = [
    [html, 'image/png', 422, /PNG/],
    [html, 'image/jpeg', 422, /JPEG/],
    [html, 'image/webp', 422, /WebP/],
    [JPEG, 'image/png', 422, /PNG/],
    [png(8, 8, { header: [5000, 5000] }), 'image/png', 422, /5000x5000/],
    [png(8, 8, { header: [4097, 16] }), 'image/png', 422, /4097x16/],
    [JPEG.subarray(0, 20), 'image/jpeg', 422, /JPEG/],
    [png(8, 8, { header: [4096, 4096] }), 'image/png', 422, /PNG's pixels do not decode/],
    [good.subarray(0, good.length - 20), 'image/png', 422, /PNG's pixels do not decode/],
    [JPEG.subarray(0, JPEG.length - 40), 'image/jpeg', 422, /cut short/],
    [zTxtBomb(), 'image/png', 422, /more text than a photo/],
    [png(8, 8, { size: 600 * 1024 }), 'image/png', 413, /bytes/],
    [good, 'image/gif', 415, /image\/jpeg/],
    [html, 'text/html', 415, /image\/png/],
    [good, 'application/octet-stream', 415, /image/],
  ];
  for (const [bytes, type, status, detail] of cases) {
    for (const target of [m, bare]) {
      const r = await putPhoto(c, target.id, bytes, type);
      assert.equal(r.status, status, `${type} ${bytes.length} bytes -> ${r.text}`);
      assert.match(r.headers.get('content-type'), /application\/problem\+json/);
      assert.match(r.json.detail, detail);
    }
  }
  const kept = await getPhoto(c, m.id);
  assert.ok(kept.bytes.equals(good), 'the photo before is kept');
  assert.equal((await getPhoto(c, bare.id)).status, 404, 'nothing stored');
  assert.equal((await putPhoto(c, bare.id, png(4096, 4096, { pixel: () => [20, 80, 160] }), 'image/png')).status, 204, '4096x4096 is allowed');
  assert.equal((await putPhoto(c, bare.id, png(8, 8, { size: 512 * 1024 }), 'image/png')).status, 204, '512 KiB is allowed');
});

test('POST /campaigns/import: a photo cut short, or carrying text chunks past the budget, makes the import 422; one zTXt bomb under the budget imports without being inflated', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'exported' })).memory;
  assert.equal((await putPhoto(c, m.id, png(6, 6), 'image/png')).status, 204);
  const doc = (await c.api.get(`${base(c)}/export`)).json;
  const withPhoto = (bytes) => {
    const d = structuredClone(doc);
    d.memories.find((x) => x.text === 'exported').photo.data = bytes.toString('base64');
    return JSON.stringify(d);
  };
  for (const [bytes, detail] of [[png(6, 6).subarray(0, 70), /PNG's pixels do not decode/], [zTxtBomb(48 * 1024), /more text than a photo/]]) {
    const r = await client(srv.url).post('/api/v1/campaigns/import', withPhoto(bytes));
    assert.equal(r.status, 422, r.text.slice(0, 300));
    assert.match(r.json.detail, detail);
  }
  const ok = await client(srv.url).post('/api/v1/campaigns/import', withPhoto(zTxtBomb(20 * 1024)));
  assert.equal(ok.status, 201, ok.text.slice(0, 300));
});

test('a campaign holds at most 16 MiB of photos (507 past it); its export stays importable and holds every photo', async () => {
  const c = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const g = await game(c, [[c.players[0], 'hazel'], [c.players[1], 'scottie']]);
  const full = png(16, 16, { size: 512 * 1024 });
  const ids = [];
  for (let i = 0; i < 33; i++) ids.push((await remember(c, { game: g, text: `photo ${i}` })).memory.id);
  for (let i = 0; i < 32; i++) assert.equal((await putPhoto(c, ids[i], full, 'image/png')).status, 204, `photo ${i}: 16 MiB is allowed`);
  const over = await putPhoto(c, ids[32], png(4, 4), 'image/png');
  assert.equal(over.status, 507, over.text);
  assert.match(over.json.detail, /16777216/);
  assert.equal((await getPhoto(c, ids[32])).status, 404, 'nothing stored');
  assert.equal((await putPhoto(c, ids[0], png(4, 4), 'image/png')).status, 204, 'replacing a photo counts only the new one');
  assert.equal((await putPhoto(c, ids[32], png(4, 4), 'image/png')).status, 204);
  const exp = await c.api.get(`${base(c)}/export`);
  assert.equal(exp.status, 200);
  assert.ok(exp.text.length < 32 * 1024 * 1024, `the export (${exp.text.length} bytes) stays under the import limit`);
  assert.equal(exp.json.version, 4);
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text.slice(0, 300));
  const copy = { cid: imp.json.campaign.id, key: imp.json.key, api: client(srv.url, imp.json.key) };
  const list = await memories(copy);
  assert.equal(list.length, 33);
  assert.equal(list.filter((m) => m.photo).length, 33);
  const one = list.find((m) => m.text === 'photo 5');
  assert.ok((await getPhoto(copy, one.id)).bytes.equals(full));
});

// ---- the journal and payouts ----

test('GET …/journal: each stamp carries its memories; a draw_journal in a later game carries those of the stamps that paid', async () => {
  const { c, ana, bo, g1 } = await oneNight();
  const mem = (await remember(c, { game: g1, text: 'lost the passport in Rome', card: 'journal-2', slot: 0 })).memory;
  assert.equal((await putPhoto(c, mem.id, png(6, 6), 'image/png')).status, 204);
  await event(c, g1, { type: 'end', winner: ana });
  const journal = (await c.api.get(`${base(c)}/journal`)).json;
  const card = journal.cards.find((x) => x.id === 'journal-2');
  assert.deepEqual(card.stamps[0].memories.map((m) => [m.id, m.text, m.photo]), [[mem.id, 'lost the passport in Rome', true]]);
  assert.ok(journal.cards.filter((x) => x.id !== 'journal-2').every((x) => x.stamps.every((s) => s.memories.length === 0)));
  const one = (await c.api.get(`${base(c)}/journal/journal-2`)).json;
  assert.equal(one.stamps[0].memories[0].text, 'lost the passport in Rome');
  // Game 2: Bo draws journal-2; Ana (Hazel) is paid for her stamp, and it comes back.
  const g2 = await game(c, [[ana, 'hazel'], [bo, 'scottie']]);
  const draw = await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  const paid = draw.effects.filter((e) => e.kind === 'journal_payout');
  const anas = paid.find((e) => e.player === ana);
  assert.deepEqual(anas.memories.map((m) => [m.id, m.text, m.photo, m.number, m.stamp.player.name, m.stamp.number]),
    [[mem.id, 'lost the passport in Rome', true, 1, 'Ana', 1]]);
  const bos = paid.find((e) => e.player === bo);
  assert.deepEqual(bos.memories, [], 'Bo\'s new stamp has no memory yet');
  // Another card paying Ana brings back nothing of journal-2.
  const other = await event(c, g2, { type: 'draw_journal', card: 'journal-3', player: ana });
  assert.ok(other.effects.filter((e) => e.kind === 'journal_payout').every((e) => e.memories.length === 0));
});

test('undoing the draw that made a stamp keeps its memories, as memories of the game; the circle stamped again has none', async () => {
  const { c, ana, bo, g1 } = await oneNight();
  const mem = (await remember(c, { game: g1, text: 'the stamp we took back', card: 'journal-3' }, 422));
  assert.match(mem.detail, /card/);
  await event(c, g1, { type: 'draw_journal', card: 'journal-3', player: bo });
  const m = (await remember(c, { game: g1, text: 'the stamp we took back', card: 'journal-3' })).memory;
  assert.equal(m.slot, 0);
  const undo = await c.api.post(`${base(c)}/games/${g1}/undo`);
  assert.equal(undo.status, 200, undo.text);
  const kept = (await memories(c)).find((x) => x.id === m.id);
  assert.deepEqual([kept.text, kept.card, kept.slot, kept.stamp], ['the stamp we took back', null, null, null]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-3', player: ana });
  const card = (await c.api.get(`${base(c)}/journal/journal-3`)).json;
  assert.deepEqual(card.stamps.map((s) => [s.player.id, s.memories.length]), [[ana, 0]], 'the new stamp does not inherit it');
});

// ---- export, import and backups ----

test('export version 3 and later hold memories and photos (base64); import takes versions 1 to 4', async () => {
  const { c, ana, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'on the stamp', card: 'journal-2', slot: 0 })).memory;
  await remember(c, { game: g1, text: 'on the board', destination: 'rapa-nui' });
  await putPhoto(c, m.id, JPEG, 'image/jpeg');
  await win(c, g1, ana);
  const doc = (await c.api.get(`${base(c)}/export`)).json;
  assert.equal(doc.version, 4);
  const exported = doc.memories.find((x) => x.text === 'on the stamp');
  assert.deepEqual([exported.game, exported.card, exported.slot, exported.photo.type], [g1, 'journal-2', 0, 'image/jpeg']);
  assert.ok(Buffer.from(exported.photo.data, 'base64').equals(JPEG));
  const imp = await client(srv.url).post('/api/v1/campaigns/import', doc);
  assert.equal(imp.status, 201, imp.text);
  const copy = { cid: imp.json.campaign.id, key: imp.json.key, api: client(srv.url, imp.json.key) };
  const list = await memories(copy);
  assert.deepEqual(list.map((x) => [x.text, x.card, x.slot, x.destination, x.photo]).sort(),
    [['on the board', null, null, 'rapa-nui', false], ['on the stamp', 'journal-2', 0, null, true]]);
  assert.equal(list[0].at, doc.memories.find((x) => x.text === list[0].text).at, 'the original time');
  const card = (await copy.api.get(`${base(copy)}/journal/journal-2`)).json;
  assert.equal(card.stamps[0].memories[0].text, 'on the stamp');
  assert.ok((await getPhoto(copy, list.find((x) => x.photo).id)).bytes.equals(JPEG));
  // Versions 3, 2 and 1 (no memories) still import; an unknown version does not.
  const v3 = { ...doc, version: 3 };
  delete v3.boxes;
  for (const g of v3.games) delete g.edition;
  assert.equal((await client(srv.url).post('/api/v1/campaigns/import', v3)).status, 201);
  const v2 = { ...v3, version: 2 };
  delete v2.memories;
  assert.equal((await client(srv.url).post('/api/v1/campaigns/import', v2)).status, 201);
  assert.equal((await client(srv.url).post('/api/v1/campaigns/import', { ...doc, version: 5 })).status, 422);
  // A memory that names a stamp the games never made refuses the whole import.
  const bad = structuredClone(doc);
  bad.memories[0].card = 'journal-9';
  bad.memories[0].slot = 2;
  const refused = await client(srv.url).post('/api/v1/campaigns/import', bad);
  assert.equal(refused.status, 422, refused.text);
  const html = structuredClone(doc);
  html.memories.find((x) => x.photo).photo.data = Buffer.from('<html></html>').toString('base64');
  assert.equal((await client(srv.url).post('/api/v1/campaigns/import', html)).status, 422, 'an import\'s photos are checked too');
});

test('a backup holds memories and their photos', async () => {
  const { c, g1 } = await oneNight();
  const m = (await remember(c, { game: g1, text: 'kept in the backup' })).memory;
  const photo = png(10, 10);
  await putPhoto(c, m.id, photo, 'image/png');
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-mem-'));
  try {
    const r = spawnSync(BIN, ['backup', '--db', srv.db, '--to', join(dir, 'test.db')], { encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, 0, r.stderr);
    const restored = await launchServer({ dir });
    try {
      const got = await getPhoto(c, m.id, c.key, restored.url);
      assert.equal(got.status, 200);
      assert.ok(got.bytes.equals(photo));
      const list = await client(restored.url, c.key).get(`${base(c)}/memories`);
      assert.deepEqual(list.json.memories.map((x) => x.text), ['kept in the backup']);
    } finally { await restored.stop(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

// ---- recap ----

test('GET …/recap: the last game, the journal so far, standings and the latest three memories', async () => {
  const { c, ana, bo, g1 } = await oneNight();
  await win(c, g1, ana);
  const g2 = await game(c, [[ana, 'hazel'], [bo, 'scottie']]);
  // g2 is started but nothing happened in it yet: "last time" is still g1.
  let recap = (await c.api.get(`${base(c)}/recap`)).json;
  assert.equal(recap.games, 2);
  assert.equal(recap.last_game.id, g1);
  assert.equal(recap.last_game.status, 'finished');
  assert.equal(recap.last_game.number, 1);
  assert.equal(recap.last_game.winner, ana);
  assert.deepEqual(recap.last_game.stamps.map((s) => [s.destination, s.player.name]).sort(),
    [['angkor-wat', 'Ana'], ['rapa-nui', 'Ana'], ['red-1', 'Ana'], ['red-3', 'Ana']]);
  assert.deepEqual(recap.last_game.journal_stamps.map((s) => [s.card, s.slot, s.player.name]), [['journal-2', 0, 'Ana']]);
  assert.equal(recap.last_game.paid_out, 100);
  assert.ok(recap.last_game.played_at);
  await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  for (const t of ['one', 'two', 'three', 'four']) await remember(c, { game: g2, text: t });
  recap = (await c.api.get(`${base(c)}/recap`)).json;
  assert.equal(recap.last_game.id, g2, 'a game played and not finished (paused) is "last time" (RECAP-PAUSED)');
  assert.equal(recap.journal.stamps, 2);
  assert.equal(recap.journal.paid_out, 100 + 200);
  assert.deepEqual(recap.journal.richest_card, { card: 'journal-2', paid_out: 300 });
  assert.deepEqual(recap.standings.map((s) => [s.player.name, s.wins, s.games, s.journal_paid]), [['Ana', 1, 2, 200], ['Bo', 0, 2, 100]]);
  assert.deepEqual(recap.memories.map((m) => m.text), ['four', 'three', 'two']);
  await event(c, g2, { type: 'end', winner: bo });
  recap = (await client(srv.url, c.view_key).get(`${base(c)}/recap`)).json;
  assert.equal(recap.last_game.id, g2);
  assert.equal(recap.last_game.number, 2);
  const empty = await newCampaign(srv.url);
  const none = (await empty.api.get(`/api/v1/campaigns/${empty.cid}/recap`)).json;
  assert.deepEqual([none.games, none.last_game, none.journal.stamps, none.journal.richest_card, none.standings, none.memories], [0, null, 0, null, [], []]);
});

/** RECAP-PAUSED: "Last time…" counts a paused game (active, played, not finished): it
 * is the last game, with what happened in it so far and its status, and it is one of the
 * last night's games; a game started later in which nothing happened yet is not (issue 40). */
test('RECAP-PAUSED: "Last time…" counts a paused game with what happened in it so far', async () => {
  const { c, ana, bo, g1 } = await oneNight();
  await win(c, g1, ana);
  const g2 = await game(c, [[ana, 'hazel'], [bo, 'scottie']]);
  await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  await event(c, g2, { type: 'stamp_goal', player: bo, destination: 'angkor-wat' });
  // The group stops here: g2 stays active, half-played, until next week.
  const recap = (await client(srv.url, c.view_key).get(`${base(c)}/recap`)).json;
  assert.equal(recap.last_game.id, g2);
  assert.equal(recap.last_game.number, 2);
  assert.equal(recap.last_game.status, 'active');
  assert.equal(recap.last_game.winner, null);
  assert.deepEqual(recap.last_game.stamps.map((s) => [s.destination, s.player.name]), [['angkor-wat', 'Bo']]);
  assert.deepEqual(recap.last_game.journal_stamps.map((s) => [s.card, s.player.name]), [['journal-2', 'Bo']]);
  assert.equal(recap.last_game.paid_out, 300 - 100, 'what the journal paid in it so far');
  assert.deepEqual(recap.last_night.map((g) => [g.id, g.status]), [[g1, 'finished'], [g2, 'active']], 'the paused game is one of the night\'s');
  // A campaign whose only game is paused has a "last time" too.
  const only = await oneNight();
  const alone = (await only.c.api.get(`${base(only.c)}/recap`)).json;
  assert.equal(alone.last_game.id, only.g1);
  assert.equal(alone.last_game.status, 'active');
  assert.deepEqual(alone.last_game.journal_stamps.map((s) => [s.card, s.player.name]), [['journal-2', 'Ana']]);
});

// ---- the night card ----

function xmllint(svg) {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-svg-'));
  const file = join(dir, 'night.svg');
  writeFileSync(file, svg);
  try {
    return spawnSync('xmllint', ['--noout', '--nonet', file], { encoding: 'utf8' });
  } finally { rmSync(dir, { recursive: true, force: true }); }
}
/** The night card's one photo: an <image> whose xlink:href holds the bytes (a data: URI
 * of a photo's type in base64), the only reference the card may make. */
const PHOTO_IMAGE = /<image x="\d+" y="\d+" width="\d+" height="\d+" preserveAspectRatio="xMidYMid meet" xlink:href="data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+=*)"\/>/g;
/** No script, no event handler, no outside reference of any kind: the markup (the
 * text between tags, escaped, is only shown) holds none but the game's photo inside it. */
function assertSelfContained(text) {
  assert.doesNotMatch(text, /<script|<!\[CDATA\[/i);
  const photos = text.match(PHOTO_IMAGE) || [];
  assert.ok(photos.length <= 1, 'one photo at most');
  const markup = photos.length ? text.replace(PHOTO_IMAGE, '').replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', '') : text;
  const svg = markup.replace(/>[^<]*</g, '><');
  assert.doesNotMatch(svg, /&/, 'no entity or character reference in the markup itself');
  assert.doesNotMatch(svg, /<(image|use|a|foreignObject|iframe|style|link)\b/i);
  assert.doesNotMatch(svg, /\shref\s*=|xlink:|url\(|@import/i);
  assert.doesNotMatch(svg, /\son[a-z]+\s*=/i);
  assert.deepEqual(svg.match(/[a-z]+:\/\/[^"'\s<]*/gi), ['http://www.w3.org/2000/svg'], 'only the SVG namespace');
  assert.doesNotMatch(svg, /<!DOCTYPE|<!ENTITY/i);
}

test('GET …/games/{gid}/summary.svg: valid SVG 1.1 (xmllint), self-contained whatever the names hold, in en, fr and ro; 409 unfinished', async () => {
  const evil = ['<script>alert(1)</script>', '"><image href="http://evil.example/x.png"/><a href="javascript:x">'];
  const { c, ana, g1 } = await oneNight(evil);
  const m = await remember(c, { game: g1, text: 'first memory <b onload="x()">&amp; ]]> url(http://x)</b>' });
  assert.ok(m.memory.id);
  const early = await c.api.get(`${base(c)}/games/${g1}/summary.svg`);
  assert.equal(early.status, 409, 'not finished yet');
  await win(c, g1, ana);
  for (const [lang, word] of [[undefined, 'Winner'], ['en', 'Winner'], ['fr', 'Vainqueur'], ['ro', 'Câștigător']]) {
    const r = await client(srv.url, c.view_key).get(`${base(c)}/games/${g1}/summary.svg${lang ? `?lang=${lang}` : ''}`);
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type'), /^image\/svg\+xml/);
    assert.equal(r.headers.get('content-security-policy'), "default-src 'none'; img-src data:");
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    const svg = r.text;
    const lint = xmllint(svg);
    assert.equal(lint.status, 0, `xmllint: ${lint.stderr}`);
    assertSelfContained(svg);
    assert.match(svg, /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" version="1\.1"/);
    assert.ok(svg.includes(word), `${lang}: ${word}`);
    assert.ok(svg.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the name is shown, escaped');
    assert.ok(svg.includes('first memory &lt;b onload=&quot;x()&quot;&gt;&amp;amp;'), 'the memory is shown, escaped');
    assert.ok(svg.includes('Travel World Tour'), 'the edition');
    assert.match(svg, /4 /, 'Ana\'s four stamps');
  }
  assert.equal((await c.api.get(`${base(c)}/games/${g1}/summary.svg?lang=de`)).status, 422);
  assert.equal((await c.api.get(`${base(c)}/games/${g1 + 100}/summary.svg`)).status, 404);
  // Abandoned is not finished either.
  const g2 = await game(c, [[c.players[0], 'hazel'], [c.players[1], 'scottie']]);
  await event(c, g2, { type: 'end' });
  assert.equal((await c.api.get(`${base(c)}/games/${g2}/summary.svg`)).status, 409);
  // A banker game shows the cash.
  const b = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const bg = await game(b, [[b.players[0], 'hazel'], [b.players[1], 'scottie']], 'banker');
  await event(b, bg, { type: 'end', winner: b.players[1] });
  const banker = await b.api.get(`/api/v1/campaigns/${b.cid}/games/${bg}/summary.svg?lang=fr`);
  assert.equal(banker.status, 200);
  assert.equal(xmllint(banker.text).status, 0);
  assert.match(banker.text, /1500 argent/);
  assertSelfContained(banker.text);
});

test('the night card stays well-formed whatever the memory holds (control characters, long text)', async () => {
  const { c, ana, g1 } = await oneNight();
  await remember(c, { game: g1, text: 'tab\there\u0001\u001fend \uffff ' + 'ș'.repeat(400) });
  await win(c, g1, ana);
  const r = await c.api.get(`${base(c)}/games/${g1}/summary.svg?lang=ro`);
  assert.equal(r.status, 200);
  const lint = xmllint(r.text);
  assert.equal(lint.status, 0, lint.stderr);
  assertSelfContained(r.text);
  void execFileSync; void copyFileSync;
});

/** NIGHT-CARD-PHOTO: the night card carries the game's first photo (of its earliest
 * memory that has one), its very bytes inside the card, which xmllint still reads and
 * which stays self-contained; a game without a photo has none (issue 40). */
test('NIGHT-CARD-PHOTO: the night card carries the game\'s first photo, inside it', async () => {
  const { c, ana, g1 } = await oneNight();
  const plain = (await remember(c, { game: g1, text: 'no photo here' })).memory;
  const first = (await remember(c, { game: g1, text: 'the harbour' })).memory;
  const second = (await remember(c, { game: g1, text: 'the summit' })).memory;
  assert.equal((await putPhoto(c, second.id, WEBP, 'image/webp')).status, 204);
  assert.equal((await putPhoto(c, first.id, JPEG, 'image/jpeg')).status, 204);
  await win(c, g1, ana);
  const r = await client(srv.url, c.view_key).get(`${base(c)}/games/${g1}/summary.svg?lang=ro`);
  assert.equal(r.status, 200, r.text);
  assert.equal(xmllint(r.text).status, 0, xmllint(r.text).stderr);
  assertSelfContained(r.text);
  const found = [...r.text.matchAll(PHOTO_IMAGE)];
  assert.equal(found.length, 1, 'one photo');
  assert.equal(found[0][1], 'jpeg', 'the first photo, of the earliest memory that has one');
  assert.ok(Buffer.from(found[0][2], 'base64').equals(JPEG), 'its very bytes');
  assert.ok(r.text.includes('no photo here'), 'the earliest memory\'s words stay');
  assert.match(r.headers.get('content-security-policy'), /img-src data:/, 'a browser opening the card shows its photo');
  // A game none of whose memories has a photo: no <image>.
  const other = await oneNight();
  await remember(other.c, { game: other.g1, text: 'words only' });
  await win(other.c, other.g1, other.ana);
  const none = (await other.c.api.get(`${base(other.c)}/games/${other.g1}/summary.svg`)).text;
  assert.doesNotMatch(none, /<image|xlink/);
  void plain;
});

// ---- the OpenAPI document ----

test('openapi.json: every answer of the memories routes keeps to the document (through Prism)', async () => {
  const prism = await startPrism(srv.url);
  const { url } = prism;
  try {
    const { c, ana, g1 } = await oneNight();
    const via = { ...c, api: client(url, c.key) };
    const flagged = [];
    const check = (what, r) => {
      const type = r.json && typeof r.json === 'object' ? String(r.json.type || '') : '';
      if (type.includes('stoplight.io/prism') || r.headers.get('sl-violations')) flagged.push(`${what}: ${r.text.slice(0, 800)} ${r.headers.get('sl-violations') || ''}`);
      return r;
    };
    const m = check('POST memories', await via.api.post(`${base(c)}/memories`, { game: g1, text: 'through prism', card: 'journal-2', slot: 0 })).json.memory;
    check('POST memories 422', await via.api.post(`${base(c)}/memories`, { game: g1, text: 'no such stamp', card: 'journal-9', slot: 2 }));
    check('GET memories', await via.api.get(`${base(c)}/memories?card=journal-2&game=${g1}`));
    await win(c, g1, ana);
    check('GET journal', await via.api.get(`${base(c)}/journal`));
    check('GET journal card', await via.api.get(`${base(c)}/journal/journal-2`));
    check('GET recap', await via.api.get(`${base(c)}/recap`));
    check('GET export', await via.api.get(`${base(c)}/export`));
    const g2 = await game(c, [[ana, 'hazel'], [c.players[1], 'scottie']]);
    check('draw_journal', await via.api.post(`${base(c)}/games/${g2}/events`, { type: 'draw_journal', card: 'journal-2', player: c.players[1] }));
    const viaRaw = async (what, method, path, body, type) => {
      const r = await fetch(`${url}${base(c)}${path}`, { method, headers: { Authorization: `Bearer ${c.key}`, ...(type ? { 'Content-Type': type } : {}) }, body });
      const text = await r.text();
      let json = null;
      try { json = JSON.parse(text); } catch { /* not JSON */ }
      return check(what, { status: r.status, headers: r.headers, text, json });
    };
    // Prism's proxy does not pass binary bodies through unchanged: photos go direct.
    assert.equal((await putPhoto(c, m.id, png(5, 5), 'image/png')).status, 204);
    assert.equal((await viaRaw('PUT photo 422', 'PUT', `/memories/${m.id}/photo`, Buffer.from('<html>'), 'image/png')).status, 422);
    assert.equal((await viaRaw('GET photo', 'GET', `/memories/${m.id}/photo`)).status, 200);
    assert.equal((await viaRaw('GET summary.svg', 'GET', `/games/${g1}/summary.svg?lang=fr`)).status, 200);
    assert.equal((await viaRaw('GET summary.svg 409', 'GET', `/games/${g2}/summary.svg`)).status, 409);
    check('DELETE memory', await via.api.del(`${base(c)}/memories/${m.id}`));
    check('DELETE memory 404', await via.api.del(`${base(c)}/memories/${m.id}`));
    assert.deepEqual(flagged, []);
  } finally {
    await prism.stop();
  }
});

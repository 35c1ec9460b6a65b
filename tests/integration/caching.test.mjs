// caching.test.mjs -- API.md "Further additions (2026-12-c)", caching: every GET answer
// with an ETag (games, states, boards, journal, photos, the UI's static files) answers
// an If-None-Match that matches with 304 and no body; the board and the journal carry
// an ETag that changes with them; static files carry an ETag and `Cache-Control:
// no-cache` and are sent gzip-compressed when the request accepts it (`Content-Encoding:
// gzip`, `Vary: Accept-Encoding`), compressed once at start, not per request.
// node:http rather than fetch(): fetch() asks for gzip itself and hides the encoding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { readFileSync, mkdtempSync, cpSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const JPEG = readFileSync(new URL('./fixtures/photo.jpg', import.meta.url));

/** One request with exactly these headers: {status, headers, body (Buffer, as sent)}. */
function get(url, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The 200 at url (with auth) has an ETag, and asking again with it is 304, no body. */
async function assertRevalidates(url, auth = {}) {
  const first = await get(url, auth);
  assert.equal(first.status, 200, first.body.toString());
  const etag = first.headers.etag;
  assert.ok(etag, `${url} has an ETag`);
  for (const method of ['GET', 'HEAD']) {
    const again = await get(url, { ...auth, 'If-None-Match': etag }, method);
    assert.equal(again.status, 304, `${method} ${url} with its ETag`);
    assert.equal(again.body.length, 0, 'a 304 has no body');
    assert.equal(again.headers.etag, etag, 'a 304 names the ETag it matched');
    const len = again.headers['content-length'];
    assert.ok(len === undefined || len === first.headers['content-length'],
      `${method} ${url}: a 304's Content-Length is absent or its 200's (${first.headers['content-length']}), not ${len}`);
  }
  const listed = await get(url, { ...auth, 'If-None-Match': `"nope", W/${etag}` });
  assert.equal(listed.status, 304, 'If-None-Match compares weakly, in a list');
  const other = await get(url, { ...auth, 'If-None-Match': '"something-else"' });
  assert.equal(other.status, 200, 'another ETag gets the body');
  assert.ok(other.body.length > 0);
  return etag;
}

test('games, states, boards, the journal and photos answer a matching If-None-Match with 304', async () => {
  const c = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const auth = { Authorization: `Bearer ${c.key}` };
  const base = `${srv.url}/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const gid = g.json.game.id;
  const gameTag = await assertRevalidates(`${base}/games/${gid}`, auth);
  await assertRevalidates(`${base}/games/${gid}/state`, auth);
  const boardTag = await assertRevalidates(`${base}/board`, auth);
  const journalTag = await assertRevalidates(`${base}/journal`, auth);
  await assertRevalidates(`${base}/journal/journal-2`, auth);

  // A change makes the old ETags stale: the body again, with a new ETag.
  const e = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${gid}/events`, { type: 'draw_journal', card: 'journal-2', player: c.players[0] });
  assert.equal(e.status, 201, e.text);
  const game = await get(`${base}/games/${gid}`, { ...auth, 'If-None-Match': gameTag });
  assert.equal(game.status, 200, 'the game changed');
  assert.notEqual(game.headers.etag, gameTag);
  const journal = await get(`${base}/journal`, { ...auth, 'If-None-Match': journalTag });
  assert.equal(journal.status, 200, 'the journal changed with the stamp');
  assert.notEqual(journal.headers.etag, journalTag);
  const put = await c.api.put(`/api/v1/campaigns/${c.cid}/board/destinations/rapa-nui`, { name: 'Rapa Nui (Easter Island)' });
  assert.equal(put.status, 200, put.text);
  const board = await get(`${base}/board`, { ...auth, 'If-None-Match': boardTag });
  assert.equal(board.status, 200, 'the board changed with its edit');
  assert.notEqual(board.headers.etag, boardTag);

  // A photo.
  const m = await c.api.post(`/api/v1/campaigns/${c.cid}/memories`, { game: gid, text: 'the beach' });
  assert.equal(m.status, 201, m.text);
  const ph = await fetch(`${base}/memories/${m.json.memory.id}/photo`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'image/jpeg' }, body: JPEG });
  assert.ok(ph.status >= 200 && ph.status < 300, `${ph.status} ${await ph.text()}`);
  await assertRevalidates(`${base}/memories/${m.json.memory.id}/photo`, auth);

  // Without the key the ETag does not help: 401, not 304.
  const noKey = await get(`${base}/games/${gid}`, { 'If-None-Match': game.headers.etag });
  assert.equal(noKey.status, 401);
});

/** Send text on one connection and resolve with all the server wrote until it closed. */
function exchange(port, text) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => sock.write(text, 'latin1'));
    const chunks = [];
    sock.on('data', (d) => chunks.push(d));
    sock.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    sock.on('error', reject);
  });
}

/** The 304 that If-None-Match: etag gets at path (with headers), then on the same
 * connection a health request: the 304's head must be followed at once by the next
 * answer (no body), and its Content-Length, if any, must be want (RFC 9110 8.6). */
async function assertFramed304(path, etag, want, headers = '') {
  const wire = await exchange(srv.port,
    `GET ${path} HTTP/1.1\r\nHost: a\r\n${headers}If-None-Match: ${etag}\r\n\r\n` +
    'GET /api/v1/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
  const end = wire.indexOf('\r\n\r\n');
  const head = wire.slice(0, end);
  assert.match(head, /^HTTP\/1\.1 304 /, wire);
  const lens = [...head.matchAll(/^content-length:\s*(\S*)$/gim)].map((m) => m[1]);
  assert.ok(lens.length === 0 || (lens.length === 1 && lens[0] === String(want)),
    `${path}: the 304 names no length but its 200's (${want}): ${JSON.stringify(lens)}`);
  assert.match(wire.slice(end + 4), /^HTTP\/1\.1 200 /, `${path}: the next answer follows the 304's head at once`);
}

test('a 304 carries no Content-Length other than its 200\'s, and no body', async () => {
  for (const enc of ['', 'Accept-Encoding: gzip\r\n']) {
    const h = enc ? { 'Accept-Encoding': 'gzip' } : {};
    const ok = await get(`${srv.url}/js/app.js`, h);
    assert.equal(ok.status, 200);
    assert.equal(Number(ok.headers['content-length']), ok.body.length);
    await assertFramed304('/js/app.js', ok.headers.etag, ok.body.length, enc);
  }
  const c = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const auth = `Authorization: Bearer ${c.key}\r\n`;
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  for (const path of [`/api/v1/campaigns/${c.cid}/games/${g.json.game.id}`, `/api/v1/campaigns/${c.cid}/board`, `/api/v1/campaigns/${c.cid}/journal`]) {
    const ok = await get(`${srv.url}${path}`, { Authorization: `Bearer ${c.key}` });
    assert.equal(ok.status, 200, ok.body.toString());
    // Twice: the first answer built, the next from the response the server holds.
    await assertFramed304(path, ok.headers.etag, ok.body.length, auth);
    await assertFramed304(path, ok.headers.etag, ok.body.length, auth);
  }
});

test('static files: an ETag, Cache-Control no-cache, Vary, and 304 for each form', async () => {
  for (const path of ['/', '/js/app.js', '/css/app.css', '/favicon.svg']) {
    const plain = await get(`${srv.url}${path}`);
    assert.equal(plain.status, 200, path);
    assert.equal(plain.headers['cache-control'], 'no-cache', path);
    assert.equal(plain.headers.vary, 'Accept-Encoding', path);
    assert.equal(plain.headers['content-encoding'], undefined, `${path}: not compressed unless asked`);
    await assertRevalidates(`${srv.url}${path}`);
    await assertRevalidates(`${srv.url}${path}`, { 'Accept-Encoding': 'gzip' });
  }
});

test('static text files are sent gzip-compressed when accepted, and decompress to the file', async () => {
  for (const [path, file] of [['/', 'static/index.html'], ['/js/app.js', 'static/js/app.js'], ['/css/app.css', 'static/css/app.css']]) {
    const want = readFileSync(file);
    const gz = await get(`${srv.url}${path}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(gz.status, 200);
    assert.equal(gz.headers['content-encoding'], 'gzip', path);
    assert.equal(gz.headers.vary, 'Accept-Encoding');
    assert.ok(gz.body.length < want.length, `${path}: smaller compressed`);
    assert.deepEqual(gunzipSync(gz.body), want, `${path}: the file itself`);
    const plain = await get(`${srv.url}${path}`, { 'Accept-Encoding': 'identity' });
    assert.deepEqual(plain.body, want);
    assert.notEqual(plain.headers.etag, gz.headers.etag, 'each form has its own ETag');
    for (const refused of ['gzip;q=0', 'gzip; q=0.000, identity', '*;q=0', 'br']) {
      const r = await get(`${srv.url}${path}`, { 'Accept-Encoding': refused });
      assert.equal(r.headers['content-encoding'], undefined, `${refused}: not gzip`);
      assert.deepEqual(r.body, want);
    }
    const star = await get(`${srv.url}${path}`, { 'Accept-Encoding': '*' });
    assert.equal(star.headers['content-encoding'], 'gzip', '* accepts gzip');
  }
});

test('a static file changed after the start is sent as it is now, under a new ETag', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-static-'));
  cpSync('static', dir, { recursive: true });
  const s = await startServer({ staticDir: dir });
  try {
    const before = await get(`${s.url}/js/app.js`, { 'Accept-Encoding': 'gzip' });
    assert.equal(before.headers['content-encoding'], 'gzip');
    const text = `// changed\n${readFileSync(join(dir, 'js/app.js'), 'utf8')}`;
    writeFileSync(join(dir, 'js/app.js'), text);
    const after = await get(`${s.url}/js/app.js`, { 'Accept-Encoding': 'gzip', 'If-None-Match': before.headers.etag });
    assert.equal(after.status, 200, 'the old ETag is stale');
    const body = after.headers['content-encoding'] === 'gzip' ? gunzipSync(after.body) : after.body;
    assert.equal(body.toString(), text, 'never the compressed copy of the old file');
    assert.notEqual(after.headers.etag, before.headers.etag);
  } finally {
    await s.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

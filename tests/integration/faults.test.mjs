// faults.test.mjs -- API.md "Further additions (2026-12-b)": faults answered truthfully
// and hostile input refused. A server whose port is taken refuses to start; HEAD on
// every GET route; 404 for unknown paths whatever the method, 405 with Allow for a
// known one; names trimmed, NFC-normalised and refused when empty, with control, bidi
// or zero-width characters, or taken (ignoring case); a weak If-Match never matches;
// two Host headers 400; an encoded slash is no path separator; a space index 01 is no
// space 1; an import or a box file that a route would refuse is refused, and nothing
// is stored by any of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, startServer, client, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

function assertProblem(r, status, field) {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  assert.equal(r.json.status, status);
  if (field) assert.match(r.json.detail, new RegExp(field), r.json.detail);
}

// Run `stampbook serve` on port until it exits (or 10 s); {code, output}.
function serveOnce(port, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-taken-'));
  return new Promise((resolve) => {
    const p = spawn(BIN, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', join(dir, 't.db'), '--static', 'static', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    p.stderr.on('data', (d) => { output += d; });
    const timer = setTimeout(() => p.kill('SIGKILL'), 10000);
    p.on('exit', (code, sig) => { clearTimeout(timer); rmSync(dir, { recursive: true, force: true }); resolve({ code: code ?? sig, output }); });
  });
}

// Raw HTTP/1.1 on a socket: the status line's code and the whole answer.
function raw(port, text) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = '';
    sock.on('connect', () => sock.write(text));
    sock.on('data', (d) => { buf += d.toString('latin1'); if (/\r\n\r\n/.test(buf) && /content-length: *(\d+)/i.test(buf)) { const n = Number(/content-length: *(\d+)/i.exec(buf)[1]); if (buf.length >= buf.indexOf('\r\n\r\n') + 4 + n) sock.end(); } });
    const done = () => { const m = /^HTTP\/1\.[01] (\d{3})/.exec(buf); resolve({ status: m ? Number(m[1]) : 0, text: buf }); };
    sock.on('end', done);
    sock.on('error', done);
    setTimeout(() => { sock.destroy(); done(); }, 3000);
  });
}

test('a second stampbook on a taken port exits non-zero with a clear message, and the first keeps answering', async () => {
  const c = await newCampaign(srv.url, { name: 'First' });
  const second = await serveOnce(srv.port);
  assert.notEqual(second.code, 0, second.output);
  assert.match(second.output, /port is taken/, second.output);
  for (let i = 0; i < 20; i++) {
    const r = await c.api.get(`/api/v1/campaigns/${c.cid}`);
    assert.equal(r.status, 200, 'every read reaches the first server');
  }
});

test('a port taken by another program (not a stampbook) is refused too', async () => {
  const other = net.createServer(() => {});
  await new Promise((r) => other.listen(0, '127.0.0.1', r));
  try {
    const res = await serveOnce(other.address().port);
    assert.notEqual(res.code, 0, res.output);
    assert.match(res.output, /port is taken/);
  } finally { other.close(); }
});

test('HEAD is answered on every GET route with the GET\'s status and headers and no body', async () => {
  const c = await newCampaign(srv.url, { name: 'Heads', players: ['Ann', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const gid = g.json.game.id;
  const base = `/api/v1/campaigns/${c.cid}`;
  const paths = ['/api/v1/health', '/api/v1/editions', '/api/v1/editions/classic', '/api/v1/openapi.json', '/metrics',
    base, `${base}/board`, `${base}/players`, `${base}/games`, `${base}/games/${gid}`, `${base}/games/${gid}/state`,
    `${base}/games/${gid}/events`, `${base}/games/${gid}/stream`, `${base}/journal`, `${base}/journal/journal-1`, `${base}/stats`,
    `${base}/export`, `${base}/export/plays.csv`, `${base}/export/bgg`, `${base}/export/bgstats`, `${base}/export/bgg.xml`,
    `${base}/games/999`, '/', '/index.html'];
  for (const p of paths) {
    const h = { Authorization: `Bearer ${c.key}` };
    const head = await fetch(srv.url + p, { method: 'HEAD', headers: h });
    const body = await head.arrayBuffer();
    assert.equal(body.byteLength, 0, `HEAD ${p} has no body`);
    if (p.endsWith('/stream')) { assert.equal(head.status, 200); assert.match(head.headers.get('content-type'), /event-stream/); continue; }
    const get = await fetch(srv.url + p, { headers: h });
    await get.arrayBuffer();
    assert.equal(head.status, get.status, `HEAD ${p}`);
    assert.equal(head.headers.get('content-type'), get.headers.get('content-type'), `HEAD ${p}`);
    if (get.headers.get('etag')) assert.equal(head.headers.get('etag'), get.headers.get('etag'));
  }
  const health = await fetch(`${srv.url}/api/v1/health`, { method: 'HEAD' });
  assert.equal(health.status, 200, 'a monitor probing with HEAD sees the service up');
});

test('an unknown path is 404 whatever the method; a known path with the wrong method 405 with Allow', async () => {
  for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
    for (const p of ['/no-such-file.txt', '/api/v1/nothing', '/api/v2/health', '/js/none.js']) {
      const r = await fetch(srv.url + p, { method: m });
      await r.arrayBuffer();
      assert.equal(r.status, 404, `${m} ${p}`);
    }
  }
  const post = await client(srv.url).post('/api/v1/health', {});
  assertProblem(post, 405);
  assert.match(post.headers.get('allow'), /GET/);
  assert.match(post.headers.get('allow'), /HEAD/);
  const del = await client(srv.url).del('/index.html');
  assertProblem(del, 405);
  assert.equal(del.headers.get('allow'), 'GET, HEAD');
  const c = await newCampaign(srv.url);
  const put = await c.api.put(`/api/v1/campaigns/${c.cid}`, { name: 'x' });
  assertProblem(put, 405);
  assert.equal(put.headers.get('allow'), 'GET, HEAD, PATCH');
});

test('the journal reads on any edition: a classic campaign with an active game', async () => {
  const c = await newCampaign(srv.url, { name: 'Classic night', edition: 'classic', players: ['Ann', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'results', seats: [{ player: c.players[0], token: 'the boot' }, { player: c.players[1], token: 'top hat' }] });
  assert.equal(g.status, 201, g.text);
  const j = await c.api.get(`/api/v1/campaigns/${c.cid}/journal`);
  assert.equal(j.status, 200, j.text);
  assert.ok(Array.isArray(j.json.cards));
  const card = j.json.cards[0]?.id || 'journal-1';
  const one = await c.api.get(`/api/v1/campaigns/${c.cid}/journal/${card}`);
  assert.ok(one.status === 200 || (one.status === 404 && j.json.cards.length === 0), one.text);
});

test('libmicrohttpd\'s own messages go through the server\'s log, marked, never inside an access-log line', async () => {
  const s = await startServer();
  try {
    // A request line libmicrohttpd itself refuses makes it say something.
    await raw(s.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a\r\nBad Header Without Colon\r\n\r\n');
    await raw(s.port, 'GARBAGE\r\n\r\n');
    await fetch(`${s.url}/api/v1/health`).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 100));
    const lines = s.output.split('\n').filter(Boolean);
    const access = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [A-Z\\x0-9]+ \S+ \d{1,3} \d+$/;
    for (const l of lines) {
      if (/stampbook/.test(l)) continue;
      assert.match(l, access, `a line that is neither an access-log line nor marked: ${JSON.stringify(l)}`);
    }
    assert.ok(lines.some((l) => / stampbook: libmicrohttpd: /.test(l)), `libmicrohttpd said something, marked:\n${s.output}`);
  } finally { await s.cleanup(); }
});

test('two Host headers are 400; an encoded slash is no path separator, under a base path too', async () => {
  const two = await raw(srv.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n');
  assert.equal(two.status, 400, two.text);
  assert.match(two.text, /application\/problem\+json/);
  const one = await raw(srv.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n');
  assert.equal(one.status, 200);
  const enc = await raw(srv.port, 'GET /api%2fv1/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
  assert.equal(enc.status, 404, enc.text);
  const s = await startServer({ args: ['--base-path', '/sb'], healthPath: '/sb/api/v1/health' });
  try {
    for (const p of ['/sb%2fapi/v1/health', '/sb%2Fapi/v1/health', '/sb/api%2Fv1/health']) {
      const r = await raw(s.port, `GET ${p} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
      assert.equal(r.status, 404, `${p}: ${r.text}`);
    }
    assert.equal((await raw(s.port, 'GET /sb/api/v1/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')).status, 200);
  } finally { await s.cleanup(); }
});

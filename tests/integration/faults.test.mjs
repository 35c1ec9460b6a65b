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

// The id the next campaign will get: made and counted, so a refused creation that
// stored a campaign shows as a gap.
async function nextCampaignId() {
  return (await newCampaign(srv.url, { name: 'Counter' })).cid + 1;
}

// The whole of a campaign as it reads, to see that a refused request changed nothing.
async function snapshot(c) {
  const base = `/api/v1/campaigns/${c.cid}`;
  const parts = await Promise.all([base, `${base}/players`, `${base}/board`, `${base}/games`].map((p) => c.api.get(p)));
  return parts.map((r) => r.text);
}

test('names: trimmed and NFC before they are kept and compared; empty, control, bidi or zero-width 422; a player name taken ignoring case 409; nothing stored', async () => {
  const c = await newCampaign(srv.url, { name: '  Spaced  ' });
  const got = await c.api.get(`/api/v1/campaigns/${c.cid}`);
  assert.equal(got.json.campaign.name, 'Spaced', 'the campaign name is trimmed');
  const p = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: ' Jose\u0301 ' });
  assert.equal(p.status, 201, p.text);
  assert.equal(p.json.name, 'Jos\u00e9', 'trimmed and NFC');
  const before = await snapshot(c);
  const next = await nextCampaignId();
  const bad = {
    '   ': 'empty', '\u3000 \u00a0': 'empty', '\u3000\t': 'control', 'Ann\n': 'control', 'Ann\u0007': 'control', 'Ann\nBo': 'control', 'Ann\u2028': 'line break',
    'Ann\u202eoB': 'bidi', '\u2066Ann\u2069': 'bidi', 'Ann\u200f': 'bidi', 'A\u200bnn': 'zero-width',
    'Ann\u2060': 'zero-width', '\ufeffAnn': 'zero-width', '\u200dAnn': 'joiner', '\u3164': 'zero-width|empty',
  };
  for (const [name, why] of Object.entries(bad)) {
    for (const [method, path] of [['POST', `/api/v1/campaigns/${c.cid}/players`], ['PATCH', `/api/v1/campaigns/${c.cid}/players/${p.json.id}`], ['PATCH', `/api/v1/campaigns/${c.cid}`]]) {
      const r = await c.api.call(method, path, { name });
      assertProblem(r, 422, 'name');
      assert.match(r.json.detail, new RegExp(why), `${JSON.stringify(name)}: ${r.json.detail}`);
    }
    assertProblem(await client(srv.url).post('/api/v1/campaigns', { name }), 422, 'name');
  }
  for (const dup of ['JOSÉ', 'jose\u0301', ' José', 'josé']) {
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: dup });
    assertProblem(r, 409, 'name');
  }
  assert.deepEqual(await snapshot(c), before, 'no refused name changed anything');
  const other = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: 'Bo' });
  assert.equal(other.status, 201);
  assertProblem(await c.api.patch(`/api/v1/campaigns/${c.cid}/players/${other.json.id}`, { name: 'JOSE\u0301' }), 409, 'name');
  assert.equal((await c.api.patch(`/api/v1/campaigns/${c.cid}/players/${other.json.id}`, { name: 'BO' })).status, 200, 'a player may change the case of their own name');
  await c.api.patch(`/api/v1/campaigns/${c.cid}/players/${other.json.id}`, { name: 'Bo' });
  // The 80 characters are counted once trimmed and normalised.
  assert.equal((await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: `   ${'e\u0301'.repeat(80)}   ` })).status, 201);
  for (const name of ['x'.repeat(81), ' '.repeat(400) + 'x']) {
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name });
    assertProblem(r, 422, 'at most 80 characters');
  }
  // An emoji with joiners and a variation selector is a name.
  const fam = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: 'Fam \u{1F468}\u200d\u{1F469}\u200d\u{1F467} \u2764\ufe0f' });
  assert.equal(fam.status, 201, fam.text);
  assert.equal(await nextCampaignId(), next + 1, 'no refused campaign was stored');
});

test('If-Match compares strongly: a weak ETag never matches (412) and nothing is appended', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  const game = `/api/v1/campaigns/${c.cid}/games/${g.json.game.id}`;
  const etag = (await c.api.get(game)).headers.get('etag');
  assert.match(etag, /^"\d+"$/);
  const weak = await c.api.post(`${game}/events`, { type: 'note', text: 'x' }, { 'If-Match': `W/${etag}` });
  assertProblem(weak, 412);
  assert.equal((await c.api.get(`${game}/events`)).json.events.length, 0);
  const strong = await c.api.post(`${game}/events`, { type: 'note', text: 'x' }, { 'If-Match': etag });
  assert.equal(strong.status, 201, strong.text);
});

test('a space index is spelled one way: 01 is not space 1 (404) and the board is unchanged', async () => {
  const c = await newCampaign(srv.url);
  const before = await snapshot(c);
  for (const idx of ['01', '00', '001', '+1', '1.0']) {
    const r = await c.api.put(`/api/v1/campaigns/${c.cid}/board/spaces/${idx}`, { name: 'Hacked' });
    assert.ok(r.status === 404 || r.status === 422, `${idx}: ${r.status} ${r.text}`);
  }
  assert.deepEqual(await snapshot(c), before);
  assert.equal((await c.api.put(`/api/v1/campaigns/${c.cid}/board/spaces/1`, { name: 'Fine' })).status, 200);
});

test('box files: a token colour that is not a plain colour, an unknown field, or a TWT board called deal (results only) or classic is 422 naming it, and creates nothing', async () => {
  const a = await newCampaign(srv.url);
  const box = (await a.api.get(`/api/v1/campaigns/${a.cid}/board`)).json;
  const next = await nextCampaignId();
  const cases = [
    [(b) => { b.tokens[0].colour = '</style><script>alert(1)</script>'; }, 'tokens\\[0\\]\\.colour'],
    [(b) => { b.tokens[1].colour = 'url(javascript:alert(1))'; }, 'tokens\\[1\\]\\.colour'],
    [(b) => { b.tokens[1].colour = 'red;background:url(x)'; }, 'colour'],
    [(b) => { b.tokens[0].colour = '#12345'; }, 'colour'],
    [(b) => { b.evil = 1; }, "unknown field 'evil'"],
    [(b) => { b.destinations[2].onclick = 'x'; }, "destinations\\[2\\]: unknown field 'onclick'"],
    [(b) => { b.tokens[0].style = 'x'; }, "tokens\\[0\\]: unknown field 'style'"],
    [(b) => { b.spaces[5].extra = true; }, 'spaces\\[5\\]'],
    [(b) => { b.journal[0].x = 1; }, 'journal\\[0\\]'],
    [(b) => { b.chance[0].x = 1; }, 'chance\\[0\\]'],
    [(b) => { b.edition = 'deal'; }, 'board\\.edition'], // an edition of results only: no box of its own
    [(b) => { b.edition = 'classic'; }, 'spaces\\[1\\]\\.kind'], // read by the classic bank, which has no such space
  ];
  for (const [spoil, field] of cases) {
    const bad = structuredClone(box);
    spoil(bad);
    const r = await client(srv.url).post('/api/v1/campaigns', { name: 'Bad box', board: bad });
    assertProblem(r, 422, field);
  }
  const ok = structuredClone(box);
  ok.tokens[0].colour = '#a0b1c2';
  ok.tokens[1].colour = 'rebeccapurple';
  const good = await client(srv.url).post('/api/v1/campaigns', { name: 'Good box', board: ok });
  assert.equal(good.status, 201, good.text);
  assert.equal(good.json.campaign.id, next, 'no refused box made a campaign');
});

test('import: garbage times, voided events of an unknown type, a bad box or bad names are refused, and nothing is stored', async () => {
  const c = await newCampaign(srv.url, { name: 'Exported', players: ['Ann', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  const game = `/api/v1/campaigns/${c.cid}/games/${g.json.game.id}`;
  assert.equal((await c.api.post(`${game}/events`, { type: 'note', text: 'one' })).status, 201);
  assert.equal((await c.api.post(`${game}/events`, { type: 'note', text: 'two' })).status, 201);
  assert.equal((await c.api.post(`${game}/undo`)).status, 200);
  const doc = (await c.api.get(`/api/v1/campaigns/${c.cid}/export`)).json;
  const voided = doc.games[0].events.findIndex((e) => e.voided);
  assert.ok(voided >= 0, 'the export holds a voided event');
  const boardOf = (d) => (typeof d.board === 'number' ? d.boards[d.board] : d.board);
  const next = await nextCampaignId();
  const cases = [
    [(d) => { d.campaign.created_at = 'yesterday'; }, 'campaign.created_at'],
    [(d) => { d.players[0].created_at = '2026-13-45T99:99:99Z'; }, 'players\\[0\\].created_at'],
    [(d) => { d.games[0].started_at = '2026-02-30T10:00:00Z'; }, 'started_at'],
    [(d) => { d.games[0].events[0].at = '<script>'; }, 'events\\[0\\].at'],
    [(d) => { d.games[0].events[0].at = 12; }, 'events\\[0\\].at'],
    [(d) => { d.games[0].events[voided].payload.type = 'teleport'; d.games[0].events[voided].type = 'teleport'; }, 'known event type'],
    [(d) => { d.games[0].events[voided].type = 'roll'; }, 'type'],
    [(d) => { boardOf(d).tokens[0].colour = 'url(javascript:alert(1))'; }, 'colour'],
    [(d) => { boardOf(d).junk = 1; }, "unknown field 'junk'"],
    [(d) => { d.players[0].name = 'Ann\u202e'; }, 'name'],
    [(d) => { d.players[1].name = 'ANN'; }, 'name'],
    [(d) => { d.campaign.name = '   '; }, 'name'],
  ];
  for (const [spoil, field] of cases) {
    const bad = structuredClone(doc);
    spoil(bad);
    const r = await client(srv.url).post('/api/v1/campaigns/import', bad);
    assert.ok(r.status >= 400 && r.status < 500, `${field}: ${r.status} ${r.text}`);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    assert.match(r.json.detail, new RegExp(field), r.json.detail);
  }
  const good = await client(srv.url).post('/api/v1/campaigns/import', doc);
  assert.equal(good.status, 201, good.text);
  assert.equal(good.json.campaign.id, next, 'no refused import stored a campaign');
});

test('import: a voided event whose values its type refuses (a roll of 9) is 422, and nothing is stored', async () => {
  const c = await newCampaign(srv.url, { name: 'Rolled', players: ['Ann', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const game = `/api/v1/campaigns/${c.cid}/games/${g.json.game.id}`;
  const roll = await c.api.post(`${game}/events`, { type: 'roll', d1: 3, d2: 4 });
  assert.equal(roll.status, 201, roll.text);
  assert.equal((await c.api.post(`${game}/undo`)).status, 200);
  const doc = (await c.api.get(`/api/v1/campaigns/${c.cid}/export`)).json;
  const voided = doc.games[0].events.findIndex((e) => e.voided && e.payload.type === 'roll');
  assert.ok(voided >= 0, 'the export holds the voided roll');
  const next = await nextCampaignId();
  const cases = [
    [(e) => { e.payload.d1 = 9; }, 'd1'],
    [(e) => { e.payload.d2 = 0; }, 'd2'],
    [(e) => { e.payload.player = 999999; }, 'player'],
  ];
  for (const [spoil, field] of cases) {
    const bad = structuredClone(doc);
    spoil(bad.games[0].events[voided]);
    const r = await client(srv.url).post('/api/v1/campaigns/import', bad);
    assertProblem(r, 422, field);
  }
  const good = await client(srv.url).post('/api/v1/campaigns/import', doc);
  assert.equal(good.status, 201, good.text);
  assert.equal(good.json.campaign.id, next, 'no refused import stored a campaign');
});

test('box PUT: a field the PUT does not take, next to a valid one, is 422 naming it, and nothing changes', async () => {
  const c = await newCampaign(srv.url);
  const board = (await c.api.get(`/api/v1/campaigns/${c.cid}/board`)).json;
  const base = `/api/v1/campaigns/${c.cid}/board`;
  const before = await snapshot(c);
  const cases = [
    [`${base}/destinations/${board.destinations[0].id}`, { name: 'Renamed', evil: 1 }, 'evil'],
    [`${base}/destinations/${board.destinations[0].id}`, { price: 120, source: 'box' }, 'source'],
    [`${base}/journal/${board.journal[0].id}`, { title: 'Retitled', onclick: 'x' }, 'onclick'],
    [`${base}/chance/${board.chance[0].id}`, { text: 'New text', id: 'other' }, "'id'"],
    [`${base}/spaces/1`, { name: 'Renamed', index: 2 }, 'index'],
    [`${base}/spaces/1`, { checked: true, colour: 'red' }, 'colour'],
  ];
  for (const [path, body, field] of cases) {
    const r = await c.api.put(path, body);
    assertProblem(r, 422, field);
  }
  assert.deepEqual(await snapshot(c), before, 'no refused PUT changed the box');
  const ok = await c.api.put(`${base}/destinations/${board.destinations[0].id}`, { name: 'Renamed' });
  assert.equal(ok.status, 200, ok.text);

  const cl = await newCampaign(srv.url, { name: 'Classic', edition: 'classic' });
  const clBefore = await snapshot(cl);
  const deed = 39; // a classic deed is named by its space
  assertProblem(await cl.api.put(`/api/v1/campaigns/${cl.cid}/board/deeds/${deed}`, { name: 'Renamed', evil: 1 }), 422, 'evil');
  assert.deepEqual(await snapshot(cl), clBefore, 'no refused PUT changed the classic box');
});

test('board names: a control, bidi or invisible character in a box name or title is 422, by PUT or in a box file, and nothing changes', async () => {
  const c = await newCampaign(srv.url);
  const board = (await c.api.get(`/api/v1/campaigns/${c.cid}/board`)).json;
  const base = `/api/v1/campaigns/${c.cid}/board`;
  const before = await snapshot(c);
  const dest = `${base}/destinations/${board.destinations[0].id}`;
  const cases = [
    [dest, { name: 'Paris\u202egpj.exe' }, 'name'],
    [dest, { name: '\u2067Paris' }, 'name'],
    [dest, { name: 'Par\u0007is' }, 'name'],
    [dest, { name: 'Par\u200bis' }, 'name'],
    [dest, { name: '   ' }, 'name'],
    [`${base}/journal/${board.journal[0].id}`, { title: 'Trip\u200f' }, 'title'],
    [`${base}/spaces/1`, { name: 'Go\nto jail' }, 'name'],
  ];
  for (const [path, body, field] of cases) {
    const r = await c.api.put(path, body);
    assertProblem(r, 422, field);
  }
  assert.deepEqual(await snapshot(c), before, 'no refused name changed the box');

  const next = await nextCampaignId();
  for (const spoil of [(b) => { b.destinations[3].name = 'Rome\u202d'; }, (b) => { b.journal[0].title = '\u0001Card'; },
    (b) => { b.spaces[2].name = 'Tax\u2066'; }, (b) => { b.tokens[0].name = 'Hazel\u202e'; }]) {
    const bad = structuredClone(board);
    delete bad.check;
    spoil(bad);
    const r = await client(srv.url).post('/api/v1/campaigns', { name: 'Bidi box', board: bad });
    assertProblem(r, 422, 'name|title');
  }
  const cl = await newCampaign(srv.url, { name: 'Classic', edition: 'classic' });
  assertProblem(await cl.api.put(`/api/v1/campaigns/${cl.cid}/board/deeds/39`, { name: 'Boardwalk\u202e' }), 422, 'name');
  const r = await client(srv.url).post('/api/v1/campaigns', { name: 'After', board: (() => { const b = structuredClone(board); delete b.check; return b; })() });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.campaign.id, next + 1, 'no refused box file made a campaign (the classic one took next)');
});

test('a classic campaign imported with a Travel World Tour board is refused', async () => {
  const twt = await newCampaign(srv.url, { name: 'TWT' });
  const box = (await twt.api.get(`/api/v1/campaigns/${twt.cid}/board`)).json;
  const cl = await newCampaign(srv.url, { name: 'Classic', edition: 'classic' });
  const doc = (await cl.api.get(`/api/v1/campaigns/${cl.cid}/export`)).json;
  const bad = structuredClone(doc);
  delete box.check;
  if (typeof bad.board === 'number') bad.boards[bad.board] = { ...box, edition: 'classic' };
  else bad.board = { ...box, edition: 'classic' };
  const r = await client(srv.url).post('/api/v1/campaigns/import', bad);
  assertProblem(r, 422, 'engine|edition');
  const ok = await client(srv.url).post('/api/v1/campaigns/import', doc);
  assert.equal(ok.status, 201, ok.text);
});

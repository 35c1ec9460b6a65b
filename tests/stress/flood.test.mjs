// flood.test.mjs -- imports and floods never stall the table (API.md "Further additions
// (2026-12-b)"): an import is built aside and copied in short turns of the writer while
// another campaign writes on; an export of any number of players imports; imports do
// not pass --max-db-mb; anonymous creations are capped across all addresses; a body
// must come at 16 KiB/s; a full server closes idle connections without a key first.
// Addresses 127.0.0.x are different clients to the server (all of them loopback).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { BIN, startServer, newCampaign, client, sleep, integrityCheck, sql } from './server.mjs';

// Under AddressSanitizer the server is several times slower: the heaviest sizes are cut
// there (the release run of the suite holds the full ones).
const ASAN = /\/asan\//.test(BIN);

const servers = [];
after(async () => {
  for (const s of servers) {
    assert.equal(integrityCheck(s.db), 'ok');
    await s.cleanup();
  }
});

async function server(args = []) {
  const s = await startServer({ args });
  servers.push(s);
  return s;
}

/** The bytes of the database file and its WAL. */
function dbBytes(s) {
  let n = statSync(s.db).size;
  try { n += statSync(`${s.db}-wal`).size; } catch { /* no WAL */ }
  return n;
}

/** The bytes of the database file once its WAL is checkpointed into it (the server idle). */
function checkpointedBytes(s) {
  const [busy] = execFileSync('sqlite3', [s.db, 'PRAGMA wal_checkpoint(TRUNCATE);'], { encoding: 'utf8' }).trim().split('|');
  assert.equal(busy, '0', 'the checkpoint went through');
  return statSync(s.db).size;
}

/** The resident memory of the server process, in bytes. */
function rss(s) {
  const m = /VmRSS:\s*(\d+) kB/.exec(readFileSync(`/proc/${s.pid()}/status`, 'utf8'));
  return Number(m[1]) * 1024;
}

/** An export document with n copies of one finished banker game of two players. */
async function gamesDoc(base, n) {
  const c = await newCampaign(base, { name: 'Source box' });
  const end = await c.api.post(`${c.game}/events`, { type: 'end' });
  assert.equal(end.status, 201, end.text);
  const ex = await c.api.get(`/api/v1/campaigns/${c.cid}/export`);
  assert.equal(ex.status, 200, ex.text);
  const doc = ex.json;
  const game = doc.games[0];
  doc.games = Array.from({ length: n }, () => game);
  return doc;
}

/** POST body as JSON from the local address from; resolves {status, text}. */
function postFrom(port, from, path, body) {
  return new Promise((done) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', localAddress: from,
      agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } },
    (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => done({ status: res.statusCode, text }));
    });
    req.on('error', (e) => done({ status: 0, text: String(e) }));
    req.end(data);
  });
}

test('an import of 5,000 games holds the writer in short turns: another campaign appends and adds players, none waiting over 1.5 s', async () => {
  const s = await server();
  const n = ASAN ? 1500 : 5000;
  const doc = await gamesDoc(s.url, n);
  const table = await newCampaign(s.url, { name: 'The table' });
  let done = false, longest = 0, writes = 0, k = 0;
  const importing = client(s.url).post('/api/v1/campaigns/import', doc).finally(() => { done = true; });
  const timed = async (p, want) => {
    const t = Date.now();
    const r = await p;
    longest = Math.max(longest, Date.now() - t);
    assert.equal(r.status, want, r.text);
    writes++;
  };
  while (!done) {
    await timed(table.api.post(`${table.game}/events`, { type: 'note', text: `during ${k}` }), 201);
    // A player takes a new id: before, this sent the import back under the lock.
    await timed(table.api.post(`/api/v1/campaigns/${table.cid}/players`, { name: `Guest ${k++}` }), 201);
  }
  const r = await importing;
  assert.equal(r.status, 201, r.text);
  assert.ok(writes >= 10, `only ${writes} writes went in during the import`);
  assert.ok(longest <= 1500, `a write of the table waited ${longest} ms during the import`);
  const imported = client(s.url, r.json.key);
  const ex = await imported.get(`/api/v1/campaigns/${r.json.campaign.id}/export`);
  assert.equal(ex.json.games.length, n, 'the import is whole');
  assert.equal(ex.json.players.length, 2);
  const players = await table.api.get(`/api/v1/campaigns/${table.cid}/players`);
  assert.equal(players.json.players.length, 2 + k, 'every player added meanwhile is there');
});

test('an export of 1,200 players imports, and its own export imports the same again', async () => {
  const s = await server();
  const doc = await gamesDoc(s.url, 0);
  doc.players = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1, name: `Player ${i + 1}`, created_at: doc.players[0].created_at }));
  const first = await client(s.url).post('/api/v1/campaigns/import', doc);
  assert.equal(first.status, 201, first.text);
  const ex = await client(s.url, first.json.key).get(`/api/v1/campaigns/${first.json.campaign.id}/export`);
  assert.equal(ex.json.players.length, 1200);
  const second = await client(s.url).post('/api/v1/campaigns/import', ex.json);
  assert.equal(second.status, 201, second.text);
  const again = await client(s.url, second.json.key).get(`/api/v1/campaigns/${second.json.campaign.id}/export`);
  assert.deepEqual(again.json.players.map((p) => p.name), ex.json.players.map((p) => p.name));
});

test('an import that would take the database past --max-db-mb is 507 before it commits, the file grown by a few MiB at most', async () => {
  const s = await server(['--max-db-mb', '4']);
  const doc = await gamesDoc(s.url, 1000); // about 8 MB once replayed
  const before = dbBytes(s);
  const r = await client(s.url).post('/api/v1/campaigns/import', doc);
  assert.equal(r.status, 507, r.text);
  const grown = dbBytes(s) - before;
  assert.ok(grown <= 3 * 1024 * 1024, `the refused import grew the database by ${grown} bytes`);
  const c = await client(s.url).post('/api/v1/campaigns', { name: 'Still room' });
  assert.equal(c.status, 201, 'the database under its cap takes writes still');
});

// The issue asks for at most four times the body: the board is stored once (migration
// 0019), and the state documents the engine makes again byte for byte are not stored at
// all (0021: the state before the first event from the board, seats, house rules and
// the journal; the snapshot of an ended game by a replay of its few events). Before
// 0021 each game kept both, some 4 KB, and 20,000 games of 549 bytes grew the file by
// 15.4 times the body. Only one game of a campaign may be active, so the games are ended.
test('an import of 20,000 ended games grows the database file by at most four times its body, its WAL back to 4 MiB, its memory given back', async (t) => {
  const s = await server();
  const n = ASAN ? 4000 : 20000;
  const doc = await gamesDoc(s.url, n);
  const body = JSON.stringify(doc).length;
  const before = checkpointedBytes(s);
  const memory = rss(s);
  const r = await client(s.url).post('/api/v1/campaigns/import', doc);
  assert.equal(r.status, 201, r.text);
  // The import is built in a temporary file, not in memory, and what it parsed is
  // given back: the server keeps no more than a few times the body (it kept 70 MB).
  const kept = rss(s) - memory;
  t.diagnostic(`the import left ${kept} bytes more in memory`);
  // Under ASan freed memory is held in the sanitizer's quarantine, so RSS says nothing
  // of what the server gives back: the bound is checked in the release run.
  if (!ASAN) assert.ok(kept <= 4 * body + 16 * 1024 * 1024, `the import left ${kept} bytes more in memory`);
  // The next writes start the WAL over, cut back to 4 MiB, once it is checkpointed.
  for (let i = 0; i < 2; i++) await client(s.url).post('/api/v1/campaigns', { name: `After ${i}` });
  assert.ok(dbBytes(s) - statSync(s.db).size <= 4 * 1024 * 1024, 'the WAL stays past 4 MiB');
  const grown = checkpointedBytes(s) - before;
  t.diagnostic(`${n} games, a body of ${body} bytes (${Math.round(body / n)} a game): the file grew by ${grown} bytes (${Math.round(grown / n)} a game, ${(grown / body).toFixed(2)} times the body)`);
  assert.ok(grown <= 4 * body, `the database grew by ${grown} bytes for ${n} games (a body of ${body})`);
  // what the engine makes again is not stored: neither document of any imported game
  const [docs] = sql(s.db, 'SELECT count(*) AS games, count(g.state) AS states, count(gb.initial) AS initials'
    + ' FROM games g JOIN game_boards gb ON gb.game_id = g.id');
  assert.deepEqual(docs, { games: n + 1, states: 1, initials: 1 }, 'only the source game keeps its documents');
  // The games read as the source's: the state the engine replays is the one stored there.
  const id = r.json.campaign.id;
  const api = client(s.url, r.json.key);
  const games = await api.get(`/api/v1/campaigns/${id}/games`);
  assert.equal(games.status, 200, games.text);
  assert.equal(games.json.games.length, n);
  const last = await api.get(`/api/v1/campaigns/${id}/games/${games.json.games[0].id}`);
  assert.equal(last.status, 200, last.text);
  // an end without a winner: the source game was abandoned, and so is its replay
  assert.equal(last.json.state.status, 'abandoned');
  assert.equal(last.json.state.version, last.json.game.version);
  assert.deepEqual(last.json.state.players.map((p) => p.name), ['Ada', 'Ben']);
});

test('200 anonymous creations from 40 addresses: at most --create-per-minute-all (30) made, the rest 429', async () => {
  const s = await server(['--create-burst', '5', '--create-per-minute', '1', '--create-per-minute-all', '30']);
  const tries = [];
  for (let a = 0; a < 40; a++)
    for (let i = 0; i < 5; i++)
      tries.push(postFrom(s.port, `127.0.0.${10 + a}`, '/api/v1/campaigns', { name: `Flood ${a}.${i}` }));
  const got = await Promise.all(tries);
  const made = got.filter((r) => r.status === 201).length;
  const refused = got.filter((r) => r.status === 429).length;
  assert.ok(made <= 30, `${made} campaigns were made`);
  assert.equal(made + refused, 200, `other answers: ${[...new Set(got.map((r) => r.status))]}`);
});

test('a 32 MiB body trickled at 1 KiB/s is cut within 30 s', async () => {
  const s = await server();
  const t = Date.now();
  const closed = await new Promise((done) => {
    const sock = net.connect(s.port, '127.0.0.1');
    let tick = null;
    const finish = (how) => { clearInterval(tick); sock.destroy(); done(how); };
    const limit = setTimeout(() => finish('still open'), 30000);
    sock.on('connect', () => {
      sock.write('POST /api/v1/campaigns/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${32 * 1024 * 1024}\r\n\r\n`);
      tick = setInterval(() => sock.write(Buffer.alloc(1024, 0x20)), 1000);
    });
    sock.on('data', () => {}); // a 503/408 answer, if any, then the close
    sock.on('close', () => { clearTimeout(limit); finish('closed'); });
    sock.on('error', () => {});
  });
  assert.equal(closed, 'closed', 'the trickle was not cut');
  assert.ok(Date.now() - t <= 30000);
});

test('16 addresses x 256 reconnecting slow connections fill the server: a client with its key gets 95 % of its answers within 2 s', async () => {
  const s = await server();
  const c = await newCampaign(s.url, { name: 'Keyed table' });
  const perAddr = ASAN ? 128 : 256;
  let flooding = true;
  const socks = new Set();
  const open = (from) => {
    if (!flooding) return;
    const sock = net.connect({ port: s.port, host: '127.0.0.1', localAddress: from });
    socks.add(sock);
    let tick = null;
    sock.on('connect', () => {
      sock.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
      tick = setInterval(() => sock.write('X-Slow: 1\r\n'), 2000);
    });
    sock.on('error', () => {});
    sock.on('close', () => { clearInterval(tick); socks.delete(sock); setTimeout(() => open(from), 10); });
  };
  for (let a = 0; a < 16; a++) {
    for (let i = 0; i < perAddr; i++) open(`127.0.0.${100 + a}`);
    await sleep(50);
  }
  await sleep(2000); // the server is full now
  const ask = async () => {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), 2000);
    try {
      const r = await fetch(`${s.url}${c.game}/state`, { headers: { Authorization: `Bearer ${c.key}` }, signal: ctl.signal });
      await r.arrayBuffer();
      return r.status === 200;
    } catch { return false; } finally { clearTimeout(timer); }
  };
  let ok = 0, asked = 0;
  const until = Date.now() + 12000; // past a header deadline: the flood reconnects meanwhile
  while (Date.now() < until) {
    if (await ask()) ok++;
    asked++;
    await sleep(100);
  }
  flooding = false;
  for (const sock of socks) sock.destroy();
  assert.ok(ok >= 0.95 * asked, `only ${ok} of ${asked} requests with the key were answered within 2 s`);
});

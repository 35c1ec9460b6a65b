// slots.test.mjs -- connection slots earned by what a connection does for a real table
// (API.md "Further additions (2026-12-c)", issue "Streams lock the real tables out"):
// event streams fill at most three quarters of the slots, and those of campaigns anyone
// created (without an admin key) half of that; a connection whose body comes below the
// minimum rate is closed to make room. A
// table that presents its key on new connections during either flood is served (a
// share of its requests, with a generous deadline each: never a time threshold).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, startServer, newCampaign, raw, sleep } from './server.mjs';

const SLOTS = 200;

/** Open a stream of campaign c's game on a new socket; resolves to {sock, ok} once its
 * answer's status line is in (ok: 200). */
function stream(port, c) {
  return new Promise((done) => {
    const sock = net.connect(port, '127.0.0.1');
    let text = '';
    const finish = (ok) => { sock.removeAllListeners('data'); done({ sock, ok }); };
    sock.on('connect', () => sock.write(`GET ${c.game}/stream?key=${c.key} HTTP/1.1\r\nHost: x\r\n\r\n`));
    sock.on('data', (d) => {
      text += d.toString('latin1');
      if (/^HTTP\/1\.1 \d{3}/.test(text)) finish(/^HTTP\/1\.1 200/.test(text));
    });
    sock.on('error', () => finish(false));
    sock.on('close', () => finish(false));
  });
}

/** n reads of the table's game, each on a new connection: how many were 200. */
async function served(port, c, n) {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const r = await raw(port, `GET ${c.game}/state HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.key}\r\n\r\n`, { ms: 20000 });
    if (r.status === 200) ok++;
  }
  return ok;
}

test('SLOTS-STREAMS: streams of five anonymous campaigns fill at most three eighths of the slots (half of the streams\' three quarters); the table on new connections is served 95 %', async () => {
  const s = await startServer({ args: ['--max-connections', String(SLOTS), '--streams-per-ip', '1000', '--streams-per-campaign', '1000', '--per-ip', '1000'] });
  const socks = [];
  try {
    const flood = [];
    for (let i = 0; i < 5; i++) flood.push(await newCampaign(s.url, { name: `Flood ${i}` }));
    const table = await newCampaign(s.url, { name: 'The real table' });
    let open = 0;
    for (let i = 0; i < SLOTS + 20; i++) {
      const st = await stream(s.port, flood[i % 5]);
      socks.push(st.sock);
      if (st.ok) open++;
    }
    assert.ok(open <= (SLOTS - SLOTS / 4) / 2, `${open} streams open of ${SLOTS} slots`);
    assert.ok(open >= SLOTS / 4, `${open} streams open`);
    const ok = await served(s.port, table, 40);
    assert.ok(ok >= 38, `${ok} of 40 requests of the table served`);
  } finally {
    for (const sock of socks) sock.destroy();
    await s.cleanup();
  }
});

test('SLOTS-ANONYMOUS: streams of campaigns created without an admin key are counted apart: under their flood, a campaign created with the admin key still opens its streams', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-slots-'));
  const socks = [];
  let s;
  try {
    // The table's campaign is made on the server while it has an admin key ...
    const guarded = await startServer({ dir, args: ['--admin-key', 'the-admin'] });
    const made = await client(guarded.url, 'the-admin').post('/api/v1/campaigns', { name: 'The real table' });
    assert.equal(made.status, 201, made.text);
    const table = { cid: made.json.campaign.id, key: made.json.key };
    const pl = await client(guarded.url, table.key).post(`/api/v1/campaigns/${table.cid}/players`, { name: 'Ann' });
    const p2 = await client(guarded.url, table.key).post(`/api/v1/campaigns/${table.cid}/players`, { name: 'Bo' });
    const g = await client(guarded.url, table.key).post(`/api/v1/campaigns/${table.cid}/games`,
      { mode: 'banker', seats: [{ player: pl.json.id, token: 'hazel' }, { player: p2.json.id, token: 'scottie' }] });
    assert.equal(g.status, 201, g.text);
    table.game = `/api/v1/campaigns/${table.cid}/games/${g.json.game.id}`;
    await guarded.stop();
    // ... and served again by one without, where anyone creates campaigns.
    s = await startServer({ dir, args: ['--max-connections', String(SLOTS), '--streams-per-ip', '1000', '--streams-per-campaign', '1000', '--per-ip', '1000'] });
    const flood = [];
    for (let i = 0; i < 5; i++) flood.push(await newCampaign(s.url, { name: `Flood ${i}` }));
    let open = 0;
    for (let i = 0; i < SLOTS; i++) {
      const st = await stream(s.port, flood[i % 5]);
      socks.push(st.sock);
      if (st.ok) open++;
    }
    const anonymous = (SLOTS - SLOTS / 4) / 2;
    assert.ok(open <= anonymous, `${open} anonymous streams open of ${SLOTS} slots`);
    // A campaign imported without an admin key is anonymous too: no stream slot is left.
    const doc = (await flood[0].api.get(`/api/v1/campaigns/${flood[0].cid}/export`)).json;
    const imp = await client(s.url).post('/api/v1/campaigns/import', doc);
    assert.equal(imp.status, 201, imp.text);
    const impGames = (await client(s.url, imp.json.key).get(`/api/v1/campaigns/${imp.json.campaign.id}/games`)).json.games;
    const imported = { key: imp.json.key, game: `/api/v1/campaigns/${imp.json.campaign.id}/games/${impGames[0].id}` };
    const refused = await stream(s.port, imported);
    socks.push(refused.sock);
    assert.equal(refused.ok, false, 'a stream of an imported anonymous campaign past the budget is refused');
    let mine = 0;
    for (let i = 0; i < 20; i++) {
      const st = await stream(s.port, table);
      socks.push(st.sock);
      if (st.ok) mine++;
    }
    assert.equal(mine, 20, `${mine} of the table's 20 streams opened under the flood`);
  } finally {
    for (const sock of socks) sock.destroy();
    if (s) await s.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SLOTS-SLOW-BODY: connections sending a body below the minimum rate are closed to make room; the table on new connections is served 95 %', async () => {
  const s = await startServer({ args: ['--max-connections', String(SLOTS), '--per-ip', '1000', '--header-timeout', '10'] });
  const table = await newCampaign(s.url, { name: 'The real table' });
  // Every connection the table made so far presented its key: close them.
  const socks = new Set();
  let flooding = true;
  const slow = () => {
    if (!flooding) return;
    const sock = net.connect(s.port, '127.0.0.1');
    socks.add(sock);
    let tick = null;
    sock.on('connect', () => {
      sock.write(`POST ${table.game}/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n`);
      tick = setInterval(() => sock.write(' '), 1000); // a byte a second
    });
    sock.on('error', () => {});
    sock.on('close', () => { clearInterval(tick); socks.delete(sock); setTimeout(slow, 50); });
  };
  try {
    for (let i = 0; i < SLOTS + 40; i++) slow();
    // Let the flood fill the table and fall behind the rate (a second's grace).
    await sleep(3000);
    const ok = await served(s.port, table, 40);
    assert.ok(ok >= 38, `${ok} of 40 requests of the table served`);
  } finally {
    flooding = false;
    for (const sock of socks) sock.destroy();
    await s.cleanup();
  }
});

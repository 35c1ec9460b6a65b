// foundation.test.mjs -- the service as a whole over HTTP: health, editions, campaigns
// and their keys, players, the board copy, every error code, data across a restart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, client, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

function assertProblem(r, status) {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  assert.equal(r.json.status, status);
  assert.equal(typeof r.json.title, 'string');
  assert.equal(typeof r.json.detail, 'string');
}

test('health answers with the version and schema version', async () => {
  const r = await client(srv.url).get('/api/v1/health');
  assert.equal(r.status, 200);
  assert.equal(r.json.status, 'ok');
  assert.match(r.json.version, /^\d+\.\d+\.\d+/);
  assert.ok(r.json.schema_version >= 1);
});

test('editions list travel-world-tour as the full engine and the others as results', async () => {
  const r = await client(srv.url).get('/api/v1/editions');
  assert.equal(r.status, 200);
  const ids = Object.fromEntries(r.json.editions.map((e) => [e.id, e]));
  assert.equal(ids['travel-world-tour'].engine, 'full');
  assert.equal(ids['travel-world-tour'].players_min, 2);
  assert.equal(ids['travel-world-tour'].players_max, 4);
  for (const id of ['classic', 'wonders', 'deal']) assert.equal(ids[id].engine, 'results');
  const twt = await client(srv.url).get('/api/v1/editions/travel-world-tour');
  assert.equal(twt.status, 200);
  assert.equal(twt.json.spaces.length, 40);
  assert.equal(twt.json.destinations.length, 22);
  assert.equal(twt.json.chance.length, 10);
  assert.equal(twt.json.journal.length, 10);
  assert.equal(twt.json.tokens.length, 4);
  for (const d of twt.json.destinations) assert.ok(['rulebook', 'web', 'inferred', 'placeholder'].includes(d.source));
  assertProblem(await client(srv.url).get('/api/v1/editions/monopoly-junior'), 404);
});

test('a campaign gives a key and a view key once, and stores only their hashes', async () => {
  const c = await newCampaign(srv.url, { name: 'Keys' });
  assert.ok(c.key.length >= 40 && c.view_key.length >= 40 && c.key !== c.view_key);
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}`);
  assert.equal(r.status, 200);
  assert.equal(r.json.campaign.name, 'Keys');
  assert.equal(r.json.campaign.edition, 'travel-world-tour');
  assert.equal(r.json.campaign.stamp_owner, 'token');
  assert.equal(r.json.campaign.active_game, null);
  assert.ok(!r.text.includes(c.key), 'the key is never shown again');
});

test('TWT keys: 401 without or with a wrong key, 403 for a view key that writes', async () => {
  const c = await newCampaign(srv.url);
  const base = `/api/v1/campaigns/${c.cid}`;
  assertProblem(await client(srv.url).get(base), 401);
  assertProblem(await client(srv.url, 'not-the-key').get(base), 401);
  const other = await newCampaign(srv.url);
  assertProblem(await client(srv.url, other.key).get(base), 401);
  const view = client(srv.url, c.view_key);
  assert.equal((await view.get(base)).status, 200);
  assert.equal((await view.get(`${base}/players`)).status, 200);
  assertProblem(await view.post(`${base}/players`, { name: 'Cy' }), 403);
  assertProblem(await view.patch(base, { name: 'x' }), 403);
  const players = await c.api.get(`${base}/players`);
  assert.deepEqual(players.json.players, [], 'the refused write changed nothing');
});

test('unknown paths are 404 and wrong methods 405, as problem+json', async () => {
  const anon = client(srv.url);
  assertProblem(await anon.get('/api/v1/nothing'), 404);
  assertProblem(await anon.get('/api/v1/campaigns/999999'), 401);
  const c = await newCampaign(srv.url);
  // An unknown campaign answers as a known one with a wrong key: no id oracle.
  assertProblem(await c.api.get('/api/v1/campaigns/999999'), 401);
  assertProblem(await c.api.get(`/api/v1/campaigns/${c.cid}/games/424242`), 404);
  const r = await anon.del('/api/v1/health');
  assertProblem(r, 405);
  assert.match(r.headers.get('allow'), /GET/);
  // Listing campaigns needs a server with an admin key (API.md "Additions"): none here.
  assertProblem(await anon.get('/api/v1/campaigns'), 404);
  assertProblem(await anon.del('/api/v1/campaigns'), 405);
});

test('bodies: 415 when not JSON, 400 when malformed or mistyped, 413 over 64 KiB', async () => {
  const anon = client(srv.url);
  assertProblem(await anon.post('/api/v1/campaigns', 'name=x', { 'Content-Type': 'application/x-www-form-urlencoded' }), 415);
  assertProblem(await anon.post('/api/v1/campaigns', '{"name": "x"'), 400);
  assertProblem(await anon.post('/api/v1/campaigns', '{"name": "x"} trailing'), 400);
  assertProblem(await anon.post('/api/v1/campaigns', { name: 42 }), 400);
  assertProblem(await anon.post('/api/v1/campaigns', '[1,2]'), 400);
  assertProblem(await anon.post('/api/v1/campaigns', '{"name":"a\\u0000b"}'), 400);
  assertProblem(await anon.post('/api/v1/campaigns', { name: 'x'.repeat(70 * 1024) }), 413);
});

test('validation: 422 for empty or long names and unknown editions or policies', async () => {
  const anon = client(srv.url);
  assertProblem(await anon.post('/api/v1/campaigns', { name: '' }), 422);
  assertProblem(await anon.post('/api/v1/campaigns', { name: 'é'.repeat(81) }), 422);
  assert.equal((await anon.post('/api/v1/campaigns', { name: 'é'.repeat(80) })).status, 201);
  assertProblem(await anon.post('/api/v1/campaigns', { name: 'x', edition: 'junior' }), 422);
  assertProblem(await anon.post('/api/v1/campaigns', { name: 'x', stamp_owner: 'bank' }), 422);
  const c = await newCampaign(srv.url);
  assertProblem(await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: '' }), 422);
  assertProblem(await c.api.post(`/api/v1/campaigns/${c.cid}/players`, {}), 400);
});

test('players: create, list, rename', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}/players`;
  const r = await c.api.patch(`${base}/${c.players[1]}`, { name: 'Bob' });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json, { id: c.players[1], name: 'Bob' });
  const list = await c.api.get(base);
  assert.deepEqual(list.json.players.map((p) => [p.name, p.games, p.wins]), [['Ann', 0, 0], ['Bob', 0, 0]]);
  assertProblem(await c.api.patch(`${base}/999999`, { name: 'Z' }), 404);
  const other = await newCampaign(srv.url, { players: ['Zed'] });
  assertProblem(await c.api.patch(`${base}/${other.players[0]}`, { name: 'Y' }), 404);
  // A name already there by NFKC case folding: fullwidth "Ｐ０" is "P0".
  assert.equal((await c.api.post(base, { name: 'P0' })).status, 201);
  assertProblem(await c.api.post(base, { name: '\uff30\uff10' }), 409);
  assertProblem(await c.api.post(base, { name: '\uff50\uff10' }), 409);
});

test('PATCH campaign changes name and stamp policy', async () => {
  const c = await newCampaign(srv.url);
  const r = await c.api.patch(`/api/v1/campaigns/${c.cid}`, { name: 'Renamed', stamp_owner: 'player' });
  assert.equal(r.status, 200);
  assert.equal(r.json.campaign.name, 'Renamed');
  assert.equal(r.json.campaign.stamp_owner, 'player');
});

test('each campaign edits its own copy of the board only', async () => {
  const a = await newCampaign(srv.url);
  const b = await newCampaign(srv.url);
  const put = await a.api.put(`/api/v1/campaigns/${a.cid}/board/destinations/rapa-nui`, { name: 'Easter Island', price: 120 });
  assert.equal(put.status, 200, put.text);
  assert.equal(put.json.name, 'Easter Island');
  assert.equal(put.json.price, 120);
  assert.equal(put.json.source, 'group');
  const boardA = await a.api.get(`/api/v1/campaigns/${a.cid}/board`);
  const boardB = await b.api.get(`/api/v1/campaigns/${b.cid}/board`);
  assert.equal(boardA.json.destinations.find((d) => d.id === 'rapa-nui').name, 'Easter Island');
  const rapaB = boardB.json.destinations.find((d) => d.id === 'rapa-nui');
  assert.equal(rapaB.price, 100);
  assert.notEqual(rapaB.source, 'group');
  const edition = await client(srv.url).get('/api/v1/editions/travel-world-tour');
  assert.equal(edition.json.destinations.find((d) => d.id === 'rapa-nui').price, 100);
  const card = await a.api.put(`/api/v1/campaigns/${a.cid}/board/journal/journal-1`, { title: 'Our card', slots: 4 });
  assert.equal(card.status, 200, card.text);
  assert.equal(card.json.slots, 4);
  const chance = await a.api.put(`/api/v1/campaigns/${a.cid}/board/chance/chance-1`, { text: 'Collect 10', effect: { collect: 10 } });
  assert.equal(chance.status, 200, chance.text);
  assertProblem(await a.api.put(`/api/v1/campaigns/${a.cid}/board/destinations/atlantis`, { price: 10 }), 404);
  assertProblem(await a.api.put(`/api/v1/campaigns/${a.cid}/board/destinations/rapa-nui`, { price: -10 }), 422);
  assertProblem(await a.api.put(`/api/v1/campaigns/${a.cid}/board/destinations/rapa-nui`, { price: 'ten' }), 400);
  const again = await a.api.get(`/api/v1/campaigns/${a.cid}/board`);
  assert.equal(again.json.destinations.find((d) => d.id === 'rapa-nui').price, 120, 'refused edits change nothing');
});

test('the web UI is served at / and nothing outside the static folder is', async () => {
  const anon = client(srv.url);
  const home = await anon.get('/');
  assert.equal(home.status, 200);
  assert.match(home.headers.get('content-type'), /text\/html/);
  // The UI's CSP: no <base> may redirect its relative URLs, no form posts elsewhere.
  const csp = home.headers.get('content-security-policy').split(';').map((d) => d.trim());
  assert.ok(csp.includes("base-uri 'none'"), csp.join('; '));
  assert.ok(csp.includes("form-action 'self'"), csp.join('; '));
  assert.ok(csp.includes("frame-ancestors 'none'"), csp.join('; '));
  for (const p of ['/../Makefile', '/%2e%2e/Makefile', '/..%2fMakefile', '/%2e%2e%2fsrc%2fmain.c', '/.git/config']) {
    const r = await fetch(srv.url + p);
    assert.equal(r.status, 404, p);
  }
});

test('data is kept across a restart', async () => {
  const c = await newCampaign(srv.url, { name: 'Durable', players: ['Ann'] });
  await srv.restart();
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}`);
  assert.equal(r.status, 200);
  assert.equal(r.json.campaign.name, 'Durable');
  assert.deepEqual(r.json.players.map((p) => p.name), ['Ann']);
});

test('an admin key guards creating campaigns when set', async () => {
  const guarded = await startServer({ args: ['--admin-key', 'sesame'] });
  try {
    assertProblem(await client(guarded.url).post('/api/v1/campaigns', { name: 'x' }), 401);
    assertProblem(await client(guarded.url, 'wrong').post('/api/v1/campaigns', { name: 'x' }), 401);
    assert.equal((await client(guarded.url, 'sesame').post('/api/v1/campaigns', { name: 'x' })).status, 201);
  } finally {
    await guarded.cleanup();
  }
});

test('SIGTERM stops the server cleanly', async () => {
  const s = await startServer();
  const code = await s.stop('SIGTERM');
  assert.equal(code, 0);
  assert.match(s.log, /stopped/);
  await s.cleanup();
});

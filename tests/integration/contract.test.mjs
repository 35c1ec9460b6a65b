// contract.test.mjs -- the OpenAPI document against outside validators (issue 17): it
// validates with swagger-parser, and the server keeps to it: whole games, board edits,
// exports and error cases go through Prism's validating proxy (prism proxy --errors),
// which answers a violation of the document with an error instead of the answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { client, startServer } from './server.mjs';
import { DOC, startPrism } from './prism.mjs';
import { nextEvent } from './driver.mjs';

test('openapi: the document validates with swagger-parser (OpenAPI 3.1 schema, $refs, info.license)', async () => {
  const api = await SwaggerParser.validate(DOC);
  assert.match(api.openapi, /^3\.1\./);
  assert.ok(api.info.license.identifier || api.info.license.url, 'info.license names an SPDX identifier or a url');
});

// ---- through Prism's validating proxy ----

let srv;
let prism;

before(async () => {
  srv = await startServer();
  prism = await startPrism(srv.url);
});
after(async () => {
  await prism?.stop();
  await srv?.cleanup();
});

/** Every answer that came through the proxy, and the ones Prism flagged. */
const seen = [];
const violations = [];

/** A client through the proxy that records what Prism says of each answer: with
 * --errors a violation of the document comes back as Prism's own problem (type
 * https://stoplight.io/prism/errors#...) instead of the server's answer. */
function viaPrism(key) {
  const c = client(prism.url, key);
  const wrap = (method, fn) => async (path, ...rest) => {
    const r = await fn(path, ...rest).catch((e) => {
      // A pooled socket that Prism closed while this process was busy (its keep-alive
      // ran out first): a GET is sent again once, on a new connection.
      if (method === 'GET' && e?.cause?.code === 'UND_ERR_SOCKET') return fn(path, ...rest);
      throw e;
    });
    seen.push(`${method} ${path} ${r.status}`);
    const type = r.json && typeof r.json === 'object' ? String(r.json.type || '') : '';
    if (type.includes('stoplight.io/prism') || r.headers.get('sl-violations')) {
      violations.push(`${method} ${path} -> ${r.status}: ${r.text.slice(0, 2000)} ${r.headers.get('sl-violations') || ''}`);
    }
    return r;
  };
  return { get: wrap('GET', c.get), post: wrap('POST', c.post), put: wrap('PUT', c.put), patch: wrap('PATCH', c.patch) };
}

/** Expect status from a call through the proxy (and no violation of the document). */
async function expect(status, promise) {
  const r = await promise;
  assert.equal(r.status, status, r.text.slice(0, 2000));
  return r;
}

/** A campaign made through the proxy; returns {cid, base, api, view, players}. */
async function campaignViaPrism(body, names) {
  const made = await expect(201, viaPrism().post('/api/v1/campaigns', body));
  const api = viaPrism(made.json.key);
  const base = `/api/v1/campaigns/${made.json.campaign.id}`;
  const players = [];
  for (const name of names) players.push((await expect(201, api.post(`${base}/players`, { name }))).json.id);
  return { cid: made.json.campaign.id, base, api, view: viaPrism(made.json.view_key), key: made.json.key, players };
}

test('prism: the service routes (health, editions, the document itself, metrics, the UI) keep to the document', async () => {
  const anon = viaPrism();
  await expect(200, anon.get('/api/v1/health'));
  const eds = await expect(200, anon.get('/api/v1/editions'));
  for (const e of eds.json.editions) await expect(200, anon.get(`/api/v1/editions/${e.id}`));
  await expect(404, anon.get('/api/v1/editions/no-such-edition'));
  await expect(200, anon.get('/api/v1/openapi.json'));
  await expect(200, anon.get('/metrics'));
  await expect(200, anon.get('/'));
  assert.deepEqual(violations, []);
});

test('prism: a whole banker game to a win, with undo, replay, events and the journal, keeps to the document', async () => {
  const c = await campaignViaPrism({ name: 'Prism banker' }, ['Ann', 'Bo']);
  const [ann, bo] = c.players;
  const board = (await expect(200, c.api.get(`${c.base}/board`))).json;
  const made = await expect(201, c.api.post(`${c.base}/games`, { mode: 'banker', seats: [{ player: ann, token: 'hazel' }, { player: bo, token: 'rubber-ducky' }] }));
  const gid = made.json.game.id;
  const g = `${c.base}/games/${gid}`;
  let st = made.json.state;
  for (let n = 0; n < 1500 && st.status === 'active'; n++) {
    const r = await expect(201, c.api.post(`${g}/events`, nextEvent(st, board, ann)));
    st = r.json.state;
    if (n === 3) {
      await expect(200, c.api.get(g));
      await expect(200, c.api.post(`${g}/undo`));
      st = (await expect(200, c.api.get(`${g}/state`))).json;
    }
  }
  assert.equal(st.status, 'finished');
  await expect(201, c.api.post(`${g}/events`, { type: 'note', text: 'Well played' }));
  await expect(200, c.api.get(`${g}/state?at=3`));
  await expect(200, c.api.get(`${g}/events?after=2`));
  await expect(200, c.api.get(`${c.base}/games`));
  await expect(200, c.api.get(c.base));
  await expect(200, c.api.get(`${c.base}/players`));
  await expect(200, c.api.get(`${c.base}/journal`));
  await expect(200, c.api.get(`${c.base}/journal/journal-1`));
  await expect(200, c.api.get(`${c.base}/stats`));
  assert.deepEqual(violations, [], `${seen.length} answers seen`);
});

test('prism: a journal game over the campaign, with cards that pay and cards that cost, keeps to the document', async () => {
  const c = await campaignViaPrism({ name: 'Prism journal' }, ['Ann', 'Bo', 'Cy']);
  const [ann, bo, cy] = c.players;
  const seats = [{ player: ann, token: 'hazel' }, { player: bo, token: 'scottie' }, { player: cy, token: 't-rex' }];
  const draws = ['journal-1', 'journal-4', 'journal-5', 'journal-7', 'journal-10', 'journal-6', 'journal-9', 'journal-8'];
  let payouts = [];
  for (let night = 0; night < 2; night++) {
    const gid = (await expect(201, c.api.post(`${c.base}/games`, { mode: 'journal', seats }))).json.game.id;
    const g = `${c.base}/games/${gid}`;
    for (const [i, card] of draws.entries()) {
      const r = await expect(201, c.api.post(`${g}/events`, { type: 'draw_journal', card, player: c.players[i % 3] }));
      payouts.push(...r.json.effects.filter((e) => e.kind === 'journal_payout'));
    }
    for (const destination of ['rapa-nui', 'angkor-wat', 'red-1', 'red-3']) {
      await expect(201, c.api.post(`${g}/events`, { type: 'stamp_goal', player: ann, destination }));
    }
    await expect(409, c.api.post(`${g}/events`, { type: 'stamp_goal', player: bo, destination: 'grand-canyon' }));
  }
  const cost = payouts.filter((p) => p.amount < 0);
  assert.ok(cost.length > 0, 'a card that costs money was paid out');
  for (const p of cost) assert.deepEqual([p.from, p.to], [p.player, 'bank'], 'a cost: the holder pays the Bank');
  assert.ok(payouts.some((p) => p.from === 'others' && p.to === p.player), 'collect_from_each: the others pay the holder');
  assert.ok(payouts.some((p) => p.from === 'bank' && p.amount > 0), 'collect: the Bank pays the holder');
  for (const card of ['journal-4', 'journal-5']) await expect(200, c.api.get(`${c.base}/journal/${card}`));
  await expect(200, c.api.get(`${c.base}/journal`));
  await expect(200, c.api.get(`${c.base}/stats`));
  assert.deepEqual(violations, [], `${seen.length} answers seen`);
});

test('prism: board edits, a refused one, renames keep to the document', async () => {
  const c = await campaignViaPrism({ name: 'Prism board' }, ['Ann', 'Bo']);
  await expect(200, c.api.get(`${c.base}/board`));
  await expect(200, c.api.put(`${c.base}/board/destinations/rapa-nui`, { fee: 20, checked: true }));
  await expect(200, c.api.put(`${c.base}/board/journal/journal-3`, { text: 'Checked against our box.' }));
  await expect(200, c.api.put(`${c.base}/board/chance/chance-3`, { text: 'Collect 100.' }));
  await expect(422, c.api.put(`${c.base}/board/destinations/rapa-nui`, { goal: 'no-such-destination' }));
  const gid = (await expect(201, c.api.post(`${c.base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] }))).json.game.id;
  await expect(200, c.api.get(`${c.base}/games/${gid}/events`));
  await expect(200, c.api.patch(c.base, { name: 'Prism board, renamed' }));
  await expect(200, c.api.patch(`${c.base}/players/${c.players[1]}`, { name: 'Bob' }));
  assert.deepEqual(violations, [], `${seen.length} answers seen`);
});

test('prism: exports (campaign, CSV, BoardGameGeek JSON and XML, BG Stats), import, and a results-mode night keep to the document', async () => {
  const c = await campaignViaPrism({ name: 'Prism exports' }, ['Ann', 'Bo']);
  const gid = (await expect(201, c.api.post(`${c.base}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] }))).json.game.id;
  await expect(201, c.api.post(`${c.base}/games/${gid}/events`, { type: 'draw_journal', card: 'journal-2', player: c.players[1] }));
  await expect(201, c.api.post(`${c.base}/games/${gid}/events`, { type: 'end', winner: c.players[1] }));
  const doc = (await expect(200, c.api.get(`${c.base}/export`))).json;
  for (const path of ['export/plays.csv', 'export/bgg', 'export/bgg.xml', 'export/bgstats']) await expect(200, c.view.get(`${c.base}/${path}`));
  await expect(201, viaPrism().post('/api/v1/campaigns/import', doc));
  const r = await campaignViaPrism({ name: 'Prism classic', edition: 'classic' }, ['Ann', 'Bo', 'Cy']);
  const rg = (await expect(201, r.api.post(`${r.base}/games`, { mode: 'results', seats: r.players.map((player, i) => ({ player, token: ['boot', 'hat', 'dog'][i] })) }))).json.game.id;
  await expect(201, r.api.post(`${r.base}/games/${rg}/events`, { type: 'result', variant: 'timed', standings: r.players.map((player, i) => ({ player, cash: 100 * (i + 1) })) }));
  await expect(200, r.api.get(`${r.base}/export/bgstats`));
  await expect(200, r.api.get(`${r.base}/export/bgg.xml`));
  assert.deepEqual(violations, [], `${seen.length} answers seen`);
});

test('prism: the error answers (401 403 404 409 412 422) are the documented problem+json', async () => {
  const c = await campaignViaPrism({ name: 'Prism errors' }, ['Ann', 'Bo']);
  const [ann, bo] = c.players;
  const seats = [{ player: ann, token: 'hazel' }, { player: bo, token: 'scottie' }];
  await expect(401, viaPrism('not-the-key').get(c.base));
  await expect(403, c.view.post(`${c.base}/players`, { name: 'Cy' }));
  await expect(401, c.api.get(`/api/v1/campaigns/${c.cid + 1000}`)); // as a wrong key
  const gid = (await expect(201, c.api.post(`${c.base}/games`, { mode: 'banker', seats }))).json.game.id;
  const g = `${c.base}/games/${gid}`;
  await expect(404, c.api.get(`${c.base}/games/${gid + 1000}`));
  await expect(409, c.api.post(`${c.base}/games`, { mode: 'banker', seats }));
  await expect(412, c.api.post(`${g}/events`, { type: 'roll', d1: 1, d2: 2 }, { 'If-Match': '"999"' }));
  const refused = await expect(422, c.api.post(`${g}/events`, { type: 'roll', d1: 1, d2: 2, player: bo }));
  assert.match(refused.headers.get('content-type'), /^application\/problem\+json/);
  await expect(422, c.api.post(`${g}/events`, { type: 'buy' }));
  await expect(422, c.api.post(`${g}/events`, { type: 'draw_journal', card: 'journal-99' }));
  await expect(409, c.api.post(`${g}/undo`));
  assert.deepEqual(violations, [], `${seen.length} answers seen`);
});

test('prism: a server answer that breaks the document is caught (the check can fail)', async () => {
  const doc = JSON.parse(readFileSync(DOC, 'utf8'));
  doc.components.schemas.Health.required.push('not_sent_by_the_server');
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-prism-'));
  const broken = join(dir, 'openapi.json');
  writeFileSync(broken, JSON.stringify(doc));
  const p = await startPrism(srv.url, broken, '/api/v1/editions');
  try {
    const r = await fetch(`${p.url}/api/v1/health`);
    const body = await r.json();
    assert.equal(r.status, 500);
    assert.match(body.type, /stoplight\.io\/prism\/errors#VIOLATIONS/);
    assert.match(JSON.stringify(body), /not_sent_by_the_server/);
  } finally {
    await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('prism: its log names no violation of the document', () => {
  assert.ok(seen.length > 100, `${seen.length} answers went through the proxy`);
  const lines = prism.log().split('\n').filter((l) => /violation|✖|error/i.test(l));
  assert.deepEqual(lines, []);
});

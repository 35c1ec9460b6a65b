// strict.test.mjs -- strict input (API.md "Additions of 2026-12"): a repeated JSON key is
// 400, an event field its type does not take is 422 and nothing of it is stored, and an
// Idempotency-Key reused with another body is 422.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign, newTable } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

async function banker() {
  const { c, base, gid, root } = await newTable(srv.url);
  return { ...c, base, gid, ev: `${root}/events` };
}

test('a body with a repeated key is 400 on every route and changes nothing', async () => {
  const c = await banker();
  const r = await c.api.post(c.ev, '{"type":"note","text":"first","text":"last"}');
  assert.equal(r.status, 400, r.text);
  assert.match(r.headers.get('content-type'), /problem\+json/);
  assert.match(r.json.detail, /'text' appears twice/);
  const nested = await c.api.post(c.ev, '{"type":"trade","a":1,"b":2,"a_gives":{"cash":1,"cash":2}}');
  assert.equal(nested.status, 400, nested.text);
  const player = await c.api.post(`${c.base}/players`, '{"name":"Cy","name":"Di"}');
  assert.equal(player.status, 400, player.text);
  const events = (await c.api.get(`${c.ev}`)).json.events;
  assert.equal(events.length, 0);
  const players = (await c.api.get(`${c.base}/players`)).json.players;
  assert.deepEqual(players.map((p) => p.name), ['Ann', 'Bo']);
});

test('an event field its type does not take is 422 and nothing is stored', async () => {
  const c = await banker();
  const cases = [
    { type: 'note', text: 'x', player: 999999 },
    { type: 'roll', d1: 1, d2: 2, extra: true },
    { type: 'buy', price: 1 },
    { type: 'trade', a: c.players[0], b: c.players[1], a_gives: { cash: 1, hotels: 2 } },
    { type: 'end', reason: 'x', winner_name: 'Ann' },
  ];
  for (const body of cases) {
    const r = await c.api.post(c.ev, body);
    assert.equal(r.status, 422, `${JSON.stringify(body)} -> ${r.text}`);
    assert.match(r.json.detail, /takes no field/);
  }
  assert.equal((await c.api.get(c.ev)).json.events.length, 0);
  const ok = await c.api.post(c.ev, { type: 'note', text: 'x' });
  assert.equal(ok.status, 201, ok.text);
});

test('a results-mode event field its type does not take is 422', async () => {
  const c = await newCampaign(srv.url, { edition: 'classic', players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const seats = [{ player: c.players[0], token: 'dog' }, { player: c.players[1], token: 'hat' }];
  const g = await c.api.post(`${base}/games`, { mode: 'results', seats });
  assert.equal(g.status, 201, g.text);
  const ev = `${base}/games/${g.json.game.id}/events`;
  const note = await c.api.post(ev, { type: 'note', text: 'x', mood: 'good' });
  assert.equal(note.status, 422, note.text);
  const result = await c.api.post(ev, { type: 'result', standings: [{ player: c.players[0], hotels: 3 }, { player: c.players[1], bankrupt_order: 1 }] });
  assert.equal(result.status, 422, result.text);
  assert.equal((await c.api.get(ev)).json.events.length, 0);
});

test('Idempotency-Key: the same body is answered again (200), another body is 422', async () => {
  const c = await banker();
  const key = { 'Idempotency-Key': 'strict-1' };
  const a = await c.api.post(c.ev, { type: 'note', text: 'tea' }, key);
  assert.equal(a.status, 201, a.text);
  const same = await c.api.post(c.ev, { type: 'note', text: 'tea' }, key);
  assert.equal(same.status, 200, same.text);
  assert.deepEqual(same.json, a.json);
  const other = await c.api.post(c.ev, { type: 'note', text: 'coffee' }, key);
  assert.equal(other.status, 422, other.text);
  assert.match(other.headers.get('content-type'), /problem\+json/);
  assert.match(other.json.detail, /another body/);
  const events = (await c.api.get(c.ev)).json.events;
  assert.deepEqual(events.map((e) => e.text), ['tea']);
});

// openapi_exact.test.mjs -- schema/openapi.json is exact where the server is stricter
// than a plain type: what the server refuses (422), the document refuses too, and what
// it accepts the document accepts. Board money is a multiple of 10 (BoardMoney); a time
// zone is an IANA name, never a path; a memory names a card or a destination, not both,
// and a slot only with its card; a correction's fields are typed (CorrectFields), not an
// empty object a generator reads as Record<string, never>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { validate } from './schema.mjs';
import { startServer, newCampaign, client } from './server.mjs';

const DOC = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'));
const valid = (name, value) => validate({ $ref: `#/components/schemas/${name}` }, value, DOC).length === 0;

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

test('board money: a price that is no multiple of 10 is 422 and outside DestinationUpdate; a multiple is both accepted', async () => {
  const c = await newCampaign(srv.url);
  const path = `/api/v1/campaigns/${c.cid}/board/destinations/rapa-nui`;
  for (const price of [15, 1, 205]) {
    const r = await c.api.put(path, { price });
    assert.equal(r.status, 422, `price ${price}: ${r.text}`);
    assert.equal(valid('DestinationUpdate', { price }), false, `the document refuses price ${price}`);
  }
  const ok = await c.api.put(path, { price: 210 });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(valid('DestinationUpdate', { price: 210 }), true);
  assert.equal(valid('SpaceUpdate', { amount: 15 }), false);
  assert.equal(valid('ChanceEffect', { collect: 15 }), false);
  assert.equal(valid('JournalEffect', { per_stamp: { collect: 25 } }), false);
  // Cash in a game is no board money: classic rents of 2 and 6 stay valid state.
  assert.equal(valid('Money', 15), true);
  const board = await c.api.get(`/api/v1/campaigns/${c.cid}/board`);
  assert.equal(board.status, 200);
  assert.equal(valid('Board', board.json), true, JSON.stringify(validate({ $ref: '#/components/schemas/Board' }, board.json, DOC).slice(0, 3)));
});

test('time zone: a path-like name is 422 and outside TimeZone; IANA names are both accepted', async () => {
  const anon = client(srv.url);
  for (const tz of ['../etc/passwd', 'Europe/../Paris', './UTC', 'Europe/.', '.hidden', 'Europe//Paris', '/Europe/Paris']) {
    const r = await anon.post('/api/v1/campaigns', { name: 'Zones', timezone: tz });
    assert.equal(r.status, 422, `${tz}: ${r.text}`);
    assert.equal(valid('TimeZone', tz), false, `the document refuses ${tz}`);
  }
  for (const tz of ['Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1', 'Etc/GMT-14', 'UTC', 'EST5EDT']) {
    const r = await anon.post('/api/v1/campaigns', { name: 'Zones', timezone: tz });
    assert.equal(r.status, 201, `${tz}: ${r.text}`);
    assert.equal(valid('TimeZone', tz), true, `the document accepts ${tz}`);
  }
});

test('a memory with both a card and a destination, or a slot without its card, is 422 and outside MemoryCreate', async () => {
  const c = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const gid = g.json.game.id;
  const both = { game: gid, text: 'both', card: 'journal-2', destination: 'rapa-nui' };
  const slotOnly = { game: gid, text: 'a slot alone', slot: 0 };
  for (const body of [both, slotOnly]) {
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/memories`, body);
    assert.equal(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(valid('MemoryCreate', body), false, `the document refuses ${JSON.stringify(body)}`);
  }
  assert.equal(valid('MemoryCreate', { game: gid, text: 'a card', card: 'journal-2', slot: 0 }), true);
  assert.equal(valid('MemoryCreate', { game: gid, text: 'a place', destination: 'rapa-nui' }), true);
});

test('a correction\'s fields are typed: the event the server logs validates, and a field of another type does not', async () => {
  const fields = DOC.components.schemas.CorrectFields;
  assert.ok(Object.keys(fields.properties).length >= 10, 'CorrectFields names its properties');
  assert.equal(fields.additionalProperties, false);
  const c = await newCampaign(srv.url, { players: ['Ana', 'Bo'] });
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  for (const [path, body] of [['destinations/rapa-nui', { name: 'Easter Island', price: 230 }], ['chance/chance-1', { text: 'Collect 50', effect: { collect: 50 } }], ['journal/journal-2', { title: 'Two', slots: 4 }]]) {
    const r = await c.api.put(`/api/v1/campaigns/${c.cid}/board/${path}`, body);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
  }
  const events = await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g.json.game.id}/events`);
  const corrections = events.json.events.filter((e) => e.type === 'correct');
  assert.equal(corrections.length, 3, events.text);
  for (const e of corrections) {
    assert.deepEqual(validate({ $ref: '#/components/schemas/EventRecord' }, e, DOC), [], JSON.stringify(e));
    assert.equal(valid('CorrectFields', e.fields), true, JSON.stringify(e.fields));
    assert.equal(valid('CorrectFields', e.before), true, JSON.stringify(e.before));
  }
  assert.equal(valid('CorrectFields', { price: 'cheap' }), false);
  assert.equal(valid('CorrectFields', { price: 15 }), false);
  assert.equal(valid('CorrectFields', { nonsense: 1 }), false);
  assert.equal(valid('CorrectFields', {}), false);
});

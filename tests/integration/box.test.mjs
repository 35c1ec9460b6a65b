// box.test.mjs -- the group's own box (API.md "Correcting the box"): check state per
// fact, "checked" marks, the layout route, box files, corrections during a game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, newCampaign, client } from './server.mjs';
import { validate } from './schema.mjs';

const DOC = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'));
const schema = (name) => ({ $ref: `#/components/schemas/${name}` });
const agrees = (name, value) => assert.deepEqual(validate(schema(name), value, DOC), [], `${name}: ${JSON.stringify(value).slice(0, 300)}`);

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const board = async (c) => {
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}/board`);
  assert.equal(r.status, 200, r.text);
  return r.json;
};
const put = (c, part, id, body) => c.api.put(`/api/v1/campaigns/${c.cid}/board/${part}/${id}`, body);
const byId = (list, id) => list.find((x) => x.id === id);

test('check: a new campaign has 82 facts, none checked; each PUT checks its fact', async () => {
  const c = await newCampaign(srv.url);
  let b = await board(c);
  assert.deepEqual(b.check, { facts: 40 + 22 + 10 + 10, checked: 0 });
  assert.equal((await put(c, 'destinations', 'rapa-nui', { price: 110 })).status, 200);
  assert.equal((await put(c, 'spaces', '0', { checked: true })).status, 200);
  assert.equal((await put(c, 'chance', 'chance-1', { checked: true })).status, 200);
  assert.equal((await put(c, 'journal', 'journal-2', { checked: true, slots: 3 })).status, 200);
  b = await board(c);
  assert.deepEqual(b.check, { facts: 82, checked: 4 });
  for (const fact of [b.spaces[0], byId(b.destinations, 'rapa-nui'), byId(b.chance, 'chance-1'), byId(b.journal, 'journal-2')]) {
    assert.equal(fact.source, 'group');
  }
});

test('checked: true marks a fact without changing it; false and non-booleans are refused', async () => {
  const c = await newCampaign(srv.url);
  const was = byId((await board(c)).journal, 'journal-3');
  const r = await put(c, 'journal', 'journal-3', { checked: true });
  assert.equal(r.status, 200, r.text);
  const { source, sources, ...rest } = r.json;
  const { source: s0, sources: ss0, ...rest0 } = was;
  assert.deepEqual(rest, rest0);
  assert.equal(source, 'group');
  assert.ok(Object.values(sources).every((v) => v === 'group'));
  const before = await board(c);
  for (const body of [{ checked: false }, { checked: 'yes' }, {}]) {
    const bad = await put(c, 'journal', 'journal-3', body);
    assert.ok([400, 422].includes(bad.status), `${JSON.stringify(body)}: ${bad.status}`);
    assert.match(bad.headers.get('content-type'), /problem\+json/);
  }
  assert.deepEqual(await board(c), before);
});

test('spaces: kind, name and amount of the layout; 409 while a game is active, but for a check mark', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  let r = await put(c, 'spaces', '38', { amount: 150, name: 'Travel Guide Fee' });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.amount, 150);
  r = await put(c, 'spaces', '12', { kind: 'flight_local' });
  assert.equal(r.status, 200, r.text);
  assert.equal((await board(c)).spaces[12].kind, 'flight_local');
  for (const [index, body, status] of [['40', { name: 'x' }, 404], ['x', { name: 'x' }, 404],
    ['6', { kind: 'chance' }, 422], ['7', { kind: 'tax' }, 422], ['4', { amount: 75 }, 422], ['10', { kind: 'go' }, 422]]) {
    const bad = await put(c, 'spaces', index, body);
    assert.equal(bad.status, status, `${index} ${JSON.stringify(body)}: ${bad.text}`);
  }
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const before = await board(c);
  for (const body of [{ amount: 100 }, { name: 'Guide', checked: true }]) {
    r = await put(c, 'spaces', '38', body);
    assert.equal(r.status, 409, r.text);
  }
  assert.deepEqual(await board(c), before);
  // A mark alone changes no rule: a tax met during play can be confirmed.
  r = await put(c, 'spaces', '38', { checked: true });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.amount, 150);
  assert.equal((await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g.json.game.id}/events`)).json.events.length, 0);
});

test('box file: a corrected box starts a new campaign identically', async () => {
  const a = await newCampaign(srv.url);
  assert.equal((await put(a, 'destinations', 'pink-3', { name: 'Petra', price: 170, fee: 90, set_fee: 170 })).status, 200);
  assert.equal((await put(a, 'journal', 'journal-1', { title: 'Night market', slots: 4, effect: { per_stamp: { collect_from_each: 20 } } })).status, 200);
  assert.equal((await put(a, 'chance', 'chance-2', { text: 'Advance to GO.', effect: { move_to: 'go', salary: true }, checked: true })).status, 200);
  assert.equal((await put(a, 'spaces', '4', { amount: 150 })).status, 200);
  const box = await board(a);
  const r = await client(srv.url).post('/api/v1/campaigns', { name: 'Our cousins', board: box });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.campaign.edition, 'travel-world-tour');
  const b = { cid: r.json.campaign.id, api: client(srv.url, r.json.key) };
  assert.deepEqual(await board(b), box);
});

test('box file: a damaged one is 422 naming the fact, and creates nothing', async () => {
  const a = await newCampaign(srv.url);
  const box = await board(a);
  const damage = [
    ['39 spaces', (x) => x.spaces.pop(), /spaces/],
    ['goal names nothing', (x) => { x.destinations[0].goal = 'atlantis'; }, /atlantis/],
    ['no circles', (x) => { x.journal[0].slots = 0; }, /journal\[0\]\.slots/],
    ['price 125', (x) => { x.destinations[2].price = 125; }, /destinations\[2\]\.price.*multiple of 10/],
    ['unknown kind', (x) => { x.spaces[7].kind = 'castle'; }, /spaces\[7\]\.kind/],
    ['another engine', (x) => { x.engine = 'results'; }, /engine/],
  ];
  for (const [what, fn, detail] of damage) {
    const bad = structuredClone(box);
    fn(bad);
    const r = await client(srv.url).post('/api/v1/campaigns', { name: 'Broken', board: bad });
    assert.equal(r.status, 422, `${what}: ${r.text}`);
    assert.match(r.json.detail, detail, what);
  }
  const wrongType = await client(srv.url).post('/api/v1/campaigns', { name: 'Broken', board: [1] });
  assert.equal(wrongType.status, 400, wrongType.text);
  const other = await client(srv.url).post('/api/v1/campaigns', { name: 'Broken', edition: 'classic', board: box });
  assert.equal(other.status, 422, other.text);
  // Nothing was created: the next campaign takes the very next id.
  const next = await newCampaign(srv.url);
  assert.equal(next.cid, a.cid + 1);
});

/** A campaign with Ann and Bo and an active game of mode; returns {c, gid, ann, bo, root}. */
async function inGame(mode, setup = async () => {}) {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  await setup(c);
  const [ann, bo] = c.players;
  const root = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${root}/games`, { mode, seats: [{ player: ann, token: 'hazel' }, { player: bo, token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  return { c, gid: g.json.game.id, ann, bo, root };
}
const ev = async (t, body) => {
  const r = await t.c.api.post(`${t.root}/games/${t.gid}/events`, body);
  assert.equal(r.status, 201, `${JSON.stringify(body)}: ${r.text}`);
  return r.json;
};
const events = async (t) => (await t.c.api.get(`${t.root}/games/${t.gid}/events`)).json.events;
const live = async (t) => (await t.c.api.get(`${t.root}/games/${t.gid}`)).json.state;

test('correct: a destination fixed during a banker game is a correct event the game follows; ?at= replays it', async () => {
  const t = await inGame('banker');
  const r = await put(t.c, 'destinations', 'rapa-nui', { price: 120, fee: 70 });
  assert.equal(r.status, 200, r.text);
  const [fix] = await events(t);
  assert.deepEqual([fix.seq, fix.type, fix.what, fix.id, fix.fields, fix.before, fix.voided],
    [1, 'correct', 'destination', 'rapa-nui', { price: 120, fee: 70 }, { price: 100, fee: 50 }, false]);
  // A mark alone changes no rule and appends nothing.
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', { checked: true })).status, 200);
  assert.equal((await events(t)).length, 1);
  await ev(t, { type: 'roll', d1: 2, d2: 4 }); // Ann to Rapa Nui
  const bought = await ev(t, { type: 'buy' });
  assert.equal(bought.state.players.find((p) => p.id === t.ann).cash, 1380);
  await ev(t, { type: 'roll', d1: 2, d2: 4 }); // Bo lands on it
  const fee = await ev(t, { type: 'collect_fee' });
  assert.equal(fee.state.players.find((p) => p.id === t.bo).cash, 1430);
  const now = await live(t);
  const at = (await t.c.api.get(`${t.root}/games/${t.gid}/state?at=${now.seq}`)).json;
  assert.deepEqual(at, now);
  const posted = await t.c.api.post(`${t.root}/games/${t.gid}/events`, { type: 'correct', what: 'destination', id: 'rapa-nui', fields: { price: 10 }, before: { price: 120 } });
  assert.equal(posted.status, 422, posted.text);
  // The layout stays fixed during a game.
  assert.equal((await put(t.c, 'spaces', '6', { name: 'Easter Island' })).status, 409);
});

test('correct: undoing a correction restores the old values in the game and in the campaign copy', async () => {
  const t = await inGame('banker');
  await ev(t, { type: 'roll', d1: 2, d2: 4 });
  const before = await live(t);
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', { price: 150 })).status, 200);
  assert.equal(byId((await board(t.c)).destinations, 'rapa-nui').price, 150);
  const u = await t.c.api.post(`${t.root}/games/${t.gid}/undo`);
  assert.equal(u.status, 200, u.text);
  assert.equal(u.json.undone, 2);
  assert.equal(byId((await board(t.c)).destinations, 'rapa-nui').price, 100);
  const { version: v1, ...s1 } = await live(t);
  const { version: v0, ...s0 } = before;
  assert.deepEqual(s1, s0);
  const bought = await ev(t, { type: 'buy' });
  assert.equal(bought.state.players.find((p) => p.id === t.ann).cash, 1400);
});

test('correct: a Chance effect fixed mid-game changes its next draw', async () => {
  const t = await inGame('banker');
  assert.equal((await put(t.c, 'chance', 'chance-3', { text: 'Pay 50.', effect: { pay: 50 } })).status, 200);
  const fix = (await events(t))[0];
  assert.deepEqual(fix.fields, { text: 'Pay 50.', effect: { pay: 50 } });
  await ev(t, { type: 'roll', d1: 3, d2: 4 }); // Chance
  const drawn = await ev(t, { type: 'draw_chance', card: 'chance-3' });
  assert.equal(drawn.state.players.find((p) => p.id === t.ann).cash, 1450);
});

test('correct: a journal card fixed from 1 to 3 circles in a journal game stamps its next draw', async () => {
  const t = await inGame('journal', async (c) => {
    assert.equal((await put(c, 'journal', 'journal-10', { slots: 1 })).status, 200); // as some box prints it
  });
  assert.equal(byId((await board(t.c)).journal, 'journal-10').slots, 1);
  await ev(t, { type: 'draw_journal', card: 'journal-10', player: t.ann });
  const full = await ev(t, { type: 'draw_journal', card: 'journal-10', player: t.bo });
  assert.ok(!full.effects.some((e) => e.kind === 'journal_stamp'));
  assert.equal((await put(t.c, 'journal', 'journal-10', { slots: 0 })).status, 422);
  assert.equal((await put(t.c, 'journal', 'journal-10', { slots: 3, title: 'Night train' })).status, 200);
  const again = await ev(t, { type: 'draw_journal', card: 'journal-10', player: t.bo });
  assert.ok(again.effects.some((e) => e.kind === 'journal_stamp' && e.slot === 1), JSON.stringify(again.effects));
  const j = (await t.c.api.get(`${t.root}/journal/journal-10`)).json;
  assert.equal(j.slots, 3);
  assert.equal(j.stamps.length, 2);
});

test('correct: export and import reproduce a game with corrections', async () => {
  const t = await inGame('banker');
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', { price: 120 })).status, 200);
  await ev(t, { type: 'roll', d1: 2, d2: 4 });
  await ev(t, { type: 'buy' });
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', { fee: 80 })).status, 200);
  await ev(t, { type: 'roll', d1: 2, d2: 4 });
  await ev(t, { type: 'collect_fee' });
  const exp = await t.c.api.get(`${t.root}/export`);
  assert.equal(exp.status, 200, exp.text);
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = { cid: imp.json.campaign.id, api: client(srv.url, imp.json.key) };
  const games = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/games`)).json.games;
  const a = await live(t);
  const b = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/games/${games[0].id}`)).json.state;
  const shape = (s) => [s.seq, s.status, s.players.map((p) => [p.name, p.cash, p.position, p.owns])];
  assert.deepEqual(shape(b), shape(a));
  assert.deepEqual(shape(b)[2].map((p) => p[1]), [1500 - 120 + 80, 1500 - 80]);
  const e2 = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/games/${games[0].id}/events`)).json.events;
  assert.deepEqual(e2.filter((e) => e.type === 'correct').map((e) => e.fields), [{ price: 120 }, { fee: 80 }]);
  assert.equal(byId((await board(copy)).destinations, 'rapa-nui').fee, 80);
});

test('correct: after a restart the game parses its board again and still follows its corrections', async () => {
  const t = await inGame('banker');
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', { fee: 90 })).status, 200);
  assert.equal((await live(t)).corrections, 1);
  await ev(t, { type: 'roll', d1: 2, d2: 4 });
  await ev(t, { type: 'buy' });
  await srv.restart();
  await ev(t, { type: 'roll', d1: 2, d2: 4 });
  const fee = await ev(t, { type: 'collect_fee' });
  assert.equal(fee.state.players.find((p) => p.id === t.bo).cash, 1500 - 90);
  assert.equal(fee.state.corrections, 1);
  // A game without corrections says nothing of them.
  const other = await inGame('journal');
  assert.equal((await live(other)).corrections, undefined);
});

test('openapi: the new fields, routes and the correct event agree with the document', async () => {
  const t = await inGame('banker');
  const b = await board(t.c);
  agrees('Board', b);
  agrees('BoardCheck', b.check);
  const sp = { checked: true };
  agrees('SpaceUpdate', sp);
  const r = await put(t.c, 'spaces', '4', sp);
  assert.equal(r.status, 200, r.text);
  agrees('Space', r.json);
  const fix = { price: 120, checked: true };
  agrees('DestinationUpdate', fix);
  assert.equal((await put(t.c, 'destinations', 'rapa-nui', fix)).status, 200);
  const card = { slots: 4, checked: true };
  agrees('JournalCardUpdate', card);
  assert.equal((await put(t.c, 'journal', 'journal-1', card)).status, 200);
  const evs = await events(t);
  assert.equal(evs.length, 2);
  for (const e of evs) agrees('EventRecord', e);
  const st = await live(t);
  agrees('GameState', st);
  assert.equal(st.corrections, 2);
  const create = { name: 'From a box', board: await board(t.c) };
  agrees('CampaignCreate', create);
  assert.equal((await client(srv.url).post('/api/v1/campaigns', create)).status, 201);
  // What the document refuses, the server refuses too.
  assert.notDeepEqual(validate(schema('SpaceUpdate'), { checked: false }, DOC), []);
  assert.notDeepEqual(validate(schema('EventCorrect'), { type: 'correct', what: 'space', id: 'go', fields: { name: 'x' }, before: {} }, DOC), []);
});

test('correct: a Chance card fixed mid-game to move to a space named by its id (a flight space)', async () => {
  const t = await inGame('banker');
  const r = await put(t.c, 'chance', 'chance-3', { effect: { move_to: 'flight-15', salary: false } });
  assert.equal(r.status, 200, r.text);
  await ev(t, { type: 'roll', d1: 3, d2: 4 }); // Chance
  const drawn = await ev(t, { type: 'draw_chance', card: 'chance-3' });
  assert.equal(drawn.state.players.find((p) => p.id === t.ann).position, 15);
  await srv.restart(); // the log's correction read again with the board's space ids
  const again = await live(t);
  assert.equal(again.corrections, 1);
  const replayed = (await t.c.api.get(`${t.root}/games/${t.gid}/state?at=${again.seq}`)).json;
  assert.deepEqual(replayed, again);
});

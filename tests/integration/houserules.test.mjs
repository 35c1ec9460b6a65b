// houserules.test.mjs -- API.md "House rules (added 2026-12-b)" and "Further additions":
// every switch of RULES.md 1b through the API (a campaign's, copied into each game at
// its start and kept for its whole life), bad input, the rulebook's readings of 2026-12
// (TWT-GOAL-JUMP, TWT-GO for the ticket), TWT-JOURNAL-5 and 409 before fields are read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, newCampaign, newTable, client } from './server.mjs';
import { validate } from './schema.mjs';

let srv, guarded; // guarded has an admin key, so it can list its campaigns
before(async () => {
  srv = await startServer();
  guarded = await startServer({ args: ['--admin-key', 'house-admin'] });
});
after(async () => { await srv.cleanup(); await guarded.cleanup(); });

const admin = () => client(srv.url);
const OFFICIAL = {
  goal_jump: 'next_turn', travel_pays_go: true, go_landing: 200, free_parking: 'nothing',
  auction: true, fees: 'ask', stamps_to_win: 4, starting_cash: 1500,
};

/** A campaign of Ann and Bob (house rules given) and a game of theirs (its own given). */
async function table({ house_rules, game_rules, mode = 'banker' } = {}) {
  const t = await newTable(srv.url, { name: 'House', players: ['Ann', 'Bob'], tokens: ['scottie', 'hazel'], house_rules, game_rules, mode });
  const [ann, bob] = t.c.players;
  const game = async () => (await t.c.api.get(t.root)).json.game;
  return { ...t, ann, bob, game, first: t.created };
}

const DOC = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'));
/** value matches components.schemas[name] of schema/openapi.json. */
function conforms(name, value) {
  const errors = validate({ $ref: `#/components/schemas/${name}` }, value, DOC);
  assert.deepEqual(errors, [], `${name}: ${JSON.stringify(errors).slice(0, 600)}`);
}

const roll = (d1, d2) => ({ type: 'roll', d1, d2 });
const pass = { type: 'auction' }; // the destination stays with the Bank
const cash = (st, id) => st.players.find((p) => p.id === id).cash;
const money = (st) => st.players.reduce((n, p) => n + p.cash, 0) + (st.pot || 0);

test('house_rules: a new campaign answers every switch, official where left out', async () => {
  const plain = await newCampaign(srv.url, {});
  assert.deepEqual((await plain.api.get(`/api/v1/campaigns/${plain.cid}`)).json.campaign.house_rules, OFFICIAL);
  const c = await newCampaign(srv.url, { house_rules: { fees: 'automatic', stamps_to_win: 3 } });
  const doc = (await c.api.get(`/api/v1/campaigns/${c.cid}`)).json;
  conforms('CampaignDetail', doc);
  const got = doc.campaign.house_rules;
  assert.deepEqual(got, { ...OFFICIAL, fees: 'automatic', stamps_to_win: 3 });
});

test('house_rules: an unknown switch or value is 422, a wrong JSON type 400, and nothing is created', async () => {
  const anon = client(guarded.url);
  const lister = client(guarded.url, 'house-admin');
  const before = (await lister.get('/api/v1/campaigns')).json.campaigns.length;
  const bad = [
    [{ jackpot: true }, 422], [{ goal_jump: 'sometimes' }, 422], [{ go_landing: 300 }, 422],
    [{ stamps_to_win: 7 }, 422], [{ stamps_to_win: 2 }, 422], [{ starting_cash: 495 }, 422],
    [{ starting_cash: 5010 }, 422], [{ starting_cash: 1505 }, 422], [{ free_parking: 'pot' }, 422],
    [{ auction: 'no' }, 400], [{ stamps_to_win: '4' }, 400], [{ fees: true }, 400],
    [{ starting_cash: 1500.5 }, 400], [[], 400], ['official', 400],
  ];
  for (const [house_rules, status] of bad) {
    const r = await anon.post('/api/v1/campaigns', { name: 'Bad', house_rules }, { Authorization: 'Bearer house-admin' });
    assert.equal(r.status, status, `${JSON.stringify(house_rules)} -> ${r.text}`);
    assert.match(r.headers.get('content-type'), /problem\+json/);
    if (status === 422) assert.match(r.json.detail, /house_rules/);
  }
  assert.equal((await lister.get('/api/v1/campaigns')).json.campaigns.length, before);
  const ok = await anon.post('/api/v1/campaigns', { name: 'Good', house_rules: { auction: false } }, { Authorization: 'Bearer house-admin' });
  assert.equal(ok.status, 201); // the count can move
  assert.equal((await lister.get('/api/v1/campaigns')).json.campaigns.length, before + 1);
});

test('house_rules: PATCH keeps the switches it leaves out; a bad one changes nothing', async () => {
  const c = await newCampaign(srv.url, { house_rules: { auction: false } });
  const url = `/api/v1/campaigns/${c.cid}`;
  const r = await c.api.patch(url, { house_rules: { go_landing: 400 } });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.json.campaign.house_rules, { ...OFFICIAL, auction: false, go_landing: 400 });
  assert.equal((await c.api.patch(url, { house_rules: { go_landing: 400, fees: 'never' } })).status, 422);
  assert.equal((await c.api.patch(url, { name: 'Renamed', house_rules: { auction: 1 } })).status, 400);
  const now = (await c.api.get(url)).json.campaign;
  assert.equal(now.name, 'Test box'); // the PATCH refused renamed nothing
  assert.deepEqual(now.house_rules, { ...OFFICIAL, auction: false, go_landing: 400 });
});

test('HOUSE-CASH: starting_cash; a game copies the campaign rules and keeps them through a PATCH', async () => {
  const t = await table({ house_rules: { starting_cash: 2500 } });
  let st = await t.state();
  assert.equal(cash(st, t.ann), 2500);
  assert.deepEqual(st.house_rules, { ...OFFICIAL, starting_cash: 2500 });
  assert.deepEqual((await t.game()).house_rules, st.house_rules);
  const p = await t.c.api.patch(`/api/v1/campaigns/${t.c.cid}`, { house_rules: { starting_cash: 800 } });
  assert.equal(p.status, 200);
  await t.send(roll(1, 2));
  st = await t.state();
  assert.equal(st.house_rules.starting_cash, 2500);
  assert.equal((await t.game()).house_rules.starting_cash, 2500);
  await t.replayEqualsSnapshot();
  await t.send({ type: 'end' });
  const g2 = await t.c.api.post(`/api/v1/campaigns/${t.c.cid}/games`, {
    mode: 'banker', seats: [{ player: t.ann, token: 'scottie' }, { player: t.bob, token: 'hazel' }],
  });
  assert.equal(g2.json.game.house_rules.starting_cash, 800); // only later games change
  assert.equal(cash(g2.json.state, t.ann), 800);
});

test('house_rules on POST …/games: this game only, over the campaign; bad ones create no game', async () => {
  const t = await table({ house_rules: { fees: 'automatic' }, game_rules: { stamps_to_win: 5 } });
  assert.deepEqual(t.first.game.house_rules, { ...OFFICIAL, fees: 'automatic', stamps_to_win: 5 });
  assert.equal(t.first.state.win_stamps, 5);
  await t.send({ type: 'end' });
  const seats = [{ player: t.ann, token: 'scottie' }, { player: t.bob, token: 'hazel' }];
  const games = `/api/v1/campaigns/${t.c.cid}/games`;
  assert.equal((await t.c.api.post(games, { mode: 'banker', seats, house_rules: { fees: 'maybe' } })).status, 422);
  assert.equal((await t.c.api.post(games, { mode: 'banker', seats, house_rules: 'x' })).status, 400);
  assert.equal((await t.c.api.get(games)).json.games.length, 1);
  assert.equal((await t.c.api.get(`/api/v1/campaigns/${t.c.cid}`)).json.campaign.house_rules.stamps_to_win, 4);
});

/** Ann buys Chichen Itza (goal Angkor Wat); Bob buys Angkor Wat and trades it to her
 * before her turn: she now holds a card that is one of her own goals. */
async function jumpEarned(t) {
  await t.send(roll(4, 5)); // Ann: Chichen Itza
  await t.send({ type: 'buy' });
  await t.send(roll(5, 6)); // Bob: Grand Canyon
  await t.send(pass);
  await t.send(roll(1, 2)); // Ann: 12, a flight space
  await t.send(roll(4, 5)); // Bob: Free Parking, the ticket
  await t.send(roll(1, 2)); // Ann: 15
  await t.send(roll(1, 2)); // Bob: Angkor Wat
  await t.send({ type: 'buy' });
  await t.send({ type: 'trade', a: t.bob, b: t.ann, a_gives: { destinations: ['angkor-wat'] }, b_gives: { cash: 220 } });
}

test('TWT-GOAL-JUMP: offered at the next turn start only, lapses at the roll', async () => {
  const t = await table();
  await jumpEarned(t);
  let st = await t.state();
  assert.ok(st.options.some((o) => o.type === 'goal_jump' && o.player === t.ann), JSON.stringify(st.options));
  await t.send(roll(1, 2)); // Ann rolls instead: 18
  await t.send(pass);
  await t.send(roll(1, 2)); // Bob: 26
  await t.send(pass);
  st = await t.state();
  assert.ok(!st.options.some((o) => o.type === 'goal_jump'));
  const r = await t.send({ type: 'goal_jump', destination: 'angkor-wat' }, 422);
  assert.equal(r.rule, 'TWT-GOAL-JUMP');
  await t.replayEqualsSnapshot();
});

test('HOUSE-GOAL-JUMP any_turn: the jump stays offered at every turn start', async () => {
  const t = await table({ house_rules: { goal_jump: 'any_turn' } });
  await jumpEarned(t);
  await t.send(roll(1, 2));
  await t.send(pass);
  await t.send(roll(1, 2));
  await t.send(pass);
  assert.ok((await t.state()).options.some((o) => o.type === 'goal_jump'));
  const a = await t.send({ type: 'goal_jump', destination: 'angkor-wat' });
  assert.ok(!a.effects.some((e) => e.kind === 'salary'), '18 to 23 does not pass GO');
  assert.equal(a.state.destinations.find((d) => d.id === 'angkor-wat').stamped_by, t.ann);
});

/** Ann takes the ticket on Free Parking and uses it at her next turn to Rapa Nui (past GO). */
async function ticketPastGo(t) {
  await t.send(roll(5, 6)); // Ann: Grand Canyon
  await t.send(pass);
  await t.send(roll(1, 2)); // Bob: 3
  await t.send(pass);
  await t.send(roll(4, 5)); // Ann: Free Parking
  await t.send(roll(1, 2)); // Bob: 6
  await t.send(pass);
  return t.send({ type: 'use_ticket', to: 'rapa-nui' });
}

test('TWT-TICKET, TWT-GO: the golden ticket past GO pays 200', async () => {
  const t = await table();
  const a = await ticketPastGo(t);
  assert.deepEqual(a.effects.find((e) => e.kind === 'salary'), { kind: 'salary', player: t.ann, amount: 200 });
});

test('HOUSE-TRAVEL-GO false: the ticket past GO pays no salary', async () => {
  const t = await table({ house_rules: { travel_pays_go: false } });
  const a = await ticketPastGo(t);
  assert.ok(!a.effects.some((e) => e.kind === 'salary'));
  assert.equal(cash(a.state, t.ann), 1500);
});

/** Ann goes round the board to land exactly on GO by dice: 11, 21, 31, 40. */
async function exactlyOnGo(t) {
  for (const [d1, d2] of [[5, 6], [4, 6], [4, 6]]) {
    await t.send(roll(d1, d2));
    await t.send(pass);
    await t.send(roll(1, 2)); // Bob
    const st = await t.state();
    if (st.turn.pending) await t.send(pass);
  }
  return t.send(roll(4, 5));
}

test('HOUSE-GO-LANDING: 400 for landing exactly on GO by dice, 200 officially', async () => {
  const doubled = await exactlyOnGo(await table({ house_rules: { go_landing: 400 } }));
  assert.deepEqual(doubled.effects.find((e) => e.kind === 'salary').amount, 400);
  const plain = await exactlyOnGo(await table());
  assert.deepEqual(plain.effects.find((e) => e.kind === 'salary').amount, 200);
});

test('HOUSE-FREE-PARKING jackpot: taxes go to the pot, the lander takes it; money is conserved, replay and undo agree', async () => {
  const t = await table({ house_rules: { free_parking: 'jackpot' } });
  let a = await t.send(roll(1, 3)); // Ann: Travel Insurance
  assert.deepEqual(a.effects.find((e) => e.kind === 'pay'), { kind: 'pay', from: t.ann, to: 'pot', amount: 200, reason: 'tax' });
  assert.equal(a.state.pot, 200);
  assert.equal(money(a.state), 3000);
  conforms('EventAnswer', a);
  await t.send(roll(5, 6)); // Bob: Grand Canyon
  await t.send(pass);
  await t.send(roll(2, 3)); // Ann: Chichen Itza
  await t.send(pass);
  a = await t.send(roll(4, 5)); // Bob: Free Parking, from 11
  assert.deepEqual(a.effects.find((e) => e.kind === 'pot'), { kind: 'pot', player: t.bob, amount: 200 });
  conforms('EventAnswer', a);
  conforms('Game', await t.game());
  assert.equal(a.state.pot, 0);
  assert.equal(cash(a.state, t.bob), 1700);
  assert.equal(money(a.state), 3000);
  await t.replayEqualsSnapshot();
  const u = await t.c.api.post(`${t.root}/undo`);
  assert.equal(u.status, 200);
  assert.equal(u.json.state.pot, 200);
  const off = await table();
  const b = await off.send(roll(1, 3));
  assert.equal(b.effects.find((e) => e.kind === 'pay').to, 'bank');
  assert.equal(b.state.pot, undefined);
});

test('HOUSE-AUCTION false: no bids, a declined destination stays with the Bank', async () => {
  const t = await table({ house_rules: { auction: false } });
  const a = await t.send(roll(4, 5));
  const opt = a.state.options.find((o) => o.type === 'auction');
  assert.equal(opt.bids, false);
  conforms('GameState', a.state);
  const r = await t.send({ type: 'auction', winner: t.bob, price: 100 }, 422);
  assert.equal(r.rule, 'HOUSE-AUCTION');
  const d = await t.send(pass);
  assert.equal(d.state.destinations.find((x) => x.id === 'chichen-itza').owner, null);
});

test('HOUSE-FEES automatic: the fee is paid at the landing, nothing to ask', async () => {
  const auto = await table({ house_rules: { fees: 'automatic' } });
  await auto.send(roll(5, 6)); // Ann: Grand Canyon
  await auto.send({ type: 'buy' });
  const a = await auto.send(roll(5, 6)); // Bob lands there
  assert.deepEqual(a.effects.find((e) => e.kind === 'pay'),
    { kind: 'pay', from: auto.bob, to: auto.ann, amount: 70, reason: 'fee', destination: 'grand-canyon' });
  assert.deepEqual(a.state.turn.fees_due, []);
  assert.ok(!a.state.options.some((o) => o.type === 'collect_fee'));
  const ask = await table();
  await ask.send(roll(5, 6));
  await ask.send({ type: 'buy' });
  const b = await ask.send(roll(5, 6));
  assert.equal(b.state.turn.fees_due.length, 1);
  assert.ok(!b.effects.some((e) => e.kind === 'pay'));
});

test('HOUSE-WIN stamps_to_win: three stamps win a journal-mode game of that campaign', async () => {
  const t = await table({ house_rules: { stamps_to_win: 3 }, mode: 'journal' });
  for (const d of ['rapa-nui', 'chichen-itza']) await t.send({ type: 'stamp_goal', player: t.ann, destination: d });
  assert.equal((await t.state()).status, 'active');
  const a = await t.send({ type: 'stamp_goal', player: t.ann, destination: 'angkor-wat' });
  assert.equal(a.state.status, 'finished');
  assert.equal(a.state.winner, t.ann);
  const o = await table({ mode: 'journal' });
  for (const d of ['rapa-nui', 'chichen-itza', 'angkor-wat']) await o.send({ type: 'stamp_goal', player: o.ann, destination: d });
  assert.equal((await o.state()).status, 'active');
});

test('TWT-JOURNAL-5: a draw_journal naming stamp_owner is 422, in either mode; in banker mode it takes card only', async () => {
  const t = await table({ mode: 'journal' });
  const r = await t.send({ type: 'draw_journal', card: 'journal-1', player: t.ann, stamp_owner: 'player' }, 422);
  assert.equal(r.rule, 'TWT-JOURNAL-5');
  const b = await table();
  await b.send(roll(1, 1)); // Ann: Travel Journal
  assert.equal((await b.send({ type: 'draw_journal', card: 'journal-1', stamp_owner: 'bogus' }, 422)).rule, 'TWT-JOURNAL-5');
  await b.send({ type: 'draw_journal', card: 'journal-1', player: b.ann }, 422); // banker mode: card only
  await b.send({ type: 'draw_journal', card: 'journal-1' });
});

test('a finished or abandoned game: every event but note is 409 before its fields are read', async () => {
  const t = await table();
  await t.send({ type: 'end' });
  for (const ev of [{ type: 'roll' }, { type: 'draw_journal' }, { type: 'trade' }, { type: 'adjust' }, { type: 'buy', extra: 1 }]) {
    const r = await t.c.api.post(`${t.root}/events`, ev);
    assert.equal(r.status, 409, `${JSON.stringify(ev)} -> ${r.text}`);
  }
  await t.send({ type: 'note', text: 'good game' });
});

test('export and import keep the campaign rules and each game its own; exports for other apps name them', async () => {
  const t = await table({ house_rules: { free_parking: 'jackpot', fees: 'automatic' } });
  await t.send(roll(1, 3)); // a tax into the pot
  await t.c.api.patch(`/api/v1/campaigns/${t.c.cid}`, { house_rules: { free_parking: 'nothing' } });
  const doc = (await t.c.api.get(`/api/v1/campaigns/${t.c.cid}/export`)).json;
  const imp = await admin().post('/api/v1/campaigns/import', doc);
  assert.equal(imp.status, 201, imp.text);
  assert.deepEqual(imp.json.campaign.house_rules, { ...OFFICIAL, fees: 'automatic' });
  const api = client(srv.url, imp.json.key);
  const games = (await api.get(`/api/v1/campaigns/${imp.json.campaign.id}/games`)).json.games;
  assert.deepEqual(games[0].house_rules, { ...OFFICIAL, free_parking: 'jackpot', fees: 'automatic' });
  const st = (await api.get(`/api/v1/campaigns/${imp.json.campaign.id}/games/${games[0].id}`)).json.state;
  const mine = await t.state();
  assert.equal(st.pot, 200);
  assert.deepEqual(st.house_rules, mine.house_rules);

  const bgs = (await t.c.api.get(`/api/v1/campaigns/${t.c.cid}/export/bgstats`)).json;
  assert.match(bgs.plays[0].board, /house rules: free_parking: jackpot, fees: automatic/);
  const xml = (await t.c.api.get(`/api/v1/campaigns/${t.c.cid}/export/bgg.xml`)).text;
  assert.match(xml, /<comments>[^<]*house rules: free_parking: jackpot, fees: automatic/);
  const plain = await table();
  const bgs2 = (await plain.c.api.get(`/api/v1/campaigns/${plain.c.cid}/export/bgstats`)).json;
  assert.doesNotMatch(bgs2.plays[0].board, /house rules/);
});

test('an export from before house rules imports its games with the readings they were played by', async () => {
  const t = await table();
  await t.send(roll(1, 2));
  const doc = (await t.c.api.get(`/api/v1/campaigns/${t.c.cid}/export`)).json;
  delete doc.campaign.house_rules;
  for (const g of doc.games) delete g.house_rules;
  const imp = await admin().post('/api/v1/campaigns/import', doc);
  assert.equal(imp.status, 201, imp.text);
  assert.deepEqual(imp.json.campaign.house_rules, OFFICIAL);
  const api = client(srv.url, imp.json.key);
  const games = (await api.get(`/api/v1/campaigns/${imp.json.campaign.id}/games`)).json.games;
  assert.deepEqual(games[0].house_rules, { ...OFFICIAL, goal_jump: 'any_turn', travel_pays_go: false });
});

// money.test.mjs -- issue 41, API.md "Further additions (2026-12-c)": a box file's money
// is the game's money (start cash, GO salary, the amounts of spaces) for new games and
// for every export ever made; HOUSE-GO-LANDING doubles the box's salary. The export in
// fixtures/money-export-v3.json was made by the release before this one
// (fixtures/make-money-export.mjs); its cash per event, as that release answered it, is
// fixtures/money-export-v3.cash.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, client } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'));
const EXPORT = fixture('money-export-v3.json');
const CASH = fixture('money-export-v3.cash.json').cash;
const roll = (d1, d2) => ({ type: 'roll', d1, d2 });

/** A campaign from box (a board document) with Ann and Bob, and a banker game of theirs. */
async function boxTable(box, game_rules) {
  const made = await client(srv.url).post('/api/v1/campaigns', { name: 'Money', board: box });
  assert.equal(made.status, 201, made.text);
  const cid = made.json.campaign.id;
  const api = client(srv.url, made.json.key);
  const ids = [];
  for (const name of ['Ann', 'Bob']) ids.push((await api.post(`/api/v1/campaigns/${cid}/players`, { name })).json.id);
  const body = { mode: 'banker', seats: [{ player: ids[0], token: 'scottie' }, { player: ids[1], token: 'hazel' }] };
  if (game_rules) body.house_rules = game_rules;
  const g = await api.post(`/api/v1/campaigns/${cid}/games`, body);
  assert.equal(g.status, 201, g.text);
  const root = `/api/v1/campaigns/${cid}/games/${g.json.game.id}`;
  const send = async (ev) => {
    const r = await api.post(`${root}/events`, ev);
    assert.equal(r.status, 201, `${JSON.stringify(ev)} -> ${r.text}`);
    return r.json;
  };
  return { cid, api, ids, root, send, campaign: made.json.campaign, first: g.json.state };
}

async function box(changes) {
  const b = (await client(srv.url).get('/api/v1/editions/travel-world-tour')).json;
  return Object.assign(b, changes);
}

/** Import doc; the cash of every player after every event of each of its games. */
async function importedCash(doc) {
  const imp = await client(srv.url).post('/api/v1/campaigns/import', JSON.stringify(doc));
  assert.equal(imp.status, 201, imp.text);
  const api = client(srv.url, imp.json.key);
  const cid = imp.json.campaign.id;
  const games = (await api.get(`/api/v1/campaigns/${cid}/games`)).json.games.sort((a, b) => a.id - b.id);
  const all = [];
  for (const [i, g] of games.entries()) {
    const per = [];
    for (const e of doc.games[i].events) {
      const st = await api.get(`/api/v1/campaigns/${cid}/games/${g.id}/state?at=${e.seq}`);
      assert.equal(st.status, 200, st.text);
      per.push({ seq: e.seq, cash: st.json.players.map((p) => p.cash) });
    }
    all.push(per);
  }
  return { all, imp: imp.json, api, cid };
}

test('box money: a campaign from a box with start_cash 2000 starts every player with 2000', async () => {
  const t = await boxTable(await box({ start_cash: 2000 }));
  assert.equal(t.campaign.house_rules.starting_cash, 2000);
  assert.deepEqual(t.first.players.map((p) => p.cash), [2000, 2000]);
  // a group's own house rule still wins over the box's
  const own = await boxTable(await box({ start_cash: 2000 }), { starting_cash: 800 });
  assert.deepEqual(own.first.players.map((p) => p.cash), [800, 800]);
});

/** Ann goes round the board to land exactly on GO by dice (11, 21, 31, 40): its answer. */
async function exactlyOnGo(t) {
  const pass = async () => {
    const st = (await t.api.get(t.root)).json.state;
    if (st.turn.pending) await t.send({ type: 'auction' });
  };
  for (const [d1, d2] of [[5, 6], [4, 6], [4, 6]]) {
    await t.send(roll(d1, d2));
    await pass();
    await t.send(roll(1, 2)); // Bob
    await pass();
  }
  return t.send(roll(4, 5));
}

test('box money: the GO salary and the amounts are the box\'s, and go_landing 400 doubles the box\'s salary', async () => {
  const b = await box({ go_salary: 250 });
  b.spaces[4].amount = 150;
  const t = await boxTable(b);
  const taxed = await t.send(roll(1, 3)); // Ann to Travel Insurance
  assert.deepEqual(taxed.state.players.map((p) => p.cash), [1350, 1500]);
  const plain = await exactlyOnGo(await boxTable(b));
  assert.equal(plain.effects.find((e) => e.kind === 'salary').amount, 250);
  const doubled = await exactlyOnGo(await boxTable(b, { go_landing: 400 }));
  assert.equal(doubled.effects.find((e) => e.kind === 'salary').amount, 500);
});

test('box money: an export made by the release before imports with identical cash, event for event', async () => {
  const { all, imp } = await importedCash(EXPORT);
  assert.deepEqual(all, CASH);
  assert.ok(CASH[1].some((e) => e.cash[0] === 200), 'the 1,800 trade is in it');
  // the campaign's new games start with its box's 2,000 (its rules kept the 1,500 that
  // release gave every campaign)
  assert.equal(imp.campaign.house_rules.starting_cash, 2000);
});

test('box money: a game exported before house rules replays with its box\'s cash, its 1,800 trade included', async () => {
  // as an export of version 2 had it: no house rules at all (the games before the third,
  // whose journal stamps the third's draws pay, keep theirs)
  const v2 = structuredClone(EXPORT);
  v2.version = 2;
  delete v2.campaign.house_rules;
  delete v2.games[2].house_rules; // the game played by the readings of then
  const { all } = await importedCash(v2);
  assert.deepEqual(all[2], CASH[2]);
  // as migration 0016 named it: the readings of then with 1,500 whatever the box said
  const v3 = structuredClone(EXPORT);
  v3.games[2].house_rules.starting_cash = 1500;
  assert.deepEqual((await importedCash(v3)).all, CASH);
});

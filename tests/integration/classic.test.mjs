// classic.test.mjs -- issue 37, the classic bank and the kind as one table through the
// whole stack: editions name their kind and modes (API.md "Every box of the group"),
// the classic and Wonders boxes (RULES.md §3, API.md "The classic bank"). Test names
// carry the rule they check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, client, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

test('editions: each names its kind and its modes, the engine kept', async () => {
  const r = await client(srv.url).get('/api/v1/editions');
  assert.equal(r.status, 200);
  const byId = Object.fromEntries(r.json.editions.map((e) => [e.id, e]));
  assert.deepEqual(
    ['travel-world-tour', 'classic', 'wonders', 'deal'].map((id) => [id, byId[id].kind, byId[id].modes, byId[id].engine]),
    [
      ['travel-world-tour', 'twt', ['banker', 'journal'], 'full'],
      ['classic', 'classic', ['banker', 'results'], 'results'],
      ['wonders', 'classic', ['banker', 'results'], 'results'],
      ['deal', 'results', ['results'], 'results'],
    ],
  );
});

const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'];
const TOKENS = ['the boot', 'racing car', 'top hat', 'thimble', 'dog', 'ship', 'iron', 'cat', 'duck'];

/** A campaign of edition with n players and a banker game of the first seats (n unless
 * given); {c, base, gid, players, ev(body, status), state(), game}. */
async function bank(edition, n, { house_rules, seats = n, status = 201 } = {}) {
  const c = await newCampaign(srv.url, { name: `${edition} bank`, edition, players: NAMES.slice(0, Math.max(n, seats)) });
  const base = `/api/v1/campaigns/${c.cid}`;
  const body = { mode: 'banker', seats: c.players.slice(0, seats).map((player, i) => ({ player, token: TOKENS[i] })) };
  if (house_rules) body.house_rules = house_rules;
  const r = await c.api.post(`${base}/games`, body);
  assert.equal(r.status, status, r.text);
  const g = { c, base, players: c.players, game: r.json, gid: r.json?.game?.id, answer: r };
  g.ev = async (ev, want = 201) => {
    const a = await c.api.post(`${base}/games/${g.gid}/events`, ev);
    assert.equal(a.status, want, `${JSON.stringify(ev)}: ${a.text}`);
    return a.json;
  };
  g.state = async () => (await c.api.get(`${base}/games/${g.gid}/state`)).json;
  return g;
}

/** A refused event: 422 (or want) application/problem+json naming rule, nothing changed. */
async function refused(g, ev, rule, want = 422) {
  const before = await g.state();
  const r = await g.c.api.post(`${g.base}/games/${g.gid}/events`, ev);
  assert.equal(r.status, want, `${JSON.stringify(ev)}: ${r.text}`);
  assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  assert.equal(r.json.rule, rule, r.text);
  assert.deepEqual(await g.state(), before, 'a refused event changes nothing');
}

const cashOf = (st, pid) => st.players.find((p) => p.id === pid).cash;

test('CLASSIC-SETUP: a banker game of the classic box seats 2 to 8 with free-text tokens, each with 1500 on GO; the engine lists the first roll', async () => {
  const g = await bank('classic', 3);
  const st = g.game.state;
  assert.equal(st.mode, 'banker');
  assert.equal(st.edition, 'classic');
  assert.equal(st.variant, 'standard');
  assert.equal(st.winner, null);
  assert.deepEqual(st.players.map((p) => [p.token, p.cash, p.position, p.net_worth]), [['the boot', 1500, 0, 1500], ['racing car', 1500, 0, 1500], ['top hat', 1500, 0, 1500]]);
  assert.deepEqual(st.bank, { houses: 32, hotels: 12, shortage: { houses: false, hotels: false } });
  assert.equal(st.deeds.length, 28);
  assert.ok(st.deeds.every((d) => d.owner === null && d.houses === 0 && !d.hotel && !d.mortgaged));
  assert.equal(st.turn.player, g.players[0]);
  assert.ok(st.options.some((o) => o.type === 'roll' && o.player === g.players[0]), JSON.stringify(st.options));
  const nine = await newCampaign(srv.url, { edition: 'classic', players: NAMES });
  const r = await nine.api.post(`/api/v1/campaigns/${nine.cid}/games`, { mode: 'banker', seats: nine.players.map((player, i) => ({ player, token: TOKENS[i] })) });
  assert.equal(r.status, 422, r.text);
  assert.equal(r.json.rule, 'CLASSIC-SETUP');
  const one = await newCampaign(srv.url, { edition: 'classic', players: ['Solo'] });
  const r1 = await one.api.post(`/api/v1/campaigns/${one.cid}/games`, { mode: 'banker', seats: [{ player: one.players[0], token: 'boot' }] });
  assert.equal(r1.status, 422, r1.text);
  assert.equal(r1.json.rule, 'CLASSIC-SETUP');
});

test('WONDERS-BOX: a Wonders banker game seats 2 to 6; its deeds are the placeholder wonders and airports', async () => {
  const g = await bank('wonders', 2);
  assert.equal(g.game.state.edition, 'wonders');
  assert.deepEqual(g.game.state.players.map((p) => p.passport), [[], []]);
  const board = (await g.c.api.get(`${g.base}/board`)).json;
  assert.equal(board.deeds.find((d) => d.space === 1).name, 'Merveille 1');
  assert.equal(board.spaces[5].kind, 'airport');
  assert.ok(board.deeds.filter((d) => board.spaces[d.space].kind === 'wonder').every((d) => d.source === 'placeholder'));
  const seven = await newCampaign(srv.url, { edition: 'wonders', players: NAMES.slice(0, 7) });
  const r = await seven.api.post(`/api/v1/campaigns/${seven.cid}/games`, { mode: 'banker', seats: seven.players.map((player, i) => ({ player, token: TOKENS[i] })) });
  assert.equal(r.status, 422, r.text);
  assert.equal(r.json.rule, 'CLASSIC-SETUP');
});

test('HOUSE-CASH overrides the box start_cash; every §3b switch is kept in the state and the game', async () => {
  const house = { free_parking: 'jackpot', auction: false, go_landing: 400, starting_cash: 2000, jail_double: 'roll_again', rent: 'automatic', variant: 'timed' };
  const g = await bank('classic', 2, { house_rules: house });
  assert.deepEqual(g.game.state.house_rules, house);
  assert.equal(g.game.state.variant, 'timed');
  assert.equal(g.game.state.pot, 0);
  assert.deepEqual(g.game.state.players.map((p) => p.cash), [2000, 2000]);
  assert.deepEqual(g.game.game.house_rules, house);
  for (const [bad, rule] of [[{ starting_cash: 505 }, 'HOUSE-CASH'], [{ go_landing: 300 }, 'HOUSE-GO-LANDING']]) {
    const c = await newCampaign(srv.url, { edition: 'classic', players: ['A', 'B'] });
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'banker', house_rules: bad, seats: c.players.map((player, i) => ({ player, token: TOKENS[i] })) });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.json.rule, rule);
  }
});

// results.test.mjs -- issue #7, game nights beyond Travel World Tour: classic Monopoly,
// Wonders of the World and Monopoly Deal logged in results mode over HTTP (API.md
// "Results mode", RULES.md section 2). Test names carry the rule they check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, client, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'];

/** A campaign of edition with n players (ids in c.players). */
async function campaign(edition, n = 4) {
  const c = await newCampaign(srv.url, { name: `${edition} nights`, edition, players: NAMES.slice(0, n) });
  c.base = `/api/v1/campaigns/${c.cid}`;
  return c;
}

/** Seats for the first n players of c, with free-text tokens. */
function seats(c, n, tokens = ['the boot', 'Racing car 🏎', 'top hat', 'Iron, "the" iron', 'dog', 'ship', 'thimble', 'cat', 'duck']) {
  return c.players.slice(0, n).map((player, i) => ({ player, token: tokens[i] }));
}

/** POST a game and expect status; returns the answer. */
async function newGame(c, body, status = 201) {
  const r = await c.api.post(`${c.base}/games`, body);
  assert.equal(r.status, status, r.text);
  return r;
}

/** Start a results game of the first n players; returns its id. */
async function resultsGame(c, n) {
  return (await newGame(c, { mode: 'results', seats: seats(c, n) })).json.game.id;
}

/** POST an event and expect status; returns the answer. */
async function event(c, gid, body, status = 201, headers) {
  const r = await c.api.post(`${c.base}/games/${gid}/events`, body, headers);
  assert.equal(r.status, status, `${JSON.stringify(body)} -> ${r.text}`);
  return r;
}

/** Expect a 422 problem naming rule. */
function refused(r, rule) {
  assert.equal(r.status, 422, r.text);
  assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  assert.equal(r.json.status, 422);
  if (rule) assert.equal(r.json.rule, rule, r.text);
}

/** The game and its ETag. */
async function game(c, gid) {
  const r = await c.api.get(`${c.base}/games/${gid}`);
  assert.equal(r.status, 200, r.text);
  return { ...r.json, etag: r.headers.get('etag') };
}

/** A results game of edition's first n players, ended by the result event
 * { type: 'result', ...body(players) } (201 asserted): {c, gid, r (the answer)}. */
async function decided(edition, n, body) {
  const c = await campaign(edition, n);
  const gid = await resultsGame(c, n);
  const r = await event(c, gid, { type: 'result', ...body(c.players) });
  return { c, gid, r };
}

/** One player's figures in a decided result. */
const figures = (result, pid) => result.players.find((p) => p.player === pid);

test('editions: classic, wonders and deal run on the results engine with their player counts', async () => {
  const r = await client(srv.url).get('/api/v1/editions');
  assert.equal(r.status, 200);
  const byId = Object.fromEntries(r.json.editions.map((e) => [e.id, e]));
  assert.deepEqual(
    ['classic', 'wonders', 'deal'].map((id) => [id, byId[id].engine, byId[id].players_min, byId[id].players_max]),
    [['classic', 'results', 2, 8], ['wonders', 'results', 2, 6], ['deal', 'results', 2, 5]],
  );
  assert.equal(byId['travel-world-tour'].engine, 'full');
  for (const id of ['classic', 'wonders', 'deal']) {
    assert.equal(typeof byId[id].name, 'string');
    const doc = await client(srv.url).get(`/api/v1/editions/${id}`);
    assert.equal(doc.status, 200);
    assert.equal(doc.json.engine, 'results');
  }
});

test('a campaign of each results edition keeps its edition', async () => {
  for (const edition of ['classic', 'wonders', 'deal']) {
    const c = await campaign(edition, 2);
    const r = await c.api.get(c.base);
    assert.equal(r.status, 200);
    assert.equal(r.json.campaign.edition, edition);
    assert.equal(r.json.campaign.active_game, null);
    assert.equal(r.json.players.length, 2);
  }
});

test('results mode: journal is 422 for the results editions (banker too for deal: classic and wonders bank with the classic kind), results is 422 for travel-world-tour', async () => {
  for (const edition of ['classic', 'wonders', 'deal']) {
    const c = await campaign(edition, 2);
    for (const mode of edition === 'deal' ? ['banker', 'journal'] : ['journal']) refused(await newGame(c, { mode, seats: seats(c, 2) }, 422));
    const r = await newGame(c, { mode: 'results', seats: seats(c, 2) });
    assert.equal(r.json.game.mode, 'results');
    assert.equal(r.json.state.mode, 'results');
    assert.equal(r.json.state.status, 'active');
    assert.equal(r.json.state.winner, null);
    assert.equal(r.json.state.result, null);
  }
  const twt = await campaign('travel-world-tour', 2);
  refused(await newGame(twt, { mode: 'results', seats: [{ player: twt.players[0], token: 'hazel' }, { player: twt.players[1], token: 'scottie' }] }, 422));
  assert.equal((await twt.api.get(`${twt.base}/games`)).json.games.length, 0);
});

test('results mode: a seat token is free text (1 to 80 characters)', async () => {
  const c = await campaign('classic', 3);
  refused(await newGame(c, { mode: 'results', seats: [{ player: c.players[0], token: '' }, { player: c.players[1], token: 'dog' }] }, 422));
  refused(await newGame(c, { mode: 'results', seats: [{ player: c.players[0], token: 'x'.repeat(81) }, { player: c.players[1], token: 'dog' }] }, 422));
  const long = 'é'.repeat(80);
  const r = await newGame(c, { mode: 'results', seats: [{ player: c.players[0], token: long }, { player: c.players[1], token: 'Iron, "the" iron' }] });
  assert.deepEqual(r.json.game.seats.map((s) => s.token), [long, 'Iron, "the" iron']);
  assert.deepEqual(r.json.state.players.map((p) => [p.id, p.name, p.token]), [[c.players[0], 'Ann', long], [c.players[1], 'Bo', 'Iron, "the" iron']]);
});

test('results mode: a seat may leave its token out, and the stats count no token for it', async () => {
  const c = await campaign('classic', 2);
  const r = await newGame(c, { mode: 'results', seats: [{ player: c.players[0] }, { player: c.players[1], token: 'dog' }] });
  assert.deepEqual(r.json.game.seats.map((s) => s.token), ['', 'dog']);
  const stats = await c.api.get(`${c.base}/stats`);
  assert.equal(stats.status, 200, stats.text);
  assert.deepEqual(stats.json.tokens.map((x) => x.token), ['dog'], 'no token named "" (or "none")');
});

test('RESULTS-PLAYERS: each edition seats its own number of players', async () => {
  for (const [edition, max] of [['classic', 8], ['wonders', 6], ['deal', 5]]) {
    const c = await campaign(edition, 9);
    refused(await newGame(c, { mode: 'results', seats: seats(c, 1) }, 422), 'RESULTS-PLAYERS');
    refused(await newGame(c, { mode: 'results', seats: seats(c, max + 1) }, 422), 'RESULTS-PLAYERS');
    assert.equal((await c.api.get(`${c.base}/games`)).json.games.length, 0, 'refusals created nothing');
    const r = await newGame(c, { mode: 'results', seats: seats(c, max) });
    assert.equal(r.json.state.players.length, max);
  }
  const c = await campaign('deal', 2);
  refused(await newGame(c, { mode: 'results', seats: [{ player: c.players[0], token: 'a' }, { player: c.players[0], token: 'b' }] }, 422));
});

test('CLASSIC-END: in the standard game the one player never bankrupt wins', async () => {
  const { c, gid, r } = await decided('classic', 4, ([ann, bo, cy, di]) => ({
    standings: [{ player: ann, bankrupt_order: 2 }, { player: bo }, { player: cy, bankrupt_order: 3 }, { player: di, bankrupt_order: 1 }],
  }));
  const [ann, bo, cy, di] = c.players;
  assert.deepEqual(r.json.effects, [{ kind: 'win', player: bo }]);
  const { state } = r.json;
  assert.equal(state.status, 'finished');
  assert.equal(state.winner, bo);
  assert.equal(state.result.edition, 'classic');
  assert.equal(state.result.variant, 'standard');
  assert.equal(state.result.winner, bo);
  assert.deepEqual(state.result.players.map((p) => [p.player, p.rank, p.bankrupt]),
    [[ann, 3, true], [bo, 1, false], [cy, 2, true], [di, 4, true]]);
  const g = await game(c, gid);
  assert.equal(g.game.status, 'finished');
  assert.equal(g.game.winner, bo);
  assert.ok(g.game.ended_at);
  assert.deepEqual(g.state, state);
});

test('CLASSIC-SHORT: at the second bankruptcy the richest by net worth wins, mortgaged at half', async () => {
  // Bo has the most cash; Cy's properties, half his mortgages and his buildings put him ahead.
  const { c, r } = await decided('classic', 4, ([ann, bo, cy, di]) => ({
    variant: 'short',
    standings: [
      { player: ann, bankrupt_order: 1 },
      { player: bo, cash: 2000, property_value: 300, mortgaged_value: 0, buildings_value: 0 },
      { player: cy, cash: 500, property_value: 1200, mortgaged_value: 700, buildings_value: 400 },
      { player: di, bankrupt_order: 2 },
    ],
  }));
  const [ann, bo, cy] = c.players;
  const { result } = r.json.state;
  assert.equal(result.variant, 'short');
  assert.equal(result.winner, cy);
  assert.equal(r.json.state.winner, cy);
  assert.equal(figures(result, cy).net_worth, 500 + 1200 + 350 + 400);
  assert.equal(figures(result, bo).net_worth, 2300);
  assert.equal(figures(result, cy).rank, 1);
  assert.equal(figures(result, bo).rank, 2);
  assert.equal(figures(result, cy).mortgaged_value, 700);
  assert.equal(figures(result, ann).net_worth, undefined, 'no net worth for a bankrupt player');
});

test('CLASSIC-SHORT: the short game ends at the second bankruptcy, not before', async () => {
  const c = await campaign('classic', 4);
  const [ann, bo, cy, di] = c.players;
  const gid = await resultsGame(c, 4);
  const before = await game(c, gid);
  refused(await event(c, gid, {
    type: 'result',
    variant: 'short',
    standings: [{ player: ann, bankrupt_order: 1 }, { player: bo, cash: 1 }, { player: cy, cash: 2 }, { player: di, cash: 3 }],
  }, 422), 'CLASSIC-SHORT');
  const after = await game(c, gid);
  assert.equal(after.etag, before.etag);
  assert.deepEqual(after.state, before.state);
});

test('CLASSIC-TIMED: the richest by net worth wins, half a mortgage compared exactly', async () => {
  // Ann: 854 half units (427). Bo: 2 x 350 + 155 = 855 half units (427.5): Bo is ahead.
  const { c, r } = await decided('classic', 3, ([ann, bo, cy]) => ({
    variant: 'timed',
    standings: [
      { player: ann, cash: 427 },
      { player: bo, cash: 100, property_value: 200, mortgaged_value: 155, buildings_value: 50 },
      { player: cy, cash: 0, property_value: 60 },
    ],
  }));
  const [ann, bo, cy] = c.players;
  const { result } = r.json.state;
  assert.equal(result.variant, 'timed');
  assert.equal(result.winner, bo);
  assert.equal(result.tie_broken, false);
  assert.deepEqual(result.players.map((p) => [p.player, p.net_worth, p.rank]), [[ann, 427, 2], [bo, 427, 1], [cy, 60, 3]]);
});

test('RESULTS-TIE: level figures need the winner the table named', async () => {
  const c = await campaign('classic', 2);
  const [ann, bo] = c.players;
  const gid = await resultsGame(c, 2);
  const standings = [{ player: ann, cash: 1000 }, { player: bo, cash: 400, property_value: 600 }];
  refused(await event(c, gid, { type: 'result', variant: 'timed', standings }, 422), 'RESULTS-TIE');
  const r = await event(c, gid, { type: 'result', variant: 'timed', winner: bo, standings });
  assert.equal(r.json.state.winner, bo);
  assert.equal(r.json.state.result.tie_broken, true);
});

test('WONDERS-END: 22 ticks earn the 1,500 bonus, then the richest by cash wins', async () => {
  const c = await campaign('wonders', 3);
  const [ann, bo, cy] = c.players;
  // The bonus lifts the player who ticked 22 above a richer one.
  let gid = await resultsGame(c, 3);
  let r = await event(c, gid, {
    type: 'result',
    standings: [{ player: ann, wonders_ticked: 22, cash: 300 }, { player: bo, wonders_ticked: 19, cash: 1700 }, { player: cy, wonders_ticked: 3, cash: 50 }],
  });
  let { result } = r.json.state;
  assert.equal(result.edition, 'wonders');
  assert.equal(result.winner, ann);
  assert.deepEqual([figures(result, ann).bonus, figures(result, ann).wealth], [1500, 1800]);
  assert.deepEqual([figures(result, bo).bonus, figures(result, bo).wealth], [0, 1700]);
  assert.equal(figures(result, cy).rank, 3);
  assert.equal(figures(result, ann).wonders_ticked, 22);
  // Even with the bonus, a richer player can win.
  gid = await resultsGame(c, 3);
  r = await event(c, gid, {
    type: 'result',
    standings: [{ player: ann, wonders_ticked: 22, cash: 100 }, { player: bo, wonders_ticked: 12, cash: 2500 }, { player: cy, bankrupt_order: 1 }],
  });
  result = r.json.state.result;
  assert.equal(result.winner, bo);
  assert.equal(r.json.state.winner, bo);
  assert.equal(figures(result, ann).wealth, 1600);
  assert.equal(figures(result, ann).rank, 2);
  assert.equal(figures(result, cy).bankrupt, true);
  const g = await game(c, gid);
  assert.equal(g.game.winner, bo);
});

test('DEAL-END: the player with three complete sets wins', async () => {
  const { c, r } = await decided('deal', 3, ([ann, bo, cy]) => ({
    standings: [{ player: ann, complete_sets: 2 }, { player: bo, complete_sets: 1 }, { player: cy, complete_sets: 3 }],
  }));
  const [ann, bo, cy] = c.players;
  const { state } = r.json;
  assert.equal(state.winner, cy);
  assert.equal(state.status, 'finished');
  assert.equal(state.result.edition, 'deal');
  assert.deepEqual(state.result.players.map((p) => [p.player, p.complete_sets, p.rank]), [[ann, 2, 2], [bo, 1, 3], [cy, 3, 1]]);
  assert.deepEqual(r.json.effects, [{ kind: 'win', player: cy }]);
});

test('contradictory standings are 422 with a rule and change nothing', async () => {
  const cases = [
    ['wonders', 'WONDERS-END', (p) => [{ player: p[0], wonders_ticked: 22, cash: 10 }, { player: p[1], wonders_ticked: 22, cash: 20 }, { player: p[2], wonders_ticked: 5, cash: 30 }]],
    ['wonders', 'WONDERS-END', (p) => [{ player: p[0], wonders_ticked: 21, cash: 10 }, { player: p[1], wonders_ticked: 2, cash: 20 }, { player: p[2], wonders_ticked: 5, cash: 30 }]],
    ['deal', 'DEAL-END', (p) => [{ player: p[0], complete_sets: 2 }, { player: p[1], complete_sets: 2 }, { player: p[2], complete_sets: 0 }]],
    ['deal', 'DEAL-END', (p) => [{ player: p[0], complete_sets: 3 }, { player: p[1], complete_sets: 4 }, { player: p[2], complete_sets: 0 }]],
    ['classic', 'CLASSIC-END', (p) => [{ player: p[0], bankrupt_order: 1 }, { player: p[1], bankrupt_order: 3 }, { player: p[2] }]],
    ['classic', 'CLASSIC-END', (p) => [{ player: p[0], bankrupt_order: 1 }, { player: p[1], bankrupt_order: 1 }, { player: p[2] }]],
    ['classic', 'CLASSIC-END', (p) => [{ player: p[0], bankrupt_order: 1 }, { player: p[1] }, { player: p[2] }]],
  ];
  for (const [edition, rule, standings] of cases) {
    const c = await campaign(edition, 3);
    const gid = await resultsGame(c, 3);
    await event(c, gid, { type: 'note', text: 'before the result' });
    const before = await game(c, gid);
    const events = (await c.api.get(`${c.base}/games/${gid}/events`)).json.events;
    refused(await event(c, gid, { type: 'result', standings: standings(c.players) }, 422), rule);
    const after = await game(c, gid);
    assert.equal(after.etag, before.etag, `${edition} ${rule}: the version did not move`);
    assert.deepEqual(after.state, before.state);
    assert.equal(after.game.status, 'active');
    assert.deepEqual((await c.api.get(`${c.base}/games/${gid}/events`)).json.events, events);
    const players = (await c.api.get(`${c.base}/players`)).json.players;
    assert.ok(players.every((p) => p.wins === 0));
  }
});

test('result events: unseated or missing players, wrong types and variants are refused', async () => {
  const c = await campaign('classic', 3);
  const [ann, bo, cy] = c.players;
  const gid = await resultsGame(c, 2);
  refused(await event(c, gid, { type: 'result', standings: [{ player: ann }, { player: cy, bankrupt_order: 1 }] }, 422));
  refused(await event(c, gid, { type: 'result', standings: [{ player: ann }] }, 422));
  refused(await event(c, gid, { type: 'result', standings: [{ player: ann }, { player: ann, bankrupt_order: 1 }] }, 422));
  refused(await event(c, gid, { type: 'result', variant: 'speed', standings: [{ player: ann }, { player: bo, bankrupt_order: 1 }] }, 422), 'RESULTS-VARIANT');
  refused(await event(c, gid, { type: 'result', variant: 'timed', standings: [{ player: ann, cash: -5 }, { player: bo, cash: 1 }] }, 422));
  await event(c, gid, { type: 'result', standings: 'everyone' }, 400);
  await event(c, gid, { type: 'result' }, 400);
  await event(c, gid, { type: 'result', standings: [{ player: ann, cash: '5' }, { player: bo, bankrupt_order: 1 }] }, 400);
  refused(await event(c, gid, { type: 'roll', d1: 1, d2: 2 }, 422));
  const w = await campaign('wonders', 2);
  const wg = await resultsGame(w, 2);
  refused(await event(w, wg, { type: 'result', variant: 'short', standings: [{ player: w.players[0], wonders_ticked: 22, cash: 1 }, { player: w.players[1], wonders_ticked: 0, cash: 1 }] }, 422), 'RESULTS-VARIANT');
  assert.equal((await game(c, gid)).game.events, 0);
});

test('note and end: notes any time, end with a winner finishes, without one abandons', async () => {
  const c = await campaign('deal', 2);
  const [ann, bo] = c.players;
  let gid = await resultsGame(c, 2);
  let r = await event(c, gid, { type: 'note', text: 'Bo forgot the rent cards' });
  assert.deepEqual(r.json.effects, []);
  assert.equal(r.json.state.status, 'active');
  await event(c, gid, { type: 'note', text: '' }, 422);
  refused(await event(c, gid, { type: 'end', winner: 987654 }, 422));
  r = await event(c, gid, { type: 'end', winner: bo, reason: 'Ann had to leave' });
  assert.equal(r.json.state.status, 'finished');
  assert.equal(r.json.state.winner, bo);
  assert.equal((await game(c, gid)).game.winner, bo);
  r = await event(c, gid, { type: 'note', text: 'rematch next week' });
  assert.equal(r.json.state.status, 'finished');
  for (const body of [{ type: 'end' }, { type: 'result', standings: [{ player: ann, complete_sets: 3 }, { player: bo, complete_sets: 0 }] }]) {
    const late = await event(c, gid, body, 409);
    assert.match(late.headers.get('content-type'), /^application\/problem\+json/);
  }
  gid = await resultsGame(c, 2);
  r = await event(c, gid, { type: 'end', reason: 'pizza arrived' });
  assert.equal(r.json.state.status, 'abandoned');
  assert.equal(r.json.state.winner, null);
  const g = await game(c, gid);
  assert.equal(g.game.status, 'abandoned');
  assert.equal(g.game.winner, null);
  const players = (await c.api.get(`${c.base}/players`)).json.players;
  assert.deepEqual(players.map((p) => [p.id, p.games, p.wins]), [[ann, 2, 0], [bo, 2, 1]]);
});

test('undo of the result reopens the game; a corrected result then stands', async () => {
  const c = await campaign('classic', 3);
  const [ann, bo, cy] = c.players;
  const gid = await resultsGame(c, 3);
  await event(c, gid, { type: 'note', text: 'long game' });
  const won = await event(c, gid, { type: 'result', standings: [{ player: ann }, { player: bo, bankrupt_order: 1 }, { player: cy, bankrupt_order: 2 }] });
  assert.equal(won.json.state.winner, ann);
  const undo = await c.api.post(`${c.base}/games/${gid}/undo`);
  assert.equal(undo.status, 200, undo.text);
  assert.equal(undo.json.undone, won.json.event.seq);
  assert.equal(undo.json.state.status, 'active');
  assert.equal(undo.json.state.winner, null);
  assert.equal(undo.json.state.result, null);
  const g = await game(c, gid);
  assert.equal(g.game.status, 'active');
  assert.equal(g.game.winner, null);
  assert.equal(g.game.ended_at, null);
  assert.equal((await c.api.get(c.base)).json.campaign.active_game, gid);
  assert.ok((await c.api.get(`${c.base}/players`)).json.players.every((p) => p.wins === 0), 'the undone win no longer counts');
  const events = (await c.api.get(`${c.base}/games/${gid}/events`)).json.events;
  assert.deepEqual(events.map((e) => [e.type, e.voided]), [['note', false], ['result', true]]);
  const fixed = await event(c, gid, { type: 'result', standings: [{ player: ann, bankrupt_order: 2 }, { player: bo, bankrupt_order: 1 }, { player: cy }] }, 201, { 'If-Match': g.etag });
  assert.equal(fixed.json.state.winner, cy);
  const at = await c.api.get(`${c.base}/games/${gid}/state?at=${won.json.event.seq}`);
  assert.equal(at.status, 200, at.text);
  assert.equal(at.json.status, 'active', 'the voided result is not replayed');
});

test('results events honour If-Match and Idempotency-Key', async () => {
  const c = await campaign('deal', 2);
  const [ann, bo] = c.players;
  const gid = await resultsGame(c, 2);
  const body = { type: 'result', standings: [{ player: ann, complete_sets: 3 }, { player: bo, complete_sets: 1 }] };
  const stale = await c.api.post(`${c.base}/games/${gid}/events`, body, { 'If-Match': '"7"' });
  assert.equal(stale.status, 412, stale.text);
  const first = await event(c, gid, body, 201, { 'Idempotency-Key': 'deal-night-1', 'If-Match': '"1"' });
  const retry = await event(c, gid, body, 200, { 'Idempotency-Key': 'deal-night-1' });
  assert.deepEqual(retry.json, first.json);
  assert.equal((await game(c, gid)).game.events, 1);
});

test('stats and players count results-mode plays and wins', async () => {
  const c = await campaign('wonders', 3);
  const [ann, bo, cy] = c.players;
  let gid = await resultsGame(c, 3);
  await event(c, gid, { type: 'result', standings: [{ player: ann, wonders_ticked: 22, cash: 900 }, { player: bo, wonders_ticked: 4, cash: 100 }, { player: cy, wonders_ticked: 9, cash: 2000 }] });
  gid = await resultsGame(c, 2);
  await event(c, gid, { type: 'result', standings: [{ player: ann, wonders_ticked: 1, cash: 100 }, { player: bo, wonders_ticked: 22, cash: 5 }] });
  gid = await resultsGame(c, 3);
  await event(c, gid, { type: 'result', standings: [{ player: ann, wonders_ticked: 22, cash: 0 }, { player: bo, bankrupt_order: 1 }, { player: cy, wonders_ticked: 0, cash: 1400 }] });
  const stats = await c.api.get(`${c.base}/stats`);
  assert.equal(stats.status, 200, stats.text);
  assert.deepEqual(stats.json.players.map((p) => [p.id, p.games, p.wins]), [[ann, 3, 2], [bo, 3, 1], [cy, 2, 0]]);
  const tokens = Object.fromEntries(stats.json.tokens.map((t) => [t.token, [t.games, t.wins]]));
  assert.deepEqual(tokens['the boot'], [3, 2]);
  assert.deepEqual(tokens['Racing car 🏎'], [3, 1]);
  const players = (await c.api.get(`${c.base}/players`)).json.players;
  assert.deepEqual(players.map((p) => [p.games, p.wins]), [[3, 2], [3, 1], [2, 0]]);
  const games = (await c.api.get(`${c.base}/games`)).json.games;
  assert.deepEqual(games.map((g) => [g.mode, g.status, g.winner]), [['results', 'finished', ann], ['results', 'finished', bo], ['results', 'finished', ann]]);
});

test('export holds results plays and import round-trips the campaign', async () => {
  const c = await campaign('classic', 4);
  const [ann, bo, cy, di] = c.players;
  let gid = await newGame(c, { mode: 'results', seats: seats(c, 3), played_at: '2026-11-27T19:30:00Z' }).then((r) => r.json.game.id);
  await event(c, gid, { type: 'note', text: 'first night' });
  await event(c, gid, { type: 'result', standings: [{ player: ann }, { player: bo, bankrupt_order: 2 }, { player: cy, bankrupt_order: 1 }] });
  assert.equal((await c.api.post(`${c.base}/games/${gid}/undo`)).status, 200);
  await event(c, gid, { type: 'result', variant: 'timed', standings: [{ player: ann, cash: 10 }, { player: bo, cash: 500, mortgaged_value: 301 }, { player: cy, bankrupt_order: 1 }] });
  gid = await resultsGame(c, 4);
  await event(c, gid, { type: 'result', variant: 'short', winner: di, standings: [
    { player: ann, bankrupt_order: 1 }, { player: bo, bankrupt_order: 2 },
    { player: cy, cash: 700, property_value: 300 }, { player: di, cash: 1000 },
  ] });
  gid = await resultsGame(c, 2);
  await event(c, gid, { type: 'end', winner: bo });
  gid = await resultsGame(c, 2);
  await event(c, gid, { type: 'note', text: 'still playing' });

  const exp = await c.api.get(`${c.base}/export`);
  assert.equal(exp.status, 200, exp.text);
  assert.equal(exp.json.campaign.edition, 'classic');
  assert.equal(exp.json.games.length, 4);
  assert.deepEqual(exp.json.games.map((g) => [g.mode, g.status]), [['results', 'finished'], ['results', 'finished'], ['results', 'finished'], ['results', 'active']]);
  assert.deepEqual(exp.json.games[0].events.map((e) => [e.payload.type, e.voided]), [['note', false], ['result', true], ['result', false]]);
  assert.equal(exp.json.games[0].events[2].payload.variant, 'timed');
  assert.equal(exp.json.games[1].events[0].payload.winner, di);

  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.json);
  assert.equal(imp.status, 201, imp.text);
  const copy = { api: client(srv.url, imp.json.key), base: `/api/v1/campaigns/${imp.json.campaign.id}` };
  assert.equal(imp.json.campaign.edition, 'classic');
  const again = await copy.api.get(`${copy.base}/export`);
  assert.equal(again.status, 200);
  // Same players by name, same games and events once ids are mapped.
  const idMap = new Map(exp.json.players.map((p, i) => [p.id, again.json.players[i].id]));
  assert.deepEqual(again.json.players.map((p) => p.name), exp.json.players.map((p) => p.name));
  const strip = (games, map) => games.map((g) => ({
    mode: g.mode, status: g.status, played_at: g.played_at, winner: g.winner === null ? null : map(g.winner),
    seats: g.seats.map((s) => [map(s.player), s.token]),
    events: g.events.map((e) => [e.seq, e.type, e.voided, e.at, e.payload.type]),
  }));
  assert.deepEqual(strip(again.json.games, (x) => x), strip(exp.json.games, (x) => idMap.get(x)));
  // The decided results come out the same.
  const oldGames = (await c.api.get(`${c.base}/games`)).json.games.reverse();
  const newGames = (await copy.api.get(`${copy.base}/games`)).json.games.reverse();
  for (let i = 0; i < oldGames.length; i++) {
    const a = (await c.api.get(`${c.base}/games/${oldGames[i].id}`)).json.state;
    const b = (await copy.api.get(`${copy.base}/games/${newGames[i].id}`)).json.state;
    assert.equal(b.status, a.status);
    assert.equal(b.winner, a.winner === null ? null : idMap.get(a.winner));
    if (a.result) {
      assert.equal(b.result.variant, a.result.variant);
      assert.deepEqual(b.result.players.map((p) => ({ ...p, player: 0 })), a.result.players.map((p) => ({ ...p, player: 0 })));
      assert.deepEqual(b.result.players.map((p) => p.player), a.result.players.map((p) => idMap.get(p.player)));
    } else {
      assert.equal(b.result, null);
    }
  }
  const stats = (await copy.api.get(`${copy.base}/stats`)).json;
  assert.deepEqual(stats.players.map((p) => [p.name, p.games, p.wins]), [['Ann', 4, 0], ['Bo', 4, 2], ['Cy', 2, 0], ['Di', 1, 1]]);
  assert.equal((await copy.api.get(copy.base)).json.campaign.active_game, newGames[3].id, 'the unfinished play is still active');
});

test('renaming a player renames them in results games, and the state keeps the ETag version', async () => {
  const c = await campaign('classic', 2);
  const [ann, bo] = c.players;
  const gid = await resultsGame(c, 2);
  await event(c, gid, { type: 'result', standings: [{ player: ann }, { player: bo, bankrupt_order: 1 }] });
  const before = await game(c, gid);
  const r = await c.api.patch(`${c.base}/players/${ann}`, { name: 'Annie' });
  assert.equal(r.status, 200, r.text);
  const after = await game(c, gid);
  assert.deepEqual(after.state.players.map((p) => p.name), ['Annie', 'Bo']);
  assert.deepEqual(after.game.seats.map((s) => s.name), ['Annie', 'Bo']);
  assert.notEqual(after.etag, before.etag);
  assert.equal(after.etag, `"${after.state.version}"`, 'a client may send state.version as If-Match');
  assert.equal(after.state.winner, ann);
  assert.deepEqual(after.state.result, before.state.result);
  await event(c, gid, { type: 'note', text: 'renamed' }, 201, { 'If-Match': `"${after.state.version}"` });
  const at0 = await c.api.get(`${c.base}/games/${gid}/state?at=0`);
  assert.deepEqual(at0.json.players.map((p) => p.name), ['Annie', 'Bo'], 'the initial state is renamed too');
});

test('results mode: a play records its date, duration (0..6000 minutes) and location, and returns them', async () => {
  const c = await campaign('classic', 2);
  const body = { mode: 'results', seats: seats(c, 2), played_at: '2026-11-27T19:30:00Z', duration_min: 95, location: 'Ana’s kitchen' };
  const r = await newGame(c, body);
  for (const g of [r.json.game, (await game(c, r.json.game.id)).game, (await c.api.get(`${c.base}/games`)).json.games[0]]) {
    assert.equal(g.played_at, '2026-11-27T19:30:00Z');
    assert.equal(g.duration_min, 95);
    assert.equal(g.location, 'Ana’s kitchen');
  }
  const exported = (await c.api.get(`${c.base}/export`)).json;
  const eg = (exported.games || []).find((x) => x.duration_min === 95);
  assert.ok(eg && eg.location === 'Ana’s kitchen', 'the export keeps duration and location');
});

test('results mode: a duration out of 0..6000, a location over 80 characters, or either in a banker game is 422 and creates nothing', async () => {
  const c = await campaign('classic', 2);
  for (const extra of [{ duration_min: -1 }, { duration_min: 6001 }, { location: 'x'.repeat(81) }, { location: '' }]) {
    refused(await newGame(c, { mode: 'results', seats: seats(c, 2), ...extra }, 422));
  }
  for (const extra of [{ duration_min: 1.5 }, { duration_min: '90' }, { location: 5 }]) {
    await newGame(c, { mode: 'results', seats: seats(c, 2), ...extra }, 400); // a wrong type
  }
  assert.equal((await c.api.get(`${c.base}/games`)).json.games.length, 0, 'nothing was created');
  const t = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const r = await t.api.post(`/api/v1/campaigns/${t.cid}/games`, { mode: 'banker', seats: [{ player: t.players[0], token: 'hazel' }, { player: t.players[1], token: 'scottie' }], location: 'home' });
  refused(r);
  const z = await newGame(c, { mode: 'results', seats: seats(c, 2), duration_min: 0 });
  assert.equal(z.json.game.duration_min, 0, 'zero minutes is a duration');
  assert.equal(z.json.game.location, null);
});

test('games: number counts 1, 2, 3 within each campaign, whatever other campaigns hold', async () => {
  const a = await campaign('classic', 2);
  const b = await campaign('classic', 2);
  const numbers = [];
  for (const c of [a, b, a]) {
    const gid = await resultsGame(c, 2);
    await event(c, gid, { type: 'end' });
    numbers.push((await game(c, gid)).game.number);
  }
  assert.deepEqual(numbers, [1, 1, 2]);
  assert.deepEqual((await a.api.get(`${a.base}/games`)).json.games.map((g) => g.number), [2, 1], 'newest first');
  assert.deepEqual((await a.api.get(a.base)).json.games.map((g) => g.number).sort(), [1, 2]);
});

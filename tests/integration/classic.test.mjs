// classic.test.mjs -- issue 37, the classic bank and the kind as one table through the
// whole stack: editions name their kind and modes (API.md "Every box of the group"),
// the classic and Wonders boxes (RULES.md §3, API.md "The classic bank"). Test names
// carry the rule they check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, client, newCampaign } from './server.mjs';
import { validate } from './schema.mjs';

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
  // WONDERS-BOX: what a box calls its buildings, per language it prints them in.
  assert.deepEqual(byId.wonders.buildings.fr, { house: 'chambre d’hôtes', houses: 'chambres d’hôtes', hotel: 'hôtel', hotels: 'hôtels', source: 'rulebook' });
  assert.equal(byId.classic.buildings.fr.houses, 'maisons');
  assert.equal(byId.deal.buildings, undefined, 'a box without buildings has none');
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

test('the bad inputs: a build breaking the even rule, a mortgage with buildings in the group, a trade of a street whose group has houses, a price under 1 or over the winner\'s cash, a move during a debt: each 422 naming its rule, nothing changed', async () => {
  const g = await bank('classic', 2, { house_rules: { variant: 'short' } });
  const [ann, bo] = g.players;
  // CLASSIC-SHORT: two deeds dealt to each player, paid to the Bank, before the first roll.
  await refused(g, { type: 'roll', d1: 2, d2: 3 }, 'CLASSIC-SHORT');
  let a = await g.ev({ type: 'deal', player: ann, spaces: [1, 3] });
  assert.equal(cashOf(a.state, ann), 1500 - 60 - 60);
  await g.ev({ type: 'deal', player: bo, spaces: [6, 8] });
  // CLASSIC-BUILD: the whole group, evenly.
  a = await g.ev({ type: 'build', space: 1 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'build'), { kind: 'build', player: ann, space: 1, houses: 1, hotel: false, cost: 50 });
  assert.ok(a.state.options.some((o) => o.type === 'build' && o.space === 3 && o.cost === 50), JSON.stringify(a.state.options));
  assert.ok(!a.state.options.some((o) => o.type === 'build' && o.space === 1));
  await refused(g, { type: 'build', space: 1 }, 'CLASSIC-BUILD');
  // CLASSIC-MORTGAGE: not while the group has a building.
  await refused(g, { type: 'mortgage', space: 3 }, 'CLASSIC-MORTGAGE');
  // CLASSIC-TRADE: a street whose group has a building does not change hands.
  await refused(g, { type: 'trade', a: ann, b: bo, a_gives: { deeds: [3] }, b_gives: { cash: 100 } }, 'CLASSIC-TRADE');
  // CLASSIC-AUCTION: a price of 1 up to the winner's cash.
  a = await g.ev({ type: 'roll', d1: 2, d2: 3 });
  assert.equal(a.state.turn.pending.kind, 'buy_or_auction');
  assert.equal(a.state.turn.pending.space, 5);
  await refused(g, { type: 'auction', winner: bo, price: 0 }, 'CLASSIC-AUCTION');
  await refused(g, { type: 'auction', winner: bo, price: cashOf(a.state, bo) + 1 }, 'CLASSIC-AUCTION');
  await refused(g, { type: 'auction', price: 10 }, 'CLASSIC-AUCTION');
  a = await g.ev({ type: 'auction', winner: bo, price: 150 });
  assert.equal(a.state.deeds.find((d) => d.space === 5).owner, bo);
  // CLASSIC-DEBT: Bo short of the Income Tax blocks the table until paid.
  a = await g.ev({ type: 'adjust', player: bo, amount: 10 - cashOf(a.state, bo) });
  a = await g.ev({ type: 'roll', d1: 1, d2: 3 });
  assert.deepEqual(a.state.debt && [a.state.debt.player, a.state.debt.creditor, a.state.debt.amount], [bo, 'bank', 200]);
  await refused(g, { type: 'roll', d1: 1, d2: 2 }, 'CLASSIC-DEBT');
  await refused(g, { type: 'build', space: 3 }, 'CLASSIC-DEBT');
  // bankrupt is refused while selling and mortgaging would cover the debt
  await refused(g, { type: 'bankrupt' }, 'CLASSIC-DEBT');
  for (const space of [5, 6, 8]) await g.ev({ type: 'mortgage', space });
  a = await g.ev({ type: 'pay_debt' });
  assert.equal(a.state.debt, null);
  assert.equal(cashOf(a.state, bo), 10 + 100 + 50 + 50 - 200);
});

/** Map every player id of a state (or any document of the API) through map. */
function mapIds(doc, map) {
  const keys = new Set(['id', 'player', 'next', 'winner', 'owner', 'payer', 'creditor', 'a', 'b']);
  const walk = (x, key) => {
    if (Array.isArray(x)) return x.map((v) => walk(v, key));
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k)]));
    return typeof x === 'number' && keys.has(key) && map.has(x) ? map.get(x) : x;
  };
  return walk(doc);
}

/** Export g's campaign, import it, and check every game's state and events come back
 * the same (players mapped to their new ids). */
async function exportedAndImported(g) {
  const exp = await g.c.api.get(`${g.base}/export`);
  assert.equal(exp.status, 200, exp.text);
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = client(srv.url, imp.json.key);
  const cbase = `/api/v1/campaigns/${imp.json.campaign.id}`;
  const again = (await copy.get(`${cbase}/export`)).json;
  const idMap = new Map(exp.json.players.map((p, i) => [p.id, again.players[i].id]));
  const oldGames = (await g.c.api.get(`${g.base}/games`)).json.games;
  const newGames = (await copy.get(`${cbase}/games`)).json.games;
  assert.equal(newGames.length, oldGames.length);
  for (let i = 0; i < oldGames.length; i++) {
    const a = (await g.c.api.get(`${g.base}/games/${oldGames[i].id}/state`)).json;
    const b = (await copy.get(`${cbase}/games/${newGames[i].id}/state`)).json;
    // the same game; its version counts the writes of its own history (an undo is one)
    assert.deepEqual({ ...b, version: 0 }, { ...mapIds(a, idMap), version: 0 }, 'the imported game is the same game');
    const ea = (await g.c.api.get(`${g.base}/games/${oldGames[i].id}/events`)).json.events;
    const eb = (await copy.get(`${cbase}/games/${newGames[i].id}/events`)).json.events;
    assert.deepEqual(eb.map((e) => [e.seq, e.type, e.voided, e.at]), ea.map((e) => [e.seq, e.type, e.voided, e.at]));
  }
}

test('CLASSIC-END: a classic game from setup to the last bankruptcy (rent asked, a bankruptcy to a player, one to the Bank), then undo, replay at a version, export and import identical', async () => {
  const g = await bank('classic', 3);
  const [ann, bo, cy] = g.players;
  // CLASSIC-BUY, CLASSIC-TURN
  let a = await g.ev({ type: 'roll', d1: 1, d2: 2 });
  assert.deepEqual(a.effects[0], { kind: 'move', player: ann, from: 0, to: 3 });
  assert.ok(a.state.options.some((o) => o.type === 'buy' && o.space === 3 && o.price === 60));
  a = await g.ev({ type: 'buy' });
  assert.equal(a.state.deeds.find((d) => d.space === 3).owner, ann);
  // CLASSIC-RENT-ASK, CLASSIC-RENT-STREET: Bo lands on Rue Lecourbe; Ann asks for the rent (bare, group not whole: 4).
  a = await g.ev({ type: 'roll', d1: 1, d2: 2 });
  assert.deepEqual(a.state.turn.rents_due.map((x) => [x.space, x.owner, x.payer, x.amount]), [[3, ann, bo, 4]]);
  assert.ok(a.state.options.some((o) => o.type === 'collect_rent' && o.space === 3 && o.amount === 4 && o.owner === ann && o.payer === bo));
  a = await g.ev({ type: 'collect_rent', space: 3 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'rent'), { kind: 'rent', from: bo, to: ann, space: 3, amount: 4 });
  // CLASSIC-TAX: Cy pays the Income Tax.
  a = await g.ev({ type: 'roll', d1: 1, d2: 3 });
  assert.equal(cashOf(a.state, cy), 1300);
  // Ann buys Gare Montparnasse (CLASSIC-RENT-STATION).
  a = await g.ev({ type: 'roll', d1: 1, d2: 1 });
  assert.equal(a.state.turn.pending.space, 5);
  await g.ev({ type: 'buy' });
  a = await g.ev({ type: 'roll', d1: 3, d2: 4 });
  assert.equal(a.state.players.find((p) => p.id === ann).position, 12);
  a = await g.ev({ type: 'auction' }); // nobody bids: the utility stays with the Bank
  assert.equal(a.state.deeds.find((d) => d.space === 12).owner, null);
  // Bo, broke, lands on Ann's station: the rent asked is a debt he cannot pay (CLASSIC-DEBT), bankrupt to Ann (CLASSIC-BANKRUPT).
  await g.ev({ type: 'adjust', player: bo, amount: -cashOf(a.state, bo) + 5 });
  a = await g.ev({ type: 'roll', d1: 1, d2: 1 });
  assert.equal(a.state.players.find((p) => p.id === bo).position, 5);
  a = await g.ev({ type: 'collect_rent', space: 5 });
  assert.deepEqual([a.state.debt.player, a.state.debt.creditor, a.state.debt.amount], [bo, ann, 25]);
  const annBefore = cashOf(a.state, ann);
  a = await g.ev({ type: 'bankrupt' });
  assert.ok(a.effects.some((e) => e.kind === 'bankrupt' && e.player === bo && e.creditor === ann));
  assert.equal(a.state.players.find((p) => p.id === bo).bankrupt, true);
  assert.equal(cashOf(a.state, ann), annBefore + 5);
  assert.equal(a.state.status, 'active');
  // Cy, broke, draws a fine at Chance: bankrupt to the Bank, the last player standing wins.
  const versionBefore = a.state.version;
  await g.ev({ type: 'adjust', player: cy, amount: 1 - cashOf(a.state, cy) });
  a = await g.ev({ type: 'roll', d1: 1, d2: 2 });
  assert.deepEqual(a.state.turn.pending && [a.state.turn.pending.kind, a.state.turn.pending.deck], ['draw', 'chance']);
  a = await g.ev({ type: 'draw_chance', card: 'speeding' });
  assert.deepEqual([a.state.debt.player, a.state.debt.creditor, a.state.debt.amount], [cy, 'bank', 15]);
  a = await g.ev({ type: 'bankrupt' });
  assert.equal(a.state.status, 'finished');
  assert.equal(a.state.winner, ann);
  assert.ok(a.effects.some((e) => e.kind === 'win' && e.player === ann));
  assert.equal(a.state.options.length, 0);
  await refused(g, { type: 'roll', d1: 1, d2: 2 }, 'CLASSIC-END', 409);
  await g.ev({ type: 'note', text: 'Ann takes it' });
  // Replay: the state at an earlier version is the state then.
  const at = await g.c.api.get(`${g.base}/games/${g.gid}/state?at=${versionBefore - 1}`);
  assert.equal(at.status, 200, at.text);
  assert.equal(at.json.status, 'active');
  assert.equal(at.json.players.find((p) => p.id === bo).bankrupt, true);
  assert.equal(at.json.players.find((p) => p.id === cy).bankrupt, false);
  // Undo takes the note back; the finished game stays finished.
  const undo = await g.c.api.post(`${g.base}/games/${g.gid}/undo`);
  assert.equal(undo.status, 200, undo.text);
  assert.equal((await g.state()).status, 'finished');
  const game = (await g.c.api.get(`${g.base}/games/${g.gid}`)).json.game;
  assert.equal(game.status, 'finished');
  assert.equal(game.winner?.id ?? game.winner, ann);
  await exportedAndImported(g);
});

/** Dice of a total of 3 to 11 that are not a double. */
const DICE = { 3: [1, 2], 4: [1, 3], 5: [1, 4], 6: [1, 5], 7: [1, 6], 8: [2, 6], 9: [3, 6], 10: [4, 6], 11: [5, 6] };

test('WONDERS-PASSPORT, WONDERS-FLIGHT, WONDERS-END: a Wonders game played to its 22nd tick, the bonus paid and the richest named, then exported and imported identical', async () => {
  const g = await bank('wonders', 2);
  const [ann] = g.players;
  const board = (await g.c.api.get(`${g.base}/board`)).json;
  const kind = (i) => board.spaces[i].kind;
  let st = g.game.state, last = null, flights = 0;
  for (let n = 0; n < 400 && st.status === 'active'; n++) {
    const p = st.turn.pending;
    if (p && p.kind === 'buy_or_auction') last = await g.ev({ type: 'auction' });
    else if (p && p.kind === 'flight') {
      const tick = st.options.find((o) => o.type === 'tick');
      assert.ok(tick && tick.spaces.length > 0, JSON.stringify(st.options));
      last = await g.ev({ type: 'tick', space: tick.spaces[0] });
      assert.ok(last.effects.some((e) => e.kind === 'tick' && e.space === tick.spaces[0]));
      flights++;
    } else if (p && p.kind === 'draw') {
      const draw = st.options.find((o) => o.type.startsWith('draw_'));
      const card = draw.cards.find((c) => ['dividend', 'crossword', 'bank-error', 'annual-income', 'inheritance'].includes(c));
      last = await g.ev({ type: draw.type, card });
    } else if (p && p.kind === 'pay_or_chance') last = await g.ev({ type: 'pay_or_chance', choice: 'pay' });
    else {
      const roll = st.options.find((o) => o.type === 'roll');
      assert.ok(roll, JSON.stringify(st));
      const me = st.players.find((x) => x.id === roll.player);
      const ticked = new Set(me.passport);
      const want = (t) => {
        const to = (me.position + t) % 40;
        if (to === 30) return -1;
        if (roll.player !== ann) return 0;
        return kind(to) === 'wonder' && !ticked.has(to) ? 2 : kind(to) === 'airport' ? 1 : 0;
      };
      const total = Object.keys(DICE).map(Number).sort((x, y) => want(y) - want(x))[0];
      last = await g.ev({ type: 'roll', d1: DICE[total][0], d2: DICE[total][1] });
    }
    st = last.state;
  }
  assert.equal(st.status, 'finished', JSON.stringify(st.turn));
  const winner = st.players.find((x) => x.id === ann);
  assert.equal(winner.passport.length, 22);
  assert.ok(flights > 0, 'an airport gave a free flight');
  assert.ok(last.effects.some((e) => e.amount === 1500 && (e.player === ann || e.to === ann)), JSON.stringify(last.effects));
  const richest = [...st.players].sort((x, y) => y.net_worth - x.net_worth)[0];
  assert.equal(st.winner, richest.id);
  assert.ok(last.effects.some((e) => e.kind === 'win' && e.player === richest.id));
  await exportedAndImported(g);
});

test('CLASSIC-TIMED and the exports for other apps: the end names the richest; BG Stats and the CSV give each player\'s net worth as the score and the winner, the variant and the house rules that are not official', async () => {
  const g = await bank('classic', 2, { house_rules: { variant: 'timed', free_parking: 'jackpot' } });
  const [ann, bo] = g.players;
  await g.ev({ type: 'deal', player: ann, spaces: [37, 39] });
  await g.ev({ type: 'deal', player: bo, spaces: [1, 3] });
  await g.ev({ type: 'adjust', player: bo, amount: 100 });
  const a = await g.ev({ type: 'end', winner: ann });
  assert.equal(a.state.status, 'finished');
  assert.equal(a.state.winner, bo, 'in the timed game the end names the richest, whatever winner it says');
  assert.deepEqual(a.state.players.map((p) => p.net_worth), [1500, 1600]);
  const bgs = (await g.c.api.get(`${g.base}/export/bgstats`)).json;
  const play = bgs.plays[0];
  assert.deepEqual(play.playerScores.map((s) => [s.playerRefId, s.score, s.winner]), [[ann, '1500', false], [bo, '1600', true]]);
  assert.match(play.board, /^timed \(house rules: .*free_parking: jackpot.*\)$/);
  assert.match(play.board, /variant: timed/);
  const csv = await g.c.api.get(`${g.base}/export/plays.csv`);
  assert.equal(csv.status, 200, csv.text);
  const [header, row] = csv.text.split('\r\n');
  assert.match(header, /,players,.*,scores$/);
  assert.ok(row.endsWith(',1500; 1600'), `each seat's net worth as its score, in seat order: ${row}`);
  assert.equal(row.split(',')[5], 'Bo', 'the winner is named');
  // the recap and the night card of the finished game
  const recap = (await g.c.api.get(`${g.base}/recap`)).json;
  assert.equal(recap.last_game.id, g.gid);
  assert.deepEqual(recap.last_game.stamps, []);
  const card = await g.c.api.get(`${g.base}/games/${g.gid}/summary.svg`);
  assert.equal(card.status, 200, card.text);
  assert.match(card.text, /^<\?xml|<svg/);
  assert.match(card.text, /Bo/);
});

test('the classic box check: GET …/board?edition=classic counts every fact; PUT …/board/deeds/{space}, …/chance/{card}, …/community/{card}, …/spaces/{index} correct a fact (source "group"), a bad one is 422 with nothing changed, and a game started after plays by the corrected box', async () => {
  const c = await newCampaign(srv.url, { edition: 'classic', players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  let board = (await c.api.get(`${base}/board?edition=classic`)).json;
  assert.deepEqual(board.check, { facts: 40 + 28 + 16 + 16, checked: 0 });
  let r = await c.api.put(`${base}/board/deeds/39`, { price: 420, rents: [55, 220, 650, 1450, 1750, 2050] });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual([r.json.space, r.json.price, r.json.source], [39, 420, 'group']);
  r = await c.api.put(`${base}/board/chance/speeding`, { checked: true });
  assert.equal(r.status, 200, r.text);
  r = await c.api.put(`${base}/board/community/birthday`, { effect: { collect_from_each: 20 }, text: 'Anniversaire : 20 de chaque joueur.' });
  assert.equal(r.status, 200, r.text);
  r = await c.api.put(`${base}/board/spaces/38`, { amount: 75 });
  assert.equal(r.status, 200, r.text);
  board = (await c.api.get(`${base}/board`)).json;
  assert.deepEqual(board.check, { facts: 100, checked: 4 });
  const before = JSON.stringify(board);
  for (const [path, body, status] of [
    ['deeds/39', { rents: [1, 2] }, 422],
    ['deeds/39', { colour: 'blue' }, 422],
    ['deeds/4', { price: 10 }, 404],
    ['community/no-such-card', { checked: true }, 404],
    ['chance/speeding', { effect: { fly: 3 } }, 422],
    ['spaces/38', { kind: 'wonder' }, 422],
  ]) {
    const bad = await c.api.put(`${base}/board/${path}`, body);
    assert.equal(bad.status, status, `${path}: ${bad.text}`);
    assert.match(bad.headers.get('content-type'), /^application\/problem\+json/);
  }
  assert.equal(JSON.stringify((await c.api.get(`${base}/board`)).json), before, 'a refused correction changes nothing');
  // A game started now plays by the corrected box: the Luxury Tax is 75.
  const g = await c.api.post(`${base}/games`, { mode: 'banker', seats: c.players.map((player, i) => ({ player, token: TOKENS[i] })) });
  assert.equal(g.status, 201, g.text);
  const ev = (body) => c.api.post(`${base}/games/${g.json.game.id}/events`, body);
  await ev({ type: 'adjust', player: c.players[0], amount: 0 });
  let a = await ev({ type: 'roll', d1: 6, d2: 5 }); // Ann to 11
  await ev({ type: 'auction' });
  a = await ev({ type: 'roll', d1: 1, d2: 2 }); // Bo to 3
  await ev({ type: 'auction' });
  a = await ev({ type: 'roll', d1: 5, d2: 6 }); // Ann to 22 (Chance)
  await ev({ type: 'draw_chance', card: 'dividend' });
  a = await ev({ type: 'roll', d1: 1, d2: 3 }); // Bo to 7 (Chance)
  await ev({ type: 'draw_chance', card: 'crossword' });
  a = await ev({ type: 'roll', d1: 6, d2: 5 }); // Ann to 33 (Community Chest)
  await ev({ type: 'draw_community', card: 'annual-income' });
  await ev({ type: 'roll', d1: 1, d2: 2 }); // Bo to 10
  a = await ev({ type: 'roll', d1: 1, d2: 4 }); // Ann to 38: the Luxury Tax as corrected
  assert.equal(a.status, 201, a.text);
  assert.deepEqual(a.json.effects.find((e) => e.kind === 'pay'), { kind: 'pay', from: c.players[0], to: 'bank', amount: 75, reason: 'tax' });
  // While the game is active a correction is appended to it as a correct event, which
  // the game plays by from then on (and a replay too); the layout stays locked.
  r = await c.api.put(`${base}/board/community/hospital`, { effect: { pay: 30 } });
  assert.equal(r.status, 200, r.text);
  r = await c.api.put(`${base}/board/spaces/12`, { name: 'EDF' });
  assert.equal(r.status, 409, r.text);
  const events = (await c.api.get(`${base}/games/${g.json.game.id}/events`)).json.events;
  const fix = events[events.length - 1];
  assert.deepEqual([fix.type, fix.what, fix.id, fix.fields], ['correct', 'community', 'hospital', { effect: { pay: 30 } }]);
  a = await ev({ type: 'roll', d1: 3, d2: 4 }); // Bo from 10 to 17 (Community Chest)
  const bo = c.players[1];
  const cash = a.json.state.players.find((p) => p.id === bo).cash;
  a = await ev({ type: 'draw_community', card: 'hospital' });
  assert.equal(a.status, 201, a.text);
  assert.equal(a.json.state.players.find((p) => p.id === bo).cash, cash - 30);
  assert.equal(a.json.state.corrections, 1);
  const at = await c.api.get(`${base}/games/${g.json.game.id}/state?at=${a.json.state.version}`);
  assert.equal(at.status, 200, at.text);
  assert.deepEqual(at.json, a.json.state, 'the replay plays by the correction too');
  // undoing the draw, the roll, then the correction puts the card back as it was, in the
  // game and in the box
  for (let i = 0; i < 2; i++) assert.equal((await c.api.post(`${base}/games/${g.json.game.id}/undo`)).status, 200);
  const u = await c.api.post(`${base}/games/${g.json.game.id}/undo`);
  assert.equal(u.status, 200, u.text);
  board = (await c.api.get(`${base}/board`)).json;
  assert.deepEqual(board.community.find((x) => x.id === 'hospital').effect, { pay: 100 });
  assert.equal((await c.api.get(`${base}/games/${g.json.game.id}/state`)).json.corrections, 0);
});

test('CLASSIC-GO, HOUSE-GO-LANDING, CLASSIC-JAIL-IN, CLASSIC-JAIL-OUT, CLASSIC-CARDS: a card to GO pays the box salary (400 is for landing by dice), a card to Jail, a Jail fine paid then a roll', async () => {
  const g = await bank('classic', 2, { house_rules: { go_landing: 400 } });
  const [ann, bo] = g.players;
  let a = await g.ev({ type: 'roll', d1: 3, d2: 4 });
  assert.deepEqual([a.state.turn.pending.kind, a.state.turn.pending.deck], ['draw', 'chance']);
  a = await g.ev({ type: 'draw_chance', card: 'advance-to-go' });
  assert.ok(a.effects.some((e) => e.kind === 'salary' && e.player === ann && e.amount === 200), JSON.stringify(a.effects));
  a = await g.ev({ type: 'roll', d1: 3, d2: 4 });
  a = await g.ev({ type: 'draw_chance', card: 'go-to-jail' });
  assert.ok(a.effects.some((e) => e.kind === 'jail' && e.player === bo));
  const jailed = a.state.players.find((p) => p.id === bo);
  assert.deepEqual([jailed.in_jail, jailed.position], [true, 10]);
  assert.ok(!a.effects.some((e) => e.kind === 'salary'), 'going to Jail never pays the salary');
  a = await g.ev({ type: 'roll', d1: 1, d2: 2 }); // Ann to 3
  a = await g.ev({ type: 'auction' });
  assert.ok(a.state.options.some((o) => o.type === 'jail_pay' && o.player === bo && o.fine === 50), JSON.stringify(a.state.options));
  assert.ok(a.state.options.some((o) => o.type === 'roll' && o.player === bo && o.jail_try === 1));
  const cash = cashOf(a.state, bo);
  a = await g.ev({ type: 'jail_pay' });
  assert.equal(cashOf(a.state, bo), cash - 50);
  assert.equal(a.state.players.find((p) => p.id === bo).in_jail, false);
  a = await g.ev({ type: 'roll', d1: 2, d2: 3 });
  assert.equal(a.state.players.find((p) => p.id === bo).position, 15);
});

test('HOUSE-JAIL-DOUBLE: roll_again frees the player on a double, who moves and rolls again; the official reading ends the turn', async () => {
  for (const [rule, again] of [['move', false], ['roll_again', true]]) {
    const g = await bank('classic', 2, { house_rules: { jail_double: rule } });
    const [ann, bo] = g.players;
    await g.ev({ type: 'roll', d1: 3, d2: 4 });
    await g.ev({ type: 'draw_chance', card: 'go-to-jail' });
    await g.ev({ type: 'roll', d1: 1, d2: 2 });
    await g.ev({ type: 'auction' });
    const a = await g.ev({ type: 'roll', d1: 2, d2: 2 }); // Ann's double out of Jail
    const me = a.state.players.find((p) => p.id === ann);
    assert.deepEqual([me.in_jail, me.position], [false, 14]);
    if (a.state.turn.pending) await g.ev({ type: 'auction' });
    const st = await g.state();
    assert.equal(st.options.find((o) => o.type === 'roll').player, again ? ann : bo, rule);
  }
});

test('HOUSE-FREE-PARKING, CLASSIC-FREE-PARKING: with the jackpot a tax goes into the pot and Free Parking takes it; officially Free Parking does nothing', async () => {
  for (const jackpot of [true, false]) {
    const g = await bank('classic', 2, { house_rules: { free_parking: jackpot ? 'jackpot' : 'nothing' } });
    const [, bo] = g.players;
    let a = await g.ev({ type: 'roll', d1: 1, d2: 3 }); // Ann: Income Tax
    assert.equal(a.state.pot, jackpot ? 200 : undefined);
    a = await g.ev({ type: 'roll', d1: 4, d2: 6 }); // Bo: Just Visiting
    const cash = cashOf(a.state, bo);
    a = await g.ev({ type: 'roll', d1: 5, d2: 6 }); // Ann to 15
    await g.ev({ type: 'auction' });
    a = await g.ev({ type: 'roll', d1: 4, d2: 6 }); // Bo to 20
    assert.equal(cashOf(a.state, bo), cash + (jackpot ? 200 : 0));
    if (jackpot) {
      assert.deepEqual(a.effects.find((e) => e.kind === 'pot'), { kind: 'pot', player: bo, amount: 200 });
      assert.equal(a.state.pot, 0);
    }
  }
});

test('HOUSE-AUCTION: without auctions a deed the lander does not buy stays with the Bank, and an auction with a winner is refused', async () => {
  const g = await bank('classic', 2, { house_rules: { auction: false } });
  const [, bo] = g.players;
  await g.ev({ type: 'roll', d1: 1, d2: 2 });
  await refused(g, { type: 'auction', winner: bo, price: 50 }, 'CLASSIC-AUCTION');
  const a = await g.ev({ type: 'auction' });
  assert.equal(a.state.deeds.find((d) => d.space === 3).owner, null);
});

test('HOUSE-RENT-ASK, CLASSIC-RENT-STREET, CLASSIC-MORTGAGED, CLASSIC-RENT-UTILITY, CLASSIC-STOCK, CLASSIC-SELL: automatic rent at the landing; a whole group doubles a bare lot unless one of it is mortgaged; utilities by the dice; houses from the stock, sold back at half', async () => {
  const g = await bank('classic', 2, { house_rules: { variant: 'short', rent: 'automatic' } });
  const [ann, bo] = g.players;
  await g.ev({ type: 'deal', player: ann, spaces: [12, 28] });
  await g.ev({ type: 'deal', player: bo, spaces: [1, 3] });
  // the whole brown group, none mortgaged: a bare lot pays double (4 x 2)
  let a = await g.ev({ type: 'roll', d1: 1, d2: 2 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'rent'), { kind: 'rent', from: ann, to: bo, space: 3, amount: 8 });
  // Bo on the Electric Company: both utilities held, 12 x 10
  a = await g.ev({ type: 'roll', d1: 6, d2: 6 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'rent'), { kind: 'rent', from: bo, to: ann, space: 12, amount: 120 });
  // a mortgage: the Bank pays half the price; the group's bare lot no longer doubles
  a = await g.ev({ type: 'mortgage', space: 1 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'mortgage'), { kind: 'mortgage', player: bo, space: 1, amount: 30 });
  a = await g.ev({ type: 'roll', d1: 1, d2: 2 }); // Bo to 15 (doubles roll again)
  await g.ev({ type: 'auction' });
  a = await g.ev({ type: 'unmortgage', space: 1 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'unmortgage'), { kind: 'unmortgage', player: bo, space: 1, amount: 33 });
  a = await g.ev({ type: 'build', space: 1 });
  assert.equal(a.state.bank.houses, 31);
  a = await g.ev({ type: 'build', space: 3 });
  assert.equal(a.state.bank.houses, 30);
  a = await g.ev({ type: 'sell_building', space: 3 });
  assert.deepEqual(a.effects.find((e) => e.kind === 'sell_building'), { kind: 'sell_building', player: bo, space: 3, houses: 0, hotel: false, paid: 25 });
  assert.equal(a.state.bank.houses, 31);
  // CLASSIC-SELL: evenly (3 has no house left while 1 has one: 1 may go down, 3 may not)
  await refused(g, { type: 'sell_building', space: 3 }, 'CLASSIC-SELL');
});

test('CLASSIC-TRADE, CLASSIC-MORTGAGE: each mortgaged deed of the state says what its receiver pays (receiver_pays: the 10 % rounded up, or the lift), and a trade takes exactly that', async () => {
  const g = await bank('classic', 2, { house_rules: { variant: 'short' } });
  const [ann, bo] = g.players;
  await g.ev({ type: 'deal', player: ann, spaces: [12, 28] });
  await g.ev({ type: 'deal', player: bo, spaces: [1, 3] });
  await g.ev({ type: 'mortgage', space: 12 });
  await g.ev({ type: 'mortgage', space: 1 });
  let st = await g.state();
  const deed = (s, space) => s.deeds.find((d) => d.space === space);
  // 75: 7.5 rounded up to 8, lifted for 83; 30: 3, lifted for 33; a deed not mortgaged says nothing.
  assert.deepEqual(deed(st, 12), { space: 12, owner: ann, houses: 0, hotel: false, mortgaged: true, receiver_pays: { fee: 8, lift: 83 } });
  assert.deepEqual(deed(st, 1).receiver_pays, { fee: 3, lift: 33 });
  assert.ok(st.deeds.filter((d) => !d.mortgaged).every((d) => !('receiver_pays' in d)), 'only mortgaged deeds carry receiver_pays');
  // The document (schema/openapi.json ClassicDeedState) describes every deed as sent.
  const DOC = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'));
  for (const d of st.deeds) assert.deepEqual(validate({ $ref: '#/components/schemas/ClassicDeedState' }, d, DOC), [], JSON.stringify(d));
  assert.notDeepEqual(validate({ $ref: '#/components/schemas/ClassicDeedState' }, { ...deed(st, 12), receiver_pays: { fee: 8 } }, DOC), [], 'the check can fail');
  // Bo receives 12 and keeps it mortgaged (pays the fee); Ann receives 1 and lifts it.
  const before = st;
  const a = await g.ev({ type: 'trade', a: ann, b: bo, a_gives: { cash: 0, deeds: [12] }, b_gives: { cash: 0, deeds: [1] }, lift: [1] });
  st = a.state;
  assert.equal(cashOf(st, bo), cashOf(before, bo) - deed(before, 12).receiver_pays.fee);
  assert.equal(cashOf(st, ann), cashOf(before, ann) - deed(before, 1).receiver_pays.lift);
  assert.deepEqual(deed(st, 12).receiver_pays, { fee: 8, lift: 83 }, 'still mortgaged, still said');
  assert.equal(deed(st, 1).mortgaged, false);
  assert.ok(!('receiver_pays' in deed(st, 1)), 'lifted: nothing more to pay');
});

test('CLASSIC-BANK: an adjustment is the Bank paying or taking money; one that would leave a player below nothing is refused', async () => {
  const g = await bank('classic', 2);
  const [ann] = g.players;
  const a = await g.ev({ type: 'adjust', player: ann, amount: 250, reason: 'a banker\'s slip' });
  assert.equal(cashOf(a.state, ann), 1750);
  await refused(g, { type: 'adjust', player: ann, amount: -5000 }, 'CLASSIC-BANK');
});

test('appends at once to a classic game are each applied by the classic bank (the row a writer\'s turns leave keeps its edition, so its kind)', async () => {
  const g = await bank('classic', 2);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => g.c.api.post(`${g.base}/games/${g.gid}/events`, { type: 'note', text: `note ${i}` })));
  assert.deepEqual(answers.map((a) => a.status), Array(12).fill(201), answers.map((a) => a.text).find((t) => !t.startsWith('{"event"')));
  const st = await g.state();
  assert.equal(st.seq, 12);
  assert.equal(st.edition, 'classic');
});

test('box files of the classic bank: a campaign created from a classic box file plays by it (its start_cash, its deeds); a damaged one is 422 naming the fact, nothing stored', async () => {
  const box = (await client(srv.url).get('/api/v1/editions/classic')).json;
  box.start_cash = 2000;
  box.deeds.find((d) => d.space === 3).price = 70;
  const anon = client(srv.url);
  const r = await anon.post('/api/v1/campaigns', { name: 'From our box', edition: 'classic', board: box });
  assert.equal(r.status, 201, r.text);
  const api = client(srv.url, r.json.key);
  const base = `/api/v1/campaigns/${r.json.campaign.id}`;
  const players = [];
  for (const name of ['Ann', 'Bo']) players.push((await api.post(`${base}/players`, { name })).json.id);
  const g = await api.post(`${base}/games`, { mode: 'banker', seats: players.map((player, i) => ({ player, token: TOKENS[i] })) });
  assert.equal(g.status, 201, g.text);
  assert.deepEqual(g.json.state.players.map((p) => p.cash), [2000, 2000]);
  const a = await api.post(`${base}/games/${g.json.game.id}/events`, { type: 'roll', d1: 1, d2: 2 });
  assert.ok(a.json.state.options.some((o) => o.type === 'buy' && o.space === 3 && o.price === 70), JSON.stringify(a.json.state.options));
  const bad = structuredClone(box);
  bad.deeds[0].rents = [1];
  const before = (await anon.get('/api/v1/campaigns')).json;
  const refused = await anon.post('/api/v1/campaigns', { name: 'Broken', edition: 'classic', board: bad });
  assert.equal(refused.status, 422, refused.text);
  assert.match(refused.json.detail, /deeds\[0\]\.rents/);
  assert.deepEqual((await anon.get('/api/v1/campaigns')).json, before);
});

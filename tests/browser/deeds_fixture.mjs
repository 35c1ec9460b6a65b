// deeds_fixture.mjs -- classic and Wonders banker games set up through the API for the
// browser tests of "My deeds", trades and Wonders (issue 38): a campaign of the box, its
// players, a game, and a driver that plays scripted rolls, settling every decision the
// engine lists (buy or auction, cards, the Community Chest choice, the free flight) the
// way the test says, so a test reaches a position quickly and then plays it by taps.

import { api } from './helpers.mjs';

/**
 * A campaign of edition with players names and its banker game (tokens free text).
 * Returns {cid, key, gid, ids, url (the joining link), board, state(), post(event)}.
 */
export async function classicGame(base, { edition = 'classic', names = ['Ana', 'Bo'], houseRules } = {}) {
  const made = await api(base, 'POST', '/campaigns', { body: { name: `Table ${edition}`, edition } });
  const g = { cid: made.campaign.id, key: made.key, ids: [] };
  for (const name of names) g.ids.push((await api(base, 'POST', `/campaigns/${g.cid}/players`, { key: g.key, body: { name } })).id);
  const tokens = ['Car', 'Hat', 'Boot', 'Ship', 'Dog', 'Iron'];
  const body = { mode: 'banker', edition, seats: g.ids.map((player, i) => ({ player, token: tokens[i] })) };
  if (houseRules) body.house_rules = houseRules;
  g.gid = (await api(base, 'POST', `/campaigns/${g.cid}/games`, { key: g.key, body })).game.id;
  g.url = `${base}/#/join/${g.cid}/${encodeURIComponent(g.key)}`;
  g.board = await api(base, 'GET', `/campaigns/${g.cid}/board?edition=${edition}`, { key: g.key });
  g.state = async () => (await api(base, 'GET', `/campaigns/${g.cid}/games/${g.gid}`, { key: g.key })).state;
  g.post = (event) => api(base, 'POST', `/campaigns/${g.cid}/games/${g.gid}/events`, { key: g.key, body: event });
  return g;
}

/** The collect cards drawn when a test names none (no move, no debt). */
const SAFE_CARDS = ['crossword', 'dividend', 'bank-error', 'annual-income', 'inheritance', 'stock-sale'];

/**
 * Settle every decision pending in g, as playRolls() says; returns the state after.
 */
export async function settle(g, { winner = () => null, cards = {} } = {}) {
  let st = await g.state();
  for (let guard = 0; guard < 20; guard++) {
    const opts = st.options || [];
    const one = (type) => opts.find((o) => o.type === type);
    if (one('auction') && st.turn.pending) {
      const w = winner(st.turn.pending.space, st);
      await g.post(w === null || w === undefined ? { type: 'auction' } : { type: 'auction', winner: w, price: 1 });
    } else if (one('draw_chance') || one('draw_community')) {
      const o = one('draw_chance') || one('draw_community');
      const deck = o.type === 'draw_chance' ? 'chance' : 'community';
      const wanted = (cards[deck] || []).find((id) => o.cards.includes(id));
      if (wanted) cards[deck].splice(cards[deck].indexOf(wanted), 1);
      await g.post({ type: o.type, card: wanted || o.cards.find((id) => SAFE_CARDS.includes(id)) || o.cards[0] });
    } else if (one('pay_or_chance')) {
      await g.post({ type: 'pay_or_chance', choice: 'pay' });
    } else if (one('tick')) {
      await g.post({ type: 'tick', space: one('tick').spaces[0] });
    } else return st;
    st = await g.state();
  }
  return st;
}

/**
 * Play rolls ([[d1, d2], …]) in turn order, settling each decision as it comes: a lot on
 * offer goes to winner(space, state) at an auction for 1 (null: nobody bids), a card is
 * the first of cards (by deck) still offered, else a harmless collect card; the
 * Community Chest choice pays; a free flight ticks the first wonder offered. A roll the
 * engine does not offer (a debt, the game over) stops the script.
 */
export async function playRolls(g, rolls, how = {}) {
  let st = await settle(g, how);
  for (const [d1, d2] of rolls) {
    const roll = (st.options || []).find((o) => o.type === 'roll');
    if (!roll) break;
    await g.post({ type: 'roll', d1, d2, player: roll.player });
    st = await settle(g, how);
  }
  return st;
}

/** Two different dice for each total from 3 to 11 (no double: no extra roll, no Jail). */
const PAIRS = { 3: [1, 2], 4: [1, 3], 5: [1, 4], 6: [1, 5], 7: [1, 6], 8: [2, 6], 9: [3, 6], 10: [4, 6], 11: [5, 6] };

/**
 * Wonders: play until player pid, due to roll, has ticked want wonders (or, with
 * airport, stands on an airport with its free flight pending). pid's rolls land on a
 * wonder not yet ticked or an airport; everyone else's anywhere but Go To Jail; nobody
 * buys. With airport set, pid never lands on a wonder not yet ticked (the last one is
 * left for the flight). Returns the state.
 */
export async function steerWonders(g, pid, { want = 0, airport = false } = {}) {
  const kind = new Map(g.board.spaces.map((sp) => [sp.index, sp.kind]));
  for (let guard = 0; guard < 400; guard++) {
    const st = await settle(g);
    const me = st.players.find((p) => p.id === pid);
    const ticked = new Set(me.passport || []);
    const roll = (st.options || []).find((o) => o.type === 'roll');
    if (!roll) return st;
    const mover = st.players.find((p) => p.id === roll.player);
    const mine = mover.id === pid;
    if (mine && !airport && ticked.size >= want) return st;
    const to = (n) => (mover.position + n) % 40;
    const totals = Object.keys(PAIRS).map(Number).filter((n) => kind.get(to(n)) !== 'go_to_jail');
    let n = totals[4];
    if (mine && airport) n = totals.find((x) => kind.get(to(x)) === 'airport') ?? totals.find((x) => kind.get(to(x)) !== 'wonder' || ticked.has(to(x)));
    else if (mine) n = totals.find((x) => (kind.get(to(x)) === 'wonder' && !ticked.has(to(x))) || kind.get(to(x)) === 'airport') ?? n;
    await g.post({ type: 'roll', d1: PAIRS[n][0], d2: PAIRS[n][1], player: mover.id });
    if (mine && airport && kind.get(to(n)) === 'airport' && !mover.in_jail) {
      // Settle its buy (nobody buys) and stop at the free flight.
      for (let k = 0; k < 5; k++) {
        const now = await g.state();
        if ((now.options || []).some((o) => o.type === 'tick')) return now;
        if ((now.options || []).some((o) => o.type === 'auction')) await g.post({ type: 'auction' });
        else break;
      }
    }
  }
  throw new Error('steerWonders: no end in 400 rolls');
}

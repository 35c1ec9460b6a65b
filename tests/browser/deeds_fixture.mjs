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

/**
 * Play rolls ([[d1, d2], …]) in turn order, settling each decision as it comes: a lot on
 * offer goes to winner(space, state) at an auction for 1 (null: nobody bids), a card is
 * the first of cards (by deck) still offered, else the deck's first harmless collect
 * card; the Community Chest choice pays; a free flight ticks the first wonder offered.
 * A roll the engine does not offer (a debt, the game over) stops the script.
 */
export async function playRolls(g, rolls, { winner = () => null, cards = {} } = {}) {
  let st = await g.state();
  const settle = async () => {
    for (let guard = 0; guard < 20; guard++) {
      st = await g.state();
      const opts = st.options || [];
      const one = (type) => opts.find((o) => o.type === type);
      if (one('auction') && st.turn.pending) {
        const space = st.turn.pending.space;
        const w = winner(space, st);
        await g.post(w === null || w === undefined ? { type: 'auction' } : { type: 'auction', winner: w, price: 1 });
      } else if (one('draw_chance') || one('draw_community')) {
        const o = one('draw_chance') || one('draw_community');
        const deck = o.type === 'draw_chance' ? 'chance' : 'community';
        const wanted = (cards[deck] || []).find((id) => o.cards.includes(id));
        if (wanted) cards[deck].splice(cards[deck].indexOf(wanted), 1);
        const safe = o.cards.find((id) => ['crossword', 'dividend', 'bank-error', 'annual-income', 'inheritance', 'stock-sale'].includes(id));
        await g.post({ type: o.type, card: wanted || safe || o.cards[0] });
      } else if (one('pay_or_chance')) {
        await g.post({ type: 'pay_or_chance', choice: 'pay' });
      } else if (one('tick')) {
        await g.post({ type: 'tick', space: one('tick').spaces[0] });
      } else return;
    }
  };
  for (const [d1, d2] of rolls) {
    await settle();
    const roll = (st.options || []).find((o) => o.type === 'roll');
    if (!roll) break;
    await g.post({ type: 'roll', d1, d2, player: roll.player });
  }
  await settle();
  return st;
}

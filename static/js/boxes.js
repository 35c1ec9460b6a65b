// boxes.js -- every box of the group (API.md "Every box of the group"): a campaign holds
// one box per edition it plays. Which box a new game is of (the group's own boxes first),
// the board of a game's own box, and the last night across boxes in "Last time…".

import { h } from './ui.js';
import { t } from './i18n.js';

/** The boxes of a campaign document ([{edition, active_game, …}]), its own first; a
 * server without boxes answers none: the campaign's own edition then. */
export function boxesOf(campaign) {
  const c = campaign || {};
  return Array.isArray(c.boxes) && c.boxes.length ? c.boxes : [{ edition: c.edition, active_game: c.active_game ?? null }];
}

/** The active game of the campaign's box of edition, or null. */
export function activeGameOf(campaign, edition) {
  const box = boxesOf(campaign).find((b) => b.edition === edition);
  const a = box ? box.active_game : null;
  return a === undefined || a === false ? null : (typeof a === 'object' && a !== null ? a.id ?? null : a);
}

// The box this phone picked for its next game, by campaign: the screen is drawn again
// when it changes, and the choice holds until another is made.
const picked = new Map();

/** The edition of the box a new game of campaign cid is of: the one picked on this
 * phone when it is still an edition the server has, else the campaign's own. */
export function pickedBox(cid, campaign, editions) {
  const p = picked.get(String(cid));
  return p && editions.some((e) => e.id === p) ? p : campaign.edition;
}

/** "Which box?": the group's own boxes first, then every other edition of the server;
 * choosing one draws the new-game screen again for it (onPick). */
export function boxPicker(cid, campaign, editions, current, onPick) {
  const own = boxesOf(campaign).map((b) => b.edition);
  const nameOf = (id) => (editions.find((e) => e.id === id) || {}).name || id;
  const order = [...own.filter((id) => editions.some((e) => e.id === id)), ...editions.map((e) => e.id).filter((id) => !own.includes(id))];
  if (order.length < 2) return null;
  const choice = (id) => {
    const input = h('input', { type: 'radio', name: 'box', value: id, checked: id === current });
    input.addEventListener('change', () => {
      if (!input.checked) return;
      picked.set(String(cid), id);
      onPick(id);
    });
    return h('label', { class: 'choice' }, input,
      h('span', null, h('strong', null, nameOf(id)), ` — ${own.includes(id) ? t('box.played') : t('box.new')}`));
  };
  return h('fieldset', { id: 'which-box' }, h('legend', null, t('box.which')), ...order.map(choice));
}

/** The board of the campaign's box of edition (ctx.board() for its own box); the
 * edition's default board for a box the group has not played yet. */
export async function boxBoard(ctx, campaign, edition, editionDoc) {
  if (!edition || edition === campaign.edition) return ctx.board();
  if (!boxesOf(campaign).some((b) => b.edition === edition)) return editionDoc(edition);
  return ctx.api.req('GET', `/board?edition=${encodeURIComponent(edition)}`).then((r) => r.data);
}

/** The context of the campaign's box of edition for a game's table: ctx itself for its
 * own box; for another, its board routes (the board, the fixes and checks at the table)
 * name that box (?edition=) and its board is that box's. */
export function boxContext(ctx, campaign, edition) {
  if (!edition || edition === campaign.edition) return ctx;
  const q = `edition=${encodeURIComponent(edition)}`;
  const api = Object.create(ctx.api);
  api.req = (method, path, opts) => ctx.api.req(method, path.startsWith('/board') ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path, opts);
  api.board = () => api.req('GET', '/board').then((r) => r.data);
  const box = Object.create(ctx);
  let board = null;
  box.api = api;
  box.board = async (fresh = false) => {
    if (fresh || !board) board = await api.board();
    return board;
  };
  box.invalidateBoard = () => { board = null; };
  return box;
}

/** How a game of "Last time…" ended: its winner, none, or, for a paused game (still
 *  active), that it goes on. */
export function outcome(g) {
  if (g.status === 'active') return t('recap.paused');
  return g.winner_name ? t('recap.winner', { who: g.winner_name }) : t('recap.nowinner');
}

/** The campaign's last night across boxes ("Last time…"): one line a game, oldest first,
 * naming its box and its winner; null for a night of one game. */
export function lastNight(recap, editions) {
  const night = (recap && recap.last_night) || [];
  if (night.length < 2) return null;
  const nameOf = (id) => ((editions || []).find((e) => e.id === id) || {}).name || id;
  return h('div', { class: 'last-night' },
    h('strong', null, t('box.night', { n: night.length })),
    h('ol', null, night.map((g) => h('li', { dataset: { game: g.id } },
      t('box.night.game', { box: nameOf(g.edition), n: g.number }), ' · ',
      outcome(g)))));
}

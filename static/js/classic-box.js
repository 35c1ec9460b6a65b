// classic-box.js -- readings of a classic or Wonders box (API.md "The classic bank"):
// the names of its spaces, deeds and cards always come from the box the group plays
// (GET …/board?edition=…), never from the code; a group's colours from its deeds.

import { t } from './i18n.js';
import { setColour } from './ui.js';

/** The deed of the box on space index, or null. */
export function deedOf(board, space) {
  return ((board && board.deeds) || []).find((d) => Number(d.space) === Number(space)) || null;
}

/** The space of the box at index, or null. */
export function spaceOf(board, index) {
  return ((board && board.spaces) || []).find((s) => Number(s.index) === Number(index)) || null;
}

/** The name of space index as the box prints it (its deed's name, else the space's own);
 * "Space 12" when the box names it nowhere. */
export function spaceName(board, index) {
  const d = deedOf(board, index);
  if (d && d.name) return d.name;
  const sp = spaceOf(board, index);
  return (sp && sp.name) || t('space.n', { n: String(index) });
}

/** The card of deck ('chance' | 'community') with id, or null. */
export function cardOf(board, deck, id) {
  return ((board && board[deck]) || []).find((c) => c.id === id) || null;
}

/** The text of a card as the box prints it (its id when the box has no text). */
export function cardText(board, deck, id) {
  const c = cardOf(board, deck, id);
  return (c && c.text) || String(id);
}

/** The colour a deed's group is drawn in: a street's group colour, grey for a station
 * or a utility (no group colour printed). */
export function groupColour(deed) {
  return deed && deed.group ? setColour(deed.group) : '#8a8f98';
}

/**
 * The deeds player pid holds in state st, in the box's order, each as
 * {space, name, group, colour, houses, hotel, mortgaged, deed (the box's record)}.
 */
export function holdings(board, st, pid) {
  const out = [];
  for (const x of (st && st.deeds) || []) {
    if (x.owner === null || x.owner === undefined || String(x.owner) !== String(pid)) continue;
    const d = deedOf(board, x.space) || {};
    out.push({ space: x.space, name: d.name || spaceName(board, x.space), group: d.group || null, colour: groupColour(d),
      houses: Number(x.houses) || 0, hotel: !!x.hotel, mortgaged: !!x.mortgaged, deed: d });
  }
  return out;
}

/** The held Get Out of Jail Free cards of a player ({chance, community} counts) in all. */
export function jailCardCount(pl) {
  const j = (pl && pl.jail_cards) || {};
  if (typeof j === 'number') return j;
  return (Number(j.chance) || 0) + (Number(j.community) || 0);
}

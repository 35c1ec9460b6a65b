// views/cardgrid.js -- a deck as a compact numbered grid: one button a card with its
// number and title (a Chance card: its text, shortened), and for Travel Journal cards
// the stamp circles still open. Replaces a long list of full card texts.

import { h } from '../ui.js';
import { t } from '../i18n.js';

/**
 * The cards of deck ('journal' | 'chance') of the board as a grid of buttons; onPick(card,
 * label, button) on a tap. journal: the state's journal ([{card, stamps}]) for the
 * circles. only: the ids that may be drawn (a held card is out of its deck), numbered by
 * their place in the whole deck. idPrefix: the button ids (`${idPrefix}${card.id}`).
 */
export function cardGrid(board, deck, { journal = [], onPick, idPrefix = 'draw-', only = null } = {}) {
  const numbered = ((board && board[deck]) || []).map((c, i) => ({ c, i }));
  const cards = only ? numbered.filter(({ c }) => only.has(c.id)) : numbered;
  if (!cards.length) return h('p', { class: 'empty' }, t('cards.none'));
  const used = new Map((journal || []).map((j) => [j.card ?? j.id, (j.stamps || []).length]));
  return h('div', { class: 'card-grid', role: 'group', 'aria-label': t(deck === 'journal' ? 'cards.journal' : 'cards.chance') }, cards.map(({ c, i }) => {
    const label = deck === 'journal' ? (c.title || c.id) : (c.text || c.id);
    const n = used.get(c.id) || 0;
    const slots = Number(c.slots) || 0;
    // Every visible word is in the button's name ("2. Sunrise at the summit, 1 open"):
    // axe's label-content-name-mismatch (WCAG 2.5.3) flagged "1 open" missing from it.
    // The circles are drawn by CSS from data-dots (a picture of the words beside them).
    const room = deck === 'journal' && slots ? (n >= slots ? t('cards.full') : t('cards.open', { n: slots - n })) : null;
    const circles = room
      ? h('span', { class: 'cg-circles' }, h('span', { class: 'cg-dots', 'aria-hidden': 'true', dataset: { dots: `${'●'.repeat(Math.min(n, slots))}${'○'.repeat(Math.max(0, slots - n))}` } }), room)
      : null;
    const b = h('button', { class: 'btn cg', type: 'button', id: `${idPrefix}${c.id}`, 'aria-label': room ? `${i + 1}. ${label}, ${room}` : `${i + 1}. ${label}` },
      // Spaces between the parts, so the visible words read "1 Market day 2 open" as the
      // name does (axe joins text nodes as they are: "1Market day2 open" is not in the name).
      h('span', { class: 'cg-n', 'aria-hidden': 'true' }, String(i + 1)), ' ',
      h('span', { class: 'cg-title', 'aria-hidden': 'true' }, label), circles ? ' ' : null,
      circles);
    b.addEventListener('click', () => onPick && onPick(c, label, b));
    return b;
  }));
}

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
    const circles = deck === 'journal' && slots
      ? h('span', { class: 'cg-circles' }, `${'●'.repeat(Math.min(n, slots))}${'○'.repeat(Math.max(0, slots - n))} `,
        n >= slots ? t('cards.full') : t('cards.open', { n: slots - n }))
      : null;
    const b = h('button', { class: 'btn cg', type: 'button', id: `${idPrefix}${c.id}`, 'aria-label': `${i + 1}. ${label}` },
      h('span', { class: 'cg-n', 'aria-hidden': 'true' }, String(i + 1)),
      h('span', { class: 'cg-title', 'aria-hidden': 'true' }, label),
      circles);
    b.addEventListener('click', () => onPick && onPick(c, label, b));
    return b;
  }));
}

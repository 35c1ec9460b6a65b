// words-classic.js -- the sentences of the classic bank's events and effects (API.md
// "The classic bank"), for words.js: the log, the undo dialog, the toast and "What
// happened". Deeds and cards are named as the game's box names them (names.board).

import { t, list } from './i18n.js';
import { spaceName, cardText } from './classic-box.js';

const deed = (names, space) => spaceName(names.board, space);

/** What a classic card does, in a few words ("Pay 150", "Go to Rue de la Paix"), from
 * its effect as the box records it; the card's own text when the effect is none of these. */
export function classicCardSummary(c, board) {
  const e = (c && c.effect) || {};
  if ('collect' in e) return t('cl.card.collect', { amount: e.collect });
  if ('pay' in e) return t('cl.card.pay', { amount: e.pay });
  if ('pay_or_chance' in e) return t('cl.card.pay_or_chance', { amount: e.pay_or_chance });
  if ('collect_from_each' in e) return t('cl.card.collect_from_each', { amount: e.collect_from_each });
  if ('move_to_space' in e) return t('cl.card.move_to', { to: spaceName(board, e.move_to_space) });
  if ('move_by' in e) return e.move_by < 0 ? t('cl.card.back', { n: -e.move_by }) : t('cl.card.forward', { n: e.move_by });
  if (e.go_to_jail) return t('cl.card.jail');
  if (e.jail_free) return t('cl.card.jail_free');
  if (e.repairs) return t('cl.card.repairs', { house: e.repairs.house, hotel: e.repairs.hotel });
  return (c && c.text) || '';
}

/** One classic effect as {text, cls?}, or null for a kind this file does not know. */
export function classicEffectText(e, names) {
  const P = (id) => names.player(id);
  switch (e && e.kind) {
    case 'rent': return { text: t('cl.fx.rent', { from: P(e.from), to: P(e.to), amount: e.amount, deed: deed(names, e.space) }) };
    case 'build': return { text: e.hotel ? t('cl.fx.build.hotel', { who: P(e.player), deed: deed(names, e.space), cost: e.cost })
      : t('cl.fx.build', { who: P(e.player), deed: deed(names, e.space), n: e.houses, cost: e.cost }) };
    case 'sell_building': return { text: t('cl.fx.sell', { who: P(e.player), deed: deed(names, e.space), n: e.houses, paid: e.paid }) };
    case 'mortgage': return { text: t('cl.fx.mortgage', { who: P(e.player), deed: deed(names, e.space), amount: e.amount }) };
    case 'unmortgage': return { text: t('cl.fx.unmortgage', { who: P(e.player), deed: deed(names, e.space), amount: e.amount }) };
    case 'debt': return { text: t('cl.fx.debt', { who: P(e.player), creditor: P(e.creditor), amount: e.amount }), cls: 'debt' };
    case 'bankrupt': return { text: t('cl.fx.bankrupt', { who: P(e.player), creditor: P(e.creditor) }), cls: 'win' };
    case 'tick': return { text: t('cl.fx.tick', { who: P(e.player), deed: deed(names, e.space) }), cls: 'stamp' };
    case 'deal': return { text: t('cl.fx.deal', { who: P(e.player), deed: deed(names, e.space) }) };
    case 'card': return { text: t('cl.fx.card', { who: P(e.player), deck: t(e.deck === 'community' ? 'cl.deck.community' : 'cl.deck.chance'), card: e.card ? cardText(names.board, e.deck, e.card) : '' }) };
    case 'owner': return { text: t('cl.fx.owner', { deed: deed(names, e.space), to: P(e.to) }) };
    case 'lapse': return { text: t('cl.fx.lapse', { who: P(e.player), deed: deed(names, e.space) }) };
    default: return null;
  }
}

/** A classic event's first line in the log, or null for a type this file does not know. */
export function classicEventText(ev, names) {
  switch (ev && ev.type) {
    case 'collect_rent': return ev.space !== undefined ? t('cl.ev.rent', { deed: deed(names, ev.space) }) : t('cl.ev.rent.last');
    case 'draw_community': return t('cl.ev.community', { card: ev.card ? cardText(names.board, 'community', ev.card) : '' });
    case 'pay_or_chance': return t(ev.choice === 'pay' ? 'cl.ev.poc.pay' : 'cl.ev.poc.chance');
    case 'build': return t('cl.ev.build', { deed: deed(names, ev.space) });
    case 'sell_building': return t('cl.ev.sell', { deed: deed(names, ev.space) });
    case 'mortgage': return t('cl.ev.mortgage', { deed: deed(names, ev.space) });
    case 'unmortgage': return t('cl.ev.unmortgage', { deed: deed(names, ev.space) });
    case 'pay_debt': return t('cl.ev.pay_debt');
    case 'bankrupt': return t('cl.ev.bankrupt');
    case 'tick': return t('cl.ev.tick', { deed: deed(names, ev.space) });
    case 'deal': return t('cl.ev.deal', { who: names.player(ev.player), deeds: list((ev.spaces || []).map((s) => deed(names, s))) });
    default: return null;
  }
}

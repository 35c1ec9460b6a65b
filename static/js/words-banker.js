// words-banker.js -- the sentences of the banker table's decision buttons, from the
// message tables (i18n/*.js, keys bk.*) so they follow the UI's language. Every number
// in them (costs, fees, tries, stamps) comes from the state the server sends
// (state.options): none is a rule kept here.

import { t } from './i18n.js';

export const W = {
  // tour fees (TWT-FEE): one button per fee in turn.fees_due
  feesTitle: (n) => t('bk.fees.title', { n }),
  feeButton: (owner, dest, payer, amount) => t('bk.fee.button', { owner, dest, payer, amount }),
  feeSent: (owner, payer, dest) => t('bk.fee.sent', { owner, payer, dest }),
  get feeHint() { return t('bk.fee.hint'); },
  feeLapsed: (dest) => t('bk.fee.lapsed', { dest }),

  // buying
  buyButton: (dest, price) => t('bk.buy.price', { dest, price }),
  buyShort: (who, cash) => t('bk.buy.short', { who, cash }),
  bidHint: (min, step) => t('bk.bid.hint', { min, step }),
  bidRule: (min, step) => t('bk.bid.rule', { min, step }),
  bidCash: (who, cash) => t('bk.bid.cash', { who, cash }),

  // flights
  flyTitle: (kind) => t(kind === 'flight_long' ? 'bk.fly.long' : 'bk.fly.local'),
  flyHint: (who, cost, kind) => t(kind === 'flight_long' ? 'bk.fly.hint.long' : 'bk.fly.hint.local', { who, cost }),
  flyButton: (cost) => t('bk.fly.button', { cost }),
  flyShort: (who, cash, cost) => t('bk.fly.short', { who, cash, cost }),

  // Jail (TWT-JAIL-2)
  jailTitle: (who) => t('bk.jail.title', { who }),
  jailPayButton: (cost) => t('bk.jail.pay', { cost }),
  jailPaySent: (who, cost) => t('bk.jail.paid', { who, cost }),
  jailPayShort: (who, cash, cost) => t('bk.jail.short', { who, cash, cost }),
  get jailCardButton() { return t('bk.jail.card'); },
  jailCardSent: (who) => t('bk.jail.card.sent', { who }),
  jailHint: (cost, card, roll) => {
    const tries = roll && roll.jail_try ? t('bk.jail.tries', { n: roll.jail_try, of: roll.jail_tries, fine: roll.fine }) : '';
    return t(card ? 'bk.jail.hint.card' : 'bk.jail.hint', { cost, tries });
  },

  // goal jump and the golden ticket
  get jumpTitle() { return t('bk.jump.title'); },
  jumpHint: (who) => t('bk.jump.hint', { who }),
  jumpButton: (dest) => t('bk.jump.button', { dest }),
  jumpSent: (who, dest) => t('bk.jump.sent', { who, dest }),
  ticketTitle: (who) => t('bk.ticket.title', { who }),
  get ticketHint() { return t('bk.ticket.hint'); },

  // the end
  goalsCount: (n, of) => t('strip.stamps.long', { n, of }),
};

// words-banker.js -- the sentences of the banker table's decision buttons, in one place
// so they move into the message tables as they are. Every number in them (costs, fees,
// tries, stamps) comes from the state the server sends (state.options): none is a rule
// kept here.

import { money } from './ui.js';

export const W = {
  // tour fees (TWT-FEE): one button per fee in turn.fees_due
  feesTitle: (n) => (n > 1 ? 'Tour fees' : 'Tour fee'),
  feeButton: (owner, dest, payer, amount) => `${owner} asks the fee for ${dest}: ${payer} pays ${money(amount)}`,
  feeSent: (owner, payer, dest) => `${owner} asked ${payer} for the fee at ${dest}`,
  feeHint: 'Each owner may ask until the next player rolls; after that the fee lapses.',
  feeLapsed: (dest) => `${dest}’s fee was not asked in time.`,

  // buying
  buyButton: (dest, price) => `Buy ${dest} for ${money(price)}`,
  buyShort: (name, cash) => `${name} has only ${money(cash)}: auction it.`,
  bidHint: (min, step) => `At least ${money(min)}, in steps of ${money(step)}.`,
  bidRule: (min, step) => `The winning bid is at least ${money(min)} and a multiple of ${money(step)}.`,

  // flights
  flyTitle: (kind) => (kind === 'flight_long' ? 'Long-distance flight' : 'Local flight'),
  flyHint: (name, cost, kind) => `${name} may pay ${money(cost)} and fly${kind === 'flight_long' ? ' anywhere' : ' to a destination before the next flight space'}. Or just roll on.`,
  flyButton: (cost) => `Fly for ${money(cost)}`,
  flyShort: (name, cash, cost) => `${name} has only ${money(cash)}; the flight costs ${money(cost)}.`,

  // Jail (TWT-JAIL-2)
  jailTitle: (name) => `${name} is in Jail`,
  jailPayButton: (cost) => `Pay ${money(cost)} and roll`,
  jailPaySent: (name, cost) => `${name} paid ${money(cost)} to leave Jail`,
  jailPayShort: (name, cash, cost) => `${name} has only ${money(cash)}: paying ${money(cost)} needs ${money(cost)}. Roll for a double instead.`,
  jailCardButton: 'Use a Get Out of Jail Free card',
  jailCardSent: (name) => `${name} used a Get Out of Jail Free card`,
  jailHint: (cost, card, roll) => {
    const ways = [`pay ${money(cost)}`];
    if (card) ways.push('use a card');
    const tries = roll && roll.jail_try ? ` (try ${roll.jail_try} of ${roll.jail_tries}; after the last failed try the fine of ${money(roll.fine)} is owed and paid as far as cash goes)` : '';
    return `${ways.join(', ').replace(/^./, (c) => c.toUpperCase())}, or roll the dice below for a double${tries}.`;
  },

  // goal jump and the golden ticket
  jumpTitle: 'Goal jump',
  jumpHint: (name) => `${name} owns a card that is also their own travel goal: jump there and stamp it before rolling.`,
  jumpButton: (dest) => `Jump to ${dest}`,
  jumpSent: (name, dest) => `${name} jumped to ${dest}`,
  ticketTitle: (name) => `${name}: golden ticket`,
  ticketHint: 'Once per game, during your own turn: go to any destination (no salary).',

  // the end
  goalsStamped: (n) => `${n} travel goals stamped! The journal keeps every stamp for the next game.`,
  goalsCount: (n, of) => `${n} of ${of} goals stamped`,
};

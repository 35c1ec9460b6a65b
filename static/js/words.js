// words.js -- plain-English sentences for effects, pending decisions and events:
// "Hazel's stamp pays Cy 100".

import { money } from './ui.js';
import { tokenName } from './tokens.js';
import { honestName, correctionText } from './facts.js';

/** Name look-ups over a board and the players we know. */
export class Names {
  constructor(board, players = [], stampOwner = 'token') {
    this.board = board || {};
    this.stampOwner = stampOwner || 'token';
    this.players = new Map();
    for (const p of players) if (p && p.id !== undefined) this.players.set(String(p.id), p);
  }

  addPlayers(list) {
    for (const p of list || []) {
      if (!p || p.id === undefined) continue;
      const old = this.players.get(String(p.id)) || {};
      this.players.set(String(p.id), { ...old, ...p, name: p.name || old.name });
    }
  }

  player(pid) {
    if (pid === 'bank' || pid === null || pid === undefined) return 'the Bank';
    const p = this.players.get(String(pid));
    return p && p.name ? p.name : `Player ${pid}`;
  }

  token(tid) { return tokenName(this.board, tid); }

  destination(did) {
    const d = (this.board.destinations || []).find((x) => x.id === did);
    return d ? honestName(d) : humanise(did);
  }

  /** The destination did, its name honest ("(check your box)") until checked. */
  destinationById(did) {
    const d = (this.board.destinations || []).find((x) => x.id === did);
    return d ? { ...d, name: honestName(d) } : null;
  }

  /** A space by index, by space id or by destination id. */
  space(ref) {
    const spaces = this.board.spaces || [];
    if (typeof ref === 'number' || /^\d+$/.test(String(ref))) {
      const sp = spaces.find((x) => x.index === Number(ref)) || spaces[Number(ref)];
      if (sp) return sp.name || (sp.destination ? this.destination(sp.destination) : humanise(sp.kind));
      return `space ${ref}`;
    }
    const sp = spaces.find((x) => x.id === ref || x.destination === ref);
    if (sp) return sp.name || this.destination(sp.destination);
    return this.destination(ref);
  }

  card(deck, id) {
    const list = deck === 'chance' ? this.board.chance : this.board.journal;
    const c = (list || []).find((x) => x.id === id);
    if (!c) return humanise(id);
    if (deck === 'journal') return honestName(c, 'title') || humanise(id);
    return c.text ? `“${c.text}”` : humanise(id);
  }
}

export function humanise(id) {
  if (id === null || id === undefined) return '';
  return String(id).replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

const REASONS = {
  fee: 'tour fee', tax: 'tax', journal: 'Travel Journal', chance: 'Chance', jail: 'Jail fine',
  flight: 'flight', buy: 'purchase', auction: 'auction', trade: 'trade', adjust: 'correction',
  salary: 'salary', flight_local: 'local flight', flight_long: 'long-distance flight',
};

function reasonText(r) {
  if (!r) return '';
  return ` (${REASONS[r] || humanise(r).toLowerCase()})`;
}

/** One effect as a sentence, plus a class for styling (payout, win, …). */
export function effectText(e, names) {
  const P = (id) => names.player(id);
  switch (e && e.kind) {
    case 'move':
      return { text: `${P(e.player)} moves from ${names.space(e.from)} to ${names.space(e.to)}.` };
    case 'salary':
      return { text: `${P(e.player)} collects ${money(e.amount)} salary.` };
    case 'pay': {
      const from = e.from === 'bank' || e.from === null || e.from === undefined ? 'The Bank' : P(e.from);
      const to = e.to === 'bank' || e.to === null || e.to === undefined ? 'the Bank' : P(e.to);
      return { text: `${from} pays ${to} ${money(e.amount)}${reasonText(e.reason)}.` };
    }
    case 'board_stamp':
      return { text: `${P(e.player)} stamps ${names.destination(e.destination)} on the board.`, cls: 'stamp' };
    case 'journal_stamp':
      return {
        text: `${P(e.player)} stamps the journal card “${names.card('journal', e.card)}” with ${names.token(e.token)}.`,
        cls: 'stamp',
      };
    case 'journal_payout':
      return { text: `${payoutText(names, e)}.`, cls: 'payout' };
    case 'jail':
      return { text: `${P(e.player)} goes to Jail.` };
    case 'jail_free':
      return { text: `${P(e.player)} leaves Jail.` };
    case 'ticket':
      return { text: e.action === 'use' ? `${P(e.player)} uses the golden ticket.` : `${P(e.player)} takes the golden ticket.` };
    case 'owner': {
      const to = e.to === null || e.to === undefined || e.to === 'bank' ? 'the Bank' : P(e.to);
      return { text: `${names.destination(e.destination || e.dest)} goes to ${to}.` };
    }
    case 'win':
      return { text: `${P(e.player)} wins the game!`, cls: 'win' };
    case 'fee':
      return { text: `${P(e.owner)} may ask ${P(e.payer)} for a fee of ${money(e.amount)}.` };
    case 'note':
      return { text: `Note: ${e.text}` };
    default: {
      const rest = Object.entries(e || {}).filter(([k]) => k !== 'kind').map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ');
      return { text: `${humanise(e && e.kind)}${rest ? `: ${rest}` : ''}.` };
    }
  }
}

/**
 * A journal payout in words: "Hazel's stamp pays Cy 100" when stamps belong to the
 * token (the official rule), "Ana's stamp (Hazel) pays Ana 100" when they belong to
 * the person who stamped. p: {player, token, stamps, amount}.
 */
export function payoutText(names, p) {
  const n = Number(p.stamps) || 1;
  const pid = p.player?.id ?? p.player;
  const stamps = n > 1 ? `${n} stamps` : 'stamp';
  const whose = names.stampOwner === 'player'
    ? `${names.player(pid)}'s ${stamps} (${names.token(p.token)})`
    : `${names.token(p.token)}'s ${stamps}`;
  const amount = Number(p.amount) || 0;
  if (amount < 0) return `${whose} ${n > 1 ? 'cost' : 'costs'} ${names.player(pid)} ${money(-amount)}`;
  return `${whose} ${n > 1 ? 'pay' : 'pays'} ${names.player(pid)} ${money(amount)}`;
}

/** What the game waits for, in words. */
export function pendingText(state, names) {
  const t = state && state.turn;
  if (!t) return '';
  const p = t.pending;
  const who = (pid) => names.player(pid);
  if (p) {
    const actor = p.player ?? p.seat ?? t.player;
    switch (p.kind) {
      case 'buy_or_auction': {
        const d = names.destinationById(p.destination);
        return `${who(actor)} buys ${names.destination(p.destination)}${d ? ` for ${money(d.price)}` : ''} or it goes to auction.`;
      }
      case 'draw':
        return `${who(actor)} draws a ${p.deck === 'journal' ? 'Travel Journal' : 'Chance'} card: which one?`;
      case 'choose':
        return `${who(actor)} chooses where to go.`;
      case 'fee':
        return `${who(p.owner)} may ask ${who(p.payer)} for ${money(p.amount)} at ${names.destination(p.destination)} before the next roll. ${who(t.next)} rolls next.`;
      default:
        return `Waiting for ${humanise(p.kind).toLowerCase()}.`;
    }
  }
  if (t.rolled) return `${who(t.next)} rolls next.`;
  return `${who(t.next ?? t.player)} rolls the dice.`;
}

/** A short description of a logged event (for the history list). */
export function eventText(ev, names) {
  const P = (id) => names.player(id);
  switch (ev.type) {
    case 'roll': return `Roll ${ev.d1} + ${ev.d2}${ev.player ? ` by ${P(ev.player)}` : ''}`;
    case 'buy': return 'Bought at the printed price';
    case 'auction': return ev.winner ? `Auction won by ${P(ev.winner)} for ${money(ev.price)}` : 'Auction: no bid';
    case 'collect_fee': return 'Tour fee asked';
    case 'draw_chance': return `Chance: ${names.card('chance', ev.card)}`;
    case 'draw_journal': return `Travel Journal: ${names.card('journal', ev.card)}${ev.player ? ` drawn by ${P(ev.player)}` : ''}`;
    case 'choose': return `Chose ${names.destination(ev.destination)}`;
    case 'fly': return `Flew to ${names.destination(ev.to)}`;
    case 'use_ticket': return `Golden ticket to ${names.destination(ev.to)}`;
    case 'goal_jump': return `Goal jump to ${names.destination(ev.destination)}`;
    case 'jail_pay': return 'Paid to leave Jail';
    case 'jail_card': return 'Used a Get Out of Jail Free card';
    case 'trade': return `Trade between ${P(ev.a)} and ${P(ev.b)}`;
    case 'adjust': return `Correction: ${P(ev.player)} ${ev.amount >= 0 ? '+' : ''}${money(ev.amount)}${ev.reason ? ` (${ev.reason})` : ''}`;
    case 'note': return `Note: ${ev.text}`;
    case 'end': return ev.winner ? `Ended: ${P(ev.winner)} wins` : 'Game ended';
    case 'stamp_goal': return `${P(ev.player)} stamped ${names.destination(ev.destination)}`;
    case 'result': return 'Result logged';
    case 'correct': return correctionText(ev, names);
    default: return humanise(ev.type);
  }
}

/** A Chance-style effect in words. */
export function chanceEffectText(e, names) {
  if (!e || typeof e !== 'object') return '';
  if ('collect' in e) return `collect ${money(e.collect)} from the Bank`;
  if ('pay' in e) return `pay ${money(e.pay)} to the Bank`;
  if ('move_to' in e) return `go to ${names ? names.space(e.move_to) : humanise(e.move_to)}${e.salary ? ' (collect salary when passing GO)' : ''}`;
  if ('move_to_colour' in e) return `go to a ${[].concat(e.move_to_colour).join(' or ')} destination of your choice`;
  if ('move_by' in e) return e.move_by < 0 ? `go back ${-e.move_by} spaces` : `move ${e.move_by} spaces`;
  if (e.go_to_jail) return 'go to Jail';
  if (e.jail_free) return 'keep a Get Out of Jail Free card';
  return JSON.stringify(e);
}

/** A Travel Journal effect in words: what every stamp on the card does. */
export function journalEffectText(e, names) {
  if (!e || typeof e !== 'object') return '';
  const parts = [];
  const ps = e.per_stamp || {};
  if ('collect' in ps) parts.push(`every stamp collects ${money(ps.collect)} from the Bank`);
  if ('pay' in ps) parts.push(`every stamp pays ${money(ps.pay)} to the Bank`);
  if ('collect_from_each' in ps) parts.push(`every stamp collects ${money(ps.collect_from_each)} from each other player`);
  if (e.drawer) parts.push(`the drawer must ${chanceEffectText(e.drawer, names)}`);
  return parts.join('; ');
}

// words.js -- the one source of wording for effects, pending decisions and events, in
// the UI's language (i18n.js): "Hazel's stamp pays Cy 100", "Ana and Ben each pay Dev
// 10 (Hazel's stamp)". The event log, the undo dialog, the toast and "What happened"
// all take their sentences from here.

import { t, has, currentLanguage, money, list, listOr } from './i18n.js';
import { tokenName } from './tokens.js';
import { honestName, correctionText } from './facts.js';
import { classicEffectText, classicEventText } from './words-classic.js';

/** Name look-ups over a board and the players we know. */
export class Names {
  constructor(board, players = [], stampOwner = 'token') {
    this.board = board || {};
    this.stampOwner = stampOwner || 'token';
    this.players = new Map();
    this.seated = []; // ids of the players seated in the game on screen, in seat order
    for (const p of players) if (p && p.id !== undefined) this.players.set(String(p.id), p);
  }

  addPlayers(list) {
    for (const p of list || []) {
      if (!p || p.id === undefined) continue;
      const old = this.players.get(String(p.id)) || {};
      this.players.set(String(p.id), { ...old, ...p, name: p.name || old.name });
    }
  }

  /** Remember who sits at the table (for "each other player pays"). */
  seat(players) { this.seated = (players || []).map((p) => String(p.id ?? p.player ?? p)); }

  player(pid) {
    if (pid === 'bank' || pid === null || pid === undefined) return t('bank');
    if (pid === 'pot') return t('hr.pot'); // the Free Parking jackpot (house rule)
    const p = this.players.get(String(pid));
    return p && p.name ? p.name : t('player.n', { id: String(pid) });
  }

  /** The token a player plays tonight (from the seats we know), or ''. */
  tokenOf(pid) {
    const p = this.players.get(String(pid));
    return (p && p.token) || '';
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

  journalCard(id) { return (this.board.journal || []).find((x) => x.id === id) || null; }

  /** A space by index, by space id or by destination id. */
  space(ref) {
    const spaces = this.board.spaces || [];
    if (typeof ref === 'number' || /^\d+$/.test(String(ref))) {
      const sp = spaces.find((x) => x.index === Number(ref)) || spaces[Number(ref)];
      if (sp) return this.spaceName(sp);
      return t('space.n', { n: String(ref) });
    }
    const sp = spaces.find((x) => x.id === ref || x.destination === ref);
    if (sp) return sp.destination ? sp.name || this.destination(sp.destination) : this.spaceName(sp);
    return this.destination(ref);
  }

  /** A space's name: a destination's as the box has it; a corner, a deck's or a flight's
   * space by its kind in the page's language ("Départ", not "GO", in a French sentence);
   * a tax space keeps its own name. */
  spaceName(sp) {
    if (sp.destination) return sp.name || this.destination(sp.destination);
    if (sp.kind !== 'tax' && currentLanguage() !== 'en' && has(`fact.kind.${sp.kind}`)) return t(`fact.kind.${sp.kind}`);
    return sp.name || humanise(sp.kind);
  }

  card(deck, id) {
    const list = deck === 'journal' ? this.board.journal : this.board[deck]; // chance, community (classic)
    const c = (list || []).find((x) => x.id === id);
    if (!c) return humanise(id);
    if (deck === 'journal') return honestName(c, 'title') || humanise(id);
    return c.text ? t('quote', { text: c.text }) : humanise(id);
  }
}

/** "Game 3": a game by its number within the campaign (the id when the server has none). */
export function gameLabel(game, gid) {
  const n = game && game.number !== undefined && game.number !== null ? game.number : (game && game.id) ?? gid;
  return t('game.n', { n: String(n) });
}

/** A colour set's name in the UI's language ("light-blue": "bleu clair"); an id the
 * tables do not know is shown in words. */
export function colourName(id) {
  if (id === null || id === undefined || id === '') return '';
  const key = `colour.${id}`;
  const txt = t(key);
  return txt === key ? humanise(id).toLowerCase() : txt;
}

export function humanise(id) {
  if (id === null || id === undefined) return '';
  return String(id).replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The first letter upper-cased (a sentence that starts with "the Bank"). */
export function cap(str) { return str ? str[0].toUpperCase() + str.slice(1) : str; }

function reasonText(r) {
  if (!r) return '';
  const key = `reason.${r}`;
  const txt = t(key);
  return txt === key ? humanise(r).toLowerCase() : txt;
}

/** One effect as a sentence, plus a class for styling (payout, win, …). */
export function effectText(e, names) {
  const P = (id) => names.player(id);
  switch (e && e.kind) {
    case 'move':
      return { text: t('fx.move', { who: P(e.player), from: names.space(e.from), to: names.space(e.to) }) };
    case 'salary':
      return { text: t('fx.salary', { who: P(e.player), amount: e.amount }) };
    case 'pay': {
      // The classic bank says "mortgage_fee" for the 10 % on a mortgaged deed; answers it
      // stored before said "fee", read so on a box with deeds, never as a tour's visit fee.
      const reason = reasonText(e.reason === 'fee' && names.board?.deeds ? 'mortgage_fee' : e.reason);
      return { text: cap(t(reason ? 'fx.pay.why' : 'fx.pay', { from: P(e.from), to: P(e.to), amount: e.amount, reason })) };
    }
    case 'board_stamp':
      return { text: t('fx.board_stamp', { who: P(e.player), dest: names.destination(e.destination) }), cls: 'stamp' };
    case 'journal_stamp':
      return { text: t('fx.journal_stamp', { who: P(e.player), card: names.card('journal', e.card), token: names.token(e.token) }), cls: 'stamp' };
    case 'journal_payout':
      return { text: `${payoutText(names, e)}.`, cls: 'payout' };
    case 'jail':
      return { text: t('fx.jail', { who: P(e.player) }) };
    case 'jail_free':
      return { text: t('fx.jail_free', { who: P(e.player) }) };
    case 'ticket':
      return { text: t(e.action === 'use' ? 'fx.ticket.use' : 'fx.ticket.take', { who: P(e.player) }) };
    case 'owner':
      if (e.space !== undefined) return classicEffectText(e, names); // a classic deed
      return { text: t('fx.owner', { dest: names.destination(e.destination || e.dest), to: P(e.to) }) };
    case 'win':
      return { text: t('fx.win', { who: P(e.player) }), cls: 'win' };
    case 'pot':
      return { text: t('hr.fx.pot', { who: P(e.player), amount: e.amount }), cls: 'payout' };
    case 'fee':
      return { text: t('fx.fee', { owner: P(e.owner), payer: P(e.payer), amount: e.amount }) };
    case 'note':
      return { text: t('fx.note', { text: e.text }) };
    default: {
      const classic = classicEffectText(e, names);
      if (classic) return classic;
      const rest = Object.entries(e || {}).filter(([k]) => k !== 'kind').map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ');
      return { text: `${humanise(e && e.kind)}${rest ? `: ${rest}` : ''}.` };
    }
  }
}

/** Whose stamps: "Hazel's stamp", "Ana's 2 stamps (Hazel)". */
function whoseStamps(names, pid, token, n) {
  return names.stampOwner === 'player'
    ? t('stamps.of.player', { n, who: names.player(pid), token: names.token(token) })
    : t('stamps.of.token', { n, token: names.token(token) });
}

/**
 * A journal payout in words, without the final full stop. p: {card?, player, token,
 * stamps, amount}. When the card makes every other seated player pay the stamp's
 * holder, the sentence names each payer: "Ana and Ben each pay Dev 10 (Hazel's stamp)".
 */
export function payoutText(names, p) {
  const n = Number(p.stamps) || 1;
  const pid = p.player?.id ?? p.player;
  const whose = whoseStamps(names, pid, p.token, n);
  const amount = Number(p.amount) || 0;
  const card = p.card ? names.journalCard(p.card) : null;
  const perStamp = (card && card.effect && card.effect.per_stamp) || {};
  if ('collect_from_each' in perStamp) {
    const payers = (p.payers === null ? [] : (p.payers || names.seated)).filter((x) => String(x) !== String(pid));
    if (payers.length) {
      const each = Math.round(amount / payers.length) || Number(perStamp.collect_from_each) * n;
      return t('payout.each', { n: payers.length, payers: list(payers.map((x) => names.player(x))), who: names.player(pid), amount: each, whose });
    }
  }
  if (amount < 0) return t('payout.cost', { n, whose, who: names.player(pid), amount: -amount });
  return t('payout.pays', { n, whose, who: names.player(pid), amount });
}

/**
 * A card's effect in words, from the message family prefix: 'act' says what a player
 * does ("Ana collects 50 from the Bank", who given), 'ch' says it as the card does
 * ("collect 100 from the Bank").
 */
function effectWords(prefix, e, names, who) {
  if (!e || typeof e !== 'object') return '';
  const say = (key, vars = {}) => t(`${prefix}.${key}`, { who, ...vars });
  if ('collect' in e) return say('collect', { amount: e.collect });
  if ('pay' in e) return say('pay', { amount: e.pay });
  if ('move_to' in e) return say(e.salary ? 'move_to.salary' : 'move_to', { to: names ? names.space(e.move_to) : humanise(e.move_to) });
  if ('move_to_colour' in e) return say('move_to_colour', { colours: listOr([].concat(e.move_to_colour).map(colourName)) });
  if ('move_by' in e) return e.move_by < 0 ? say('back', { n: -e.move_by }) : say('forward', { n: e.move_by });
  if (e.go_to_jail) return say('jail');
  if (e.jail_free) return say('jail_free');
  return JSON.stringify(e);
}

/** What a card's drawer does in words: "Ana collects 50 from the Bank". */
export function drawerAction(e, who, names) {
  return effectWords('act', e, names, who);
}

/**
 * The sentences of one logged event's effects, plus what the effects leave unsaid: in
 * journal mode (paper money) the drawer's own part of a Travel Journal card, and a
 * roll in Jail without a double. state: the state after the event, when known.
 */
export function eventSentences(ev, effects, names, { mode, state } = {}) {
  // With paper money (journal mode) the banker hands the notes over: say that the Bank pays.
  const say = (e) => (mode === 'journal' && e.kind === 'journal_payout' && e.from === 'bank' && Number(e.amount) > 0
    ? { text: `${t('payout.bank', { n: Number(e.stamps) || 1, whose: whoseStamps(names, e.player?.id ?? e.player, e.token, Number(e.stamps) || 1), who: names.player(e.player?.id ?? e.player), amount: Number(e.amount) })}.`, cls: 'payout' }
    : effectText(e, names));
  const out = withoutEchoes(effects || []).map(say);
  if (ev && ev.type === 'draw_journal' && mode === 'journal') {
    const card = names.journalCard(ev.card);
    const drawer = ev.player;
    if (card && card.effect && card.effect.drawer && drawer !== undefined) {
      out.push({ text: t('fx.drawer_part', { text: drawerAction(card.effect.drawer, names.player(drawer), names) }), cls: 'payout' });
    }
  }
  // A roll that moves nothing is a roll in Jail without a double (TWT-JAIL-2): every
  // other roll moves the piece. The state after it, when known, counts the tries.
  if (ev && ev.type === 'roll' && !out.length) {
    const pid = ev.player ?? state?.turn?.player;
    const pl = state && (state.players || []).find((x) => String(x.id) === String(pid));
    if (pl && pl.in_jail) out.push({ text: t('fx.jail_stay', { who: pl.name, n: Number(pl.jail_attempts) || 0 }) });
    else out.push({ text: t('fx.jail_stay.short', { who: pid !== undefined && pid !== null ? names.player(pid) : t('bk.the_player') }) });
  }
  // The roll that starts a turn lapses the fees nobody asked for (TWT-FEE): say which.
  if (ev && ev.type === 'roll') {
    for (const f of (state && state.turn && state.turn.fees_lapsed) || []) out.push({ text: t('bk.fee.lapsed', { dest: names.destination(f.destination) }) });
  }
  return out;
}

/** The heading of the table: who acts now and what the game waits for. */
export function turnHeading(state, names) {
  const tu = state && state.turn;
  if (!tu) return { title: t('table.heading'), detail: '' };
  const p = tu.pending;
  const who = (pid) => names.player(pid);
  const details = [];
  for (const f of feesDue(state)) {
    details.push(t('wait.fee', { owner: who(f.owner), payer: who(f.payer), amount: f.amount, dest: names.destination(f.destination), next: who(tu.next) }));
  }
  if (p && p.kind !== 'fee') {
    const actor = p.player ?? p.seat ?? tu.player;
    switch (p.kind) {
      case 'buy_or_auction': {
        const d = names.destinationById(p.destination);
        return { title: t('head.buy', { who: who(actor), dest: names.destination(p.destination) }), detail: [t(d && d.price !== undefined ? 'wait.buy.price' : 'wait.buy', { who: who(actor), dest: names.destination(p.destination), price: d && d.price }), ...details].join(' '), actor };
      }
      case 'draw':
        return { title: t(p.deck === 'journal' ? 'head.draw.journal' : 'head.draw.chance', { who: who(actor) }), detail: [t('wait.draw', { who: who(actor) }), ...details].join(' '), actor };
      case 'choose':
        return { title: t('head.choose', { who: who(actor) }), detail: [t('wait.choose'), ...details].join(' '), actor };
      default:
        return { title: t('head.wait', { who: who(actor) }), detail: humanise(p.kind), actor };
    }
  }
  const next = tu.next ?? tu.player;
  if (tu.player !== undefined && String(tu.player) !== String(next)) details.unshift(t('wait.turn_over', { prev: who(tu.player), who: who(next) }));
  const roller = (state.players || []).find((x) => String(x.id) === String(next));
  const jailed = roller && roller.in_jail;
  return { title: t(jailed ? 'head.jail' : 'head.roll', { who: who(next) }), detail: details.join(' ') || t(jailed ? 'wait.jail' : 'wait.roll'), actor: next };
}

/** The fees that may still be asked: turn.fees_due, or the older pending fee. */
export function feesDue(state) {
  const tu = (state && state.turn) || {};
  if (Array.isArray(tu.fees_due)) return tu.fees_due;
  return tu.pending && tu.pending.kind === 'fee' ? [tu.pending] : [];
}

/** A short description of a logged event (the first line of a log entry). */
export function eventText(ev, names) {
  const P = (id) => names.player(id);
  switch (ev.type) {
    case 'roll': return t(ev.player !== undefined ? 'ev.roll.by' : 'ev.roll', { d1: ev.d1, d2: ev.d2, who: P(ev.player) });
    case 'buy': return t('ev.buy');
    case 'auction': return ev.winner ? t('ev.auction', { who: P(ev.winner), amount: ev.price }) : t('ev.auction.none');
    case 'collect_fee': return t('ev.collect_fee', { dest: ev.destination ? names.destination(ev.destination) : '' });
    case 'draw_chance': return t('ev.draw_chance', { card: names.card('chance', ev.card) });
    case 'draw_journal': return t(ev.player !== undefined ? 'ev.draw_journal.by' : 'ev.draw_journal', { card: names.card('journal', ev.card), who: P(ev.player) });
    case 'choose': return t('ev.choose', { dest: names.destination(ev.destination) });
    case 'fly': return t('ev.fly', { dest: names.destination(ev.to) });
    case 'use_ticket': return t('ev.use_ticket', { dest: names.destination(ev.to) });
    case 'goal_jump': return t('ev.goal_jump', { dest: names.destination(ev.destination) });
    case 'jail_pay': return t('ev.jail_pay');
    case 'jail_card': return t('ev.jail_card');
    case 'trade': return t('ev.trade', { a: P(ev.a), b: P(ev.b) });
    case 'adjust': return t(ev.reason ? 'ev.adjust.why' : 'ev.adjust', { who: P(ev.player), amount: `${ev.amount >= 0 ? '+' : '−'}${money(Math.abs(ev.amount))}`, reason: ev.reason });
    case 'note': return t('fx.note', { text: ev.text });
    case 'end': return ev.winner ? t('ev.end.win', { who: P(ev.winner) }) : t('ev.end');
    case 'stamp_goal': return t('ev.stamp_goal', { who: P(ev.player), dest: names.destination(ev.destination) });
    case 'result': return t('ev.result');
    case 'correct': return correctionText(ev, names);
    default: return classicEventText(ev, names) || humanise(ev.type);
  }
}

/** The player an event is about (for its token in the log), or null. */
export function eventActor(ev, effects = []) {
  const direct = ev.player ?? ev.winner ?? ev.a;
  if (direct !== undefined && direct !== null) return direct;
  for (const e of effects || []) {
    const p = e.player ?? (e.from !== 'bank' ? e.from : undefined) ?? e.payer;
    if (p !== undefined && p !== null && p !== 'bank') return p;
  }
  return null;
}

/** A Chance-style effect in words, as the card says it: "collect 100 from the Bank". */
export function chanceEffectText(e, names) {
  return effectWords('ch', e, names);
}

/** A Travel Journal effect in words: what every stamp on the card does. */
export function journalEffectText(e, names) {
  if (!e || typeof e !== 'object') return '';
  const parts = [];
  const ps = e.per_stamp || {};
  if ('collect' in ps) parts.push(t('jfx.collect', { amount: ps.collect }));
  if ('pay' in ps) parts.push(t('jfx.pay', { amount: ps.pay }));
  if ('collect_from_each' in ps) parts.push(t('jfx.collect_from_each', { amount: ps.collect_from_each }));
  if (e.drawer) parts.push(t('jfx.drawer', { text: drawerAction(e.drawer, t('the_drawer'), names) }));
  return parts.join('; ');
}

/**
 * The effects without the payments that merely repeat a journal payout (the server
 * lists both: each payment and, with who and why, the payout).
 */
export function withoutEchoes(effects) {
  const out = [...effects];
  for (const e of effects) {
    if (e.kind !== 'journal_payout') continue;
    if (e.from === 'others') {
      // "Every other player pays": the payout names each payer, so their payments go.
      for (let i = out.length - 1; i >= 0; i--) {
        const x = out[i];
        if (x.kind === 'pay' && x.reason === 'journal' && x.from !== 'bank' && String(x.to) === String(e.player)) out.splice(i, 1);
      }
      continue;
    }
    const amount = Math.abs(Number(e.amount));
    const i = out.findIndex((x) => x.kind === 'pay' && x.reason === 'journal' && Number(x.amount) === amount
      && ((x.from === 'bank' && String(x.to) === String(e.player)) || (x.to === 'bank' && String(x.from) === String(e.player))));
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

// views/banker.js -- the table in banker mode: whose turn, what the game waits for,
// the dice in two taps, exactly the events that are legal now, every player's cash,
// place, cards and stamps, and the occasional trade / correction / note / end.

import { h, s, money, field, select, showAlert, confirmDialog, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { tokenPicture } from '../tokens.js';
import { factPrompt } from './factcheck.js';
import { turnHeading, colourName, eventText } from '../words.js';
import { W } from '../words-banker.js';
import { spacesOf } from '../model.js';
import { cardGrid } from './cardgrid.js';

// ---- actions: the buttons are the events the engine lists in state.options -------

/** The listed options of the state by type, and the refused ones (state.unavailable). */
function optionsOf(st) {
  const listed = st.options || [];
  const refused = st.unavailable || [];
  return {
    all: (type) => listed.filter((o) => o.type === type),
    one: (type) => listed.find((o) => o.type === type) || null,
    no: (type) => refused.find((o) => o.type === type) || null,
  };
}

/** A state stored before the server listed options (a game saved by an older version):
 * fetch it once more, replayed by today's engine, and redraw with its options. */
function refreshStoredState(scr) {
  const st = scr.state;
  if (scr.optionsAskedFor === st.version) return;
  scr.optionsAskedFor = st.version;
  scr.ctx.api.stateAt(scr.gid, st.seq).then((fresh) => {
    if (!fresh || !fresh.options || scr.destroyed || String(fresh.version) !== String(scr.state.version)) return;
    scr.state = { ...scr.state, ...fresh };
    scr.redraw();
  }).catch(() => {});
}

export function actions(scr) {
  const st = scr.state;
  if (st.status !== 'active') return [];
  if (st.options === undefined) { refreshStoredState(scr); return []; }
  const o = optionsOf(st);
  const out = [];
  // A refused option is shown (disabled, with the reason) only when cash is what is short.
  const short = (opt) => (opt && scr.player(opt.player) && scr.player(opt.player).cash < (opt.cost ?? opt.price) ? opt : null);
  const buy = o.one('buy') || short(o.no('buy'));
  if (buy || o.one('auction')) out.push(buyOrAuction(scr, o.one('buy'), o.no('buy'), o.one('auction')));
  const draw = o.one('draw_chance') || o.one('draw_journal');
  if (draw) out.push(drawCard(scr, draw));
  if (o.one('choose')) out.push(choose(scr, o.one('choose')));
  out.push(askFees(scr, o.all('collect_fee'), (st.turn && st.turn.fees_lapsed) || []));
  const pay = o.one('jail_pay') || short(o.no('jail_pay'));
  if (pay) out.push(jail(scr, pay, !o.one('jail_pay'), o.one('jail_card'), o.one('roll') || o.no('roll')));
  if (o.one('goal_jump')) out.push(goalJump(scr, o.one('goal_jump')));
  const roll = o.one('roll');
  if (roll && scr.player(roll.player)) out.push(dice(scr, scr.player(roll.player)));
  // What the player may do instead of rolling comes after the dice, one tap away.
  const flight = o.one('fly') || short(o.no('fly'));
  if (flight) out.push(fly(scr, flight, !o.one('fly')));
  if (o.one('use_ticket')) out.push(ticket(scr, o.one('use_ticket')));
  // An option no widget above takes (a type newer than this page) is still offered.
  const plain = (st.options || []).filter((x) => !WIDGETS.has(x.type));
  for (const opt of plain) out.push(plainOption(scr, opt));
  const cards = out.filter(Boolean);
  // Several decisions at once (a fee still due, Jail, the dice; or a plain option beside
  // the dice): each card keeps its buttons and drops its heading and explanations, which
  // the heading above already says, so all of them fit the first screen.
  const many = cards.length > 2 || (plain.length && cards.length > 1);
  return [h('section', { class: many ? 'stack dock-many' : 'stack', 'aria-labelledby': 'now-h' }, h('h2', { id: 'now-h', class: 'visually-hidden' }, t('bk.now')), cards)];
}

/** The option types the widgets above take; any other gets plainOption(). */
const WIDGETS = new Set(['buy', 'auction', 'draw_chance', 'draw_journal', 'choose', 'collect_fee',
  'jail_pay', 'jail_card', 'goal_jump', 'roll', 'fly', 'use_ticket']);

/** A plain button for an option of a type no widget takes: its words from words.js
 * (eventText), and the event is the type alone. */
function plainOption(scr, opt) {
  const label = eventText(opt, scr.names);
  const b = h('button', { class: 'btn block', type: 'button', 'data-option': opt.type }, label);
  b.addEventListener('click', () => scr.send({ type: opt.type }, label, b));
  return b;
}

function card(title, ...children) {
  const id = `act-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return h('div', { class: 'card', role: 'group', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

/** The two dice as tapped (six buttons each): the roll of roller, sent on the second tap. */
export function dice(scr, roller) {
  const chosen = [null, null];
  const rows = [];
  const status = h('p', { class: 'muted small', 'aria-live': 'polite' }, t('bk.dice.hint'));
  const send = () => {
    const [d1, d2] = chosen;
    scr.send({ type: 'roll', d1, d2, player: roller.id }, t(d1 === d2 ? 'bk.rolled.double' : 'bk.rolled', { who: roller.name, d1, d2 })).then(() => {
      // Still on screen (the roll was refused, or nothing changed): start over.
      chosen[0] = chosen[1] = null;
      rows.forEach((r) => r.querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', 'false')));
      status.textContent = t('bk.dice.hint');
    });
  };
  const labels = [t('bk.die1'), t('bk.die2')];
  labels.forEach((label, i) => {
    const buttons = [1, 2, 3, 4, 5, 6].map((v) => {
      const b = h('button', {
        class: 'btn', type: 'button', id: `die${i + 1}-${v}`, 'aria-pressed': 'false', 'aria-label': t('bk.die.label', { die: label, v }),
      }, dieFace(v));
      b.addEventListener('click', () => {
        chosen[i] = v;
        rows[i].querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', x === b ? 'true' : 'false'));
        if (chosen[0] && chosen[1]) {
          status.textContent = t('bk.logging', { d1: chosen[0], d2: chosen[1] });
          send();
        } else {
          status.textContent = t(i === 0 ? 'bk.die.next2' : 'bk.die.next1', { die: label, v });
        }
      });
      return b;
    });
    rows[i] = h('div', { class: 'dice', role: 'group', 'aria-label': label }, buttons);
  });
  const c = card(t('bk.rolls', { who: roller.name }),
    h('div', { class: 'dice-label' }, h('span', null, labels[0])), rows[0],
    h('div', { class: 'dice-label' }, h('span', null, labels[1])), rows[1],
    status);
  c.classList.add('dice-card');
  return c;
}

function buyOrAuction(scr, buyOpt, refusedBuy, auctionOpt) {
  const offer = buyOpt || refusedBuy || auctionOpt;
  const did = offer.destination;
  const d = scr.names.destinationById(did) || { id: did, name: scr.names.destination(did) };
  const lander = scr.player((buyOpt || refusedBuy || {}).player ?? scr.state.turn.player);
  const price = (buyOpt || refusedBuy || {}).price;
  const buy = h('button', { class: 'btn primary block', type: 'button', id: 'act-buy', disabled: !buyOpt },
    price !== undefined ? W.buyButton(d.name, price) : t('bk.buy', { dest: d.name }));
  buy.addEventListener('click', () => scr.send({ type: 'buy' }, t('bk.bought', { who: lander ? lander.name : t('bk.the_player'), dest: d.name }), buy));

  const min = auctionOpt ? auctionOpt.min_bid : 0;
  const step = auctionOpt ? auctionOpt.step : 1;
  const seated = scr.state.players || [];
  const winner = select([['', t('bk.auction.nobid')], ...seated.map((x) => [x.id, t('bk.auction.has', { who: x.name, cash: x.cash })])], { id: 'auction-winner' });
  const bid = h('input', { type: 'number', id: 'auction-price', inputmode: 'numeric', min, step, placeholder: t('bk.auction.eg', { n: min * 8 }) });
  const go = h('button', { class: 'btn block', type: 'submit', id: 'act-auction' }, t('bk.auction.record'));
  // noValidate: the table's own check below says what is wrong, not the browser's bubble.
  const form = h('form', { class: 'stack', novalidate: true }, field(t('bk.auction.winner'), winner), field(t('bk.auction.bid'), bid, W.bidHint(min, step)), go);
  form.noValidate = true;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!winner.value) { scr.send({ type: 'auction' }, t('bk.auction.none', { dest: d.name }), go); return; }
    const n = Number(bid.value);
    const bidder = scr.player(winner.value);
    if (bid.value === '' || !Number.isInteger(n) || n < min || n % step) { showAlert(W.bidRule(min, step)); bid.focus(); return; }
    if (bidder && bidder.cash !== null && n > bidder.cash) { showAlert(W.bidCash(bidder.name, bidder.cash)); bid.focus(); return; }
    scr.send({ type: 'auction', winner: Number(winner.value), price: n }, t('bk.auction.won', { who: scr.names.player(winner.value), dest: d.name, amount: n }), go);
  });
  return card(t('bk.buy.title', { dest: d.name }),
    buyOpt || !lander ? null : h('p', { class: 'hint', id: 'buy-why' }, W.buyShort(lander.name, lander.cash)),
    buy,
    h('p', { class: 'muted small dest-line' }, destLine(scr, d)),
    // The auction is one tap away, open at once when Buy is not possible.
    auctionOpt ? h('details', { class: 'more auction', open: !buyOpt }, h('summary', null, t('bk.auction.or')), h('div', { class: 'body' }, form)) : null,
    // The box check after the decision, never between the heading and Buy.
    factPrompt(scr, 'destinations', d.id));
}

function destLine(scr, d) {
  const parts = [];
  if (d.colour) parts.push(t('bk.dest.set', { colour: colourName(d.colour) }));
  if (d.price !== null && d.price !== undefined) parts.push(t('bk.dest.price', { price: d.price }));
  if (d.fee !== undefined) parts.push(t('bk.dest.fee', { fee: d.fee, set_fee: d.set_fee }));
  if (d.goal) parts.push(t('bk.dest.goal', { dest: scr.names.destination(d.goal) }));
  return parts.join(' · ');
}

/** Which card was drawn: the deck as a compact numbered grid of titles (TWT-CHANCE,
 * TWT-JOURNAL-1); a card held out of its deck is left out. */
function drawCard(scr, opt) {
  const deck = opt.type === 'draw_journal' ? 'journal' : 'chance';
  const drawer = scr.player(opt.player ?? scr.state.turn.player);
  const who = drawer ? drawer.name : t('bk.the_player');
  const grid = cardGrid(scr.board, deck, {
    journal: scr.state && scr.state.journal,
    only: new Set(opt.cards || []),
    onPick: (c, label, b) => scr.send({ type: opt.type, card: c.id }, t(deck === 'journal' ? 'bk.drew.journal' : 'bk.drew.chance', { who, card: label }), b),
  });
  return card(t(deck === 'journal' ? 'bk.draw.journal' : 'bk.draw.chance'),
    h('p', { class: 'muted' }, t('bk.draw.hint', { who })),
    grid);
}

function choose(scr, opt) {
  const opts = opt.destination || [];
  const who = scr.player(opt.player ?? scr.state.turn.player);
  const name = who ? who.name : t('bk.the_player');
  return card(t('bk.choose.title'),
    h('p', { class: 'muted' }, t('bk.choose.hint', { who: name })),
    h('div', { class: 'stack' }, opts.map((did) => {
      const d = scr.names.destinationById(did);
      // Who owns it, and whether it is the chooser's travel goal: what the choice hangs on.
      const owner = ((scr.state.destinations || []).find((x) => x.id === did) || {}).owner;
      const marks = [];
      if (who && (who.goals || []).includes(did)) marks.push(t('bk.choose.goal'));
      if (owner !== null && owner !== undefined) marks.push(t('bk.choose.owner', { who: scr.names.player(owner) }));
      const b = h('button', { class: 'btn block', type: 'button', id: `choose-${did}` },
        h('span', { 'aria-hidden': 'true', style: `display:inline-block;width:14px;height:22px;border-radius:3px;border:1px solid #333;background:${setColour(d && d.colour)}` }),
        scr.names.destination(did),
        marks.length ? h('span', { class: 'choose-marks' }, ` · ${marks.join(' · ')}`) : null);
      b.addEventListener('click', () => scr.send({ type: 'choose', destination: did }, t('bk.chose', { who: name, dest: scr.names.destination(did) }), b));
      return b;
    })));
}

function askFees(scr, fees, lapsed) {
  if (!fees.length && !lapsed.length) return null;
  const seen = new Map();
  const buttons = fees.map((f) => {
    const nth = (seen.get(f.destination) || 0) + 1; // the same destination landed on twice
    seen.set(f.destination, nth);
    const owner = scr.names.player(f.owner);
    const payer = scr.names.player(f.payer);
    const dest = scr.names.destination(f.destination);
    const b = h('button', { class: 'btn gold block', type: 'button', id: `act-fee-${f.destination}${nth > 1 ? `-${nth}` : ''}` }, W.feeButton(owner, dest, payer, f.amount));
    b.addEventListener('click', () => scr.send({ type: 'collect_fee', destination: f.destination }, W.feeSent(owner, payer, dest), b));
    return b;
  });
  return card(W.feesTitle(fees.length),
    lapsed.map((f) => h('p', { class: 'hint', role: 'status' }, W.feeLapsed(scr.names.destination(f.destination)))),
    fees.length ? h('p', { class: 'muted' }, W.feeHint) : null,
    h('div', { class: 'stack' }, buttons));
}

function fly(scr, opt, refused) {
  const cur = scr.player(opt.player);
  const targets = opt.to || [];
  if (!cur || !targets.length) return null;
  const sel = select(targets.map((did) => [did, scr.names.destination(did)]), { id: 'fly-to' });
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'act-fly', disabled: refused }, W.flyButton(opt.cost));
  const form = h('form', { class: 'stack' }, field(t('bk.fly.to'), sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'fly', to: sel.value }, t('bk.flew', { who: cur.name, dest: scr.names.destination(sel.value) }), go);
  });
  const body = [h('p', { class: 'muted' }, W.flyHint(cur.name, opt.cost, opt.kind)),
    refused ? h('p', { class: 'hint', id: 'fly-why' }, W.flyShort(cur.name, cur.cash, opt.cost)) : null,
    form];
  // Beside the dice the flight is one tap away; alone it is the decision itself.
  if (!scr.state.options.some((x) => x.type === 'roll')) return card(W.flyTitle(opt.kind), ...body);
  return h('details', { class: 'more' }, h('summary', null, W.flyTitle(opt.kind)), h('div', { class: 'body' }, body));
}

function jail(scr, payOpt, refused, cardOpt, rollOpt) {
  const pl = scr.player(payOpt.player);
  if (!pl) return null;
  const why = refused ? h('p', { class: 'hint', id: 'jail-pay-why' }, W.jailPayShort(pl.name, pl.cash, payOpt.cost)) : null;
  const pay = h('button', { class: 'btn block', type: 'button', id: 'act-jail-pay', disabled: refused, 'aria-describedby': refused ? 'jail-pay-why' : null }, W.jailPayButton(payOpt.cost));
  pay.addEventListener('click', () => scr.send({ type: 'jail_pay' }, W.jailPaySent(pl.name, payOpt.cost), pay));
  const useCard = cardOpt ? h('button', { class: 'btn block', type: 'button', id: 'act-jail-card' }, W.jailCardButton) : null;
  if (useCard) useCard.addEventListener('click', () => scr.send({ type: 'jail_card' }, W.jailCardSent(pl.name), useCard));
  return card(W.jailTitle(pl.name),
    h('p', { class: 'muted' }, W.jailHint(payOpt.cost, !!cardOpt, rollOpt)),
    why,
    h('div', { class: useCard ? 'btn-grid' : 'stack' }, pay, useCard));
}

function goalJump(scr, opt) {
  const pl = scr.player(opt.player);
  if (!pl) return null;
  return card(W.jumpTitle,
    h('p', { class: 'muted' }, W.jumpHint(pl.name)),
    h('div', { class: 'stack' }, (opt.destination || []).map((did) => {
      const b = h('button', { class: 'btn gold block', type: 'button', id: `jump-${did}` }, W.jumpButton(scr.names.destination(did)));
      b.addEventListener('click', () => scr.send({ type: 'goal_jump', destination: did }, W.jumpSent(pl.name, scr.names.destination(did)), b));
      return b;
    })));
}

function ticket(scr, opt) {
  const holder = scr.player(opt.player);
  if (!holder) return null;
  const sel = select((opt.to || []).map((did) => [did, scr.names.destination(did)]), { id: 'ticket-to' });
  const go = h('button', { class: 'btn gold block', type: 'submit', id: 'act-ticket' }, t('bk.ticket.use'));
  const form = h('form', { class: 'stack' }, field(t('bk.ticket.to'), sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'use_ticket', to: sel.value }, t('bk.ticket.sent', { who: holder.name, dest: scr.names.destination(sel.value) }), go);
  });
  return h('details', { class: 'more' }, h('summary', null, W.ticketTitle(holder.name)), h('div', { class: 'body' },
    h('p', { class: 'muted' }, W.ticketHint), form));
}

// ---- players -------------------------------------------------------------------

export function players(scr) {
  const st = scr.state;
  // Marked: who acts now (turn.next once the turn's rolls are done), as in the heading.
  const now = st.status === 'active' ? turnHeading(st, scr.names).actor : null;
  const list = (st.players || []).map((pl) => playerCard(scr, pl, String(pl.id) === String(now)));
  return [h('h2', { id: 'players-h' }, t('players')), h('div', { class: 'players' }, list)];
}

/** n of total stamps as dots (total: state.win_stamps, TWT-WIN). */
export function stampDots(n, label, total) {
  const dots = [];
  for (let i = 0; i < total; i++) {
    dots.push(h('span', {
      'aria-hidden': 'true',
      style: `display:inline-block;width:14px;height:14px;border-radius:50%;margin-right:3px;border:2px solid #0b6b3a;background:${i < n ? '#0b6b3a' : 'transparent'}`,
    }));
  }
  return h('span', { class: 'stamps-count', title: label }, dots, h('span', null, ` ${label}`));
}

function playerCard(scr, pl, current) {
  const st = scr.state;
  const space = spacesOf(scr.board).find((x) => x.index === pl.position);
  const stampedByMe = new Set(pl.stamped || []);
  const stampedAll = new Map((st.destinations || []).filter((d) => d.stamped_by !== null && d.stamped_by !== undefined).map((d) => [d.id, d.stamped_by]));
  const chip = (did, cls) => {
    const d = scr.names.destinationById(did);
    return h('span', { class: `chip ${cls || ''}`.trim() }, h('span', { class: 'sw', style: `background:${setColour(d && d.colour)}`, 'aria-hidden': 'true' }), scr.names.destination(did));
  };
  const tk = st.ticket || {};
  const badges = [];
  if (pl.in_jail) badges.push(h('span', { class: 'badge off' }, t('bk.in_jail')));
  if (pl.jail_cards > 0) badges.push(h('span', { class: 'badge' }, t('bk.jail_cards', { n: pl.jail_cards })));
  if (!tk.used && tk.holder !== null && String(tk.holder) === String(pl.id)) badges.push(h('span', { class: 'badge', style: 'background:#f4c430;color:#2b2000' }, t('bk.golden')));
  const n = (pl.stamped || []).length;
  return h('article', { class: `player${current ? ' current' : ''}`, 'aria-label': current ? t('bk.playing_now', { who: pl.name }) : pl.name, dataset: { player: pl.id } },
    h('div', { class: 'player-head' },
      tokenPicture(scr.board, pl.token),
      h('div', null, h('div', { class: 'name' }, pl.name), h('div', { class: 'muted small' }, scr.names.token(pl.token))),
      pl.cash !== null && pl.cash !== undefined ? h('div', { class: 'cash', 'aria-label': t('bk.cash', { amount: money(pl.cash) }) }, money(pl.cash)) : null),
    pl.position !== null && pl.position !== undefined
      ? h('div', { class: 'where' }, `${t('bk.on')} `, h('strong', null, space ? scr.names.space(space.index) : t('space.n', { n: String(pl.position) })), ' ', badges)
      : (badges.length ? h('div', null, badges) : null),
    h('div', null, stampDots(n, W.goalsCount(n, st.win_stamps), st.win_stamps || 0)),
    (pl.owns || []).length ? h('div', null, h('span', { class: 'small muted' }, `${t('bk.owns')} `), pl.owns.map((d) => chip(d))) : null,
    (pl.goals || []).length ? h('div', null, h('span', { class: 'small muted' }, `${t('bk.goals')} `), pl.goals.map((d) => {
      if (stampedByMe.has(d)) return chip(d, 'stamped');
      const by = stampedAll.get(d);
      const c = chip(d);
      if (by !== undefined) { c.style.opacity = '0.6'; c.title = t('bk.stamped_by', { who: scr.names.player(by) }); }
      return c;
    })) : null);
}

// ---- more: trade, correction, note, end ---------------------------------------

export function more(scr) {
  const st = scr.state;
  const out = [];
  if (st.status === 'active') {
    out.push(trade(scr));
    out.push(adjust(scr));
  }
  out.push(note(scr));
  if (st.status === 'active') out.push(endGame(scr));
  return [h('h2', null, t('more'))].concat(out);
}

function details(title, ...body) {
  return h('details', { class: 'more' }, h('summary', null, title), h('div', { class: 'body' }, body));
}

function trade(scr) {
  const ps = scr.state.players || [];
  if (ps.length < 2) return null;
  const aSel = select(ps.map((p) => [p.id, p.name]), { id: 'trade-a' }, ps[0].id);
  const bSel = select(ps.map((p) => [p.id, p.name]), { id: 'trade-b' }, ps[1].id);
  const side = (key) => {
    const cash = h('input', { type: 'number', min: 0, step: 10, inputmode: 'numeric', id: `trade-${key}-cash`, value: '0' });
    const cards = h('input', { type: 'number', min: 0, step: 1, inputmode: 'numeric', id: `trade-${key}-jail`, value: '0' });
    const dests = h('div', { role: 'group', 'aria-label': t('bk.trade.dests.label', { side: key.toUpperCase() }) });
    const box = h('fieldset', null, h('legend', null, ''), field(t('bk.trade.cash'), cash), h('div', { class: 'label' }, t('bk.trade.dests')), dests, field(t('bk.trade.jail'), cards));
    return { cash, cards, dests, box };
  };
  const A = side('a');
  const B = side('b');
  const refresh = () => {
    for (const [sel, S] of [[aSel, A], [bSel, B]]) {
      const pl = scr.player(sel.value);
      S.box.querySelector('legend').textContent = t('bk.trade.gives', { who: pl ? pl.name : '?' });
      const owns = (pl && pl.owns) || [];
      S.dests.replaceChildren(...(owns.length ? owns.map((did) => h('label', { class: 'choice' },
        h('input', { type: 'checkbox', value: did }), h('span', null, scr.names.destination(did)))) : [h('p', { class: 'empty' }, t('bk.trade.none'))]));
    }
  };
  aSel.addEventListener('change', refresh);
  bSel.addEventListener('change', refresh);
  refresh();
  const go = h('button', { class: 'btn primary block', type: 'submit' }, t('bk.trade.record'));
  const form = h('form', null, h('div', { class: 'field-row' }, field(t('bk.trade.a'), aSel), field(t('bk.trade.b'), bSel)), A.box, B.box, go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (aSel.value === bSel.value) { showAlert(t('bk.trade.same')); return; }
    const gives = (S) => ({
      cash: Number(S.cash.value) || 0,
      destinations: [...S.dests.querySelectorAll('input:checked')].map((x) => x.value),
      jail_cards: Number(S.cards.value) || 0,
    });
    scr.send({ type: 'trade', a: Number(aSel.value), b: Number(bSel.value), a_gives: gives(A), b_gives: gives(B) },
      t('ev.trade', { a: scr.names.player(aSel.value), b: scr.names.player(bSel.value) }), go)
      .then((d) => { if (d) form.closest('details').open = false; });
  });
  return details(t('bk.trade'), form);
}

export function adjust(scr) {
  const ps = scr.state.players || [];
  const who = select(ps.map((p) => [p.id, p.name]), { id: 'adjust-player' });
  const amount = h('input', { type: 'number', step: 10, inputmode: 'numeric', id: 'adjust-amount', placeholder: t('bk.adjust.eg') });
  const reason = h('input', { type: 'text', id: 'adjust-reason', maxlength: 200, placeholder: t('bk.adjust.reason.eg') });
  const go = h('button', { class: 'btn primary block', type: 'submit' }, t('bk.adjust.go'));
  const form = h('form', null, field(t('bk.adjust.who'), who), field(t('bk.adjust.amount'), amount), field(t('bk.adjust.reason'), reason), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = Number(amount.value);
    if (!Number.isInteger(n) || n === 0) { showAlert(t('bk.adjust.bad')); amount.focus(); return; }
    scr.send({ type: 'adjust', player: Number(who.value), amount: n, reason: reason.value.trim() || t('bk.adjust.default') },
      t('bk.adjust.sent', { who: scr.names.player(who.value) }), go)
      .then((d) => { if (d) { amount.value = ''; reason.value = ''; form.closest('details').open = false; } });
  });
  return details(t('bk.adjust'), form);
}

export function note(scr) {
  const text = h('textarea', { id: 'note-text', maxlength: 2000 });
  const go = h('button', { class: 'btn primary block', type: 'submit' }, t('bk.note.save'));
  const form = h('form', null, field(t('bk.note.field'), text), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!text.value.trim()) { showAlert(t('bk.note.empty')); text.focus(); return; }
    scr.send({ type: 'note', text: text.value.trim() }, t('bk.note.saved'), go)
      .then((d) => { if (d) { text.value = ''; form.closest('details').open = false; } });
  });
  return details(t('bk.note'), form);
}

export function endGame(scr) {
  const ps = scr.state.players || [];
  const who = select([['', t('bk.end.nobody')], ...ps.map((p) => [p.id, p.name])], { id: 'end-winner' });
  const reason = h('input', { type: 'text', id: 'end-reason', maxlength: 200, placeholder: t('bk.end.why.eg') });
  const go = h('button', { class: 'btn danger block', type: 'submit' }, t('bk.end.go'));
  const form = h('form', null, field(t('bk.end.winner'), who), field(t('bk.end.why'), reason), go);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const w = who.value ? scr.names.player(who.value) : null;
    const ok = await confirmDialog(t('bk.end.confirm'), w ? t('bk.end.confirm.win', { who: w }) : t('bk.end.confirm.none'), t('bk.end.ok'));
    if (!ok) return;
    const e = { type: 'end' };
    if (who.value) e.winner = Number(who.value);
    if (reason.value.trim()) e.reason = reason.value.trim();
    scr.send(e, w ? t('bk.end.sent.win', { who: w }) : t('ev.end'), go);
  });
  return details(t('bk.end'), form);
}

/** The pips of a die face (1–6) as a small SVG. */
export function dieFace(v) {
  const P = { 1: [[12, 12]], 2: [[7, 7], [17, 17]], 3: [[7, 7], [12, 12], [17, 17]], 4: [[7, 7], [17, 7], [7, 17], [17, 17]], 5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]], 6: [[7, 6], [17, 6], [7, 12], [17, 12], [7, 18], [17, 18]] };
  const svg = s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4, fill: '#fff', stroke: 'currentColor', 'stroke-width': 1.5 }));
  for (const [cx, cy] of P[v]) svg.append(s('circle', { cx, cy, r: 2.2, fill: 'currentColor' }));
  return svg;
}

// views/banker.js -- the table in banker mode: whose turn, what the game waits for,
// the dice in two taps, exactly the events that are legal now, every player's cash,
// place, cards and stamps, and the occasional trade / correction / note / end.

import { h, s, money, field, select, showAlert, confirmDialog, setColour } from '../ui.js';
import { tokenPicture } from '../tokens.js';
import { pendingText } from '../words.js';
import { W } from '../words-banker.js';
import { spacesOf } from '../model.js';

export function banner(scr) {
  const st = scr.state;
  const t = st.turn || {};
  if (st.status !== 'active') {
    const w = st.winner !== null && st.winner !== undefined ? scr.names.player(st.winner) : null;
    return h('div', { class: 'turn-banner finished' },
      w && scr.player(st.winner) ? tokenPicture(scr.board, scr.player(st.winner).token, { size: 'lg' }) : null,
      h('div', null,
        h('h1', { tabindex: '-1' }, w ? `${w} wins!` : 'Game over'),
        h('p', null, st.status === 'abandoned' ? 'The game was ended without a winner.'
          : st.win_stamps && (scr.player(st.winner)?.stamped || []).length >= st.win_stamps ? W.goalsStamped(st.win_stamps)
            : 'The game was ended early. The journal keeps every stamp for the next game.')));
  }
  const cur = scr.player(t.player);
  return h('div', { class: 'turn-banner' },
    cur ? tokenPicture(scr.board, cur.token, { size: 'lg' }) : null,
    h('div', null,
      h('h1', { tabindex: '-1' }, cur ? `${cur.name}’s turn` : 'The table'),
      h('p', { id: 'waiting-for' }, pendingText(st, scr.names))));
}

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
    scr.actionsSig = null;
    scr.draw();
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
  const flight = o.one('fly') || short(o.no('fly'));
  if (flight) out.push(fly(scr, flight, !o.one('fly')));
  const pay = o.one('jail_pay') || short(o.no('jail_pay'));
  if (pay) out.push(jail(scr, pay, !o.one('jail_pay'), o.one('jail_card'), o.one('roll') || o.no('roll')));
  if (o.one('goal_jump')) out.push(goalJump(scr, o.one('goal_jump')));
  if (o.one('use_ticket')) out.push(ticket(scr, o.one('use_ticket')));
  const roll = o.one('roll');
  if (roll && scr.player(roll.player)) out.push(dice(scr, scr.player(roll.player)));
  return [h('section', { class: 'stack', 'aria-labelledby': 'now-h' }, h('h2', { id: 'now-h', class: 'visually-hidden' }, 'Now'), out.filter(Boolean))];
}

function card(title, ...children) {
  const id = `act-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return h('div', { class: 'card', role: 'group', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

function dice(scr, roller) {
  const chosen = [null, null];
  const rows = [];
  const status = h('p', { class: 'muted small', 'aria-live': 'polite' }, 'Tap the first die, then the second: the roll is logged at the second tap.');
  const send = () => {
    const [d1, d2] = chosen;
    scr.send({ type: 'roll', d1, d2, player: roller.id }, `${roller.name} rolled ${d1} + ${d2}${d1 === d2 ? ' (double)' : ''}`).then(() => {
      // Still on screen (the roll was refused, or nothing changed): start over.
      chosen[0] = chosen[1] = null;
      rows.forEach((r) => r.querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', 'false')));
      status.textContent = 'Tap the first die, then the second: the roll is logged at the second tap.';
    });
  };
  ['First die', 'Second die'].forEach((label, i) => {
    const buttons = [1, 2, 3, 4, 5, 6].map((v) => {
      const b = h('button', {
        class: 'btn', type: 'button', id: `die${i + 1}-${v}`, 'aria-pressed': 'false', 'aria-label': `${label} ${v}`,
      }, dieFace(v));
      b.addEventListener('click', () => {
        chosen[i] = v;
        rows[i].querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', x === b ? 'true' : 'false'));
        if (chosen[0] && chosen[1]) {
          status.textContent = `Logging ${chosen[0]} + ${chosen[1]}…`;
          send();
        } else {
          status.textContent = `${label}: ${v}. Now the ${i === 0 ? 'second' : 'first'} die.`;
        }
      });
      return b;
    });
    rows[i] = h('div', { class: 'dice', role: 'group', 'aria-label': label }, buttons);
  });
  return card(`${roller.name} rolls`,
    h('div', { class: 'dice-label' }, h('span', null, 'First die')), rows[0],
    h('div', { class: 'dice-label' }, h('span', null, 'Second die')), rows[1],
    status);
}

function buyOrAuction(scr, buyOpt, refusedBuy, auctionOpt) {
  const offer = buyOpt || refusedBuy || auctionOpt;
  const did = offer.destination;
  const d = scr.names.destinationById(did) || { id: did, name: scr.names.destination(did) };
  const lander = scr.player((buyOpt || refusedBuy || {}).player ?? scr.state.turn.player);
  const price = (buyOpt || refusedBuy || {}).price;
  const buy = h('button', { class: 'btn primary block', type: 'button', id: 'act-buy', disabled: !buyOpt },
    price !== undefined ? W.buyButton(d.name, price) : `Buy ${d.name}`);
  buy.addEventListener('click', () => scr.send({ type: 'buy' }, `${lander ? lander.name : 'The player'} bought ${d.name}`, buy));

  const min = auctionOpt ? auctionOpt.min_bid : 0;
  const step = auctionOpt ? auctionOpt.step : 1;
  const seated = scr.state.players || [];
  const winner = select([['', 'No bid (the Bank keeps it)'], ...seated.map((x) => [x.id, `${x.name} (has ${money(x.cash)})`])], { id: 'auction-winner' });
  const bid = h('input', { type: 'number', id: 'auction-price', inputmode: 'numeric', min, step, placeholder: `e.g. ${min * 8}` });
  const go = h('button', { class: 'btn block', type: 'submit', id: 'act-auction' }, 'Record auction');
  const form = h('form', { class: 'stack' }, field('Auction winner', winner), field('Winning bid', bid, W.bidHint(min, step)), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!winner.value) { scr.send({ type: 'auction' }, `Nobody bid on ${d.name}`, go); return; }
    const n = Number(bid.value);
    if (!Number.isInteger(n) || n < min || n % step) { showAlert(W.bidRule(min, step)); bid.focus(); return; }
    scr.send({ type: 'auction', winner: Number(winner.value), price: n }, `${scr.names.player(winner.value)} won ${d.name} at auction for ${money(n)}`, go);
  });
  return card(`${d.name}: buy or auction`,
    h('p', { class: 'muted' }, destLine(scr, d)),
    buyOpt || !lander ? null : h('p', { class: 'hint', id: 'buy-why' }, W.buyShort(lander.name, lander.cash)),
    buy,
    auctionOpt ? h('h3', null, 'Or auction it') : null,
    auctionOpt ? form : null);
}

function destLine(scr, d) {
  const parts = [];
  if (d.colour) parts.push(`${d.colour} set`);
  if (d.price !== null && d.price !== undefined) parts.push(`price ${money(d.price)}`);
  if (d.fee !== undefined) parts.push(`fee ${money(d.fee)} (${money(d.set_fee)} with the set)`);
  if (d.goal) parts.push(`travel goal: ${scr.names.destination(d.goal)}`);
  return parts.join(' · ');
}

function drawCard(scr, opt) {
  const deck = opt.type === 'draw_journal' ? 'journal' : 'chance';
  const drawable = new Set(opt.cards || []); // a held Get Out of Jail Free card is out of its deck
  const cards = (scr.board[deck] || []).filter((c) => drawable.has(c.id));
  const drawer = scr.player(opt.player ?? scr.state.turn.player);
  const journal = new Map(((scr.state && scr.state.journal) || []).map((j) => [j.card, (j.stamps || []).length]));
  const list = h('div', { class: 'stack' }, cards.map((c) => {
    const label = deck === 'journal' ? (c.title || c.id) : (c.text || c.id);
    const used = journal.get(c.id) || 0;
    const circles = deck === 'journal' && c.slots
      ? h('span', { class: 'small', style: 'display:block;font-weight:600' }, `${'●'.repeat(Math.min(used, c.slots))}${'○'.repeat(Math.max(0, c.slots - used))} ${used >= c.slots ? 'full' : `${c.slots - used} open`}`)
      : null;
    const b = h('button', { class: 'btn block', type: 'button', id: `draw-${c.id}`, style: 'justify-content:flex-start;text-align:left' },
      h('span', null, h('strong', null, label), circles));
    b.addEventListener('click', () => scr.send({ type: deck === 'journal' ? 'draw_journal' : 'draw_chance', card: c.id },
      `${drawer ? drawer.name : 'The player'} drew ${deck === 'journal' ? `the Travel Journal card “${label}”` : `Chance: “${label}”`}`, b));
    return b;
  }));
  return card(deck === 'journal' ? 'Which Travel Journal card?' : 'Which Chance card?',
    h('p', { class: 'muted' }, `${drawer ? drawer.name : 'The player'} reads the top card. Tap the same card here.`),
    cards.length ? list : h('p', { class: 'empty' }, 'The box has no cards of this deck.'));
}

function choose(scr, opt) {
  const opts = opt.destination || [];
  const who = scr.player(opt.player ?? scr.state.turn.player);
  return card('Choose a destination',
    h('p', { class: 'muted' }, `${who ? who.name : 'The player'} picks where to go.`),
    h('div', { class: 'stack' }, opts.map((did) => {
      const d = scr.names.destinationById(did);
      const b = h('button', { class: 'btn block', type: 'button', id: `choose-${did}` },
        h('span', { 'aria-hidden': 'true', style: `display:inline-block;width:14px;height:22px;border-radius:3px;border:1px solid #333;background:${setColour(d && d.colour)}` }),
        scr.names.destination(did));
      b.addEventListener('click', () => scr.send({ type: 'choose', destination: did }, `${who ? who.name : 'The player'} chose ${scr.names.destination(did)}`, b));
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
  const form = h('form', { class: 'stack' }, field('Fly to', sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'fly', to: sel.value }, `${cur.name} flew to ${scr.names.destination(sel.value)}`, go);
  });
  return card(W.flyTitle(opt.kind),
    h('p', { class: 'muted' }, W.flyHint(cur.name, opt.cost, opt.kind)),
    refused ? h('p', { class: 'hint', id: 'fly-why' }, W.flyShort(cur.name, cur.cash, opt.cost)) : null,
    form);
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
  const go = h('button', { class: 'btn gold block', type: 'submit', id: 'act-ticket' }, 'Use the golden ticket');
  const form = h('form', { class: 'stack' }, field('Travel to', sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'use_ticket', to: sel.value }, `${holder.name} used the golden ticket to ${scr.names.destination(sel.value)}`, go);
  });
  return h('details', { class: 'more' }, h('summary', null, W.ticketTitle(holder.name)), h('div', { class: 'body' },
    h('p', { class: 'muted' }, W.ticketHint), form));
}

// ---- players -------------------------------------------------------------------

export function players(scr) {
  const st = scr.state;
  const t = st.turn || {};
  const list = (st.players || []).map((pl) => playerCard(scr, pl, String(pl.id) === String(t.player) && st.status === 'active'));
  return [h('h2', { id: 'players-h' }, 'Players'), h('div', { class: 'players' }, list)];
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
  if (pl.in_jail) badges.push(h('span', { class: 'badge off' }, 'in Jail'));
  if (pl.jail_cards > 0) badges.push(h('span', { class: 'badge' }, `${pl.jail_cards} Get Out of Jail Free`));
  if (!tk.used && tk.holder !== null && String(tk.holder) === String(pl.id)) badges.push(h('span', { class: 'badge', style: 'background:#f4c430;color:#2b2000' }, 'golden ticket'));
  const n = (pl.stamped || []).length;
  return h('article', { class: `player${current ? ' current' : ''}`, 'aria-label': `${pl.name}${current ? ' (playing now)' : ''}`, dataset: { player: pl.id } },
    h('div', { class: 'player-head' },
      tokenPicture(scr.board, pl.token),
      h('div', null, h('div', { class: 'name' }, pl.name), h('div', { class: 'muted small' }, scr.names.token(pl.token))),
      pl.cash !== null && pl.cash !== undefined ? h('div', { class: 'cash', 'aria-label': `cash ${money(pl.cash)}` }, money(pl.cash)) : null),
    pl.position !== null && pl.position !== undefined
      ? h('div', { class: 'where' }, 'On ', h('strong', null, space ? scr.names.space(space.index) : `space ${pl.position}`), ' ', badges)
      : (badges.length ? h('div', null, badges) : null),
    h('div', null, stampDots(n, W.goalsCount(n, st.win_stamps), st.win_stamps || 0)),
    (pl.owns || []).length ? h('div', null, h('span', { class: 'small muted' }, 'Owns: '), pl.owns.map((d) => chip(d))) : null,
    (pl.goals || []).length ? h('div', null, h('span', { class: 'small muted' }, 'Goals: '), pl.goals.map((d) => {
      if (stampedByMe.has(d)) return chip(d, 'stamped');
      const by = stampedAll.get(d);
      const c = chip(d);
      if (by !== undefined) { c.style.opacity = '0.6'; c.title = `stamped by ${scr.names.player(by)}`; }
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
  return [h('h2', null, 'More')].concat(out);
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
    const dests = h('div', { role: 'group', 'aria-label': `Destinations ${key.toUpperCase()} gives` });
    const box = h('fieldset', null, h('legend', null, ''), field('Cash', cash), h('div', { class: 'label' }, 'Destination cards'), dests, field('Get Out of Jail Free cards', cards));
    return { cash, cards, dests, box };
  };
  const A = side('a');
  const B = side('b');
  const refresh = () => {
    for (const [sel, S] of [[aSel, A], [bSel, B]]) {
      const pl = scr.player(sel.value);
      S.box.querySelector('legend').textContent = `${pl ? pl.name : '?'} gives`;
      const owns = (pl && pl.owns) || [];
      S.dests.replaceChildren(...(owns.length ? owns.map((did) => h('label', { class: 'choice' },
        h('input', { type: 'checkbox', value: did }), h('span', null, scr.names.destination(did)))) : [h('p', { class: 'empty' }, 'No destination cards.')]));
    }
  };
  aSel.addEventListener('change', refresh);
  bSel.addEventListener('change', refresh);
  refresh();
  const go = h('button', { class: 'btn primary block', type: 'submit' }, 'Record the trade');
  const form = h('form', null, h('div', { class: 'field-row' }, field('Player A', aSel), field('Player B', bSel)), A.box, B.box, go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (aSel.value === bSel.value) { showAlert('A trade needs two different players.'); return; }
    const gives = (S) => ({
      cash: Number(S.cash.value) || 0,
      destinations: [...S.dests.querySelectorAll('input:checked')].map((x) => x.value),
      jail_cards: Number(S.cards.value) || 0,
    });
    scr.send({ type: 'trade', a: Number(aSel.value), b: Number(bSel.value), a_gives: gives(A), b_gives: gives(B) },
      `Trade between ${scr.names.player(aSel.value)} and ${scr.names.player(bSel.value)}`, go)
      .then((d) => { if (d) form.closest('details').open = false; });
  });
  return details('Trade', form);
}

function adjust(scr) {
  const ps = scr.state.players || [];
  const who = select(ps.map((p) => [p.id, p.name]), { id: 'adjust-player' });
  const amount = h('input', { type: 'number', step: 10, inputmode: 'numeric', id: 'adjust-amount', placeholder: '-50 or 100' });
  const reason = h('input', { type: 'text', id: 'adjust-reason', maxlength: 200, placeholder: 'what the table agreed' });
  const go = h('button', { class: 'btn primary block', type: 'submit' }, 'Correct the cash');
  const form = h('form', null, field('Whose cash', who), field('Amount (negative takes money away)', amount), field('Reason for the correction', reason), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = Number(amount.value);
    if (!Number.isInteger(n) || n === 0) { showAlert('Type a whole amount, e.g. -50 or 100.'); amount.focus(); return; }
    scr.send({ type: 'adjust', player: Number(who.value), amount: n, reason: reason.value.trim() || 'correction' },
      `Cash correction for ${scr.names.player(who.value)}`, go)
      .then((d) => { if (d) { amount.value = ''; reason.value = ''; form.closest('details').open = false; } });
  });
  return details('Correct cash', form);
}

export function note(scr) {
  const text = h('textarea', { id: 'note-text', maxlength: 2000 });
  const go = h('button', { class: 'btn primary block', type: 'submit' }, 'Save note');
  const form = h('form', null, field('Note', text), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!text.value.trim()) { showAlert('The note is empty.'); text.focus(); return; }
    scr.send({ type: 'note', text: text.value.trim() }, 'Note saved', go)
      .then((d) => { if (d) { text.value = ''; form.closest('details').open = false; } });
  });
  return details('Add a note', form);
}

export function endGame(scr) {
  const ps = scr.state.players || [];
  const who = select([['', 'Nobody (abandon the game)'], ...ps.map((p) => [p.id, p.name])], { id: 'end-winner' });
  const reason = h('input', { type: 'text', id: 'end-reason', maxlength: 200, placeholder: 'e.g. out of time' });
  const go = h('button', { class: 'btn danger block', type: 'submit' }, 'End the game now');
  const form = h('form', null, field('Winner', who), field('Why it ended', reason), go);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const w = who.value ? scr.names.player(who.value) : null;
    const ok = await confirmDialog('End the game?', w ? `${w} will be recorded as the winner.` : 'The game will be recorded as abandoned.', 'End game');
    if (!ok) return;
    const e = { type: 'end' };
    if (who.value) e.winner = Number(who.value);
    if (reason.value.trim()) e.reason = reason.value.trim();
    scr.send(e, w ? `Game ended: ${w} wins` : 'Game ended', go);
  });
  return details('End the game', form);
}

/** The pips of a die face (1–6) as a small SVG. */
export function dieFace(v) {
  const P = { 1: [[12, 12]], 2: [[7, 7], [17, 17]], 3: [[7, 7], [12, 12], [17, 17]], 4: [[7, 7], [17, 7], [7, 17], [17, 17]], 5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]], 6: [[7, 6], [17, 6], [7, 12], [17, 12], [7, 18], [17, 18]] };
  const svg = s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4, fill: '#fff', stroke: 'currentColor', 'stroke-width': 1.5 }));
  for (const [cx, cy] of P[v]) svg.append(s('circle', { cx, cy, r: 2.2, fill: 'currentColor' }));
  return svg;
}

// views/banker.js -- the table in banker mode: whose turn, what the game waits for,
// the dice in two taps, exactly the events that are legal now, every player's cash,
// place, cards and stamps, and the occasional trade / correction / note / end.

import { h, s, money, field, select, showAlert, confirmDialog, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { tokenPicture } from '../tokens.js';
import { pendingText } from '../words.js';
import { flightTargets, spacesOf, FLIGHT_KINDS } from '../model.js';

const WIN_STAMPS = 4;

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
          : (scr.player(st.winner)?.stamped || []).length >= WIN_STAMPS ? 'Four travel goals stamped! The journal keeps every stamp for the next game.'
            : 'The game was ended early. The journal keeps every stamp for the next game.')));
  }
  const cur = scr.player(t.player);
  return h('div', { class: 'turn-banner' },
    cur ? tokenPicture(scr.board, cur.token, { size: 'lg' }) : null,
    h('div', null,
      h('h1', { tabindex: '-1' }, cur ? `${cur.name}’s turn` : 'The table'),
      h('p', { id: 'waiting-for' }, pendingText(st, scr.names))));
}

// ---- actions -------------------------------------------------------------------

export function actions(scr) {
  const st = scr.state;
  if (st.status !== 'active') return [];
  const t = st.turn || {};
  const p = t.pending || null;
  const out = [];
  const blocking = p && p.kind !== 'fee';

  if (p && p.kind === 'buy_or_auction') out.push(buyOrAuction(scr, p));
  if (p && p.kind === 'draw') out.push(drawCard(scr, p));
  if (p && p.kind === 'choose') out.push(choose(scr, p));
  if (p && p.kind === 'fee') out.push(askFee(scr, p));

  if (!blocking) {
    const roller = scr.player(t.next ?? t.player);
    const atStart = !!t.rolled || t.rolls === 0 || (t.rolls === undefined && !t.doubles && !t.jumped);
    const cur = scr.player(t.player);
    // Flight: the current player stands on a flight space just landed on.
    const canFly = t.can_fly !== undefined ? !!t.can_fly : !!(cur && isFlightSpace(scr.board, cur.position));
    if (cur && canFly) out.push(fly(scr, cur));
    if (roller && roller.in_jail && atStart) out.push(jail(scr, roller));
    if (roller && atStart && !t.jumped && !roller.in_jail) {
      const jumps = goalJumps(st, roller);
      if (jumps.length) out.push(goalJump(scr, roller, jumps));
    }
    const tk = st.ticket || {};
    if (!tk.used && tk.holder !== null && tk.holder !== undefined) {
      const holder = scr.player(tk.holder);
      const holderMayUse = holder && (String(tk.holder) === String(t.player) || String(tk.holder) === String(t.next));
      if (holderMayUse) out.push(ticket(scr, holder));
    }
    if (roller) out.push(dice(scr, roller));
  }
  return [h('section', { class: 'stack', 'aria-labelledby': 'now-h' }, h('h2', { id: 'now-h', class: 'visually-hidden' }, 'Now'), out)];
}

function isFlightSpace(board, pos) {
  const sp = spacesOf(board).find((x) => x.index === pos);
  return !!(sp && FLIGHT_KINDS.has(sp.kind));
}

function goalJumps(st, pl) {
  const stamped = new Set((st.destinations || []).filter((d) => d.stamped_by !== null && d.stamped_by !== undefined).map((d) => d.id));
  const goals = new Set(pl.goals || []);
  return (pl.owns || []).filter((d) => goals.has(d) && !stamped.has(d));
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

function buyOrAuction(scr, p) {
  const d = scr.names.destinationById(p.destination) || { id: p.destination, name: scr.names.destination(p.destination), price: null };
  const lander = scr.player(p.player ?? scr.state.turn.player);
  const canBuy = !lander || d.price === null || lander.cash >= d.price;
  const buy = h('button', { class: 'btn primary block', type: 'button', id: 'act-buy', disabled: !canBuy },
    `Buy ${d.name}${d.price !== null ? ` for ${money(d.price)}` : ''}`);
  buy.addEventListener('click', () => scr.send({ type: 'buy' }, `${lander ? lander.name : 'The player'} bought ${d.name}`, buy));

  const seated = scr.state.players || [];
  const winner = select([['', 'No bid (the Bank keeps it)'], ...seated.map((x) => [x.id, `${x.name} (has ${money(x.cash)})`])], { id: 'auction-winner' });
  const price = h('input', { type: 'number', id: 'auction-price', inputmode: 'numeric', min: 10, step: 10, placeholder: 'e.g. 80' });
  const go = h('button', { class: 'btn block', type: 'submit', id: 'act-auction' }, 'Record auction');
  const form = h('form', { class: 'stack' }, field('Auction winner', winner), field('Winning bid', price, 'At least 10, in tens.'), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!winner.value) { scr.send({ type: 'auction' }, `Nobody bid on ${d.name}`, go); return; }
    const n = Number(price.value);
    if (!Number.isInteger(n) || n < 10 || n % 10) { showAlert('The winning bid is at least 10 and a multiple of 10.'); price.focus(); return; }
    scr.send({ type: 'auction', winner: Number(winner.value), price: n }, `${scr.names.player(winner.value)} won ${d.name} at auction for ${money(n)}`, go);
  });
  return card(`${d.name}: buy or auction`,
    h('p', { class: 'muted' }, destLine(scr, d)),
    canBuy ? null : h('p', { class: 'hint' }, `${lander.name} has only ${money(lander.cash)}: auction it.`),
    buy,
    h('h3', null, 'Or auction it'),
    form);
}

function destLine(scr, d) {
  const parts = [];
  if (d.colour) parts.push(`${d.colour} set`);
  if (d.price !== null && d.price !== undefined) parts.push(`price ${money(d.price)}`);
  if (d.fee !== undefined) parts.push(`fee ${money(d.fee)} (${money(d.set_fee)} with the set)`);
  if (d.goal) parts.push(`travel goal: ${scr.names.destination(d.goal)}`);
  return parts.join(' · ');
}

function drawCard(scr, p) {
  const deck = p.deck === 'journal' ? 'journal' : 'chance';
  const cards = (scr.board[deck] || []);
  const drawer = scr.player(p.player ?? scr.state.turn.player);
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

function choose(scr, p) {
  const opts = p.options || [];
  const who = scr.player(p.player ?? scr.state.turn.player);
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

function askFee(scr, p) {
  const owner = scr.names.player(p.owner);
  const payer = scr.names.player(p.payer);
  const b = h('button', { class: 'btn gold block', type: 'button', id: 'act-fee' }, `${owner} asks the fee: ${payer} pays ${money(p.amount)}`);
  b.addEventListener('click', () => scr.send({ type: 'collect_fee' }, `${owner} asked ${payer} for the fee at ${scr.names.destination(p.destination)}`, b));
  return card('Tour fee',
    h('p', { class: 'muted' }, `${payer} is on ${scr.names.destination(p.destination)}, owned by ${owner}. Ask before the next roll, or it lapses.`),
    b);
}

function fly(scr, cur) {
  const sp = spacesOf(scr.board).find((x) => x.index === cur.position);
  const long = sp && sp.kind === 'flight_long';
  const cost = long ? 200 : 100;
  const targets = flightTargets(scr.board, cur.position);
  if (!targets.length) return null;
  const sel = select(targets.map((did) => [did, scr.names.destination(did)]), { id: 'fly-to' });
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'act-fly' }, `Fly for ${money(cost)}`);
  const form = h('form', { class: 'stack' }, field('Fly to', sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'fly', to: sel.value }, `${cur.name} flew to ${scr.names.destination(sel.value)}`, go);
  });
  return card(long ? 'Long-distance flight' : 'Local flight',
    h('p', { class: 'muted' }, `${cur.name} may pay ${money(cost)} and fly${long ? ' anywhere' : ' to a destination before the next flight space'}. Or just roll on.`),
    form);
}

function jail(scr, pl) {
  const pay = h('button', { class: 'btn block', type: 'button', id: 'act-jail-pay' }, 'Pay 50 and roll');
  pay.addEventListener('click', () => scr.send({ type: 'jail_pay' }, `${pl.name} paid 50 to leave Jail`, pay));
  const useCard = pl.jail_cards > 0 ? h('button', { class: 'btn block', type: 'button', id: 'act-jail-card' }, 'Use a Get Out of Jail Free card') : null;
  if (useCard) useCard.addEventListener('click', () => scr.send({ type: 'jail_card' }, `${pl.name} used a Get Out of Jail Free card`, useCard));
  return card(`${pl.name} is in Jail`,
    h('p', { class: 'muted' }, `Pay 50${useCard ? ', use a card' : ''}, or roll the dice below for a double (attempt ${(pl.jail_attempts || 0) + 1} of 3).`),
    h('div', { class: useCard ? 'btn-grid' : 'stack' }, pay, useCard));
}

function goalJump(scr, pl, jumps) {
  return card('Goal jump',
    h('p', { class: 'muted' }, `${pl.name} owns a card that is also their own travel goal: jump there and stamp it before rolling.`),
    h('div', { class: 'stack' }, jumps.map((did) => {
      const b = h('button', { class: 'btn gold block', type: 'button', id: `jump-${did}` }, `Jump to ${scr.names.destination(did)}`);
      b.addEventListener('click', () => scr.send({ type: 'goal_jump', destination: did }, `${pl.name} jumped to ${scr.names.destination(did)}`, b));
      return b;
    })));
}

function ticket(scr, holder) {
  const dests = spacesOf(scr.board).filter((sp) => sp.kind === 'destination' && sp.destination);
  const sel = select(dests.map((sp) => [sp.destination, scr.names.destination(sp.destination)]), { id: 'ticket-to' });
  const go = h('button', { class: 'btn gold block', type: 'submit', id: 'act-ticket' }, 'Use the golden ticket');
  const form = h('form', { class: 'stack' }, field('Travel to', sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'use_ticket', to: sel.value }, `${holder.name} used the golden ticket to ${scr.names.destination(sel.value)}`, go);
  });
  return h('details', { class: 'more' }, h('summary', null, `${holder.name}: golden ticket`), h('div', { class: 'body' },
    h('p', { class: 'muted' }, 'Once per game, during your own turn: go to any destination (no salary).'), form));
}

// ---- players -------------------------------------------------------------------

export function players(scr) {
  const st = scr.state;
  const t = st.turn || {};
  const list = (st.players || []).map((pl) => playerCard(scr, pl, String(pl.id) === String(t.player) && st.status === 'active'));
  return [h('h2', { id: 'players-h' }, 'Players'), h('div', { class: 'players' }, list)];
}

export function stampDots(n, label) {
  const dots = [];
  for (let i = 0; i < WIN_STAMPS; i++) {
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
    h('div', null, stampDots(n, `${n} of ${WIN_STAMPS} goals stamped`)),
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

function adjust(scr) {
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

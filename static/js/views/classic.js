// views/classic.js -- the table of a classic Monopoly or Wonders of the World game in
// banker mode (RULES.md §3, API.md "The classic bank"), on the same TableScreen as
// Travel World Tour (views/table.js: the dock, the strip, undo, the live stream, the
// offline queue). Every button is an event the engine lists in state.options, with the
// amounts it gives; no rule is worked out here. Names of spaces, deeds and cards come
// from the box (classic-box.js).
//
// THE HOOK for other modules (My deeds, trades, the Wonders passport…): see
// views/classic-hooks.js. A module calls registerClassicSheet(name, render, {place:
// 'dock'|'more', order}) or registerClassicOption(type, render) when loaded; add its
// import to the block "Sheets of the classic table" just below. The dock draws the
// table's decisions first (debt, buy or auction, cards, rents, Jail, dice), then the
// 'dock' sheets; "More" draws the 'more' sheets, then the correction, note and end.
// Option types left to sheets: build, sell_building, mortgage, unmortgage (outside a
// debt), tick, deal; a registered widget of any type replaces the table's own.

import { h, select, field, showAlert, confirmDialog } from '../ui.js';
import { t, has, money, useBuildingNames } from '../i18n.js';
import { dice, note, endGame, adjust } from './banker.js';
import { classicSheets, classicOptionWidget } from './classic-hooks.js';
import { spaceName, cardText, holdings, jailCardCount, groupColour } from '../classic-box.js';
import { classicCardSummary } from '../words-classic.js';
import { wondersBonus } from './wonders.js';

// ---- Sheets of the classic table: one import line per module (each registers itself).
import './classic_sheets.js'; // My deeds, trades, the Wonders passports and free flight (issue 38)
// ---- end of the sheets

/** The option types the widgets of this file draw. */
const OWN = new Set(['roll', 'buy', 'auction', 'draw_chance', 'draw_community', 'pay_or_chance', 'collect_rent',
  'jail_pay', 'jail_card', 'pay_debt', 'bankrupt']);
/** Option types left to the sheets (outside a debt): not drawn in the dock by default. */
const SHEET_TYPES = new Set(['build', 'sell_building', 'mortgage', 'unmortgage', 'deal', 'tick']);

const name = (scr, pid) => scr.names.player(pid);
const deedName = (scr, space) => spaceName(scr.board, space);

function optionsOf(st) {
  const listed = st.options || [];
  return { all: (type) => listed.filter((o) => o.type === type), one: (type) => listed.find((o) => o.type === type) || null };
}

function card(id, title, ...children) {
  return h('div', { class: 'card', role: 'group', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

// ---- the heading ------------------------------------------------------------------

/** Who acts now and what the game waits for (the debtor, the pending decision, the roller). */
export function heading(st, scr) {
  const tu = st.turn || {};
  const p = tu.pending;
  const rents = (st.options || []).filter((o) => o.type === 'collect_rent')
    .map((o) => t('cl.wait.rent', { owner: name(scr, o.owner), payer: name(scr, o.payer), amount: o.amount, deed: deedName(scr, o.space) }));
  if (st.debt) {
    const d = st.debt;
    const why = has(`cl.debt.reason.${d.reason}`) ? `${t(`cl.debt.reason.${d.reason}`)} ` : '';
    return { actor: d.player, title: t('cl.head.debt', { who: name(scr, d.player), creditor: name(scr, d.creditor), amount: d.amount }),
      detail: `${why}${t('cl.wait.debt')}` };
  }
  if (p) {
    const actor = p.player ?? tu.player;
    const who = name(scr, actor);
    switch (p.kind) {
      case 'buy_or_auction':
        if ((st.house_rules || {}).auction === false) { // HOUSE-AUCTION: no bids
          return { actor, title: t('cl.head.buy.keep', { who, deed: deedName(scr, p.space) }), detail: [t('cl.wait.buy.keep'), ...rents].join(' ') };
        }
        return { actor, title: t('head.buy', { who, dest: deedName(scr, p.space) }), detail: [t('cl.wait.buy'), ...rents].join(' ') };
      case 'bankruptcy_auction':
        return { actor: null, title: t('cl.head.bk_auction', { deed: deedName(scr, p.space) }), detail: t('cl.wait.bk_auction') };
      case 'draw':
        return { actor, title: t(p.deck === 'community' ? 'cl.head.draw.community' : 'head.draw.chance', { who }), detail: [t('cl.wait.draw', { who }), ...rents].join(' ') };
      case 'pay_or_chance':
        return { actor, title: t('cl.head.pay_or_chance', { who }), detail: rents.join(' ') };
      case 'flight':
        return { actor, title: t('cl.head.flight', { who }), detail: rents.join(' ') };
      default:
        return { actor, title: t('head.wait', { who }), detail: rents.join(' ') };
    }
  }
  const next = tu.next ?? tu.player;
  const roller = (st.players || []).find((x) => String(x.id) === String(next));
  const deal = (st.options || []).find((o) => o.type === 'deal');
  if (deal) return { actor: deal.player, title: t('cl.head.deal', { who: name(scr, deal.player) }), detail: rents.join(' ') };
  return { actor: next, title: t(roller && roller.in_jail ? 'cl.head.jail' : 'head.roll', { who: name(scr, next) }),
    detail: rents.join(' ') || t(roller && roller.in_jail ? 'cl.wait.jail' : 'wait.roll') };
}

export function banner(scr) {
  useBuildingNames(scr.board && scr.board.buildings); // the box's names for its buildings
  const st = scr.state || {};
  if (st.status !== 'active') return finished(scr);
  const head = heading(st, scr);
  // A card to pick: the deck below says it all; short screens fold the detail (app.css).
  const picking = (st.options || []).some((o) => o.type === 'draw_chance' || o.type === 'draw_community');
  return h('div', { class: picking ? 'turn-banner classic-banner picking' : 'turn-banner classic-banner' },
    h('div', null,
      h('h1', { tabindex: '-1', id: 'turn-h' }, head.title),
      h('p', { id: 'waiting-for' }, head.detail)));
}

/** The end: the winner and every player by net worth (bankrupt players last). */
function finished(scr) {
  const st = scr.state;
  const w = st.winner !== null && st.winner !== undefined ? scr.player(st.winner) : null;
  const rows = [...(st.players || [])].sort((a, b) => (String(b.id) === String(st.winner)) - (String(a.id) === String(st.winner))
    || (a.bankrupt === b.bankrupt ? 0 : a.bankrupt ? 1 : -1) || (Number(b.net_worth) || 0) - (Number(a.net_worth) || 0));
  return h('div', { class: 'turn-banner finished' },
    h('div', { class: 'grow' },
      h('h1', { tabindex: '-1', id: 'turn-h' }, w ? t('over.wins', { who: w.name }) : t('over.title')),
      wondersBonus(st, scr.board) || h('p', null, st.status === 'abandoned' ? t('over.abandoned') : t('cl.over.why')),
      h('ol', { class: 'final', 'aria-label': t('over.standing') }, rows.map((pl) => h('li', null,
        h('strong', null, pl.name), ' · ', pl.bankrupt ? t('cl.bankrupt') : t('cl.worth', { amount: pl.net_worth })))),
      scr.readOnly ? null : h('a', { class: 'btn primary block', id: 'game-new', href: `#/c/${scr.ctx.cid}/new` }, t('game.new'))));
}

// ---- the strip ----------------------------------------------------------------------

/** Every player at a glance: cash, net worth, deeds by group colour (mortgaged shown),
 * houses and hotels, Jail and its cards; the Bank's houses and hotels left. */
export function strip(scr) {
  const st = scr.state || {};
  const ps = st.players || [];
  if (!ps.length) return null;
  const now = st.status === 'active' ? heading(st, scr).actor : null;
  const bank = st.bank || {};
  // Up to four players in a row; five or six in two rows of three; seven or eight of four.
  const cols = ps.length <= 4 ? ps.length : ps.length <= 6 ? 3 : 4;
  return h('section', { class: 'strip classic-strip', 'aria-labelledby': 'strip-h', style: `--n:${cols}` },
    h('h2', { id: 'strip-h', class: 'visually-hidden' }, t('strip.title')),
    h('ul', null, ps.map((pl) => {
      const held = holdings(scr.board, st, pl.id);
      const houses = held.reduce((n, d) => n + (d.hotel ? 0 : d.houses), 0);
      const hotels = held.filter((d) => d.hotel).length;
      const mortgaged = held.filter((d) => d.mortgaged).length;
      const cards = jailCardCount(pl);
      const said = [pl.name, pl.token, t('strip.cash', { amount: pl.cash }), t('cl.worth', { amount: pl.net_worth }),
        t('cl.strip.deeds', { n: held.length }), mortgaged ? t('cl.strip.mortgaged', { n: mortgaged }) : null,
        houses || hotels ? t('cl.strip.buildings', { houses, hotels }) : null,
        cards ? t('cl.strip.jail_cards', { n: cards }) : null,
        pl.in_jail ? t('strip.jail') : null, pl.bankrupt ? t('cl.bankrupt') : null].filter(Boolean).join(', ');
      const flags = [];
      if (pl.in_jail) flags.push(h('span', { class: 'flag jail' }, t('strip.jail')));
      if (cards) flags.push(h('span', { class: 'flag' }, t('cl.strip.card', { n: cards })));
      if (pl.bankrupt) flags.push(h('span', { class: 'flag jail' }, t('cl.bankrupt')));
      if (houses || hotels) flags.push(h('span', { class: 'flag' }, t('cl.strip.bldg', { houses, hotels })));
      return h('li', {
        class: [String(pl.id) === String(now) ? 'now' : '', pl.bankrupt ? 'out' : ''].join(' ').trim() || null,
        dataset: { player: pl.id },
        'aria-label': said,
      },
      h('div', { class: 'strip-who', 'aria-hidden': 'true' }, h('span', { class: 'strip-name' }, pl.name)),
      h('div', { class: 'strip-cash', 'aria-hidden': 'true' }, money(pl.cash)),
      h('div', { class: 'strip-worth', 'aria-hidden': 'true' }, t('cl.worth.short', { amount: pl.net_worth })),
      held.length || flags.length ? h('div', { class: 'strip-meta strip-deeds', 'aria-hidden': 'true' }, held.map((d) => h('span', {
        class: `deed-dot${d.mortgaged ? ' mortgaged' : ''}${d.hotel ? ' hotel' : d.houses ? ' built' : ''}`,
        style: `--c:${d.colour}`,
        title: d.name,
      }, d.hotel ? 'H' : d.houses ? String(d.houses) : '')), flags) : null);
    })),
    h('p', { class: 'strip-bank', id: 'strip-bank' }, t('cl.strip.bank', { houses: bank.houses, hotels: bank.hotels })));
}

// ---- the dock: the decisions now ---------------------------------------------------------

export function actions(scr) {
  const st = scr.state;
  if (st.status !== 'active') return [];
  const o = optionsOf(st);
  const out = [];
  const widget = (type) => {
    const w = classicOptionWidget(type);
    return w && o.all(type).length ? w(scr, o.all(type)) : null;
  };
  // Registered widgets take their types first (a sheet may draw a better picker).
  const done = new Set();
  const take = (type, own) => {
    done.add(type);
    const w = widget(type);
    if (w) { out.push(w); return; }
    if (own) out.push(own());
  };
  if (st.debt) {
    out.push(debtCard(scr, st.debt, o));
    ['pay_debt', 'bankrupt', 'sell_building', 'mortgage'].forEach((x) => done.add(x));
  }
  const pend = st.turn && st.turn.pending;
  if (o.one('buy') || o.one('auction')) {
    take('buy', null);
    take('auction', () => buyOrAuction(scr, o.one('buy'), o.one('auction'), pend));
  }
  if (o.one('draw_chance')) take('draw_chance', () => drawCard(scr, o.one('draw_chance'), 'chance'));
  if (o.one('draw_community')) take('draw_community', () => drawCard(scr, o.one('draw_community'), 'community'));
  if (o.one('pay_or_chance')) take('pay_or_chance', () => payOrChance(scr, o.all('pay_or_chance')));
  if (o.one('collect_rent')) take('collect_rent', () => rents(scr, o.all('collect_rent')));
  if (o.one('tick')) take('tick', () => tickFallback(scr, o.one('tick')));
  // Jail's ways out and the dice in one card: one decision, pay, a card or the roll.
  const jailed = o.one('jail_pay') || o.one('jail_card') ? jail(scr, o.one('jail_pay'), o.all('jail_card'), o.one('roll')) : null;
  if (jailed) { done.add('jail_pay'); done.add('jail_card'); }
  if (o.one('roll')) {
    take('roll', () => {
      const roller = scr.player(o.one('roll').player);
      const d = roller ? dice(scr, roller) : null;
      if (d && jailed) d.querySelector('h2').after(...jailed);
      return d || jailed;
    });
  } else if (jailed) out.push(card('act-jail', t('bk.jail.title', { who: name(scr, (o.one('jail_pay') || o.one('jail_card')).player) }), jailed));
  // Any other type a module draws (deal, build…): its widget, else nothing here.
  for (const type of new Set((st.options || []).map((x) => x.type))) {
    if (done.has(type) || OWN.has(type)) continue;
    const w = widget(type);
    if (w) out.push(w);
    else if (!SHEET_TYPES.has(type)) out.push(plainOption(scr, o.one(type)));
  }
  for (const sh of classicSheets('dock')) out.push(sh.render(scr));
  const cards = out.flat().filter(Boolean);
  return [h('section', { class: cards.length > 2 ? 'stack dock-many' : 'stack', 'aria-labelledby': 'now-h' },
    h('h2', { id: 'now-h', class: 'visually-hidden' }, t('bk.now')), cards)];
}

/** An option type newer than this page and without a widget: a plain button with its type. */
function plainOption(scr, opt) {
  const label = t('cl.option', { type: opt.type });
  const b = h('button', { class: 'btn block', type: 'button', 'data-option': opt.type }, label);
  b.addEventListener('click', () => scr.send({ type: opt.type }, label, b));
  return b;
}

/** A debt stops the table (CLASSIC-DEBT): the amount, who is owed, what the debtor can
 * still raise (the sales and mortgages options lists), then pay or go bankrupt. */
function debtCard(scr, debt, o) {
  const debtor = scr.player(debt.player);
  const who = name(scr, debt.player);
  const creditor = name(scr, debt.creditor);
  const pay = o.one('pay_debt');
  const broke = o.one('bankrupt');
  const raise = [...o.all('sell_building'), ...o.all('mortgage')].filter((x) => String(x.player) === String(debt.player));
  const buttons = [];
  if (pay) {
    const b = h('button', { class: 'btn primary block', type: 'button', id: 'act-pay-debt' }, t('cl.debt.pay', { amount: pay.amount, creditor }));
    b.addEventListener('click', () => scr.send({ type: 'pay_debt' }, t('cl.debt.paid', { who, creditor, amount: pay.amount }), b));
    buttons.push(b);
  }
  const raiseButtons = raise.map((x) => {
    const deed = deedName(scr, x.space);
    const label = x.type === 'mortgage' ? t('cl.raise.mortgage', { deed, amount: x.amount }) : t('cl.raise.sell', { deed, amount: x.paid });
    const b = h('button', { class: 'btn block', type: 'button', id: `act-${x.type}-${x.space}` }, label);
    const ev = x.type === 'mortgage' ? { type: 'mortgage', space: x.space } : { type: 'sell_building', space: x.space };
    b.addEventListener('click', () => scr.send(ev, x.type === 'mortgage' ? t('cl.mortgaged', { who, deed, amount: x.amount }) : t('cl.sold', { who, deed, amount: x.paid }), b));
    return b;
  });
  if (broke) {
    const b = h('button', { class: 'btn danger block', type: 'button', id: 'act-bankrupt' }, t('cl.debt.bankrupt'));
    b.addEventListener('click', async () => {
      const ok = await confirmDialog(t('cl.debt.bankrupt.confirm', { who }), t('cl.debt.bankrupt.text', { who, creditor }), t('cl.debt.bankrupt.ok'));
      if (ok) scr.send({ type: 'bankrupt' }, t('cl.debt.bankrupt.sent', { who, creditor }), b);
    });
    buttons.push(b);
  }
  return card('act-debt', t('cl.debt.title', { who, creditor, amount: debt.amount }),
    h('p', { class: 'hint', id: 'debt-cash' }, t('cl.debt.cash', { who, cash: debtor ? debtor.cash : 0, amount: debt.amount })),
    buttons.length ? h('div', { class: 'stack' }, buttons) : null,
    raiseButtons.length ? [h('p', { class: 'muted small', id: 'debt-raise' }, t('cl.debt.raise', { who })), h('div', { class: 'stack debt-raise' }, raiseButtons)]
      : (!pay && !broke ? h('p', { class: 'muted small' }, t('cl.debt.trade')) : null));
}

/** Buy at the printed price, or the Bank's auction (CLASSIC-BUY, CLASSIC-AUCTION); a
 * bankrupt's deed auctioned to the Bank has only the auction. */
function buyOrAuction(scr, buyOpt, auctionOpt, pend) {
  const space = (buyOpt || auctionOpt || {}).space ?? (pend && pend.space);
  const deed = deedName(scr, space);
  const lander = buyOpt ? scr.player(buyOpt.player) : null;
  const bankruptcy = pend && pend.kind === 'bankruptcy_auction';
  let buy = null;
  if (buyOpt) {
    buy = h('button', { class: 'btn primary block', type: 'button', id: 'act-buy' }, t('bk.buy.price', { dest: deed, price: buyOpt.price }));
    buy.addEventListener('click', () => scr.send({ type: 'buy' }, t('bk.bought', { who: lander ? lander.name : t('bk.the_player'), dest: deed }), buy));
  }
  // HOUSE-AUCTION false: a deed the lander does not buy stays with the Bank, no bids.
  const noAuction = !bankruptcy && (scr.state.house_rules || {}).auction === false;
  const form = auctionOpt && !noAuction ? auctionForm(scr, auctionOpt, deed) : null;
  let leave = null;
  if (auctionOpt && noAuction) {
    leave = h('button', { class: 'btn block', type: 'button', id: 'act-leave' }, t('cl.leave', { deed }));
    leave.addEventListener('click', () => scr.send({ type: 'auction' }, t('cl.left', { deed }), leave));
  }
  const lacks = !buyOpt && !bankruptcy && pend && scr.player(pend.player);
  return card('act-buy-h', bankruptcy ? t('cl.bk_auction.title', { deed }) : t('bk.buy.title', { dest: deed }),
    lacks ? h('p', { class: 'hint', id: 'buy-why' }, t(noAuction ? 'cl.buy.short.keep' : 'cl.buy.short', { who: lacks.name, cash: lacks.cash })) : null,
    buy && leave ? h('div', { class: 'btn-grid' }, buy, leave) : [buy, leave],
    form && buy ? h('details', { class: 'more auction' }, h('summary', null, t('bk.auction.or')), h('div', { class: 'body' }, form)) : form);
}

function auctionForm(scr, opt, deed) {
  const min = Number(opt.min) || 1;
  const seated = (scr.state.players || []).filter((x) => !x.bankrupt);
  const winner = select([['', t('bk.auction.nobid')], ...seated.map((x) => [x.id, t('bk.auction.has', { who: x.name, cash: x.cash })])], { id: 'auction-winner' });
  const bid = h('input', { type: 'number', id: 'auction-price', inputmode: 'numeric', min, step: 1 });
  const go = h('button', { class: 'btn block', type: 'submit', id: 'act-auction' }, t('bk.auction.record'));
  const form = h('form', { class: 'stack auction-form', novalidate: true }, field(t('bk.auction.winner'), winner), field(t('bk.auction.bid'), bid, t('cl.bid.hint', { min })), go);
  form.noValidate = true;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!winner.value) { scr.send({ type: 'auction' }, t('bk.auction.none', { dest: deed }), go); return; }
    const n = Number(bid.value);
    const bidder = scr.player(winner.value);
    if (bid.value === '' || !Number.isInteger(n) || n < min) { showAlert(t('cl.bid.rule', { min })); bid.focus(); return; }
    if (bidder && n > bidder.cash) { showAlert(t('bk.bid.cash', { who: bidder.name, cash: bidder.cash })); bid.focus(); return; }
    scr.send({ type: 'auction', winner: Number(winner.value), price: n }, t('bk.auction.won', { who: name(scr, winner.value), dest: deed, amount: n }), go);
  });
  return form;
}

/** Which card was drawn (CLASSIC-CARDS): the cards the option lists, in the box's order,
 * each said by what it does and the start of its text as the box prints it (16 cards in
 * four columns: the whole deck in the first screen of a small phone). */
function drawCard(scr, opt, deck) {
  const who = name(scr, opt.player ?? scr.state.turn.player);
  const all = (scr.board && scr.board[deck]) || [];
  const ids = new Set(opt.cards || []);
  const list = all.filter((x) => ids.has(x.id));
  const deckName = t(deck === 'community' ? 'cl.deck.community' : 'cl.deck.chance');
  const c = card(`act-draw-${deck}`, t(deck === 'community' ? 'cl.draw.community' : 'cl.draw.chance'),
    h('div', { class: 'card-grid classic-cards', role: 'group', 'aria-label': deckName }, list.map((x) => {
      const text = cardText(scr.board, deck, x.id);
      const what = classicCardSummary(x, scr.board);
      const b = h('button', { class: 'btn cg', type: 'button', id: `draw-${deck}-${x.id}`, 'aria-label': what === text ? text : `${what}. ${text}`, title: text },
        h('span', { class: 'cg-title', 'aria-hidden': 'true' }, what),
        what === text ? null : [' ', h('span', { class: 'cg-text', 'aria-hidden': 'true' }, text)]);
      b.addEventListener('click', () => scr.send({ type: `draw_${deck}`, card: x.id }, t('cl.drew', { who, deck: deckName, card: text }), b));
      return b;
    })));
  c.classList.add('draw-card');
  return c;
}

/** "Pay 10 or draw a Chance card": the engine lists one option per choice open (pay
 * only with the cash for it, CLASSIC-CARDS), the paying one first. */
function payOrChance(scr, opts) {
  const who = name(scr, opts[0].player);
  const fine = opts[0].fine;
  const canPay = opts.length > 1;
  const pay = h('button', { class: 'btn block', type: 'button', id: 'act-pay-fine', disabled: !canPay }, t('cl.poc.pay', { amount: fine }));
  pay.addEventListener('click', () => scr.send({ type: 'pay_or_chance', choice: 'pay' }, t('cl.poc.paid', { who, amount: fine }), pay));
  const draw = h('button', { class: 'btn primary block', type: 'button', id: 'act-draw-instead' }, t('cl.poc.chance'));
  draw.addEventListener('click', () => scr.send({ type: 'pay_or_chance', choice: 'chance' }, t('cl.poc.drew', { who }), draw));
  return card('act-poc', t('cl.head.pay_or_chance', { who }),
    canPay ? null : h('p', { class: 'hint' }, t('cl.poc.short', { who, amount: fine })),
    h('div', { class: 'btn-grid' }, pay, draw));
}

/** The rents that may be asked now (CLASSIC-RENT-ASK): a button each, said from the
 * owner's side, with the amount the engine computed. */
function rents(scr, opts) {
  return card('act-rents', t('cl.rents.title', { n: opts.length }),
    h('p', { class: 'muted' }, t('cl.rents.hint')),
    h('div', { class: 'stack' }, opts.map((r) => {
      const owner = name(scr, r.owner);
      const payer = name(scr, r.payer);
      const deed = deedName(scr, r.space);
      const b = h('button', { class: 'btn gold block', type: 'button', id: `act-rent-${r.space}` }, t('cl.rent.ask', { owner, payer, amount: r.amount, deed }));
      b.addEventListener('click', () => scr.send({ type: 'collect_rent', space: r.space }, t('cl.rent.sent', { owner, payer, amount: r.amount, deed }), b));
      return b;
    })));
}

/** The ways out of Jail at the start of a turn (CLASSIC-JAIL-OUT): pay, a card, or the
 * roll (the dice the card holds); the roll's try from the option. The elements to put
 * above the dice. */
function jail(scr, payOpt, cardOpts, rollOpt) {
  const pid = (payOpt || cardOpts[0] || rollOpt || {}).player;
  const who = name(scr, pid);
  const buttons = [];
  if (payOpt) {
    const b = h('button', { class: 'btn block', type: 'button', id: 'act-jail-pay' }, t('bk.jail.pay', { cost: payOpt.fine }));
    b.addEventListener('click', () => scr.send({ type: 'jail_pay' }, t('bk.jail.paid', { who, cost: payOpt.fine }), b));
    buttons.push(b);
  }
  for (const c of cardOpts) {
    const deck = t(c.deck === 'community' ? 'cl.deck.community' : 'cl.deck.chance');
    const b = h('button', { class: 'btn block', type: 'button', id: `act-jail-card-${c.deck}` }, t('cl.jail.card', { deck }));
    b.addEventListener('click', () => scr.send({ type: 'jail_card', deck: c.deck }, t('bk.jail.card.sent', { who }), b));
    buttons.push(b);
  }
  return [h('div', { class: `${buttons.length > 1 ? 'btn-grid' : 'stack'} jail-ways` }, buttons),
    h('p', { class: 'muted small jail-try' }, rollOpt && rollOpt.jail_try ? t('cl.jail.try', { n: rollOpt.jail_try }) : t('cl.wait.jail'))];
}

/** The free flight's wonder (WONDERS-FLIGHT) when no module draws a better picker. */
function tickFallback(scr, opt) {
  const who = name(scr, opt.player);
  const sel = select((opt.spaces || []).map((sp) => [sp, deedName(scr, sp)]), { id: 'tick-space' });
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'act-tick' }, t('cl.tick.go'));
  const form = h('form', { class: 'stack' }, field(t('cl.tick.which'), sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'tick', space: Number(sel.value) }, t('cl.tick.sent', { who, deed: deedName(scr, sel.value) }), go);
  });
  return card('act-tick-h', t('cl.head.flight', { who }), form);
}

// ---- the players --------------------------------------------------------------------

export function players(scr) {
  const st = scr.state;
  const now = st.status === 'active' ? heading(st, scr).actor : null;
  return [h('h2', { id: 'players-h' }, t('players')), h('div', { class: 'players' }, (st.players || []).map((pl) => {
    const held = holdings(scr.board, st, pl.id);
    const current = String(pl.id) === String(now);
    return h('article', { class: `player${current ? ' current' : ''}`, 'aria-label': current ? t('bk.playing_now', { who: pl.name }) : pl.name, dataset: { player: pl.id } },
      h('div', { class: 'player-head' },
        h('div', null, h('div', { class: 'name' }, pl.name), pl.token ? h('div', { class: 'muted small' }, pl.token) : null),
        h('div', { class: 'cash', 'aria-label': t('bk.cash', { amount: money(pl.cash) }) }, money(pl.cash))),
      h('div', { class: 'where' }, pl.bankrupt ? h('strong', null, t('cl.bankrupt')) : [`${t('bk.on')} `, h('strong', null, spaceName(scr.board, pl.position))],
        pl.in_jail ? [' ', h('span', { class: 'badge off' }, t('bk.in_jail'))] : null,
        jailCardCount(pl) ? [' ', h('span', { class: 'badge' }, t('cl.strip.jail_cards', { n: jailCardCount(pl) }))] : null),
      h('div', { class: 'muted small' }, t('cl.worth', { amount: pl.net_worth })),
      held.length ? h('ul', { class: 'deed-list' }, held.map((d) => h('li', null,
        h('span', { class: 'sw', style: `background:${groupColour(d.deed)}`, 'aria-hidden': 'true' }),
        d.name,
        d.hotel ? ` · ${t('cl.hotel')}` : d.houses ? ` · ${t('cl.houses', { n: d.houses })}` : '',
        d.mortgaged ? ` · ${t('cl.mortgaged.tag')}` : ''))) : null);
  }))];
}

// ---- more -----------------------------------------------------------------------------

export function more(scr) {
  const st = scr.state;
  const out = [h('h2', null, t('more'))];
  for (const sh of classicSheets('more')) out.push(sh.render(scr));
  if (st.status === 'active') out.push(adjust(scr));
  out.push(note(scr));
  if (st.status === 'active') out.push(endGame(scr));
  return out.flat().filter(Boolean);
}

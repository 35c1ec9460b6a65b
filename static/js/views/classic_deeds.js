// views/classic_deeds.js -- "My deeds" at a classic or Wonders table (issue 38): for the
// player holding the phone, or any seat, what they may do with their deeds now, each a
// button with its amount: build (the lots that can take a building, with the cost), sell
// back (evenly, with what the Bank pays), mortgage (with what it brings) and lift (with
// what it costs). Every button is an option the engine lists in state.options (API.md
// "The classic bank"); nothing here re-derives a rule. The Bank's houses and hotels left
// are shown where they limit a build. Names of deeds come from the box.
//
// renderDeeds(container, state, seat, act, board) draws into container; seat: the player
// shown first (null: the player whose turn it is; the phone's own pick is kept on the
// container across redraws); act(event, title, button): sends one event (the table's
// send()), a promise. A switch of what to do raises "deeds-switched" on container.

import { h, mount } from '../ui.js';
import { t } from '../i18n.js';
import { groupName } from '../classic_facts.js';
import { deedOf, groupColour } from '../classic-box.js';

/** The kinds of deed options, in the order of the panel's switch. */
const KINDS = [
  ['build', 'build', 'dd.tab.build'],
  ['sell', 'sell_building', 'dd.tab.sell'],
  ['mortgage', 'mortgage', 'dd.tab.mortgage'],
  ['lift', 'unmortgage', 'dd.tab.lift'],
];

const same = (a, b) => a !== null && a !== undefined && String(a) === String(b);

/** The options of state for player pid, by kind ({build: [...], sell: [...], …}). */
export function deedOptions(state, pid) {
  const opts = (state && state.options) || [];
  const out = {};
  for (const [kind, type] of KINDS) out[kind] = opts.filter((o) => o.type === type && same(o.player, pid));
  return out;
}

/** The player whose deeds the panel shows: the phone's pick, else seat, else who acts next. */
function shownSeat(container, state, seat) {
  const ps = (state.players || []).filter((p) => !p.bankrupt);
  const pick = container.dataset.seat;
  for (const want of [pick, seat, state.turn && (state.turn.next ?? state.turn.player)]) {
    const p = ps.find((x) => same(x.id, want));
    if (p) return p;
  }
  return ps[0] || null;
}

/** The label of one option's button. */
function optionLabel(kind, o, deed, state) {
  const name = deed ? deed.name : String(o.space);
  if (kind === 'build') return o.hotel ? t('dd.build.hotel', { deed: name, cost: o.cost }) : t('dd.build.house', { deed: name, n: o.houses, cost: o.cost });
  if (kind === 'sell') {
    const now = (state.deeds || []).find((d) => d.space === o.space) || {};
    return now.hotel ? t('dd.sell.hotel', { deed: name, n: o.houses, paid: o.paid }) : t('dd.sell.house', { deed: name, n: o.houses, paid: o.paid });
  }
  if (kind === 'mortgage') return t('dd.mortgage', { deed: name, amount: o.amount });
  return t('dd.lift', { deed: name, cost: o.cost });
}

/** The sentence of a toast for one option sent. */
function sentTitle(kind, who, deed) {
  const key = { build: 'dd.built', sell: 'dd.sold', mortgage: 'dd.mortgaged', lift: 'dd.lifted' }[kind];
  return t(key, { who, deed });
}

/** The Bank's stock line, and what limits a build now (none left, a shortage). */
function stockLines(state, builds) {
  const bank = state.bank || {};
  const short = bank.shortage || {};
  const out = [];
  const line = t('dd.bank', { houses: t('dd.bank.houses', { n: bank.houses }), hotels: t('dd.bank.hotels', { n: bank.hotels }) });
  out.push(h('p', { class: 'muted small', id: 'deeds-bank' }, line));
  if (bank.houses === 0) out.push(h('p', { class: 'hint', role: 'status' }, t('dd.out.houses')));
  else if (short.houses) out.push(h('p', { class: 'hint', role: 'status' }, t('dd.short.houses')));
  if (bank.hotels === 0) out.push(h('p', { class: 'hint', role: 'status' }, t('dd.out.hotels')));
  else if (short.hotels) out.push(h('p', { class: 'hint', role: 'status' }, t('dd.short.hotels')));
  return builds || bank.houses === 0 || bank.hotels === 0 || short.houses || short.hotels ? out : [];
}

/** What a player holds: one chip a deed, by group, with its buildings and mortgage. */
function holdings(state, board, pl) {
  const mine = (state.deeds || []).filter((d) => same(d.owner, pl.id));
  const cards = ((pl.jail_cards && pl.jail_cards.chance) || 0) + ((pl.jail_cards && pl.jail_cards.community) || 0);
  if (!mine.length) return h('p', { class: 'muted small' }, t('dd.none', { who: pl.name }));
  return h('ul', { class: 'deed-chips', 'aria-label': t('dd.of', { who: pl.name }) },
    mine.map((d) => {
      const deed = deedOf(board, d.space) || { name: String(d.space), group: '' };
      const marks = [];
      if (d.hotel) marks.push(t('dd.mark.hotel'));
      else if (d.houses) marks.push(t('dd.mark.houses', { n: d.houses }));
      if (d.mortgaged) marks.push(t('dd.mark.mortgaged'));
      return h('li', { class: `chip${d.mortgaged ? ' mortgaged' : ''}`, dataset: { space: d.space }, title: groupName(deed.group) },
        h('span', { class: 'sw', style: `background:${groupColour(deed)}`, 'aria-hidden': 'true' }),
        deed.name, marks.length ? h('span', { class: 'deed-marks' }, ` · ${marks.join(' · ')}`) : null);
    }),
    cards ? h('li', { class: 'chip' }, t('dd.jail_cards', { n: cards })) : null);
}

/** Draw "My deeds" into container (see the file's comment). */
export function renderDeeds(container, state, seat, act, board) {
  const pl = state ? shownSeat(container, state, seat) : null;
  if (!pl) { mount(container); return container; }
  const redraw = () => renderDeeds(container, state, seat, act, board);
  const opts = deedOptions(state, pl.id);
  const counts = Object.fromEntries(KINDS.map(([k]) => [k, opts[k].length]));
  // The switch stays where the phone put it; at first, on the first kind with an option.
  let tab = container.dataset.tab;
  if (!KINDS.some(([k]) => k === tab)) tab = (KINDS.find(([k]) => counts[k]) || KINDS[0])[0];

  const seats = (state.players || []).filter((p) => !p.bankrupt);
  const seatPicker = seats.length > 1 ? h('div', { class: 'seg', role: 'group', 'aria-label': t('dd.whose') },
    seats.map((p) => {
      const b = h('button', { class: 'btn small', type: 'button', id: `deeds-seat-${p.id}`, 'aria-pressed': String(same(p.id, pl.id)) }, p.name);
      b.addEventListener('click', () => { container.dataset.seat = String(p.id); delete container.dataset.tab; redraw(); });
      return b;
    })) : null;

  const tabs = h('div', { class: 'seg what', role: 'group', 'aria-label': t('dd.what') },
    KINDS.map(([k, , key]) => {
      const b = h('button', { class: 'btn small', type: 'button', id: `deeds-tab-${k}`, 'aria-pressed': String(k === tab) }, t('dd.tab.count', { what: t(key), n: counts[k] }));
      b.addEventListener('click', () => {
        container.dataset.tab = k;
        redraw();
        // The table brings the new list into view (its header, strip and tabs stay on top).
        container.dispatchEvent(new CustomEvent('deeds-switched', { bubbles: true }));
      });
      return b;
    }));

  // During a shortage the table auctions the last buildings: the winning bid is the price.
  const short = (state.bank && state.bank.shortage) || {};
  const price = tab === 'build' && (short.houses || short.hotels)
    ? h('input', { type: 'number', id: 'deeds-price', min: 0, step: 1, inputmode: 'numeric' }) : null;
  const list = opts[tab].map((o) => {
    const deed = deedOf(board, o.space);
    const name = deed ? deed.name : String(o.space);
    const b = h('button', { class: `btn block${tab === 'lift' || tab === 'build' ? '' : ' gold'}`, type: 'button', id: `${tab}-${o.space}` }, optionLabel(tab, o, deed, state));
    b.addEventListener('click', () => {
      const ev = { type: KINDS.find(([k]) => k === tab)[1], space: o.space };
      if (price && price.value !== '' && ((o.hotel && short.hotels) || (!o.hotel && short.houses))) ev.price = Number(price.value);
      act(ev, sentTitle(tab, pl.name, name), b);
    });
    return b;
  });
  const empty = h('p', { class: 'muted small', id: 'deeds-empty' }, t(`dd.none.${tab}`, { who: pl.name }));

  mount(container, h('section', { class: 'card deeds', 'aria-labelledby': 'deeds-h', dataset: { player: pl.id } },
    h('h2', { id: 'deeds-h' }, t('dd.of', { who: pl.name })),
    seatPicker,
    h('p', { class: 'muted small' }, t('dd.cash', { amount: pl.cash })),
    h('div', { class: 'deeds-now' },
      tabs,
      price ? h('div', { class: 'field' }, h('label', { for: 'deeds-price' }, t('dd.short.price')), price) : null,
      list.length ? h('div', { class: 'deed-acts' }, list) : empty,
      tab === 'build' ? stockLines(state, list.length) : null),
    holdings(state, board, pl)));
  return container;
}

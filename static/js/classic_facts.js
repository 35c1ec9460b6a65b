// classic_facts.js -- the facts of a classic or Wonders box (API.md "The classic bank"): a
// title deed, a Chance or Community Chest card and a space as the box prints them, their
// editors for the box check, and a card's effect in words. Every name (deeds, spaces,
// wonders, cards) is the box's own, never the code's.

import { h, money } from './ui.js';
import { t, useBuildingNames } from './i18n.js';
import { isChecked } from './facts.js';
import { spaceName, groupColour } from './classic-box.js';
import { factField, textInput, textArea, textOf, FactError, intOf, NAME_MAX, TEXT_MAX, MONEY_MAX } from './factfields.js';

/** A group's name in words ("Light blue"); a group the page does not know by its id. */
export function groupName(group) {
  const key = `cl.group.${group}`;
  const said = t(key);
  return said === key ? String(group) : said;
}

/** A classic card's effect in words ("Collect 100", "Repairs: 25 a house, 100 a hotel"). */
export function classicEffectText(e, board) {
  if (!e || typeof e !== 'object') return '';
  if ('collect' in e) return t('cl.fx.collect', { amount: e.collect });
  if ('pay' in e) return t('cl.fx.pay', { amount: e.pay });
  if ('collect_from_each' in e) return t('cl.fx.collect_from_each', { amount: e.collect_from_each });
  if ('pay_or_chance' in e) return t('cl.fx.pay_or_chance', { amount: e.pay_or_chance });
  if (e.repairs) return t('cl.fx.repairs', { house: e.repairs.house, hotel: e.repairs.hotel });
  if ('move_to_space' in e) return t(e.salary ? 'cl.fx.move_salary' : 'cl.fx.move', { space: spaceName(board, e.move_to_space) });
  if ('move_by' in e) return t(e.move_by < 0 ? 'cl.fx.back' : 'cl.fx.forward', { n: Math.abs(e.move_by) });
  if (e.go_to_jail) return t('cl.fx.jail');
  if (e.jail_free) return t('cl.fx.jail_free');
  return '';
}

function badge(obj) {
  return isChecked(obj) ? h('span', { class: 'badge ok' }, t('fact.badge.checked')) : h('span', { class: 'badge unverified' }, t('fact.badge.unchecked'));
}

/** The rent lines of a deed: [label, amount]. */
function rentLines(d) {
  const r = d.rents || [];
  if (d.multipliers) return d.multipliers.map((m, i) => [t(i ? 'cl.deed.util2' : 'cl.deed.util1'), t('cl.deed.times', { n: m })]);
  if (d.group === 'station') return r.map((x, i) => [t('cl.deed.stations', { n: i + 1 }), money(x)]);
  return r.map((x, i) => [i === 0 ? t('cl.deed.bare') : i === 5 ? t('cl.deed.hotel') : t('cl.deed.houses', { n: i }), money(x)]);
}

/** A title deed as the box prints it. */
export function deedView(d) {
  const rows = [...rentLines(d), [t('cl.deed.price'), money(d.price)], [t('cl.deed.mortgage'), money(d.mortgage)]];
  if (d.house !== undefined) rows.push([t('cl.deed.house'), money(d.house)]);
  return h('div', { class: 'fact-card deed-card' },
    h('div', { class: 'dest-band', style: `background:${groupColour(d)}` }, h('span', null, groupName(d.group))),
    h('p', { class: 'fact-name' }, d.name, badge(d)),
    h('dl', { class: 'dest-facts' }, rows.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)])));
}

/** A classic fact (a deed, a card, a space) as the box prints it. */
export function classicFactView(f, board) {
  useBuildingNames(board && board.buildings); // this box's names for its buildings (its editor's too)
  const o = f.obj;
  if (f.part === 'deeds') return deedView(o);
  if (f.part === 'spaces') {
    return h('div', { class: 'fact-card space-card' },
      h('p', { class: 'fact-kind' }, t('fact.space', { n: o.index, kind: t(`cl.kind.${o.kind}`) }), badge(o)),
      h('p', { class: 'fact-name' }, o.name),
      o.kind === 'tax' ? h('p', null, t('fact.tax', { amount: o.amount })) : null);
  }
  return h('div', { class: 'fact-card chance-card' },
    h('p', { class: 'fact-kind' }, t(f.part === 'community' ? 'cl.kind.community' : 'cl.kind.chance'), badge(o)),
    h('p', { class: 'fact-text' }, o.text),
    h('p', { class: 'fact-effect' }, t('fact.inplay', { effect: classicEffectText(o.effect, board) })));
}

/** A whole amount from 0 (the classic box's money is not in tens: rents of 2, fines of 15). */
function amountOf(input, what) {
  const n = intOf(input);
  if (n === null || n < 0 || n > MONEY_MAX) throw new FactError(t('cl.fix.amount', { what }), input);
  return n;
}

function amountInput(id, value) {
  return h('input', { type: 'number', id, min: 0, step: 1, inputmode: 'numeric', value: value ?? '' });
}

/** Copy into body the keys of now that differ from obj. */
function changed(obj, now) {
  const body = {};
  for (const [k, v] of Object.entries(now)) if (JSON.stringify(v ?? null) !== JSON.stringify(obj[k] ?? null)) body[k] = v;
  return body;
}

function deedEditor(o, base) {
  const name = textInput(`${base}-name`, o.name);
  const price = amountInput(`${base}-price`, o.price);
  const mortgage = amountInput(`${base}-mortgage`, o.mortgage);
  const house = o.house !== undefined ? amountInput(`${base}-house`, o.house) : null;
  const lines = rentLines(o);
  const list = o.multipliers || o.rents || [];
  const rents = list.map((v, i) => amountInput(`${base}-rent-${i}`, v));
  return {
    el: h('div', null, factField(o, 'name', t('cl.deed.name'), name),
      h('div', { class: 'field-row' }, factField(o, 'price', t('cl.deed.price'), price), factField(o, 'mortgage', t('cl.deed.mortgage'), mortgage)),
      house ? factField(o, 'house', t('cl.deed.house'), house) : null,
      h('fieldset', null, h('legend', null, t(o.multipliers ? 'cl.deed.multipliers' : 'cl.deed.rents')),
        h('div', { class: 'field-row wrap' }, rents.map((x, i) => factField(o, 'rents', lines[i][0], x))))),
    body: () => {
      const now = { name: textOf(name, o.name, NAME_MAX, t('cl.deed.name')), price: amountOf(price, t('cl.deed.price')), mortgage: amountOf(mortgage, t('cl.deed.mortgage')) };
      if (house) now.house = amountOf(house, t('cl.deed.house'));
      now[o.multipliers ? 'multipliers' : 'rents'] = rents.map((x, i) => amountOf(x, lines[i][0]));
      return changed(o, now);
    },
  };
}

/** A card's editor: its text, and the amounts of its effect (a move is the layout's). */
function cardEditor(o, base) {
  const words = textArea(`${base}-text`, o.text);
  const e = o.effect || {};
  const key = ['collect', 'pay', 'collect_from_each', 'pay_or_chance'].find((k) => k in e);
  const amount = key ? amountInput(`${base}-amount`, e[key]) : null;
  const house = e.repairs ? amountInput(`${base}-house`, e.repairs.house) : null;
  const hotel = e.repairs ? amountInput(`${base}-hotel`, e.repairs.hotel) : null;
  return {
    el: h('div', null, factField(o, 'text', t('box.text'), words),
      amount ? factField(o, 'effect', t('box.amount'), amount) : null,
      house ? h('div', { class: 'field-row' }, factField(o, 'effect', t('cl.fix.house'), house), factField(o, 'effect', t('cl.fix.hotel'), hotel)) : null),
    body: () => {
      const now = { text: textOf(words, o.text, TEXT_MAX, t('box.text')) };
      if (amount) now.effect = { ...e, [key]: amountOf(amount, t('box.amount')) };
      if (house) now.effect = { repairs: { house: amountOf(house, t('cl.fix.house')), hotel: amountOf(hotel, t('cl.fix.hotel')) } };
      return changed(o, now);
    },
  };
}

function spaceEditor(o, base, inGame) {
  if (inGame) return { el: h('p', { class: 'hint' }, t('fix.layout')), body: () => null, fixed: true };
  const name = textInput(`${base}-name`, o.name);
  const amount = o.kind === 'tax' ? amountInput(`${base}-amount`, o.amount) : null;
  return {
    el: h('div', null, factField(o, 'name', t('fix.spacename'), name), amount ? factField(o, 'amount', t('fix.tax'), amount) : null),
    body: () => {
      const now = { name: textOf(name, o.name, NAME_MAX, t('fix.spacename')) };
      if (amount) now.amount = amountOf(amount, t('fix.tax'));
      return changed(o, now);
    },
  };
}

/** The editor of a classic fact f, as facteditor.js's factEditor() answers it. */
export function classicFactEditor(f, { inGame = false, base = 'fix' } = {}) {
  if (f.part === 'deeds') return deedEditor(f.obj, base);
  if (f.part === 'spaces') return spaceEditor(f.obj, base, inGame);
  return cardEditor(f.obj, base);
}

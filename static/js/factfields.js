// factfields.js -- the inputs of a box fact and their checks, shared by every editor of
// the box (js/facteditor.js, used by the box editor, the check walk and the table): the
// same limits as the server's PUT …/board/… (money in tens from 0, names and titles of
// 1 to 80 characters, card text of 1 to 2000, 1 to 12 stamp circles, a move of 1 to 39
// steps either way) and the same sentence for each value it refuses.

import { h, field, select } from './ui.js';
import { t } from './i18n.js';
import { spacesOf } from './model.js';

export const NAME_MAX = 80;
export const TEXT_MAX = 2000;
export const SLOTS_MAX = 12;
export const MONEY_MAX = 1000000000;
export const STEPS_MAX = 39;
export const COLOURS_MAX = 8;

const VERIFIED = new Set(['rulebook', 'group']);

/** True when a fact (or one field's source tag) is neither the rulebook's nor the group's. */
export const isUnverified = (x) => !VERIFIED.has(x && typeof x === 'object' ? x.source : x);

/** A sentence for a value the box cannot print; input: the control to focus. */
export class FactError extends Error {
  constructor(message, input = null) {
    super(message);
    this.input = input;
  }
}

/** The whole number in input, or null. */
export function intOf(input) {
  const n = Number(input.value);
  return input.value !== '' && Number.isInteger(n) ? n : null;
}

/** The money in input (a multiple of 10 from 0); throws a FactError naming what. */
export function money10(input, what) {
  const n = intOf(input);
  if (n === null || n < 0 || n > MONEY_MAX || n % 10) throw new FactError(t('fix.money', { what }), input);
  return n;
}

/** The stamp circles in input (1 to 12). */
export function slotsOf(input) {
  const n = intOf(input);
  if (n === null || n < 1 || n > SLOTS_MAX) throw new FactError(t('fix.slots.bad'), input);
  return n;
}

/**
 * The trimmed text of input; was: the value it had (kept as it is, even empty, when
 * unchanged). A changed value has 1 to max characters, else a FactError naming what.
 */
export function textOf(input, was, max, what) {
  const s = input.value.trim();
  if (s === (was || '')) return was;
  const n = [...s].length;
  if (n < 1 || n > max) throw new FactError(t('fix.length', { what, max }), input);
  return s;
}

/** A one-line text input of at most max characters. */
export function textInput(id, value, max = NAME_MAX) {
  return h('input', { type: 'text', id, maxlength: max, value: value || '' });
}

/** A card's text box. */
export function textArea(id, value) {
  return h('textarea', { id, maxlength: TEXT_MAX }, value || '');
}

/** A number input of money (step 10) or, with step 1, a count. */
export function numberInput(id, value, step = 10, max = null) {
  return h('input', { type: 'number', id, min: step === 10 ? 0 : 1, max, step, inputmode: 'numeric', value: value ?? '' });
}

/**
 * A labelled field; with marks, its label says "unverified" when obj's own source for
 * key (obj.sources[key]) is weak.
 */
export function factField(obj, key, labelText, input, hint, marks = true) {
  const src = obj && obj.sources && obj.sources[key];
  const f = field(labelText, input, hint);
  if (marks && src && isUnverified(src)) {
    f.querySelector('label').append(h('span', { class: 'badge unverified', title: t('box.source', { source: src }) }, t('box.badge.unverified')));
  }
  return f;
}

const KINDS = ['collect', 'pay', 'move_to', 'move_to_colour', 'move_by', 'go_to_jail', 'jail_free'];

/** The colours of a move_to_colour list (as typed, comma-separated), checked against the board. */
function coloursOf(input, board) {
  const list = [...new Set(input.value.split(',').map((x) => x.trim()).filter(Boolean))];
  if (!list.length || list.length > COLOURS_MAX) throw new FactError(t('box.colours.bad', { max: COLOURS_MAX }), input);
  const known = new Set((board.destinations || []).map((d) => d.colour));
  const unknown = list.find((c) => !known.has(c));
  if (unknown) throw new FactError(t('box.colours.unknown', { colour: unknown }), input);
  return list;
}

/** The steps of a move_by (a whole number from -39 to 39, not 0). */
function stepsOf(input) {
  const n = intOf(input);
  if (n === null || n === 0 || Math.abs(n) > STEPS_MAX) throw new FactError(t('box.steps.bad', { max: STEPS_MAX }), input);
  return n;
}

/**
 * A structured editor of a Chance-style effect (the kinds of API.md): {el, value()},
 * value() throwing a FactError for a value the server refuses. allowNone: "Nothing" is a
 * choice (value() null); owner/key: the fact whose source marks the kind's label (marks).
 */
export function effectEditor(board, names, idBase, effect, { allowNone = false, owner = null, key = 'effect', marks = true } = {}) {
  const kinds = KINDS.map((k) => [k, t(`box.kind.${k}`)]);
  if (allowNone) kinds.unshift(['', t('box.kind.none')]);
  const e = effect || {};
  const current = allowNone && !effect ? '' : (kinds.find(([k]) => k && k in e) || kinds[allowNone ? 1 : 0])[0];
  const kind = select(kinds, { id: `${idBase}-kind` }, current);
  const amount = numberInput(`${idBase}-amount`, e.collect ?? e.pay);
  const targets = spacesOf(board).filter((sp) => sp.destination || sp.id)
    .map((sp) => [sp.destination || sp.id, `${sp.index}. ${sp.destination ? names.destination(sp.destination) : sp.name || sp.id}`]);
  if (e.move_to && !targets.some(([v]) => v === e.move_to)) targets.unshift([e.move_to, names.space(e.move_to)]);
  const to = select(targets, { id: `${idBase}-to` }, e.move_to);
  const salary = h('input', { type: 'checkbox', id: `${idBase}-salary`, checked: !!e.salary });
  const colours = h('input', { type: 'text', id: `${idBase}-colours`, value: [].concat(e.move_to_colour || []).join(', '), placeholder: t('box.colours.eg') });
  const steps = h('input', { type: 'number', id: `${idBase}-steps`, min: -STEPS_MAX, max: STEPS_MAX, step: 1, inputmode: 'numeric', value: e.move_by ?? '' });
  const parts = {
    collect: field(t('box.amount'), amount),
    move_to: h('div', null, field(t('box.space.field'), to), h('label', { class: 'choice' }, salary, h('span', null, t('box.salary')))),
    move_to_colour: field(t('box.colours'), colours),
    move_by: field(t('box.steps'), steps),
  };
  parts.pay = parts.collect;
  const holder = h('div');
  const sync = () => { holder.replaceChildren(parts[kind.value] || ''); };
  kind.addEventListener('change', sync);
  sync();
  const value = () => {
    switch (kind.value) {
      case 'collect': case 'pay': return { [kind.value]: money10(amount, t('box.amount')) };
      case 'move_to': return salary.checked ? { move_to: to.value, salary: true } : { move_to: to.value };
      case 'move_to_colour': return { move_to_colour: coloursOf(colours, board) };
      case 'move_by': return { move_by: stepsOf(steps) };
      case 'go_to_jail': return { go_to_jail: true };
      case 'jail_free': return { jail_free: true };
      default: return null;
    }
  };
  return { el: h('div', null, factField(owner, key, t('box.effect'), kind, undefined, marks), holder), value };
}

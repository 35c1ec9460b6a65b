// facteditor.js -- one fact of the box shown as printed (a space, a Destination card,
// a Chance or Travel Journal card) and its editor, the one editor of each kind of fact:
// the box editor, the check walk and the table all use it. The body sent is only what
// changed; saveFact() PUTs it with "checked": true.

import { h, field, select, money, setColour, showError } from './ui.js';
import { t } from './i18n.js';
import { chanceEffectText, journalEffectText, colourName } from './words.js';
import { kindWord, circlesText, honestName, isChecked } from './facts.js';
import {
  effectEditor, factField, textInput, textArea, numberInput, textOf, money10, slotsOf, NAME_MAX, TEXT_MAX, SLOTS_MAX,
} from './factfields.js';
import { classicFactView, classicFactEditor } from './classic_facts.js';

const EDGE_KINDS = ['chance', 'journal', 'flight_local', 'flight_long', 'tax', 'free_parking', 'go_to_jail', 'jail', 'go'];

function badge(obj) {
  return isChecked(obj) ? h('span', { class: 'badge ok' }, t('fact.badge.checked')) : h('span', { class: 'badge unverified' }, t('fact.badge.unchecked'));
}

/** The journal stamps on card id in a game state (0 without one). */
function stampsOn(state, id) {
  const j = ((state && state.journal) || []).find((x) => x.card === id);
  return j ? (j.stamps || []).length : 0;
}

/** The fact as the box prints it. */
export function factView(f, names, state = null) {
  const o = f.obj;
  if (f.classic) return classicFactView(f, names.board);
  if (f.part === 'spaces') {
    return h('div', { class: 'fact-card space-card' },
      h('p', { class: 'fact-kind' }, t('fact.space', { n: o.index, kind: kindWord(o.kind) }), badge(o)),
      h('p', { class: 'fact-name' }, o.kind === 'destination' ? names.destination(o.destination) : o.name),
      o.kind === 'tax' ? h('p', null, t('fact.tax', { amount: o.amount })) : null);
  }
  if (f.part === 'destinations') {
    return h('div', { class: 'fact-card dest-card' },
      h('div', { class: 'dest-band', style: `background:${setColour(o.colour)}` }, h('span', null, colourName(o.colour))),
      h('p', { class: 'fact-name' }, honestName(o), badge(o)),
      h('dl', { class: 'dest-facts' },
        h('dt', null, t('box.price')), h('dd', null, money(o.price)),
        h('dt', null, t('box.fee')), h('dd', null, money(o.fee)),
        h('dt', null, t('fact.set_fee')), h('dd', null, money(o.set_fee)),
        h('dt', null, t('box.goal')), h('dd', null, o.goal ? names.destination(o.goal) : t('fact.none'))));
  }
  if (f.part === 'chance') {
    return h('div', { class: 'fact-card chance-card' },
      h('p', { class: 'fact-kind' }, kindWord('chance'), badge(o)),
      h('p', { class: 'fact-text' }, o.text),
      h('p', { class: 'fact-effect' }, t('fact.inplay', { effect: chanceEffectText(o.effect, names) })));
  }
  return h('div', { class: 'fact-card journal-card' },
    h('p', { class: 'fact-kind' }, kindWord('journal'), badge(o)),
    h('p', { class: 'fact-name' }, honestName(o, 'title')),
    h('p', { class: 'fact-text' }, o.text),
    h('p', { class: 'circles', 'aria-label': t('fact.circles', { n: o.slots, used: stampsOn(state, o.id) }) }, circlesText(o.slots, stampsOn(state, o.id))),
    h('p', { class: 'fact-effect' }, t('fact.inplay', { effect: journalEffectText(o.effect, names) })));
}

/** Copy into body the keys of now that differ from obj. */
function changed(obj, now) {
  const body = {};
  for (const [k, v] of Object.entries(now)) {
    if (JSON.stringify(v ?? null) !== JSON.stringify(obj[k] ?? null)) body[k] = v;
  }
  return body;
}

function spaceEditor(f, board, names, base, inGame, marks) {
  const o = f.obj;
  if (inGame) return { el: h('p', { class: 'hint' }, t('fix.layout')), body: () => null, fixed: true };
  const dest = (board.destinations || []).find((x) => x.id === o.destination);
  const was = dest ? dest.name : o.name;
  const name = textInput(`${base}-name`, was);
  const nameField = factField(o, 'name', t('fix.spacename'), name, undefined, marks);
  if (o.kind === 'destination') {
    return {
      el: h('div', null, h('p', { class: 'hint' }, t('fix.destspace')), nameField),
      body: () => changed({ name: was }, { name: textOf(name, was, NAME_MAX, t('fix.spacename')) }),
    };
  }
  const kind = select(EDGE_KINDS.map((k) => [k, kindWord(k)]), { id: `${base}-kind` }, o.kind);
  const amount = numberInput(`${base}-amount`, o.amount);
  const amountField = factField(o, 'amount', t('fix.tax'), amount, undefined, marks);
  const sync = () => { amountField.hidden = kind.value !== 'tax'; };
  kind.addEventListener('change', sync);
  sync();
  return {
    el: h('div', null, factField(o, 'kind', t('fix.kind'), kind, undefined, marks), nameField, amountField),
    body: () => {
      const now = { kind: kind.value, name: textOf(name, o.name, NAME_MAX, t('fix.spacename')) };
      if (kind.value === 'tax') now.amount = money10(amount, t('fix.tax'));
      return changed(o, now);
    },
  };
}

function destinationEditor(f, board, names, base, marks) {
  const o = f.obj;
  const mark = (key, label, input) => factField(o, key, label, input, undefined, marks);
  const colours = [...new Set((board.destinations || []).map((x) => x.colour).filter(Boolean))];
  const name = textInput(`${base}-name`, o.name);
  const colour = select(colours.map((c) => [c, c]), { id: `${base}-colour` }, o.colour);
  const price = numberInput(`${base}-price`, o.price);
  const fee = numberInput(`${base}-fee`, o.fee);
  const setFee = numberInput(`${base}-set-fee`, o.set_fee);
  const goal = select([['', t('fix.nogoal')], ...(board.destinations || []).filter((x) => x.id !== o.id).map((x) => [x.id, x.name])], { id: `${base}-goal` }, o.goal || '');
  return {
    el: h('div', null, mark('name', t('box.name'), name), mark('colour', t('box.colour'), colour),
      h('div', { class: 'field-row' }, mark('price', t('box.price'), price), mark('fee', t('box.fee'), fee)),
      h('div', { class: 'field-row' }, mark('set_fee', t('box.set_fee'), setFee), mark('goal', t('box.goal'), goal))),
    body: () => changed(o, {
      name: textOf(name, o.name, NAME_MAX, t('box.name')), colour: colour.value, price: money10(price, t('box.price')),
      fee: money10(fee, t('box.fee')), set_fee: money10(setFee, t('box.set_fee')), goal: goal.value || null,
    }),
  };
}

function chanceEditor(f, board, names, base, marks) {
  const o = f.obj;
  const words = textArea(`${base}-text`, o.text);
  const eff = effectEditor(board, names, `${base}-eff`, o.effect, { owner: o, marks });
  return {
    el: h('div', null, factField(o, 'text', t('box.text'), words, undefined, marks), eff.el),
    body: () => changed(o, { text: textOf(words, o.text, TEXT_MAX, t('box.text')), effect: eff.value() }),
  };
}

function journalEditor(f, board, names, base, marks) {
  const o = f.obj;
  const mark = (key, label, input, hint) => factField(o, key, label, input, hint, marks);
  const title = textInput(`${base}-title`, o.title);
  const words = textArea(`${base}-text`, o.text);
  const slots = numberInput(`${base}-slots`, o.slots, 1, SLOTS_MAX);
  const ps = (o.effect && o.effect.per_stamp) || {};
  const psKind = select(['collect', 'pay', 'collect_from_each'].map((k) => [k, t(`box.ps.${k}`)]),
    { id: `${base}-ps-kind` }, Object.keys(ps)[0] || 'collect');
  const psAmount = numberInput(`${base}-ps-amount`, Object.values(ps)[0]);
  const drawer = effectEditor(board, names, `${base}-drawer`, o.effect && o.effect.drawer, { allowNone: true });
  return {
    el: h('div', null, mark('title', t('fix.title'), title), mark('text', t('box.text'), words),
      mark('slots', t('box.slots'), slots, t('fix.slots.hint')),
      h('fieldset', null, h('legend', null, t('box.when_drawn')),
        h('div', { class: 'field-row' }, mark('effect', t('box.each_stamp'), psKind), field(t('box.amount'), psAmount))),
      h('fieldset', null, h('legend', null, t('box.drawer')), drawer.el)),
    body: () => {
      const now = { title: textOf(title, o.title, NAME_MAX, t('fix.title')), text: textOf(words, o.text, TEXT_MAX, t('box.text')), slots: slotsOf(slots) };
      const effect = { per_stamp: { [psKind.value]: money10(psAmount, t('box.amount')) } };
      const d = drawer.value();
      if (d) effect.drawer = d;
      return changed(o, { ...now, effect });
    },
  };
}

/**
 * The editor of fact f ({part, id, obj}), the one every screen uses: {el, body()} where
 * body() is what changed against f.obj (an object, maybe empty; null when nothing can be
 * changed now) and throws a FactError (factfields.js) with a sentence for a value the
 * server would refuse. inGame: a game is active (the layout is fixed: a space's editor is
 * then only a sentence, with fixed set). marks: a field whose own source is weak says
 * "unverified" in its label (the box editor).
 */
export function factEditor(f, board, names, { inGame = false, base = 'fix', marks = false } = {}) {
  if (f.classic) return classicFactEditor(f, { inGame, base });
  if (f.part === 'spaces') return spaceEditor(f, board, names, base, inGame, marks);
  if (f.part === 'destinations') return destinationEditor(f, board, names, base, marks);
  if (f.part === 'chance') return chanceEditor(f, board, names, base, marks);
  return journalEditor(f, board, names, base, marks);
}

/**
 * The editor's body for a submit, or null after saying (in the alert region) why the
 * value is refused, with the offending control focused.
 */
export function bodyOrSay(ed) {
  try {
    return ed.body();
  } catch (e) {
    showError(e);
    if (e && e.input && e.input.isConnected) e.input.focus();
    return null;
  }
}

/** PUT body (with "checked": true) to fact f; resolves the item the server answers. */
export function saveFact(ctx, f, body = {}) {
  return ctx.api.req('PUT', `/board/${f.part}/${encodeURIComponent(f.id)}`, { body: { ...body, checked: true } }).then((r) => r.data);
}

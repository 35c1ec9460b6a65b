// facteditor.js -- one fact of the box shown as printed (a space, a Destination card,
// a Chance or Travel Journal card) and its editor; used by the check walk and at the
// table. Saving PUTs only what changed, with "checked": true.

import { h, field, select, money, setColour } from './ui.js';
import { t } from './i18n.js';
import { chanceEffectText, journalEffectText } from './words.js';
import { kindWord, circlesText, honestName, isChecked } from './facts.js';
import { effectEditor } from './views/box.js';

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
  if (f.part === 'spaces') {
    return h('div', { class: 'fact-card space-card' },
      h('p', { class: 'fact-kind' }, t('fact.space', { n: o.index, kind: kindWord(o.kind) }), badge(o)),
      h('p', { class: 'fact-name' }, o.kind === 'destination' ? names.destination(o.destination) : o.name),
      o.kind === 'tax' ? h('p', null, t('fact.tax', { amount: o.amount })) : null);
  }
  if (f.part === 'destinations') {
    return h('div', { class: 'fact-card dest-card' },
      h('div', { class: 'dest-band', style: `background:${setColour(o.colour)}` }, h('span', null, o.colour)),
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

const intOf = (input) => {
  const n = Number(input.value);
  return input.value !== '' && Number.isInteger(n) ? n : null;
};

function money10(input, what) {
  const n = intOf(input);
  if (n === null || n < 0 || n % 10) throw new Error(t('fix.money', { what }));
  return n;
}

function text(id, value, max = 80) {
  return h('input', { type: 'text', id, maxlength: max, value: value || '' });
}

function number(id, value, step = 10) {
  return h('input', { type: 'number', id, min: 0, step, inputmode: 'numeric', value: value ?? '' });
}

/** Copy into body the keys of now that differ from obj. */
function changed(obj, now) {
  const body = {};
  for (const [k, v] of Object.entries(now)) {
    if (JSON.stringify(v ?? null) !== JSON.stringify(obj[k] ?? null)) body[k] = v;
  }
  return body;
}

function spaceEditor(f, board, names, base, inGame) {
  const o = f.obj;
  if (inGame) return { el: h('p', { class: 'hint' }, t('fix.layout')), body: () => null, fixed: true };
  const dest = (board.destinations || []).find((x) => x.id === o.destination);
  const name = text(`${base}-name`, dest ? dest.name : o.name);
  if (o.kind === 'destination') {
    return {
      el: h('div', null, h('p', { class: 'hint' }, t('fix.destspace')), field(t('fix.spacename'), name)),
      body: () => changed({ name: dest ? dest.name : o.name }, { name: name.value.trim() }),
    };
  }
  const kind = select(EDGE_KINDS.map((k) => [k, kindWord(k)]), { id: `${base}-kind` }, o.kind);
  const amount = number(`${base}-amount`, o.amount);
  const amountField = field(t('fix.tax'), amount);
  const sync = () => { amountField.hidden = kind.value !== 'tax'; };
  kind.addEventListener('change', sync);
  sync();
  return {
    el: h('div', null, field(t('fix.kind'), kind), field(t('fix.spacename'), name), amountField),
    body: () => {
      const now = { kind: kind.value, name: name.value.trim() };
      if (kind.value === 'tax') now.amount = money10(amount, t('fix.tax'));
      return changed(o, now);
    },
  };
}

function destinationEditor(f, board, names, base) {
  const o = f.obj;
  const colours = [...new Set((board.destinations || []).map((x) => x.colour))];
  const name = text(`${base}-name`, o.name);
  const colour = select(colours.map((c) => [c, c]), { id: `${base}-colour` }, o.colour);
  const price = number(`${base}-price`, o.price);
  const fee = number(`${base}-fee`, o.fee);
  const setFee = number(`${base}-set-fee`, o.set_fee);
  const goal = select([['', t('fix.nogoal')], ...(board.destinations || []).filter((x) => x.id !== o.id).map((x) => [x.id, x.name])], { id: `${base}-goal` }, o.goal || '');
  return {
    el: h('div', null, field(t('box.name'), name), field(t('box.colour'), colour),
      h('div', { class: 'field-row' }, field(t('box.price'), price), field(t('box.fee'), fee)),
      h('div', { class: 'field-row' }, field(t('box.set_fee'), setFee), field(t('box.goal'), goal))),
    body: () => changed(o, {
      name: name.value.trim(), colour: colour.value, price: money10(price, t('box.price')),
      fee: money10(fee, t('box.fee')), set_fee: money10(setFee, t('box.set_fee')), goal: goal.value || null,
    }),
  };
}

function chanceEditor(f, board, names, base) {
  const o = f.obj;
  const words = h('textarea', { id: `${base}-text`, maxlength: 2000 }, o.text || '');
  const eff = effectEditor(board, names, `${base}-eff`, o.effect);
  return {
    el: h('div', null, field(t('fix.text'), words), eff.el),
    body: () => changed(o, { text: words.value.trim(), effect: eff.value() }),
  };
}

function journalEditor(f, board, names, base) {
  const o = f.obj;
  const title = text(`${base}-title`, o.title);
  const words = h('textarea', { id: `${base}-text`, maxlength: 2000 }, o.text || '');
  const slots = number(`${base}-slots`, o.slots, 1);
  const ps = (o.effect && o.effect.per_stamp) || {};
  const psKind = select(['collect', 'pay', 'collect_from_each'].map((k) => [k, t(`box.ps.${k}`)]),
    { id: `${base}-ps-kind` }, Object.keys(ps)[0] || 'collect');
  const psAmount = number(`${base}-ps-amount`, Object.values(ps)[0]);
  const drawer = effectEditor(board, names, `${base}-drawer`, o.effect && o.effect.drawer, { allowNone: true });
  return {
    el: h('div', null, field(t('fix.title'), title), field(t('fix.text'), words),
      field(t('box.slots'), slots, t('fix.slots.hint')),
      h('fieldset', null, h('legend', null, t('box.when_drawn')),
        h('div', { class: 'field-row' }, field(t('box.each_stamp'), psKind), field(t('box.amount'), psAmount))),
      h('fieldset', null, h('legend', null, t('box.drawer')), drawer.el)),
    body: () => {
      const n = intOf(slots);
      if (n === null || n < 1 || n > 12) throw new Error(t('fix.slots.bad'));
      const effect = { per_stamp: { [psKind.value]: money10(psAmount, t('box.amount')) } };
      const d = drawer.value();
      if (d) effect.drawer = d;
      return changed(o, { title: title.value.trim(), text: words.value.trim(), slots: n, effect });
    },
  };
}

/**
 * The editor of fact f: {el, body()} where body() is what changed (an object, maybe
 * empty; null when nothing can be changed now) and throws an Error with a sentence for
 * a value the box cannot print. inGame: a game is active (the layout is fixed: a space's
 * editor is then only a sentence, with fixed set).
 */
export function factEditor(f, board, names, { inGame = false, base = 'fix' } = {}) {
  if (f.part === 'spaces') return spaceEditor(f, board, names, base, inGame);
  if (f.part === 'destinations') return destinationEditor(f, board, names, base);
  if (f.part === 'chance') return chanceEditor(f, board, names, base);
  return journalEditor(f, board, names, base);
}

/** PUT body (with "checked": true) to fact f; resolves the item the server answers. */
export function saveFact(ctx, f, body = {}) {
  return ctx.api.req('PUT', `/board/${f.part}/${encodeURIComponent(f.id)}`, { body: { ...body, checked: true } }).then((r) => r.data);
}

// views/box.js -- the box editor: correct destinations, Chance and Travel Journal
// cards so they match the group's own box (PUT …/board/…). Facts whose source is
// not the rulebook or the group itself are marked "unverified".

import { h, mount, field, select, busy, announce, showAlert, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { chanceEffectText, journalEffectText, Names } from '../words.js';
import { spacesOf, activeGameId } from '../model.js';

const VERIFIED = new Set(['rulebook', 'group']);
const isUnverified = (x) => !VERIFIED.has(x && x.source);

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, board] = await Promise.all([ctx.api.get(), ctx.board(true)]);
  const c = doc.campaign || {};
  app.title(t('box.title'), c.name);
  const names = new Names(board);
  const dests = [...(board.destinations || [])].sort((a, b) => (a.space ?? 0) - (b.space ?? 0));
  const all = [...dests, ...(board.chance || []), ...(board.journal || [])];
  const unverified = all.filter(isUnverified).length;
  const onSaved = () => { ctx.invalidateBoard(); };

  mount(main,
    h('h1', null, t('box.title')),
    h('p', null, t('box.intro'), ' ', h('a', { href: `#/c/${ctx.cid}/check` }, t('check.title')), '.'),
    h('p', { class: unverified ? 'alert info' : 'muted', style: 'position:static' },
      unverified ? t('box.unverified', { n: unverified, of: all.length }) : t('box.verified')),
    ctx.readOnly ? h('p', { class: 'muted' }, t('box.readonly')) : null,
    section(t('stats.destinations'), 'box-dest', [
      activeGameId(c) ? h('p', { class: 'hint' }, t('box.playing')) : null,
      ...dests.map((d) => destinationItem(ctx, board, names, d, onSaved))]),
    section(t('cards.chance'), 'box-chance', (board.chance || []).map((x) => chanceItem(ctx, board, names, x, onSaved))),
    section(t('cards.journal'), 'box-journal', (board.journal || []).map((x) => journalItem(ctx, board, names, x, onSaved))));
}

function section(title, id, items) {
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), items.length ? items : h('p', { class: 'empty' }, t('box.none')));
}

function sourceBadge(x) {
  return isUnverified(x)
    ? h('span', { class: 'badge unverified', title: t('box.source', { source: x.source || '?' }) }, t('box.badge.unverified'))
    : h('span', { class: 'badge ok' }, x.source === 'group' ? t('box.badge.group') : t('box.badge.rulebook'));
}

function item(summaryChildren, body) {
  return h('details', { class: 'more' }, h('summary', null, h('span', { class: 'grow row' }, summaryChildren)), h('div', { class: 'body' }, body));
}

/** Save only what changed; mark the item as edited by the group. */
function saver(ctx, form, button, collect, put, after) {
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (ctx.readOnly) { showAlert(t('box.readonly.short')); return; }
    const body = collect();
    if (!body) return;
    if (!Object.keys(body).length) { announce(t('camp.settings.same')); showAlert(t('camp.settings.same'), 'info'); return; }
    busy(button, async () => {
      const saved = await put(body);
      after(saved || body);
      announce(t('box.saved.say'));
      button.textContent = t('box.saved');
      setTimeout(() => { if (button.isConnected) button.textContent = t('save'); }, 2000);
    });
  });
}

function intOf(input) {
  const n = Number(input.value);
  return input.value !== '' && Number.isInteger(n) ? n : null;
}

/** A labelled field whose label says "unverified" when that fact's own source is weak. */
function factField(obj, key, labelText, input, hint) {
  const src = obj && obj.sources && obj.sources[key];
  const f = field(labelText, input, hint);
  if (src && !VERIFIED.has(src)) {
    f.querySelector('label').append(h('span', { class: 'badge unverified', title: t('box.source', { source: src }) }, t('box.badge.unverified')));
  }
  return f;
}

function destinationItem(ctx, board, names, d, onSaved) {
  const colours = [...new Set((board.destinations || []).map((x) => x.colour).filter(Boolean))];
  const id = `d-${d.id}`;
  const name = h('input', { type: 'text', id: `${id}-name`, maxlength: 80, value: d.name || '' });
  const colour = select(colours.map((x) => [x, x]), { id: `${id}-colour` }, d.colour);
  const price = h('input', { type: 'number', id: `${id}-price`, min: 0, step: 10, inputmode: 'numeric', value: d.price ?? '' });
  const fee = h('input', { type: 'number', id: `${id}-fee`, min: 0, step: 10, inputmode: 'numeric', value: d.fee ?? '' });
  const setFee = h('input', { type: 'number', id: `${id}-set-fee`, min: 0, step: 10, inputmode: 'numeric', value: d.set_fee ?? '' });
  const goal = select((board.destinations || []).filter((x) => x.id !== d.id).map((x) => [x.id, x.name]), { id: `${id}-goal` }, d.goal);
  const save = h('button', { class: 'btn primary block', type: 'submit' }, t('save'));
  const sw = h('span', { class: 'sw', style: `display:inline-block;width:14px;height:22px;border-radius:3px;border:1px solid #333;background:${setColour(d.colour)}`, 'aria-hidden': 'true' });
  const badge = sourceBadge(d);
  const title = h('span', { class: 'grow' }, d.name);
  const form = h('form', null,
    h('p', { class: 'muted small' }, `${t('box.space', { n: String(d.space ?? '?') })} · ${t('box.source', { source: d.source || '?' })}`),
    factField(d, 'name', t('box.name'), name),
    factField(d, 'colour', t('box.colour'), colour),
    h('div', { class: 'field-row' }, factField(d, 'price', t('box.price'), price), factField(d, 'fee', t('box.fee'), fee)),
    h('div', { class: 'field-row' }, factField(d, 'set_fee', t('box.set_fee'), setFee), factField(d, 'goal', t('box.goal'), goal)),
    ctx.readOnly ? null : save);
  const cur = { ...d };
  saver(ctx, form, save, () => {
    const body = {};
    if (name.value.trim() !== (cur.name || '')) body.name = name.value.trim();
    if (colour.value !== cur.colour) body.colour = colour.value;
    for (const [k, input] of [['price', price], ['fee', fee], ['set_fee', setFee]]) {
      const n = intOf(input);
      if (n === null) { showAlert(t('box.money.bad')); input.focus(); return null; }
      if (n !== cur[k]) body[k] = n;
    }
    if (goal.value !== cur.goal) body.goal = goal.value;
    return body;
  }, (body) => ctx.api.putDestination(d.id, body), (saved) => {
    Object.assign(cur, saved, { source: 'group' });
    title.textContent = cur.name;
    badge.replaceWith(sourceBadge({ source: 'group' }));
    onSaved();
  });
  return item([sw, title, badge], form);
}

/** A structured editor of a Chance-style effect (the kinds of API.md): {el, value()}. */
export function effectEditor(board, names, idBase, effect, { allowNone = false, owner = null, key = 'effect' } = {}) {
  const kinds = ['collect', 'pay', 'move_to', 'move_to_colour', 'move_by', 'go_to_jail', 'jail_free'].map((k) => [k, t(`box.kind.${k}`)]);
  if (allowNone) kinds.unshift(['', t('box.kind.none')]);
  const e = effect || {};
  const current = allowNone && !effect ? '' : (kinds.find(([k]) => k && k in e) || kinds[allowNone ? 1 : 0])[0];
  const kind = select(kinds, { id: `${idBase}-kind` }, current);
  const amount = h('input', { type: 'number', id: `${idBase}-amount`, min: 0, step: 10, inputmode: 'numeric', value: e.collect ?? e.pay ?? '' });
  const targets = spacesOf(board).filter((sp) => sp.destination || sp.id)
    .map((sp) => [sp.destination || sp.id, `${sp.index}. ${sp.destination ? names.destination(sp.destination) : sp.name || sp.id}`]);
  if (e.move_to && !targets.some(([v]) => v === e.move_to)) targets.unshift([e.move_to, names.space(e.move_to)]);
  const to = select(targets, { id: `${idBase}-to` }, e.move_to);
  const salary = h('input', { type: 'checkbox', id: `${idBase}-salary`, checked: !!e.salary });
  const colours = h('input', { type: 'text', id: `${idBase}-colours`, value: [].concat(e.move_to_colour || []).join(', '), placeholder: t('box.colours.eg') });
  const steps = h('input', { type: 'number', id: `${idBase}-steps`, step: 1, inputmode: 'numeric', value: e.move_by ?? '' });
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
      case '': return null;
      case 'collect': case 'pay': {
        const n = intOf(amount);
        if (n === null || n < 0) throw new Error(t('box.amount.bad'));
        return { [kind.value]: n };
      }
      case 'move_to': return salary.checked ? { move_to: to.value, salary: true } : { move_to: to.value };
      case 'move_to_colour': {
        const list = colours.value.split(',').map((x) => x.trim()).filter(Boolean);
        if (!list.length) throw new Error(t('box.colours.bad'));
        return { move_to_colour: list };
      }
      case 'move_by': {
        const n = intOf(steps);
        if (n === null || n === 0) throw new Error(t('box.steps.bad'));
        return { move_by: n };
      }
      case 'go_to_jail': return { go_to_jail: true };
      case 'jail_free': return { jail_free: true };
      default: return null;
    }
  };
  return { el: h('div', null, owner ? factField(owner, key, t('box.effect'), kind) : field(t('box.effect'), kind), holder), value };
}

function sameJson(a, b) { return JSON.stringify(a ?? null) === JSON.stringify(b ?? null); }

function chanceItem(ctx, board, names, card, onSaved) {
  const id = `c-${card.id}`;
  const text = h('textarea', { id: `${id}-text`, maxlength: 2000 }, card.text || '');
  const eff = effectEditor(board, names, `${id}-eff`, card.effect, { owner: card });
  const save = h('button', { class: 'btn primary block', type: 'submit' }, t('save'));
  const badge = sourceBadge(card);
  const title = h('span', { class: 'grow' }, shorten(card.text || card.id));
  const cur = { ...card };
  const form = h('form', null,
    h('p', { class: 'muted small' }, `${t('box.now', { text: chanceEffectText(card.effect, names) })} · ${t('box.source', { source: card.source || '?' })}`),
    factField(card, 'text', t('box.text'), text), eff.el, ctx.readOnly ? null : save);
  saver(ctx, form, save, () => {
    const body = {};
    if (text.value.trim() !== (cur.text || '')) body.text = text.value.trim();
    try {
      const e = eff.value();
      if (!sameJson(e, cur.effect)) body.effect = e;
    } catch (err) { showAlert(err.message); return null; }
    return body;
  }, (body) => ctx.api.putChance(card.id, body), (saved) => {
    Object.assign(cur, saved);
    title.textContent = shorten(cur.text || cur.id);
    badge.replaceWith(sourceBadge({ source: 'group' }));
    onSaved();
  });
  return item([title, badge], form);
}

function journalItem(ctx, board, names, card, onSaved) {
  const id = `j-${card.id}`;
  const title = h('input', { type: 'text', id: `${id}-title`, maxlength: 80, value: card.title || '' });
  const text = h('textarea', { id: `${id}-text`, maxlength: 2000 }, card.text || '');
  const slots = h('input', { type: 'number', id: `${id}-slots`, min: 1, max: 12, step: 1, inputmode: 'numeric', value: card.slots ?? '' });
  const ps = (card.effect && card.effect.per_stamp) || {};
  const psKind = select([['collect', t('box.ps.collect')], ['pay', t('box.ps.pay')], ['collect_from_each', t('box.ps.collect_from_each')]],
    { id: `${id}-ps-kind` }, Object.keys(ps)[0] || 'collect');
  const psAmount = h('input', { type: 'number', id: `${id}-ps-amount`, min: 0, step: 10, inputmode: 'numeric', value: Object.values(ps)[0] ?? '' });
  const drawer = effectEditor(board, names, `${id}-drawer`, card.effect && card.effect.drawer, { allowNone: true });
  const save = h('button', { class: 'btn primary block', type: 'submit' }, t('save'));
  const badge = sourceBadge(card);
  const heading = h('span', { class: 'grow' }, card.title || card.id);
  const cur = { ...card };
  const form = h('form', null,
    h('p', { class: 'muted small' }, `${t('box.now', { text: journalEffectText(card.effect, names) || t('box.no_effect') })} · ${t('box.source', { source: card.source || '?' })}`),
    factField(card, 'title', t('box.card_title'), title), factField(card, 'text', t('box.text'), text),
    factField(card, 'slots', t('box.slots'), slots, t('box.slots.hint')),
    h('fieldset', null, h('legend', null, t('box.when_drawn')),
      h('div', { class: 'field-row' }, factField(card, 'effect', t('box.each_stamp'), psKind), field(t('box.amount'), psAmount))),
    h('fieldset', null, h('legend', null, t('box.drawer')), drawer.el),
    ctx.readOnly ? null : save);
  saver(ctx, form, save, () => {
    const body = {};
    if (title.value.trim() !== (cur.title || '')) body.title = title.value.trim();
    if (text.value.trim() !== (cur.text || '')) body.text = text.value.trim();
    const n = intOf(slots);
    if (n === null || n < 1) { showAlert(t('box.slots.bad')); slots.focus(); return null; }
    if (n !== cur.slots) body.slots = n;
    const amt = intOf(psAmount);
    if (amt === null || amt < 0) { showAlert(t('box.amount.bad')); psAmount.focus(); return null; }
    let d;
    try { d = drawer.value(); } catch (err) { showAlert(err.message); return null; }
    const effect = { per_stamp: { [psKind.value]: amt } };
    if (d) effect.drawer = d;
    if (!sameJson(effect, cur.effect)) body.effect = effect;
    return body;
  }, (body) => ctx.api.putJournal(card.id, body), (saved) => {
    Object.assign(cur, saved);
    heading.textContent = cur.title || cur.id;
    badge.replaceWith(sourceBadge({ source: 'group' }));
    onSaved();
  });
  return item([heading, badge], form);
}

function shorten(t) {
  const str = String(t || '');
  return str.length > 60 ? `${str.slice(0, 59)}…` : str;
}

// views/check.js -- "Check your box": a guided walk, with the box open on the table,
// through every fact of the campaign's board clockwise from GO: the 40 spaces, the
// destinations, the Chance and the Travel Journal cards. One tap confirms a fact as
// printed; "Fix" corrects it. Resumable: it starts at the first fact not yet checked
// (from where this phone left off), so a reload or another phone carries on.

import { h, mount, busy, announce } from '../ui.js';
import { t } from '../i18n.js';
import { Names } from '../words.js';
import { activeGameId } from '../model.js';
import { factsOf, checkCount, isChecked, replaceFact } from '../facts.js';
import { factView, factEditor, bodyOrSay, saveFact } from '../facteditor.js';
import { boxContext, activeGameOf } from '../boxes.js';

/** Where this phone left the walk of a box (the campaign's own: no edition in the key). */
const posKey = (cid, ed) => `stampbook.check.${cid}${ed ? `.${ed}` : ''}`;

function savedPos(cid, ed) {
  try { return Number(localStorage.getItem(posKey(cid, ed))) || 0; } catch { return 0; }
}

function savePos(cid, ed, i) {
  try { localStorage.setItem(posKey(cid, ed), String(i)); } catch { /* private mode: the walk still works */ }
}

/** The index of the first unchecked fact at or after from (wrapping), or -1. */
function nextUnchecked(facts, from) {
  for (let k = 0; k < facts.length; k++) {
    const i = (from + k) % facts.length;
    if (!isChecked(facts[i].obj)) return i;
  }
  return -1;
}

/** "31 of 82 checked" with a progress bar. */
export function progress(board) {
  const c = checkCount(board);
  return h('div', { class: 'check-progress' },
    h('progress', { max: c.facts, value: c.checked, 'aria-label': t('check.progress') }),
    h('p', { class: 'check-count' }, t('check.count', { checked: c.checked, facts: c.facts })));
}

/** The campaign screen's offer to check the box, or null once everything is checked. */
export function checkOffer(ctx, board) {
  const c = checkCount(board);
  if (!board || !board.spaces || c.checked >= c.facts) return null;
  return h('section', { class: 'card check-offer', 'aria-labelledby': 'check-offer-h' },
    h('h2', { id: 'check-offer-h' }, t('check.title')),
    h('p', null, t(c.checked === 0 ? 'check.offer.new' : 'check.offer.more')),
    progress(board),
    ctx.readOnly ? null : h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/check` }, t(c.checked === 0 ? 'check.start' : 'check.resume')));
}

/** The campaign screen's offer to check a classic or Wonders box of the group (box: an
 * entry of campaign.boxes, with its facts and checked counts; name: the edition's name),
 * or null once it is all checked. */
export function boxCheckOffer(ctx, box, name) {
  if (!box || !Number.isInteger(box.facts) || box.checked >= box.facts) return null;
  const id = `check-offer-${box.edition}-h`;
  return h('section', { class: 'card check-offer', 'aria-labelledby': id },
    h('h2', { id }, t('cl.check.title', { box: name })),
    h('p', null, t(box.checked === 0 ? 'cl.check.offer' : 'check.offer.more')),
    progress({ check: { facts: box.facts, checked: box.checked } }),
    ctx.readOnly ? null : h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/check/${box.edition}` }, t(box.checked === 0 ? 'check.start' : 'check.resume')));
}

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const doc = await ctx.api.get();
  const c = doc.campaign || {};
  // The walk of another box than the campaign's own names its edition (#/c/{cid}/check/{ed}).
  const ed = params[1] && params[1] !== c.edition ? params[1] : null;
  const box = ed ? boxContext(ctx, c, ed) : ctx;
  const board = await box.board(true);
  app.title(t('check.title'), c.name);
  const walk = { ctx: box, app, main, board, ed, names: new Names(board), inGame: !!(ed ? activeGameOf(c, ed) : activeGameId(c)), campaign: c };
  walk.facts = factsOf(board);
  walk.at = nextUnchecked(walk.facts, Math.min(savedPos(ctx.cid, ed), Math.max(0, walk.facts.length - 1)));
  draw(walk);
}

function draw(walk) {
  const { ctx, main, board } = walk;
  if (walk.at < 0) {
    mount(main, h('h1', null, t('check.done.title')), progress(board),
      h('p', null, t(board.deeds ? 'cl.check.done' : 'check.done.text')),
      h('p', null, h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}` }, t('check.back'))));
    return;
  }
  const f = walk.facts[walk.at];
  const where = t(`check.where.${f.part}`, { n: f.n, of: f.of });
  const ok = h('button', { class: 'btn primary block', type: 'button', id: 'check-ok' }, t('check.ok'));
  const fix = h('button', { class: 'btn block', type: 'button', id: 'check-fix', 'aria-expanded': 'false' }, t('check.fix'));
  const skip = h('button', { class: 'btn block', type: 'button', id: 'check-skip' }, t('check.skip'));
  const editBox = h('div', { hidden: true });
  ok.addEventListener('click', () => busy(ok, () => confirm(walk, f, {})));
  skip.addEventListener('click', () => move(walk, walk.at + 1));
  fix.addEventListener('click', () => {
    editBox.hidden = !editBox.hidden;
    fix.setAttribute('aria-expanded', String(!editBox.hidden));
    if (!editBox.hidden && !editBox.firstChild) editBox.append(fixForm(walk, f));
    if (!editBox.hidden) editBox.querySelector('input, select, textarea, button')?.focus();
  });
  mount(main,
    h('h1', null, t('check.title')),
    progress(board),
    h('h2', { id: 'check-where', tabindex: '-1' }, where),
    h('p', { class: 'muted' }, t(`check.hint.${f.part}`)),
    factView(f, walk.names),
    ctx.readOnly ? h('p', { class: 'muted' }, t('check.readonly'))
      : h('div', { class: 'stack' }, ok, fix, editBox, skip),
    h('p', null, h('a', { href: `#/c/${ctx.cid}` }, t('check.stop'))));
}

function fixForm(walk, f) {
  const ed = factEditor(f, walk.board, walk.names, { inGame: walk.inGame, base: `fix-${f.part}-${f.id}` });
  const save = h('button', { class: 'btn primary block', type: 'submit', id: 'check-save' }, t('check.save'));
  const form = h('form', { class: 'card', novalidate: true }, ed.el, ed.fixed ? null : save);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = bodyOrSay(ed);
    if (body === null) return;
    busy(save, () => confirm(walk, f, body));
  });
  return form;
}

async function confirm(walk, f, body) {
  const item = await saveFact(walk.ctx, f, body);
  walk.ctx.invalidateBoard();
  replaceFact(walk.board, f.part, item);
  walk.names = new Names(walk.board);
  walk.facts = factsOf(walk.board);
  announce(t(Object.keys(body).length ? 'check.fixed' : 'check.checked'));
  move(walk, walk.at + 1);
}

function move(walk, from) {
  walk.at = nextUnchecked(walk.facts, from % walk.facts.length);
  savePos(walk.ctx.cid, walk.ed, walk.at < 0 ? 0 : walk.at);
  draw(walk);
  walk.main.querySelector('h2')?.focus?.();
}

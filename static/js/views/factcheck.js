// views/factcheck.js -- the box checked at the table: when play meets a fact the group
// has not checked yet (a landing on a destination, a card drawn, a tax), the decision
// shows it with "Matches my box" and "Fix". A fix during a game corrects the running
// game at once (the server appends a correct event); the other phones follow live.

import { h, busy, announce } from '../ui.js';
import { t } from '../i18n.js';
import { findFact, isChecked, replaceFact } from '../facts.js';
import { factView, factEditor, bodyOrSay, saveFact } from '../facteditor.js';

/** Redraw the table with board (the campaign's, as the server has it now), the page
 * kept where it was: a checked prompt that folds away must not move the table. */
function useBoard(scr, board) {
  scr.board = board;
  scr.names.board = board;
  const y = window.scrollY;
  if (!scr.destroyed) scr.redraw();
  window.scrollTo({ top: y, behavior: 'instant' });
}

/** Read the campaign's board again (another phone fixed the box) and redraw the table. */
export async function refreshBoard(scr) {
  scr.ctx.invalidateBoard();
  useBoard(scr, await scr.ctx.board(true));
}

/**
 * The check prompt for fact part/id of the table's board, or null when it is checked
 * or this phone only views. ask: open the editor at once with this question.
 */
export function factPrompt(scr, part, id, { ask = null } = {}) {
  const f = findFact(scr.board, part, id);
  if (!f || isChecked(f.obj) || scr.readOnly) return null;
  const base = `table-${part}-${id}`;
  const ok = h('button', { class: 'btn small', type: 'button', id: `${base}-ok` }, t('check.ok'));
  const fix = h('button', { class: 'btn small', type: 'button', id: `${base}-fix`, 'aria-expanded': 'false' }, t('check.fix'));
  const editBox = h('div', { hidden: true });
  const done = async (body) => {
    const fixes = Object.keys(body).length && part !== 'spaces';
    // The server logs a fix during a game as a correct event: this phone's own, so the
    // stream's echo of it is not "logged on another phone".
    if (fixes && scr.active) scr.ownFixes = (scr.ownFixes || 0) + 1;
    // The answer is the fact as saved: the board is mended here, not read again.
    replaceFact(scr.board, part, await saveFact(scr.ctx, f, body));
    announce(t(Object.keys(body).length ? 'fix.done' : 'check.checked'));
    useBoard(scr, scr.board);
    if (fixes) await scr.reload();
    // The editor folds away: the table shows its decision again, the fix in it.
    if (fixes) scr.showTop();
  };
  const open = () => {
    editBox.hidden = false;
    fix.setAttribute('aria-expanded', 'true');
    if (!editBox.firstChild) editBox.append(fixForm(scr, f, base, done));
  };
  ok.addEventListener('click', () => busy(ok, () => done({})));
  fix.addEventListener('click', () => {
    if (editBox.hidden) open(); else { editBox.hidden = true; fix.setAttribute('aria-expanded', 'false'); }
  });
  const wrap = h('div', { class: 'fact-check', role: 'group', 'aria-labelledby': `${base}-h` },
    h('p', { id: `${base}-h` }, h('strong', null, ask || t('fix.prompt')), ' ', t('fix.prompt.q')),
    factView(f, scr.names, scr.state),
    h('div', { class: 'row' }, ok, fix),
    editBox);
  if (ask) open();
  return wrap;
}

function fixForm(scr, f, base, done) {
  const ed = factEditor(f, scr.board, scr.names, { inGame: scr.active, base: `${base}-ed` });
  const save = h('button', { class: 'btn primary block', type: 'submit', id: `${base}-save` }, t('fix.save'));
  const form = h('form', { class: 'stack', novalidate: true }, ed.el, ed.fixed ? null : save);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = bodyOrSay(ed);
    if (body === null) return;
    busy(save, () => done(body));
  });
  return form;
}

/** After an event this phone logged: the prompt for the card it drew or the tax it paid. */
export function afterEvent(scr) {
  const l = scr.last;
  const ev = l && l.event;
  if (!ev) return null;
  if (ev.type === 'draw_chance') return factPrompt(scr, 'chance', ev.card);
  if (ev.type === 'draw_journal') return factPrompt(scr, 'journal', ev.card, { ask: t('fix.ask') });
  const tax = (l.effects || []).find((e) => e.kind === 'pay' && e.reason === 'tax');
  if (tax) {
    const p = scr.player(tax.from);
    if (p && p.position !== null && p.position !== undefined) return factPrompt(scr, 'spaces', p.position);
  }
  return landingPrompt(scr, l.effects || []);
}

/** A landing on a destination someone owns (a fee may be due): its card, unless the
 * buy decision already shows it. */
function landingPrompt(scr, effects) {
  const moves = effects.filter((e) => e.kind === 'move');
  const last = moves[moves.length - 1];
  const sp = last && ((scr.board && scr.board.spaces) || []).find((x) => x.index === Number(last.to));
  const pending = scr.state && scr.state.turn && scr.state.turn.pending;
  if (!sp || sp.kind !== 'destination' || (pending && pending.kind === 'buy_or_auction')) return null;
  return factPrompt(scr, 'destinations', sp.destination);
}

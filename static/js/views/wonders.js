// views/wonders.js -- the Wonders of the World pieces of a classic table (issue 38, RULES.md
// WONDERS-*): each player's passport (the box's 22 wonders, ticked or not), the free
// flight's wonder picker (the `tick` option the engine lists while a flight pends), and
// the end: who ticked them all and the bonus they collected, then the richest. Wonder
// names come from the box.
//
// renderPassports(container, state, board), renderFlight(container, state, act, board)
// and wondersEnd(state, board) (an element or null); act(event, title, button) sends.

import { h, mount, field, select, money } from '../ui.js';
import { t, list } from '../i18n.js';
import { spaceName } from '../classic-box.js';

/** The wonders of the box: their spaces, in board order. */
export function wonderSpaces(board) {
  return ((board && board.spaces) || []).filter((s) => s.kind === 'wonder').map((s) => s.index).sort((a, b) => a - b);
}

/** One player's passport: n of 22 and a box per wonder (ticked filled). */
function passport(pl, wonders, board) {
  const ticked = new Set(pl.passport || []);
  const left = wonders.filter((w) => !ticked.has(w));
  const label = t('wo.passport', { who: pl.name, n: ticked.size, of: wonders.length });
  return h('div', { class: 'passport', dataset: { player: pl.id } },
    h('p', { class: 'small', id: `passport-${pl.id}` }, h('strong', null, label)),
    h('div', { class: 'passport-boxes', 'aria-hidden': 'true' }, wonders.map((w) => h('span', { class: ticked.has(w) ? 'ticked' : null, title: spaceName(board, w) }))),
    h('p', { class: 'muted small' }, left.length ? t('wo.left', { list: list(left.map((w) => spaceName(board, w))) }) : t('wo.all')));
}

/** Draw every player's passport into container. */
export function renderPassports(container, state, board) {
  const wonders = wonderSpaces(board);
  const ps = (state && state.players) || [];
  if (!wonders.length || !ps.length) { mount(container); return container; }
  mount(container, h('section', { class: 'card passports', 'aria-labelledby': 'passports-h' },
    h('h2', { id: 'passports-h' }, t('wo.passports')),
    ps.map((p) => passport(p, wonders, board))));
  return container;
}

/** Draw the free flight's picker into container while a `tick` option is listed. */
export function renderFlight(container, state, act, board) {
  const opt = ((state && state.options) || []).find((o) => o.type === 'tick');
  const pl = opt && ((state.players || []).find((p) => String(p.id) === String(opt.player)));
  if (!opt || !pl || !(opt.spaces || []).length) { mount(container); return container; }
  const sel = select(opt.spaces.map((s) => [s, spaceName(board, s)]), { id: 'flight-wonder' });
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'act-tick' }, t('wo.flight.go'));
  const form = h('form', { class: 'stack' }, field(t('wo.flight.pick'), sel), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act({ type: 'tick', space: Number(sel.value) }, t('wo.ticked', { who: pl.name, wonder: spaceName(board, sel.value) }), go);
  });
  mount(container, h('div', { class: 'card flight', role: 'group', 'aria-labelledby': 'flight-h' },
    h('h2', { id: 'flight-h' }, t('wo.flight.title', { who: pl.name })),
    h('p', { class: 'muted' }, t('wo.flight.hint', { who: pl.name })),
    form));
  return container;
}

/** The player of a finished Wonders game who ticked every wonder, or null (the game goes
 * on, or it ended otherwise). */
function fullPassport(state, board) {
  const wonders = wonderSpaces(board);
  if (!state || state.status !== 'finished' || !wonders.length) return null;
  return (state.players || []).find((p) => (p.passport || []).length >= wonders.length) || null;
}

/** The end bonus of a Wonders game for the end's banner, on the first screen (WONDERS-END):
 * who ticked every wonder and collected it, then that the richest wins; null while the
 * game goes on or when nobody ticked them all. */
export function wondersBonus(state, board) {
  const full = fullPassport(state, board);
  if (!full) return null;
  const bonus = board.end_bonus ?? board.bonus;
  return h('p', { class: 'wonders-end', id: 'wonders-end' },
    t('wo.bonus', { who: full.name, n: wonderSpaces(board).length, amount: typeof bonus === 'number' ? bonus : '' }), ' ',
    t('wo.richest.short'));
}

/** The end of a Wonders game in "More": the winner by net worth and the standing; null
 * while the game goes on or when nobody ticked every wonder. */
export function wondersEnd(state, board) {
  if (!fullPassport(state, board)) return null;
  const winner = (state.players || []).find((p) => String(p.id) === String(state.winner));
  return h('div', { class: 'wonders-end' },
    winner ? h('p', null, t('wo.richest', { who: winner.name })) : null,
    h('ol', { class: 'final', 'aria-label': t('wo.worth') }, [...(state.players || [])].sort((a, b) => (b.net_worth || 0) - (a.net_worth || 0))
      .map((p) => h('li', null, h('strong', null, p.name), ` · ${t('wo.worth')} `, money(p.net_worth)))));
}

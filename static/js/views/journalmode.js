// views/journalmode.js -- the table in journal mode: paper money, the service keeps
// only the campaign. Two things to log: a journal card drawn, a goal stamped.

import { h, field, select, setColour } from '../ui.js';
import { tokenPicture } from '../tokens.js';
import { spacesOf } from '../model.js';
import { note, endGame, stampDots } from './banker.js';
import { W } from '../words-banker.js';

export function banner(scr) {
  const st = scr.state;
  if (st.status !== 'active') {
    const w = st.winner !== null && st.winner !== undefined ? scr.names.player(st.winner) : null;
    return h('div', { class: 'turn-banner finished' },
      h('div', null, h('h1', { tabindex: '-1' }, w ? `${w} wins!` : 'Game over'),
        h('p', null, st.status === 'abandoned' ? 'The game was ended without a winner.'
          : st.win_stamps && (scr.player(st.winner)?.stamped || []).length >= st.win_stamps ? W.goalsStamped(st.win_stamps) : 'The game was ended early.')));
  }
  return h('div', { class: 'turn-banner' },
    h('div', null, h('h1', { tabindex: '-1' }, 'Journal game'),
      h('p', null, 'Play with the paper money. Log each Travel Journal card and each goal stamp here.')));
}

export function actions(scr) {
  const st = scr.state;
  if (st.status !== 'active') return [];
  const ps = st.players || [];
  const playerOpts = ps.map((p) => [p.id, `${p.name} (${scr.names.token(p.token)})`]);

  // A journal card drawn, by whom.
  const drawer = select(playerOpts, { id: 'jm-drawer' });
  const cardSel = select((scr.board.journal || []).map((c) => [c.id, c.title || c.id]), { id: 'jm-card' });
  const drawBtn = h('button', { class: 'btn primary block', type: 'submit', id: 'jm-draw' }, 'Journal card drawn');
  const drawForm = h('form', { class: 'card', 'aria-labelledby': 'jm-draw-h' },
    h('h2', { id: 'jm-draw-h' }, 'A Travel Journal card'),
    field('Drawn by', drawer), field('Which card', cardSel),
    drawBtn);
  drawForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'draw_journal', card: cardSel.value, player: Number(drawer.value) },
      `${scr.names.player(drawer.value)} drew “${scr.names.card('journal', cardSel.value)}”`, drawBtn);
  });

  // A travel goal stamped on the board, by whom.
  const stamped = new Set((st.destinations || []).filter((d) => d.stamped_by !== null && d.stamped_by !== undefined).map((d) => d.id));
  const dests = spacesOf(scr.board).filter((sp) => sp.kind === 'destination' && sp.destination && !stamped.has(sp.destination));
  const stamper = select(playerOpts, { id: 'jm-stamper' });
  const destSel = select(dests.map((sp) => [sp.destination, scr.names.destination(sp.destination)]), { id: 'jm-goal' });
  const stampBtn = h('button', { class: 'btn gold block', type: 'submit', id: 'jm-stamp' }, 'Goal stamped');
  const stampForm = h('form', { class: 'card', 'aria-labelledby': 'jm-stamp-h' },
    h('h2', { id: 'jm-stamp-h' }, 'A travel goal stamped'),
    field('Stamped by', stamper), field('Which goal', destSel),
    stampBtn);
  stampForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'stamp_goal', player: Number(stamper.value), destination: destSel.value },
      `${scr.names.player(stamper.value)} stamped ${scr.names.destination(destSel.value)}`, stampBtn);
  });
  return [drawForm, stampForm];
}

export function players(scr) {
  const st = scr.state;
  return [h('h2', { id: 'players-h' }, 'Players'), h('div', { class: 'players' }, (st.players || []).map((pl) => {
    const n = (pl.stamped || []).length;
    return h('article', { class: 'player', 'aria-label': pl.name },
      h('div', { class: 'player-head' }, tokenPicture(scr.board, pl.token),
        h('div', null, h('div', { class: 'name' }, pl.name), h('div', { class: 'muted small' }, scr.names.token(pl.token)))),
      h('div', null, stampDots(n, W.goalsCount(n, st.win_stamps), st.win_stamps || 0)),
      n ? h('div', null, (pl.stamped || []).map((did) => {
        const d = scr.names.destinationById(did);
        return h('span', { class: 'chip stamped' }, h('span', { class: 'sw', style: `background:${setColour(d && d.colour)}`, 'aria-hidden': 'true' }), scr.names.destination(did));
      })) : null);
  }))];
}

export function more(scr) {
  const out = [h('h2', null, 'More'), note(scr)];
  if (scr.state.status === 'active') out.push(endGame(scr));
  return out;
}

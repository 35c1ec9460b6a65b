// views/journalmode.js -- the table in journal mode: paper money, the service keeps
// only the campaign. Two things to log: a journal card drawn (who drew it, then a tap
// on the card in the numbered grid), a goal stamped.

import { h, field, select, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { tokenPicture } from '../tokens.js';
import { spacesOf } from '../model.js';
import { note, endGame } from './banker.js';
import { cardGrid } from './cardgrid.js';

export function banner(scr) {
  return h('div', { class: 'turn-banner' },
    h('div', null, h('h1', { tabindex: '-1', id: 'turn-h' }, t('jm.title')),
      h('p', null, t('jm.intro'))));
}

export function actions(scr) {
  const st = scr.state;
  if (st.status !== 'active') return [];
  const ps = st.players || [];
  const playerOpts = ps.map((p) => [p.id, `${p.name} (${scr.names.token(p.token)})`]);

  // A journal card drawn, by whom: pick the drawer, then tap the card.
  const drawer = select(playerOpts, { id: 'jm-drawer' });
  const grid = cardGrid(scr.board, 'journal', {
    journal: st.journal,
    idPrefix: 'jm-card-',
    onPick: (c, label, b) => scr.send({ type: 'draw_journal', card: c.id, player: Number(drawer.value) },
      t('jm.drew', { who: scr.names.player(drawer.value), card: label }), b),
  });
  const drawCard = h('section', { class: 'card', 'aria-labelledby': 'jm-draw-h' },
    h('h2', { id: 'jm-draw-h' }, t('jm.draw.title')),
    field(t('jm.drawer'), drawer),
    h('p', { class: 'hint' }, t('jm.draw.hint')),
    grid);

  // A travel goal stamped on the board, by whom.
  const stamped = new Set((st.destinations || []).filter((d) => d.stamped_by !== null && d.stamped_by !== undefined).map((d) => d.id));
  const dests = spacesOf(scr.board).filter((sp) => sp.kind === 'destination' && sp.destination && !stamped.has(sp.destination));
  const stamper = select(playerOpts, { id: 'jm-stamper' });
  const destSel = select(dests.map((sp) => [sp.destination, scr.names.destination(sp.destination)]), { id: 'jm-goal' });
  const stampBtn = h('button', { class: 'btn gold block', type: 'submit', id: 'jm-stamp' }, t('jm.stamp.go'));
  const stampForm = h('form', { class: 'card', 'aria-labelledby': 'jm-stamp-h' },
    h('h2', { id: 'jm-stamp-h' }, t('jm.stamp.title')),
    field(t('jm.stamper'), stamper), field(t('jm.goal'), destSel),
    stampBtn);
  stampForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    scr.send({ type: 'stamp_goal', player: Number(stamper.value), destination: destSel.value },
      t('jm.stamped', { who: scr.names.player(stamper.value), dest: scr.names.destination(destSel.value) }), stampBtn);
  });
  return [drawCard, stampForm];
}

export function players(scr) {
  const st = scr.state;
  return [h('h2', { id: 'players-h' }, t('players')), h('div', { class: 'players' }, (st.players || []).map((pl) => {
    const n = (pl.stamped || []).length;
    return h('article', { class: 'player', 'aria-label': pl.name },
      h('div', { class: 'player-head' }, tokenPicture(scr.board, pl.token),
        h('div', null, h('div', { class: 'name' }, pl.name), h('div', { class: 'muted small' }, scr.names.token(pl.token)))),
      h('div', { class: 'stamps-count' }, t('strip.stamps.long', { n, of: st.win_stamps ?? '?' })),
      n ? h('div', null, (pl.stamped || []).map((did) => {
        const d = scr.names.destinationById(did);
        return h('span', { class: 'chip stamped' }, h('span', { class: 'sw', style: `background:${setColour(d && d.colour)}`, 'aria-hidden': 'true' }), scr.names.destination(did));
      })) : null);
  }))];
}

export function more(scr) {
  const out = [h('h2', null, t('more')), note(scr)];
  if (scr.state.status === 'active') out.push(endGame(scr));
  return out;
}

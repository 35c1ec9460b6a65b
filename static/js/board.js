// board.js -- the board as an SVG drawing: 40 spaces clockwise from GO (bottom
// right), set colours, owners' colours, board stamps, pieces and the golden ticket.

import { t } from './i18n.js';
import { s, setColour } from './ui.js';
import { tokenColour, tokenDisc } from './tokens.js';
import { spacesOf } from './model.js';

const W = 10;   // width of an edge space
const D = 18;   // depth of an edge space (and a corner's side)
const SIDE = 2 * D + 9 * W;

/** Geometry of space i: its centre, its rectangle and the rotation of its frame. */
export function spaceBox(i) {
  if (i === 0) return { x: SIDE - D, y: SIDE - D, w: D, h: D, rot: 0, corner: true };
  if (i < 10) return { x: SIDE - D - i * W, y: SIDE - D, w: W, h: D, rot: 0 };
  if (i === 10) return { x: 0, y: SIDE - D, w: D, h: D, rot: 90, corner: true };
  if (i < 20) return { x: 0, y: SIDE - D - (i - 10) * W, w: D, h: W, rot: 90 };
  if (i === 20) return { x: 0, y: 0, w: D, h: D, rot: 180, corner: true };
  if (i < 30) return { x: D + (i - 21) * W, y: 0, w: W, h: D, rot: 180 };
  if (i === 30) return { x: SIDE - D, y: 0, w: D, h: D, rot: 270, corner: true };
  return { x: SIDE - D, y: D + (i - 31) * W, w: D, h: W, rot: 270 };
}

const CORNER_TEXT = {
  go: ['GO', '→'],
  jail: ['JAIL', 'visiting'],
  free_parking: ['FREE', 'PARKING'],
  go_to_jail: ['GO TO', 'JAIL'],
};

const SYMBOL = {
  chance: '?',
  journal: 'J',
  flight_local: '✈',
  flight_long: '✈✈',
  tax: '$',
};

/**
 * The SVG of the board for state (may be null: an empty board). names resolves
 * player ids to names. The drawing is one labelled image; the screen lists the
 * same facts in text next to it.
 */
export function drawBoard(board, state, names) {
  const spaces = spacesOf(board);
  const players = (state && state.players) || [];
  const byId = new Map(players.map((p) => [String(p.id), p]));
  const dstate = new Map(((state && state.destinations) || []).map((d) => [d.id, d]));
  const dests = new Map(((board && board.destinations) || []).map((d) => [d.id, d]));
  const svg = s('svg', {
    class: 'board-svg', viewBox: `-1 -1 ${SIDE + 2} ${SIDE + 2}`, role: 'img',
    'aria-label': summary(board, state, names),
  });
  svg.append(s('rect', { x: 0, y: 0, width: SIDE, height: SIDE, fill: '#d8ecd9', stroke: '#2f4f3a', 'stroke-width': 0.6 }));
  // Centre.
  svg.append(s('text', { x: SIDE / 2, y: SIDE / 2 - 4, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 800, fill: '#14365d', transform: `rotate(-45 ${SIDE / 2} ${SIDE / 2})` }, 'TRAVEL'));
  svg.append(s('text', { x: SIDE / 2, y: SIDE / 2 + 5, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 800, fill: '#14365d', transform: `rotate(-45 ${SIDE / 2} ${SIDE / 2})` }, 'WORLD TOUR'));

  for (let i = 0; i < 40; i++) {
    const sp = spaces.find((x) => x.index === i) || { index: i, kind: 'unknown', name: t('space.n', { n: String(i) }) };
    const b = spaceBox(i);
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    const g = s('g', { class: 'space', 'data-index': i });
    const d = sp.destination ? dests.get(sp.destination) : null;
    const ds = sp.destination ? dstate.get(sp.destination) : null;
    const owner = ds && ds.owner !== null && ds.owner !== undefined ? byId.get(String(ds.owner)) : null;
    const stamper = ds && ds.stamped_by !== null && ds.stamped_by !== undefined ? byId.get(String(ds.stamped_by)) : null;
    let title = `${i}. ${sp.name || (d && d.name) || sp.kind}`;
    if (owner) title += `, ${t('board.owned_by', { who: owner.name })}`;
    if (stamper) title += `, ${t('board.stamped_by', { who: stamper.name })}`;
    g.append(s('title', null, title));
    g.append(s('rect', { x: b.x, y: b.y, width: b.w, height: b.h, fill: b.corner ? '#eef6ee' : '#fbfaf5', stroke: '#2f4f3a', 'stroke-width': 0.5 }));

    // Local frame: width lw, depth ld, the inner edge on top; rotated into place.
    const lw = b.corner ? D : W;
    const ld = D;
    const frame = s('g', { transform: `translate(${cx} ${cy}) rotate(${b.corner ? 0 : b.rot}) translate(${-lw / 2} ${-ld / 2})` });
    if (d) {
      frame.append(s('rect', { x: 0, y: 0, width: lw, height: 4.2, fill: setColour(d.colour), stroke: '#2f4f3a', 'stroke-width': 0.4 }));
      if (owner) {
        const col = tokenColour(board, owner.token);
        frame.append(s('rect', { x: 0.6, y: ld - 3.4, width: lw - 1.2, height: 2.8, fill: col, stroke: '#111', 'stroke-width': 0.4, rx: 0.6 }));
      }
    } else if (b.corner) {
      const [t1, t2] = CORNER_TEXT[sp.kind] || [String(sp.name || '').slice(0, 6).toUpperCase(), ''];
      frame.append(s('text', { x: lw / 2, y: 6, 'text-anchor': 'middle', 'font-size': 3.6, 'font-weight': 800, fill: '#14365d' }, t1));
      if (t2) frame.append(s('text', { x: lw / 2, y: 9.6, 'text-anchor': 'middle', 'font-size': 2.8, fill: '#14365d' }, t2));
    } else {
      const sym = SYMBOL[sp.kind] || '';
      const fill = sp.kind === 'journal' ? '#6d5a2b' : sp.kind === 'chance' ? '#c0392b' : '#14365d';
      frame.append(s('text', { x: lw / 2, y: 7.5, 'text-anchor': 'middle', 'font-size': sp.kind === 'flight_long' ? 3.6 : 5.2, 'font-weight': 800, fill }, sym));
      if (sp.kind === 'tax' && sp.amount) frame.append(s('text', { x: lw / 2, y: 13, 'text-anchor': 'middle', 'font-size': 3, fill: '#333' }, String(sp.amount)));
    }
    g.append(frame);

    if (stamper) {
      const col = tokenColour(board, stamper.token);
      const sx = cx;
      const sy = cy;
      g.append(s('circle', { cx: sx, cy: sy, r: 3.6, fill: '#fff', stroke: col, 'stroke-width': 1.1, 'stroke-dasharray': '1.2 0.6' }));
      g.append(s('path', { d: `M${sx - 1.8} ${sy} l1.2 1.4 l2.6 -2.8`, fill: 'none', stroke: col, 'stroke-width': 1.1, 'stroke-linecap': 'round' }));
    }
    svg.append(g);
  }

  // Golden ticket: on Free Parking until someone takes it.
  const tk = (state && state.ticket) || { holder: null, used: false };
  if (!tk.used && (tk.holder === null || tk.holder === undefined)) {
    const b = spaceBox(20);
    svg.append(s('g', { class: 'ticket' },
      s('title', null, t('bv.ticket', { text: t('bv.ticket.parking') })),
      s('rect', { x: b.x + 3, y: b.y + b.h - 7, width: 12, height: 5, rx: 1, fill: '#f4c430', stroke: '#8a6d00', 'stroke-width': 0.5 }),
      s('text', { x: b.x + 9, y: b.y + b.h - 3.6, 'text-anchor': 'middle', 'font-size': 2.6, 'font-weight': 800, fill: '#2b2000' }, 'TICKET')));
  }

  // Pieces.
  const at = new Map();
  for (const p of players) {
    if (p.position === null || p.position === undefined) continue;
    const k = Number(p.position);
    if (!at.has(k)) at.set(k, []);
    at.get(k).push(p);
  }
  for (const [i, list] of at) {
    const b = spaceBox(i);
    const cx = b.x + b.w / 2;
    const cy = b.corner ? b.y + b.h - 4.6 : b.y + b.h / 2;
    const r = list.length > 1 ? 2.6 : 3.4;
    const offs = list.length === 1 ? [[0, 0]]
      : b.corner ? [[-6, 0], [-2, 0], [2, 0], [6, 0]] : [[-2.6, -2.6], [2.6, 2.6], [2.6, -2.6], [-2.6, 2.6]];
    list.forEach((p, j) => {
      const [dx, dy] = offs[j % offs.length];
      let x = cx + dx;
      let y = cy + dy;
      if (i === 10 && p.in_jail) { x = b.x + b.w - 4 + dx / 3; y = b.y + 4; }
      const disc = tokenDisc(board, p.token, x, y, r);
      disc.prepend(s('title', null, p.in_jail ? t('board.in_jail', { who: p.name }) : p.name));
      svg.append(disc);
      if (!tk.used && tk.holder !== null && String(tk.holder) === String(p.id)) {
        svg.append(s('rect', { x: x + r - 1, y: y - r - 1.6, width: 3.4, height: 2.2, rx: 0.4, fill: '#f4c430', stroke: '#8a6d00', 'stroke-width': 0.3 }));
      }
    });
  }
  return svg;
}

function summary(board, state, names) {
  if (!state || !state.players) return t('board.empty');
  // In journal mode (paper money) the service does not follow the pieces: no places.
  const parts = state.players.filter((p) => p.position !== null && p.position !== undefined).map((p) => {
    const sp = (board.spaces || []).find((x) => x.index === p.position);
    return t('board.on', { who: p.name, where: sp ? (sp.name || names.destination(sp.destination)) : t('space.n', { n: String(p.position) }) });
  });
  return parts.length ? t('board.summary', { parts: parts.join('; ') }) : t('board.summary.stamps');
}

// tokens.js -- pictures of the self-inking tokens (drawn here, no image files) and
// the colour that marks each token's player on the board and in charts.

import { s, cssColour, inkOn } from './ui.js';

// 24x24 silhouettes of the four Travel World Tour tokens.
const SHAPES = {
  scottie: [
    'M3 12.5 4.6 8.2 6.3 10H13.6L15.2 6.4 16.6 4.8 17.9 6.5 20.7 7.5 21.3 10.3 18.6 11.3V18.7H16.4V15.2H9V18.7H6.8V15.1L4.9 14.4Z',
  ],
  't-rex': [
    'M3 19.5 6.6 13.6C6 10.6 7.6 8.6 10.4 8.3L12.2 4.5C13.2 2.9 15.6 2.6 18.6 3.2L21.4 4.2V7.1L16.8 7.7 16 9.6 18 10.6 17.3 11.9 15 11.2C14.8 14 13.7 15.9 12.2 17L13.2 20.2H11L10 18H8.6L8.6 20.2H6.6L6.8 17.6Z',
  ],
  hazel: [
    'M4.5 20.5V9.5L5.8 3.2 10.2 7.4H13.8L18.2 3.2 19.5 9.5V20.5Z',
  ],
  'rubber-ducky': [
    'M3.5 14.5C3.5 12.3 5.7 11 8.6 11.3 9.4 11.4 10 11.2 10.5 10.6 9.7 9.5 9.6 7.8 10.4 6.4 11.6 4.4 14.6 3.9 16.5 5.4 17.6 6.3 18 7.4 17.9 8.3L21.3 9.2 17.7 10.9C17.2 11.6 16.9 12.2 17.3 12.9 18.3 14.7 18.2 16.9 16.6 18.4 14.7 20.2 11.7 20.6 8.6 20.3 5.1 19.9 3.5 17.4 3.5 14.5Z',
  ],
};

const EYES = {
  scottie: [[18.4, 8.2, 0.8]],
  't-rex': [[16.6, 5.2, 0.8]],
  hazel: [[9.6, 12.4, 1.1], [14.4, 12.4, 1.1]],
  'rubber-ducky': [[14.6, 7.4, 0.9]],
};

const FALLBACK_COLOURS = ['#c0392b', '#1f6fb2', '#7d3c98', '#d68910', '#117a65', '#566573', '#a04000', '#1b4f72'];

/** The colour of token `id` from the board's token list. */
export function tokenColour(board, id) {
  const list = (board && board.tokens) || [];
  const i = list.findIndex((t) => t.id === id);
  const t = i >= 0 ? list[i] : null;
  const fb = FALLBACK_COLOURS[(i >= 0 ? i : hashOf(id)) % FALLBACK_COLOURS.length];
  return cssColour(t && t.colour, fb);
}

/** The display name of token `id`. */
export function tokenName(board, id) {
  const t = ((board && board.tokens) || []).find((x) => x.id === id);
  if (t && t.name) return t.name;
  if (!id) return '';
  return String(id).replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

function hashOf(str) {
  let x = 0;
  for (const ch of String(str || '')) x = (x * 31 + ch.codePointAt(0)) >>> 0;
  return x;
}

/**
 * An <svg> picture of a token: its silhouette on a disc of its colour. Unknown
 * tokens get their initials. The picture is labelled with the token's name unless
 * decorative is true.
 */
export function tokenPicture(board, id, { size = '', decorative = false, title } = {}) {
  const colour = tokenColour(board, id);
  const ink = inkOn(colour);
  const name = title || tokenName(board, id);
  const svg = s('svg', {
    class: `token ${size}`.trim(),
    viewBox: '0 0 24 24',
    role: decorative ? null : 'img',
    'aria-label': decorative ? null : name,
    'aria-hidden': decorative ? 'true' : null,
    focusable: 'false',
  });
  svg.append(s('circle', { cx: 12, cy: 12, r: 11.5, fill: colour, stroke: '#222', 'stroke-width': 0.8 }));
  const g = s('g', { transform: 'translate(12 12) scale(0.78) translate(-12 -12)' });
  const shapes = SHAPES[id];
  if (shapes) {
    for (const d of shapes) g.append(s('path', { d, fill: ink }));
    for (const [cx, cy, r] of EYES[id] || []) g.append(s('circle', { cx, cy, r, fill: colour }));
  } else {
    const letters = tokenName(board, id).split(/\s+/).map((w) => w[0] || '').join('').slice(0, 2).toUpperCase() || '?';
    g.append(s('text', {
      x: 12, y: 16.2, 'text-anchor': 'middle', 'font-size': letters.length > 1 ? 10 : 12,
      'font-weight': 700, fill: ink,
    }, letters));
  }
  svg.append(g);
  return svg;
}

/** Draw a token disc at (x, y) with radius r inside an existing SVG (for the board). */
export function tokenDisc(board, id, x, y, r) {
  const colour = tokenColour(board, id);
  const ink = inkOn(colour);
  const g = s('g', { transform: `translate(${x - r} ${y - r}) scale(${(2 * r) / 24})` });
  g.append(s('circle', { cx: 12, cy: 12, r: 11.5, fill: colour, stroke: '#111', 'stroke-width': 1.4 }));
  const inner = s('g', { transform: 'translate(12 12) scale(0.78) translate(-12 -12)' });
  if (SHAPES[id]) {
    for (const d of SHAPES[id]) inner.append(s('path', { d, fill: ink }));
  } else {
    const letter = (tokenName(board, id)[0] || '?').toUpperCase();
    inner.append(s('text', { x: 12, y: 16.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: ink }, letter));
  }
  g.append(inner);
  return g;
}

// charts.js -- small accessible SVG charts (horizontal bars), no library.

import { h, s, num } from './ui.js';

const PALETTE = ['#14365d', '#b5651d', '#0b6b3a', '#8e2c7a', '#a3161b', '#1f6fb2', '#6d5a2b', '#3d3d3d'];

/**
 * A horizontal bar chart. data: [{label, value, colour?}]. Returns a <figure> whose
 * SVG is labelled with every value, with a caption; values are printed on the bars.
 */
export function barChart(title, data, { unit = '' } = {}) {
  const rows = data.filter((d) => Number.isFinite(Number(d.value)));
  const max = Math.max(1, ...rows.map((d) => Math.abs(Number(d.value))));
  const W = 340;
  const labelW = 118;
  const barH = 22;
  const gap = 8;
  const H = rows.length * (barH + gap) + gap;
  const desc = rows.map((d) => `${d.label}: ${num(d.value)}${unit ? ` ${unit}` : ''}`).join(', ');
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${Math.max(H, 30)}`, role: 'img', 'aria-label': `${title}. ${desc || 'No data.'}` });
  rows.forEach((d, i) => {
    const y = gap + i * (barH + gap);
    const v = Number(d.value);
    const len = Math.max(v === 0 ? 0 : 2, ((W - labelW - 46) * Math.abs(v)) / max);
    const colour = d.colour || PALETTE[i % PALETTE.length];
    svg.append(s('text', { x: labelW - 6, y: y + barH / 2 + 5, 'text-anchor': 'end', 'font-size': 13, fill: '#1b1b1f' }, truncate(d.label, 16)));
    svg.append(s('rect', { x: labelW, y, width: len, height: barH, rx: 4, fill: colour }));
    svg.append(s('text', { x: labelW + len + 5, y: y + barH / 2 + 5, 'font-size': 13, 'font-weight': 700, fill: '#1b1b1f' }, num(v)));
  });
  return h('figure', { class: 'card', style: 'margin:10px 0' }, h('figcaption', null, h('strong', null, title)), svg);
}

function truncate(t, n) {
  const str = String(t ?? '');
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

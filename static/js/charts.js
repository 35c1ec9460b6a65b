// charts.js -- small accessible SVG charts (horizontal bars), no library.

import { h, s, num } from './ui.js';
import { t } from './i18n.js';

/** The series colours; a chart colours each row by its owner's place in this list, never by rank. */
export const PALETTE = ['#14365d', '#b5651d', '#0b6b3a', '#8e2c7a', '#a3161b', '#1f6fb2', '#6d5a2b', '#3d3d3d'];
const NEGATIVE = '#a3161b';

/**
 * A horizontal bar chart. data: [{label, value, colour?}]. Returns a <figure> whose
 * SVG is labelled with every value, with a caption; values are printed beside the
 * bars. Negative values are drawn to the left of a zero line, hatched, with a minus
 * sign, so a loss never looks like a gain. A label too long for its column is cut
 * with "…" and kept whole in the accessible name and a tooltip.
 */
export function barChart(title, data, { unit = '' } = {}) {
  const rows = data.filter((d) => Number.isFinite(Number(d.value)));
  const W = 340;
  const labelW = 118;
  const barH = 22;
  const gap = 8;
  const valueW = 8 + 8 * Math.max(1, ...rows.map((d) => num(d.value).length));
  const pos = Math.max(0, ...rows.map((d) => Number(d.value)));
  const neg = Math.max(0, ...rows.map((d) => -Number(d.value)));
  const span = Math.max(1, pos + neg);
  const room = W - labelW - valueW - (neg ? valueW : 0);
  const zero = labelW + (neg ? valueW : 0) + (room * neg) / span;
  const H = rows.length * (barH + gap) + gap;
  const desc = rows.map((d) => `${d.label}: ${num(d.value)}${unit ? ` ${unit}` : ''}`).join(', ');
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${Math.max(H, 30)}`, role: 'img', 'aria-label': `${title}. ${desc || '—'}` });
  svg.append(s('defs', null, s('pattern', { id: 'neg-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    s('rect', { width: 6, height: 6, fill: NEGATIVE }), s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#fff', 'stroke-width': 2 }))));
  if (neg) svg.append(s('line', { x1: zero, x2: zero, y1: 2, y2: H - 2, stroke: 'currentColor', 'stroke-width': 1 }));
  rows.forEach((d, i) => {
    const y = gap + i * (barH + gap);
    const v = Number(d.value);
    const len = Math.max(v === 0 ? 0 : 2, (room * Math.abs(v)) / span);
    const colour = d.colour || PALETTE[i % PALETTE.length];
    // 12 px text in a 112 px column: 14 characters fit even in a wide font.
    svg.append(s('text', { x: labelW - 6, y: y + barH / 2 + 5, 'text-anchor': 'end', 'font-size': 12, fill: 'currentColor' },
      s('title', null, String(d.label ?? '')), truncate(d.label, 14)));
    if (v < 0) {
      svg.append(s('rect', { x: zero - len, y, width: len, height: barH, rx: 4, fill: 'url(#neg-hatch)', stroke: NEGATIVE }));
      svg.append(s('text', { x: zero - len - 5, y: y + barH / 2 + 5, 'text-anchor': 'end', 'font-size': 13, 'font-weight': 700, fill: 'currentColor' }, num(v)));
    } else {
      svg.append(s('rect', { x: zero, y, width: len, height: barH, rx: 4, fill: colour }));
      svg.append(s('text', { x: zero + len + 5, y: y + barH / 2 + 5, 'font-size': 13, 'font-weight': 700, fill: 'currentColor' }, num(v)));
    }
  });
  return h('figure', { class: 'card', style: 'margin:10px 0' }, h('figcaption', null, h('strong', null, title)), svg);
}

function truncate(t, n) {
  const str = String(t ?? '');
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

/**
 * A line chart of several series over the same x steps. series: [{label, values,
 * colour?}], xs: the labels of the steps. Returns a <figure> with a legend; the SVG
 * is labelled with each series' last value.
 */
export function lineChart(title, xs, series, { yLabel = '' } = {}) {
  const W = 340;
  const H = 190;
  const left = 30;
  const right = 10;
  const top = 10;
  const bottom = 26;
  const max = Math.max(1, ...series.flatMap((sr) => sr.values));
  const x = (i) => left + (xs.length <= 1 ? (W - left - right) / 2 : ((W - left - right) * i) / (xs.length - 1));
  const y = (v) => top + (H - top - bottom) * (1 - v / max);
  const desc = series.map((sr) => `${sr.label}: ${num(sr.values[sr.values.length - 1] ?? 0)}`).join(', ');
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${title}. ${t('chart.after', { n: xs.length })}: ${desc}.` });
  const ticks = max <= 5 ? max : 4;
  for (let k = 0; k <= ticks; k++) {
    const v = Math.round((max * k) / ticks);
    svg.append(s('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: '#d9d5cc', 'stroke-width': 1 }));
    svg.append(s('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11, fill: 'currentColor' }, String(v)));
  }
  const every = Math.max(1, Math.ceil(xs.length / 8));
  xs.forEach((lab, i) => {
    if (i % every === 0 || i === xs.length - 1) svg.append(s('text', { x: x(i), y: H - 8, 'text-anchor': 'middle', 'font-size': 11, fill: 'currentColor' }, String(lab)));
  });
  series.forEach((sr, j) => {
    const colour = sr.colour || PALETTE[j % PALETTE.length];
    const pts = sr.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
    svg.append(s('polyline', { points: pts, fill: 'none', stroke: colour, 'stroke-width': 3, 'stroke-linejoin': 'round', 'stroke-dasharray': j % 2 ? '6 3' : null }));
    sr.values.forEach((v, i) => svg.append(s('circle', { cx: x(i), cy: y(v), r: 3.5, fill: colour })));
  });
  const legend = h('div', { class: 'legend' }, series.map((sr, j) => h('span', null,
    h('span', { 'aria-hidden': 'true', style: `display:inline-block;width:18px;height:4px;background:${sr.colour || PALETTE[j % PALETTE.length]}` }), sr.label)));
  return h('figure', { class: 'card', style: 'margin:10px 0' }, h('figcaption', null, h('strong', null, title), yLabel ? h('span', { class: 'muted small' }, ` (${yLabel})`) : null), svg, legend);
}

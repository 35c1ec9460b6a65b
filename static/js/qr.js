// qr.js -- a QR code of a text as an <svg> (dark modules on white with the quiet
// zone), drawn from the vendored qrcode-generator (static/vendor/, MIT).

import qrcode from '../vendor/qrcode-generator/qrcode.mjs';
import { s } from './ui.js';

/** An accessible SVG QR code of text (error correction M, the smallest version that fits). */
export function qrSvg(text, label) {
  const qr = qrcode(0, 'M');
  qr.addData(String(text), 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  const size = n + 2 * quiet;
  return s('svg', { class: 'qr', viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges', dataset: null },
    s('rect', { width: size, height: size, fill: '#fff' }),
    s('path', { d, fill: '#000' }));
}

// ui.js -- small DOM helpers shared by every screen: element builder, the alert
// region, polite announcements, the confirmation dialog, number formats, colours.

import { t, money as fmtMoney, dateText as fmtDate } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function append(el, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) { child.forEach((c) => append(el, c)); return; }
  el.append(child instanceof Node ? child : document.createTextNode(String(child)));
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.setAttribute('class', v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' && 'value' in el) el.value = v;
    else if (k === 'checked' || k === 'selected' || k === 'disabled' || k === 'open' || k === 'hidden' || k === 'required') {
      el[k] = !!v;
    } else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** h('button', {class: 'btn', onclick}, 'text', child…): an HTML element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** s('rect', {x, y}): an SVG element. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/** Show an error (or info) sentence in the role=alert region. */
export function showAlert(message, kind = 'error') {
  const box = document.getElementById('alert');
  if (!box) return;
  box.className = kind === 'error' ? 'alert' : `alert ${kind}`;
  box.replaceChildren(
    h('span', null, message),
    h('button', { class: 'close', type: 'button', 'aria-label': t('alert.dismiss'), onclick: clearAlert }, '×'),
  );
}

export function clearAlert() {
  const box = document.getElementById('alert');
  if (box) box.replaceChildren();
}

/** What an ApiError (or anything thrown) says to the table, at a table of screen. */
export function errorText(e, screen) {
  // A refusal the message tables know by its rule is said in the page's language, the
  // screen's own sentence first (`rule.classic.CLASSIC-TRADE` at a classic banker
  // table); the rule's code itself is for the log, never for the table. A rule no table
  // knows: the server's own sentence.
  const keys = e && e.rule ? [screen ? `rule.${screen}.${e.rule}` : '', `rule.${e.rule}`].filter(Boolean) : [];
  const said = keys.map((k) => [k, t(k)]).find(([k, x]) => x !== k);
  return said ? said[1] : e && e.message ? e.message : String(e);
}

/** Show an ApiError (or anything thrown) in the alert region. */
export function showError(e, screen) {
  showAlert(errorText(e, screen));
}

/** A polite announcement for screen readers. */
export function announce(message) {
  const el = document.getElementById('status');
  if (!el) return;
  el.textContent = '';
  setTimeout(() => { el.textContent = message; }, 30);
}

/** Ask a yes/no question in a modal dialog; resolves true for OK. */
export function confirmDialog(title, text, okLabel = t('ok'), { cancel = t('cancel'), focusCancel = false } = {}) {
  const dlg = document.getElementById('confirm');
  if (!dlg || typeof dlg.showModal !== 'function') return Promise.resolve(window.confirm(`${title}\n${text}`));
  const no = dlg.querySelector('button[value="cancel"]');
  dlg.querySelector('#confirm-title').textContent = title;
  dlg.querySelector('#confirm-text').textContent = text;
  dlg.querySelector('#confirm-ok').textContent = okLabel;
  if (no) no.textContent = cancel;
  dlg.returnValue = '';
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    dlg.showModal();
    // A step that takes something back starts on the button that keeps it.
    (focusCancel && no ? no : dlg.querySelector('#confirm-ok')).focus();
  });
}

/** Run an async action with the button disabled; errors land in the alert region. */
export async function busy(button, fn) {
  if (button) button.disabled = true;
  try {
    return await fn();
  } catch (e) {
    showError(e);
    return undefined;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}

/** Money and counts in the UI's locale (i18n.js). */
export const money = (n) => fmtMoney(n);
export const num = (n) => fmtMoney(n);
export const dateText = (iso) => fmtDate(iso);

/** The printed colours of the destination sets (any spelling of the name). */
const SET_COLOURS = {
  brown: '#8b5a2b',
  lightblue: '#8fd0f2',
  pink: '#d93a96',
  orange: '#f7941d',
  red: '#e3202a',
  yellow: '#fde400',
  green: '#1a9e50',
  darkblue: '#0b5ea8',
  blue: '#0b5ea8',
  purple: '#6b3fa0',
};

export function setColour(name) {
  if (!name) return '#999999';
  const k = String(name).toLowerCase().replace(/[\s_-]+/g, '');
  if (SET_COLOURS[k]) return SET_COLOURS[k];
  return cssColour(name, '#999999');
}

/** name if the browser accepts it as a CSS colour, else fallback. */
export function cssColour(name, fallback) {
  if (!name) return fallback;
  const probe = new Option().style;
  probe.color = String(name);
  return probe.color ? String(name) : fallback;
}

/** Black or white, whichever reads better on background colour bg. */
export function inkOn(bg) {
  const c = toRgb(bg);
  if (!c) return '#000';
  const lum = (v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  const L = 0.2126 * lum(c[0]) + 0.7152 * lum(c[1]) + 0.0722 * lum(c[2]);
  return L > 0.35 ? '#111' : '#fff';
}

let ctx2d = null;
function toRgb(colour) {
  try {
    if (!ctx2d) ctx2d = document.createElement('canvas').getContext('2d');
    ctx2d.fillStyle = '#000';
    ctx2d.fillStyle = colour;
    const v = ctx2d.fillStyle;
    if (v.startsWith('#')) return [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16));
    const m = v.match(/\d+(\.\d+)?/g);
    return m ? m.slice(0, 3).map(Number) : null;
  } catch {
    return null;
  }
}

/** Replace the children of el and return el. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A labelled form field: returns {wrap, input}. */
export function field(labelText, input, hint) {
  const id = input.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  input.id = id;
  const hintEl = hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null;
  if (hintEl) input.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, labelText), hintEl, input);
}

/** A <select> of [value, text] pairs. */
export function select(options, attrs = {}, selected) {
  const el = h('select', attrs);
  for (const [value, text] of options) {
    el.append(h('option', { value, selected: String(value) === String(selected) }, text));
  }
  return el;
}


// views/classic_sheets.js -- "My deeds", trades and the Wonders passports on the classic
// table (issue 38), through the table's hook (views/classic-hooks.js): each is a sheet kept
// across redraws (its open state, the seat and the switch the phone chose stay), drawn
// again from every new state, the live stream's included. The free flight's picker and
// the deal of a short or timed game are the dock's widgets of `tick` and `deal`.

import { h } from '../ui.js';
import { t } from '../i18n.js';
import { registerClassicSheet, registerClassicOption } from './classic-hooks.js';
import { bringIntoView } from './table.js';
import { renderDeeds } from './classic_deeds.js';
import { renderTrade } from './classic_trade.js';
import { renderDeal } from './classic_deal.js';
import { renderPassports, renderFlight, wondersEnd, wonderSpaces } from './wonders.js';

const seatKey = (scr) => `stampbook.deeds.${scr.ctx.cid}.${scr.gid}`;

/** The player this phone last showed the deeds of, or null. */
function savedSeat(scr) {
  try { return localStorage.getItem(seatKey(scr)); } catch { return null; }
}

/** A sheet's element, made once per table screen and kept across its redraws. */
function kept(scr, name, make) {
  scr.classicSheets = scr.classicSheets || {};
  if (!scr.classicSheets[name]) scr.classicSheets[name] = make();
  return scr.classicSheets[name];
}

/** A closed panel (details) with its summary and body. */
function panel(id, title) {
  return h('details', { class: 'more', id }, h('summary', null, title), h('div', { class: 'body' }));
}

const send = (scr) => (event, title, button) => scr.send(event, title, button);

/** Send from My deeds, then bring its buttons back between the heading and the toast
 * (the table shows its heading after every change). */
const sendFromDeeds = (scr, det) => (event, title, button) => scr.send(event, title, button).then((d) => {
  const now = det.open && det.querySelector('.deeds-now');
  if (now) bringIntoView(now);
  return d;
});

// My deeds: in the dock, under the decisions, one tap away, for any seat; not during a
// debt (the debt's own card lists the debtor's sales and mortgages).
registerClassicSheet('deeds', (scr) => {
  const st = scr.state;
  if (scr.readOnly || !st || st.status !== 'active' || st.debt) return null;
  const det = kept(scr, 'deeds', () => {
    const d = panel('deeds-sheet', t('dd.sheet'));
    d.addEventListener('deeds-switched', () => { const now = d.querySelector('.deeds-now'); if (now) bringIntoView(now); });
    d.lastChild.addEventListener('click', (ev) => {
      const b = ev.target.closest('button[id^="deeds-seat-"]');
      if (b) { try { localStorage.setItem(seatKey(scr), b.id.slice('deeds-seat-'.length)); } catch { /* private mode */ } }
    });
    return d;
  });
  det.querySelector('summary').textContent = t('dd.sheet');
  renderDeeds(det.lastChild, st, savedSeat(scr), sendFromDeeds(scr, det), scr.board);
  return det;
}, { place: 'dock', order: 10 });

// The passports of a Wonders game: in the dock while it goes on; at the end, in "More"
// with who collected the end bonus.
registerClassicSheet('passports', (scr) => {
  const st = scr.state;
  if (!st || st.status !== 'active' || !wonderSpaces(scr.board).length) return null;
  const det = kept(scr, 'passports', () => panel('passports-sheet', t('wo.passports')));
  det.querySelector('summary').textContent = t('wo.passports');
  renderPassports(det.lastChild, st, scr.board);
  return det;
}, { place: 'dock', order: 20 });

registerClassicSheet('wonders-end', (scr) => {
  const st = scr.state;
  const end = wondersEnd(st, scr.board);
  if (!end) return null;
  return [end, renderPassports(h('div'), st, scr.board)];
}, { place: 'more', order: 1 });

/** Draw the trade form of det from the table's state; a trade recorded closes it and
 * draws it afresh ("More" is not drawn again while one of its panels is open). */
function drawTrade(scr, det) {
  renderTrade(det.lastChild, scr.state, (event, title, button) => scr.send(event, title, button).then((d) => {
    if (d) {
      det.open = false;
      delete det.lastChild.dataset.a;
      delete det.lastChild.dataset.b;
      drawTrade(scr, det);
    }
    return d;
  }), scr.board);
}

// Trades of deeds, jail cards and cash: in "More", any time.
registerClassicSheet('trade', (scr) => {
  const st = scr.state;
  if (scr.readOnly || !st || st.status !== 'active') return null;
  const det = kept(scr, 'trade', () => {
    const d = panel('trade-sheet', t('tr.title'));
    // Opened: the form from its top, so "Record the trade" (kept at the bottom of the
    // screen while the form is on it) is on the first screen with the fields.
    d.addEventListener('toggle', () => { if (d.open) bringIntoView(d); });
    return d;
  });
  det.querySelector('summary').textContent = t('tr.title');
  drawTrade(scr, det);
  return det;
}, { place: 'more', order: 10 });

// The free flight (WONDERS-FLIGHT): the wonder picker is the decision of the dock.
registerClassicOption('tick', (scr) => renderFlight(h('div'), scr.state, send(scr), scr.board));

// The deal of a short or timed game (CLASSIC-SHORT): two deeds for the next player.
registerClassicOption('deal', (scr) => renderDeal(h('div'), scr.state, send(scr), scr.board));

// views/classic-hooks.js -- how other modules add to the classic / Wonders table
// (views/classic.js) without editing it: a sheet (a panel such as "My deeds", trades,
// the passport) or the widget of one option type in the dock.
//
//   import { registerClassicSheet, registerClassicOption } from './classic-hooks.js';
//   registerClassicSheet('deeds', (scr) => h('details', …), { place: 'dock', order: 10 });
//   registerClassicOption('tick', (scr, opts) => h('div', { class: 'card' }, …));
//
// A module registers itself when it is loaded: add its import to the block "Sheets of
// the classic table" near the top of views/classic.js. Every render gets the
// TableScreen `scr` (scr.state, scr.board (the box), scr.names, scr.player(pid),
// scr.send(event, title, button), scr.readOnly) and returns an element, an array or null;
// it is called at every redraw of its part.

const sheets = [];
const optionWidgets = new Map();

/**
 * Add a sheet to the classic table. render(scr) -> element | element[] | null.
 * place: 'dock' (under the decisions, in the first screen's order) or 'more' (the
 * "More" panel, before the note and the end); order: smaller first.
 */
export function registerClassicSheet(name, render, { place = 'more', order = 50 } = {}) {
  const i = sheets.findIndex((x) => x.name === name);
  const entry = { name, render, place, order };
  if (i >= 0) sheets[i] = entry; else sheets.push(entry);
  sheets.sort((a, b) => a.order - b.order);
}

/** The sheets registered for place ('dock' | 'more'), in order. */
export function classicSheets(place) {
  return sheets.filter((x) => x.place === place);
}

/**
 * Draw the options of one type in the dock: render(scr, opts) with every listed
 * option of that type (state.options), -> element | null. It replaces the table's own
 * widget for that type, if it has one.
 */
export function registerClassicOption(type, render) {
  optionWidgets.set(type, render);
}

/** The registered widget of option type, or null. */
export function classicOptionWidget(type) {
  return optionWidgets.get(type) || null;
}

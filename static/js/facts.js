// facts.js -- the facts of a campaign's board the group checks against its box
// (API.md "Correcting the box"): every space, destination, Chance and Journal card.
// A fact is checked once its source is "group"; the walk goes clockwise from GO.

import { money } from './ui.js';
import { t } from './i18n.js';
import { spacesOf } from './model.js';

export const isChecked = (x) => !!x && x.source === 'group';

/** A space kind in words ("Local Flight"). This function can't fail. */
export const kindWord = (kind) => t(`fact.kind.${kind}`);

/**
 * The facts of board in the order of the walk: the 40 spaces from GO, then the
 * destinations (a classic box: the title deeds) in board order, then the Chance and the
 * Journal (a classic box: Community Chest) cards. Each is
 * {part, id, obj, n, of}: part is the PUT path segment (spaces, destinations, chance,
 * journal), id what follows it, n/of its place among its kind.
 */
export function factsOf(board) {
  const spaces = spacesOf(board);
  const dests = [...((board && board.destinations) || [])].sort((a, b) => (a.space ?? 0) - (b.space ?? 0));
  const chance = (board && board.chance) || [];
  const journal = (board && board.journal) || [];
  const deeds = [...((board && board.deeds) || [])].sort((a, b) => a.space - b.space);
  const community = (board && board.community) || [];
  // A classic box's facts say so (classic_facts.js shows and edits them).
  const classic = Array.isArray(board && board.deeds);
  const list = (part, items, idOf) => items.map((obj, i) => ({ part, id: String(idOf(obj)), obj, n: i + 1, of: items.length, classic }));
  return [
    ...list('spaces', spaces, (x) => x.index),
    ...list('destinations', dests, (x) => x.id),
    ...list('deeds', deeds, (x) => x.space),
    ...list('chance', chance, (x) => x.id),
    ...list('journal', journal, (x) => x.id),
    ...list('community', community, (x) => x.id),
  ];
}

/** {facts, checked} of board: the server's count when it sent one. */
export function checkCount(board) {
  if (board && board.check && Number.isInteger(board.check.facts)) return board.check;
  const facts = factsOf(board);
  return { facts: facts.length, checked: facts.filter((f) => isChecked(f.obj)).length };
}

/** The fact of board at part/id, or null. */
export function findFact(board, part, id) {
  return factsOf(board).find((f) => f.part === part && f.id === String(id)) || null;
}

/** A name as the group should see it: a placeholder name says so until checked. */
export function honestName(obj, key = 'name') {
  const text = obj && obj[key];
  if (!obj || isChecked(obj) || !text) return text;
  const src = (obj.sources && obj.sources[key]) || obj.source;
  return src === 'placeholder' ? t('fact.unchecked.name', { name: text }) : text;
}

/** Put the item the server answered for a PUT into board (in place) and recount. */
export function replaceFact(board, part, item) {
  const list = part === 'spaces' ? board.spaces : board[part];
  const key = { spaces: 'index', deeds: 'space' }[part] || 'id';
  const i = (list || []).findIndex((x) => String(x[key]) === String(item[key]));
  if (i >= 0) list[i] = item;
  if (part === 'spaces' && item.kind === 'destination' && item.destination) {
    const d = (board.destinations || []).find((x) => x.id === item.destination);
    if (d) d.name = item.name;
  }
  if (part === 'deeds') {
    const sp = (board.spaces || []).find((x) => x.index === item.space);
    if (sp) sp.name = item.name;
  }
  if (part === 'destinations') {
    const sp = (board.spaces || []).find((x) => x.destination === item.id);
    if (sp) sp.name = item.name;
  }
  delete board.check;
  board.check = checkCount(board);
}

/** The circles of a journal card: ●●○ 1 open. */
export function circlesText(slots, used = 0) {
  const n = Math.max(0, Number(slots) || 0);
  const u = Math.min(n, Number(used) || 0);
  return `${'●'.repeat(u)}${'○'.repeat(n - u)} ${u >= n ? t('cards.full') : t('cards.open', { n: n - u })}`;
}

/** A logged correct event in words: "Box corrected: Rapa Nui, price 100 → 120". */
export function correctionText(ev, names) {
  const what = ev.what === 'destination' ? names.destination(ev.id) : names.card(ev.what, ev.id);
  const parts = Object.entries(ev.fields || {}).map(([k, v]) => {
    const b = (ev.before || {})[k];
    const label = t(k === 'title' ? 'box.name' : `box.${k}`);
    const field = label.startsWith('box.') ? k.replace('_', ' ') : label.toLocaleLowerCase();
    const show = (x) => (typeof x === 'number' ? money(x) : String(x ?? t('fact.none')));
    return typeof v === 'object' && v !== null ? t('fact.changed', { field }) : t('fact.change', { field, before: show(b), after: show(v) });
  });
  return `${t('ev.correct', { what })}${parts.length ? `, ${parts.join(', ')}` : ''}`;
}

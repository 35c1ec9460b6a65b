// queue.js -- taps made while the server is unreachable, kept on the phone
// (localStorage) with their Idempotency-Key and If-Match and sent, in order, when the
// server answers again. The queue is visible at the bottom of the screen; a tap the
// table's newer state refused (412, 409, 422) is dropped with a clear message.
// A queued tap that follows another of the same game is sent with the ETag the
// previous one's answer carried, so it applies only on top of it.

import { request, ApiError } from './api.js';
import { errorText, h } from './ui.js';
import { t, timeText } from './i18n.js';

const STORE_KEY = 'stampbook.queue.v1';
const RETRY_MS = 3000;
let timer = null;
let flushing = false;
let refused = []; // [{title, detail}] shown until dismissed

function readAll() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function writeAll(list) {
  try { localStorage.setItem(STORE_KEY, JSON.stringify(list)); } catch { /* full storage */ }
}

/** The queued taps (oldest first), optionally of one game. */
export function queued(cid, gid) {
  return readAll().filter((x) => cid === undefined || (String(x.cid) === String(cid) && String(x.gid) === String(gid)));
}

/**
 * Queue one event for game gid of campaign cid: {cid, gid, key, event, ifMatch,
 * idem, title, screen (the table's, for its refusal's words)}. A tap queued after
 * another of the same game chains on it.
 */
export function enqueue(item) {
  const list = readAll();
  const chained = list.some((x) => String(x.cid) === String(item.cid) && String(x.gid) === String(item.gid));
  list.push({ ...item, chained, at: new Date().toISOString() });
  writeAll(list);
  draw();
  schedule();
}

function schedule() {
  clearTimeout(timer);
  if (readAll().length) timer = setTimeout(flush, RETRY_MS);
}

function emit(name, detail) { window.dispatchEvent(new CustomEvent(name, { detail })); }

/** Send every queued tap in order; stops at the first one the network still loses. */
export async function flush() {
  if (flushing) return;
  flushing = true;
  try {
    const etags = new Map(); // game -> ETag of the last answer sent from the queue
    const sent = new Map(); // game -> the event last sent from the queue
    for (;;) {
      const list = readAll();
      const item = list[0];
      if (!item) break;
      const game = `${item.cid}/${item.gid}`;
      const ifMatch = item.chained && etags.has(game) ? etags.get(game) : item.ifMatch;
      try {
        const res = await request('POST', `/campaigns/${encodeURIComponent(item.cid)}/games/${item.gid}/events`,
          { key: item.key, body: item.event, ifMatch: ifMatch || undefined, idempotencyKey: item.idem });
        etags.set(game, res.etag);
        sent.set(game, JSON.stringify(item.event));
        writeAll(readAll().filter((x) => x.idem !== item.idem));
        emit('stampbook-sent', { item, data: res.data, etag: res.etag });
      } catch (e) {
        if (e instanceof ApiError && e.status === 0) break; // still unreachable: later
        // The same decision tapped twice (a queue kept by an older version): the first
        // one was logged, the second is refused. Drop it without a "Not saved".
        if (sent.get(game) === JSON.stringify(item.event)) {
          writeAll(readAll().filter((x) => x.idem !== item.idem));
          emit('stampbook-refused', { item, error: e, duplicate: true });
          continue;
        }
        // Refused by the table's newer state: drop it and every tap chained on it.
        const rest = readAll().filter((x) => x.idem !== item.idem);
        const dropped = [item];
        const keep = [];
        for (const x of rest) {
          if (`${x.cid}/${x.gid}` === game && x.chained) dropped.push(x); else keep.push(x);
        }
        writeAll(keep);
        for (const x of dropped) {
          refused.push({ title: x.title, detail: x === item ? refusalText(e, x.screen) : t('queue.refused.chain') });
        }
        emit('stampbook-refused', { item, error: e });
      }
    }
  } finally {
    flushing = false;
    draw();
    schedule();
  }
}

/** Why the server refused a tap queued at a table of screen, in the page's language
 * where the tables know its rule (as a refusal at the table is said). */
function refusalText(e, screen) {
  if (e instanceof ApiError && e.status === 412) return t('queue.refused.412');
  return t('queue.refused.other', { detail: errorText(e, screen) });
}

/** Draw the queue panel: the taps waiting and the ones refused. */
export function draw() {
  const box = document.getElementById('queue');
  if (!box) return;
  const list = readAll();
  if (!list.length && !refused.length) { box.hidden = true; box.replaceChildren(); return; }
  const parts = [];
  if (list.length) {
    parts.push(h('p', { class: 'queue-head' }, t('queue.waiting', { n: list.length })),
      h('ol', { class: 'queue-list' }, list.map((x) => h('li', null, `${timeText(x.at)} · ${x.title}`))),
      h('button', { class: 'btn small', type: 'button', id: 'queue-retry', onclick: () => flush() }, t('queue.retry')));
  }
  if (refused.length) {
    parts.push(h('div', { class: 'queue-refused', role: 'alert' },
      refused.map((r) => h('p', null, h('strong', null, t('queue.refused', { title: r.title })), ' ', r.detail)),
      h('button', { class: 'btn small', type: 'button', onclick: () => { refused = []; draw(); } }, t('queue.dismiss'))));
  }
  box.replaceChildren(...parts);
  box.hidden = false;
}

/** Start: show what is queued, send it now and whenever the network comes back. */
export function startQueue() {
  window.addEventListener('online', () => flush());
  draw();
  if (readAll().length) flush();
}

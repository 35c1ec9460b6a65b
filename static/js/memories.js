// memories.js -- the campaign relives its stamps (API.md "Memories" and "Recap and night
// summary"): a memory with a photo added at the table (the phone scales the photo to
// 1280 px first), memories under their stamps in the journal, a card's memories coming
// back as it pays, "Last time…" on the campaign screen, the night card shared as a PNG
// drawn from its SVG, and the journal's payouts per player across games. The screens
// call these through small hooks; nothing here changes how they work otherwise.

import { ApiError } from './api.js';
import { h, showAlert, showError, announce, busy, money, confirmDialog } from './ui.js';
import { t, dateText, currentLanguage } from './i18n.js';
import { lineChart, PALETTE } from './charts.js';
import { lastNight, outcome } from './boxes.js';

const BASE = 'api/v1';
const PHOTO_SIDE = 1280; // pixels: the longer side of a photo as the phone sends it
const PHOTO_MAX = 512 * 1024; // bytes the server takes
const TEXT_MAX = 500;

/** A request with the campaign's key; resolves the Response, rejects with ApiError. */
async function call(api, method, path, { body, type, headers: more } = {}) {
  const headers = { Authorization: `Bearer ${api.key}`, ...more };
  if (type) headers['Content-Type'] = type;
  let res;
  try {
    res = await fetch(`${BASE}${api.base}${path}`, { method, headers, body, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch {
    throw new ApiError(0, { title: t('api.network.title'), detail: t('api.network') });
  }
  if (!res.ok) {
    let problem = null;
    try { problem = await res.json(); } catch { /* not JSON */ }
    throw new ApiError(res.status, problem);
  }
  return res;
}

const getJson = async (api, path) => (await call(api, 'GET', path)).json();

// ---- photos ----

/**
 * The photo as the phone sends it: drawn on a canvas with its longer side at most 1280
 * px and encoded as JPEG (which also drops what the camera wrote in the file, such as
 * where it was taken), lowering the quality until it fits in 512 KiB.
 */
export async function scalePhoto(file) {
  const bitmap = await createImageBitmap(file);
  const k = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * k));
  canvas.height = Math.max(1, Math.round(bitmap.height * k));
  const g = canvas.getContext('2d');
  // JPEG keeps no transparency: a PNG's transparent parts on white, not black.
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  for (let q = 0.85; ; q -= 0.15) {
    const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', Math.max(q, 0.3)));
    if (blob.size <= PHOTO_MAX || q <= 0.3) return blob;
  }
}

/** An <img> of memory m's photo: read with the key (an <img src> cannot send one) and
 *  shown as a data: URL, which the page's CSP allows. */
export function photoImg(api, m) {
  const img = h('img', { class: 'memory-photo', alt: t('mem.photo.alt', { text: m.text }), loading: 'lazy', width: 240, style: 'max-width:100%;height:auto;border-radius:6px' });
  call(api, 'GET', `/memories/${m.id}/photo`).then((r) => r.blob()).then((blob) => new Promise((res) => {
    const fr = new FileReader();
    fr.onload = () => res(fr.result);
    fr.readAsDataURL(blob);
  })).then((url) => { img.src = url; }).catch(() => img.remove());
  return img;
}

// ---- at the table ----

/** The stamps a memory of this game may name: [value, label], the game itself first. */
function stampChoices(scr, journalStamps) {
  const opts = [['', t('mem.about.game')]];
  for (const st of journalStamps) {
    opts.push([`card:${st.card}:${st.slot}`, t('mem.about.stamp', { card: scr.names.journalCard(st.card)?.title || st.card, who: st.player?.name ?? '' })]);
  }
  for (const d of (scr.state?.destinations || []).filter((x) => x.stamped_by !== null && x.stamped_by !== undefined)) {
    opts.push([`dest:${d.id}`, t('mem.about.board', { dest: scr.names.destination(d.id), who: scr.names.player(d.stamped_by) })]);
  }
  return opts;
}

/** The photo's refusal in the phone's words (the server's detail is English). */
function photoError(e) {
  const why = !(e instanceof ApiError) ? 'mem.photo.bad'
    : e.status === 0 ? null
      : e.status === 507 ? 'mem.photo.full'
        : e.status === 413 ? 'mem.photo.big'
          : e.status === 415 || e.status === 422 ? 'mem.photo.bad' : null;
  return why ? new ApiError(e.status || 422, { title: t('mem.photo.refused'), detail: t(why) }) : e;
}

/**
 * Save a memory of game gid with its photo as one step; resolves the memory. The photo is
 * read and scaled first (a file this browser cannot decode, such as HEIC, stops here with
 * nothing saved); when the server refuses it, the memory just made is deleted again, so
 * a second tap never leaves a twin. Rejects with an ApiError in the phone's language.
 */
export async function saveMemory(api, gid, text, about, file) {
  const body = { game: Number(gid), text };
  if (about.startsWith('card:')) {
    const [, card, slot] = about.split(':');
    body.card = card;
    body.slot = Number(slot);
  } else if (about.startsWith('dest:')) body.destination = about.slice(5);
  else if (about.startsWith('seq:')) body.seq = Number(about.slice(4));
  let photo = null;
  if (file) {
    try { photo = await scalePhoto(file); } catch (e) { throw photoError(e); }
  }
  const m = (await (await call(api, 'POST', '/memories', { body: JSON.stringify(body), type: 'application/json' })).json()).memory;
  if (photo) {
    try {
      await call(api, 'PUT', `/memories/${m.id}/photo`, { body: photo, type: photo.type || 'image/jpeg' });
    } catch (e) {
      await call(api, 'DELETE', `/memories/${m.id}`).catch(() => {});
      throw photoError(e);
    }
    m.photo = true;
  }
  return m;
}

/** What a memory is about, as its stamp or "this game". */
function aboutOf(m) {
  if (m.card) return m.stamp ? t('mem.about.stamp', { card: m.card_title || m.card, who: m.stamp.player?.name ?? '' }) : m.card;
  if (m.destination) return m.destination_name || m.destination;
  return t('mem.about.game');
}

/**
 * Change a memory's words in place (PATCH …/memories/{mid}): the same memory, its id,
 * stamp and photo kept. If-Match carries the version this phone showed, so a memory
 * another phone changed first is refused (412) and said so in the phone's words.
 */
async function editMemory(api, m, text) {
  try {
    return (await (await call(api, 'PATCH', `/memories/${m.id}`, { body: JSON.stringify({ text }), type: 'application/json', headers: ifMatch(m) })).json()).memory;
  } catch (e) { throw changedError(e); }
}

/** If-Match: the version of memory m this phone shows (none when it has none). */
const ifMatch = (m) => (m.version ? { 'If-Match': `"${m.version}"` } : {});

/** A 412 (another phone changed the memory first) in the phone's words; e otherwise. */
function changedError(e) {
  return e instanceof ApiError && e.status === 412 ? new ApiError(412, { title: t('mem.changed.title'), detail: t('mem.changed') }) : e;
}

/**
 * For a memory whose journal stamp was undone (m.undone: the draw that made it was
 * undone), "Its stamp on <card> was undone", and for each stamp restamp(m) resolves
 * ([{card, slot, title, who}], the stamp made again first) a button that moves the memory
 * there (PATCH …/memories/{mid}); then moved(). Null for any other memory.
 */
function undoneNote(api, m, restamp, moved) {
  if (!m.undone) return null;
  const box = h('div', { class: 'memory-undone', dataset: { undone: m.undone.card } },
    h('p', { class: 'small' }, t('mem.undone', { card: m.undone.title || m.undone.card })));
  if (!restamp) return box;
  const moveTo = (b, st) => busy(b, async () => {
    try {
      const body = JSON.stringify({ card: st.card, slot: st.slot });
      Object.assign(m, (await (await call(api, 'PATCH', `/memories/${m.id}`, { body, type: 'application/json', headers: ifMatch(m) })).json()).memory);
      announce(t('mem.moved'));
      moved();
    } catch (e) { showError(changedError(e)); }
  });
  Promise.resolve(restamp(m)).then((stamps) => {
    if (!stamps.length) { box.append(h('p', { class: 'muted small' }, t('mem.undone.none'))); return; }
    box.append(h('div', { class: 'row' }, stamps.map((st) => h('button', { class: 'btn small', type: 'button', dataset: { card: st.card, slot: st.slot },
      onclick: (ev) => moveTo(ev.currentTarget, st) }, t('mem.move', { card: st.title, who: st.who })))));
  }).catch(() => { /* the note stands without its buttons */ });
  return box;
}

/**
 * The stamps of game gid a memory whose stamp was undone may move to, from the journal's
 * cards ([{id, title, stamps}]): [{card, slot, seq, title, who}], those on its undone card
 * first, newest first; title(card) names a card.
 */
export function stampsOfGame(cards, m, title = (c) => c.title || c.id) {
  const out = [];
  for (const c of cards || []) {
    for (const st of c.stamps || []) {
      if (String(st.game) !== String(m.game)) continue;
      out.push({ card: c.id, slot: st.slot, seq: Number(st.seq) || 0, title: title(c), who: st.player?.name ?? '' });
    }
  }
  const same = (x) => (m.undone && x.card === m.undone.card ? 0 : 1);
  return out.sort((a, b) => same(a) - same(b) || b.seq - a.seq);
}

/**
 * One memory as a list item, with Edit and Delete for a phone with the write key;
 * names(m) says what it is about. onChange() after an edit or a deletion; onChange(true)
 * when another phone changed the memory first (the list is read again).
 */
export function memoryItem(api, m, { readOnly = false, names = aboutOf, onChange = () => {}, restamp = null } = {}) {
  const li = h('li', { class: 'memory', dataset: { memory: m.id } });
  const show = () => {
    const tools = readOnly ? null : h('div', { class: 'row' },
      h('button', { class: 'btn small', type: 'button', id: `memory-edit-${m.id}`, onclick: () => edit() }, t('mem.edit')),
      h('button', { class: 'btn small danger', type: 'button', id: `memory-delete-${m.id}`, onclick: (ev) => remove(ev.currentTarget) }, t('mem.delete')));
    li.replaceChildren(h('p', null, t('quote', { text: m.text }), h('span', { class: 'muted small' }, ` · ${names(m)}`)),
      undoneNote(api, m, readOnly ? null : restamp, () => { show(); onChange(); }) || '', m.photo ? photoImg(api, m) : '', tools || '');
  };
  const remove = (b) => busy(b, async () => {
    if (!(await confirmDialog(t('mem.delete.title'), t('mem.delete.text', { text: m.text }), t('mem.delete')))) return;
    try {
      await call(api, 'DELETE', `/memories/${m.id}`, { headers: ifMatch(m) });
      li.remove();
      announce(t('mem.deleted'));
      onChange();
    } catch (e) {
      showError(changedError(e));
      if (e instanceof ApiError && e.status === 412) onChange(true);
    }
  });
  const edit = () => {
    const text = h('textarea', { id: `memory-text-${m.id}`, maxlength: TEXT_MAX, rows: 3 });
    text.value = m.text;
    const go = h('button', { class: 'btn primary small', type: 'submit' }, t('mem.edit.save'));
    const form = h('form', { class: 'stack' }, h('label', { for: text.id }, t('mem.text')), text,
      h('div', { class: 'row' }, go, h('button', { class: 'btn small', type: 'button', onclick: () => show() }, t('cancel'))));
    onWords(form, text, go, async (words) => {
      try {
        Object.assign(m, await editMemory(api, m, words));
        show();
        announce(t('mem.saved'));
        onChange();
      } catch (e) {
        showError(e);
        if (e.status === 412) onChange(true); // read it again as it is now
      }
    });
    li.replaceChildren(form);
    text.focus();
  };
  show();
  return li;
}

/**
 * "Memories of this game" under the table: every memory of game gid, about the game,
 * a board stamp or a journal stamp, each with Edit and Delete (GET …/memories?game=).
 */
export function gameMemories(scr) {
  const list = h('ul', { class: 'memories' });
  const det = h('details', { class: 'more', id: 'game-memories' }, h('summary', null, t('mem.game')), h('div', { class: 'body' }, list));
  const names = (m) => {
    if (m.card) return t('mem.about.stamp', { card: scr.names.journalCard(m.card)?.title || m.card, who: m.stamp?.player?.name ?? '' });
    if (m.destination) return t('mem.about.board', { dest: scr.names.destination(m.destination), who: scr.names.player(((scr.state?.destinations || []).find((d) => d.id === m.destination) || {}).stamped_by) });
    return t('mem.about.game');
  };
  const load = async () => {
    list.replaceChildren(h('li', { class: 'muted' }, t('loading')));
    try {
      const ms = (await getJson(scr.ctx.api, `/memories?game=${encodeURIComponent(scr.gid)}`)).memories || [];
      const title = (c) => scr.names.journalCard(c.id)?.title || c.title || c.id;
      const restamp = async (m) => stampsOfGame(await scr.ctx.api.journal(), m, title);
      for (const m of ms) if (m.undone) m.undone.title = scr.names.journalCard(m.undone.card)?.title;
      list.replaceChildren(...(ms.length ? ms.map((m) => memoryItem(scr.ctx.api, m, { readOnly: scr.readOnly, names, restamp, onChange: (stale) => { if (stale || !list.children.length) load(); } }))
        : [h('li', { class: 'empty' }, t('mem.none'))]));
    } catch (e) { list.replaceChildren(h('li', null, e.message)); }
  };
  det.addEventListener('toggle', () => { if (det.open) load(); });
  det.reload = () => { if (det.open) load(); };
  return det;
}


/** "Add a memory" in the table's More: a few words, what they are about, a photo. */
export function memoryForm(scr) {
  if (!scr.state || scr.screen === 'log') return null;
  const text = h('textarea', { id: 'memory-text', maxlength: TEXT_MAX, rows: 3 });
  const about = h('select', { id: 'memory-about' });
  const fill = (stamps) => about.replaceChildren(...stampChoices(scr, stamps).map(([v, l]) => h('option', { value: v }, l)));
  fill([]);
  // The browser's own file button speaks the browser's language, not the page's: it is
  // hidden behind a label-button in the page's words, with the chosen file's name beside it.
  const photo = h('input', { type: 'file', id: 'memory-photo', class: 'visually-hidden file-input', accept: 'image/jpeg,image/png,image/webp', capture: 'environment' });
  const chosen = h('span', { class: 'muted small', id: 'memory-photo-name' }, t('mem.photo.none'));
  const showChosen = () => { chosen.textContent = photo.files && photo.files[0] ? photo.files[0].name : t('mem.photo.none'); };
  photo.addEventListener('change', showChosen);
  const pick = h('div', { class: 'row file-pick' }, photo, h('label', { for: 'memory-photo', class: 'btn', 'aria-hidden': 'true' }, t('mem.photo.pick')), chosen);
  const go = h('button', { class: 'btn primary block', type: 'submit' }, t('mem.save'));
  const lab = (id, txt) => h('label', { for: id }, txt);
  const form = h('form', { class: 'stack' }, lab('memory-text', t('mem.text')), text, lab('memory-about', t('mem.about')), about,
    lab('memory-photo', t('mem.photo')), pick, go);
  const det = h('details', { class: 'more', id: 'memory-add' }, h('summary', null, t('mem.add')), h('div', { class: 'body' }, form));
  det.addEventListener('toggle', async () => {
    if (!det.open) return;
    try {
      const cards = await scr.ctx.api.journal();
      fill(cards.flatMap((c) => (c.stamps || []).filter((s) => String(s.game) === String(scr.gid)).map((s) => ({ ...s, card: c.id }))));
    } catch { /* the game itself can still be remembered */ }
  });
  onWords(form, text, go, async (words) => {
    try {
      await saveMemory(scr.ctx.api, scr.gid, words, about.value, photo.files && photo.files[0]);
      text.value = '';
      photo.value = '';
      showChosen();
      det.open = false;
      announce(t('mem.saved'));
      showAlert(t('mem.saved'), 'info');
      document.getElementById('game-memories')?.reload?.();
    } catch (e) { showError(e); }
  });
  return det;
}

/** On form's submit: the words of a memory from text (none: said in place, nothing sent),
 * then save(words) with the button go busy. */
function onWords(form, text, go, save) {
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const words = text.value.trim();
    if (!words) { showAlert(t('mem.empty')); text.focus(); return; }
    busy(go, () => save(words));
  });
}

/** A memory coming back: "Ana stamped this in game 3: '…'" with its photo. */
function relivedItem(api, m) {
  const who = m.stamp?.player?.name;
  const line = who ? t('mem.relive', { who, n: m.stamp.number ?? m.number, text: m.text }) : t('quote', { text: m.text });
  return h('li', { class: 'memory' }, h('p', null, line), m.photo ? photoImg(api, m) : null);
}

/** The memories a card's payouts bring back (effects[].memories), or null. */
export function relived(scr, effects) {
  const seen = new Set();
  const ms = (effects || []).flatMap((e) => (e.kind === 'journal_payout' && Array.isArray(e.memories) ? e.memories : []))
    .filter((m) => !seen.has(m.id) && seen.add(m.id));
  if (!ms.length) return null;
  return h('div', { class: 'relived', role: 'group', 'aria-label': t('mem.list') }, h('ul', { class: 'memories' }, ms.map((m) => relivedItem(scr.ctx.api, m))));
}

/**
 * The effects with the memories their journal payouts bring back, for a phone that saw
 * the draw through the stream or the log (only the drawer's answer carries them): per
 * card, GET …/memories?card= and the memories of the stamps the payout's holder holds
 * (by player when stamps belong to players, else by token), as the server picks them.
 * Resolves the same effects when none pays or the memories cannot be read.
 */
export async function withMemories(api, effects, playerOwned) {
  const pays = (effects || []).filter((e) => e.kind === 'journal_payout' && e.card && !Array.isArray(e.memories));
  if (!pays.length) return effects;
  const byCard = new Map();
  try {
    for (const card of new Set(pays.map((e) => e.card))) {
      byCard.set(card, (await getJson(api, `/memories?card=${encodeURIComponent(card)}`)).memories || []);
    }
  } catch { return effects; }
  const holds = (e, m) => m.stamp && (playerOwned ? String(m.stamp.player?.id) === String(e.player) : m.stamp.token === e.token);
  return effects.map((e) => (pays.includes(e) ? { ...e, memories: byCard.get(e.card).filter((m) => holds(e, m)) } : e));
}

// ---- the journal ----

/** The memories of a card's stamps, under them; null when none. */
export function stampMemories(ctx, stamps) {
  const ms = (stamps || []).flatMap((s) => s.memories || []);
  if (!ms.length) return null;
  return h('div', { class: 'stamp-memories' }, h('strong', null, t('mem.list')),
    h('ul', { class: 'memories' }, ms.map((m) => memoryItem(ctx.api, m, { readOnly: ctx.readOnly, names: (x) => t('recap.game', { n: x.number, date: dateText(x.at) }) }))));
}

/** The campaign's memories whose journal stamp was undone (GET …/memories); [] when
 *  they cannot be read. */
export async function undoneMemories(api) {
  try {
    return ((await getJson(api, '/memories')).memories || []).filter((m) => m.undone);
  } catch { return []; }
}

/**
 * Under a journal card (its id, title and stamps as the journal lists them): the memories
 * whose stamp on it was undone, each saying so, with a button to move it to a stamp made
 * on this card in its game (the draw logged again); null when none. onChange() after a move.
 */
export function cardUndoneMemories(ctx, card, memories, onChange = () => {}) {
  const ms = (memories || []).filter((m) => m.undone && m.undone.card === card.id);
  if (!ms.length) return null;
  const restamp = (m) => stampsOfGame([card], m);
  return h('div', { class: 'stamp-memories undone-memories' }, h('strong', null, t('mem.undone.list')),
    h('ul', { class: 'memories' }, ms.map((m) => {
      m.undone.title = card.title || card.id;
      return memoryItem(ctx.api, m, { readOnly: ctx.readOnly, restamp, onChange, names: (x) => t('recap.game', { n: x.number, date: dateText(x.at) }) });
    })));
}

// ---- the night card ----

/** The night card SVG text drawn on a canvas at twice its size: a PNG Blob. */
export async function svgToPng(svg) {
  const img = new Image();
  const bytes = new TextEncoder().encode(svg);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  img.src = `data:image/svg+xml;base64,${btoa(bin)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth * 2;
  canvas.height = img.naturalHeight * 2;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff'; // a shared PNG has no see-through parts (some apps show them black)
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.scale(2, 2);
  g.drawImage(img, 0, 0);
  return new Promise((r) => canvas.toBlob(r, 'image/png'));
}

/** Fetch game gid's night card in the page's language and make it a PNG file. */
export async function nightCardPng(api, gid, number) {
  const svg = await (await call(api, 'GET', `/games/${gid}/summary.svg?lang=${encodeURIComponent(currentLanguage())}`)).text();
  const png = await svgToPng(svg);
  return new File([png], `stampbook-game-${number ?? gid}.png`, { type: 'image/png' });
}

/** "Share the night card": the Web Share API with the PNG, else a download. */
export function nightCardButton(ctx, game) {
  const b = h('button', { class: 'btn', type: 'button', id: `night-${game.id}` }, t('night.share'));
  b.addEventListener('click', () => busy(b, async () => {
    try {
      const file = await nightCardPng(ctx.api, game.id, game.number);
      const title = t('night.title', { n: game.number ?? game.id });
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        try { await navigator.share({ files: [file], title }); return; } catch (e) { if (e && e.name === 'AbortError') return; }
      }
      const url = await new Promise((r) => { const fr = new FileReader(); fr.onload = () => r(fr.result); fr.readAsDataURL(file); });
      const a = h('a', { href: url, download: file.name, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      announce(t('night.shared'));
    } catch (e) { showError(e); }
  }));
  return b;
}

// ---- "Last time…" ----

/** The recap on the campaign screen; empty until it has loaded, hidden when nothing was
 * played. editions (GET /api/v1/editions) name the boxes of the last night. */
export function recapCard(ctx, board, editions) {
  const box = h('section', { class: 'card recap', 'aria-labelledby': 'recap-h', hidden: true });
  const title = (card) => ((board && board.journal) || []).find((c) => c.id === card)?.title || card;
  const place = (did) => ((board && board.destinations) || []).find((d) => d.id === did)?.name || did;
  getJson(ctx.api, '/recap').then((r) => {
    const g = r.last_game;
    if (!g) return;
    const list = (xs) => xs.join(', ');
    box.replaceChildren(...[
      h('h2', { id: 'recap-h' }, t('recap.title')),
      lastNight(r, editions),
      h('p', null, h('strong', null, t('recap.game', { n: g.number, date: dateText(g.played_at) })), ' · ',
        outcome(g)),
      g.stamps.length ? h('p', null, t('recap.stamps', { list: list(g.stamps.map((s) => `${place(s.destination)} (${s.player.name})`)) })) : null,
      g.journal_stamps.length ? h('p', null, t('recap.journal_stamps', { list: list(g.journal_stamps.map((s) => `${s.title || title(s.card)} (${s.player.name})`)) })) : null,
      h('p', null, t(g.status === 'active' ? 'recap.paid.sofar' : 'recap.paid', { amount: money(g.paid_out) })),
      h('p', null, t('recap.journal', { n: r.journal.stamps, amount: money(r.journal.paid_out) }),
        r.journal.richest_card ? ` ${t('recap.richest', { card: title(r.journal.richest_card.card), amount: money(r.journal.richest_card.paid_out) })}` : ''),
      r.standings.length ? h('div', null, h('strong', null, t('recap.standings')), h('ol', null, r.standings.map((s) => h('li', null,
        t('recap.standing', { who: s.player.name, wins: t('recap.wins', { n: s.wins }), n: s.games, amount: money(s.journal_paid) }))))) : null,
      r.memories.length ? h('div', null, h('strong', null, t('recap.memories')), h('ul', { class: 'memories' },
        r.memories.map((m) => h('li', { class: 'memory' }, h('p', null, t('quote', { text: m.text })), m.photo ? photoImg(ctx.api, m) : null)))) : null,
      g.winner ? h('div', { class: 'row' }, nightCardButton(ctx, g)) : null].filter(Boolean));
    box.hidden = false;
  }).catch(() => { /* the rest of the screen stands without it */ });
  return box;
}

// ---- the stats timeline ----

/** Journal payouts per player, cumulative, game after game (a line chart). */
export function payoutTimeline(ctx, doc) {
  const box = h('section', { 'aria-labelledby': 'stats-payouts', hidden: true });
  (async () => {
    const cards = (await ctx.api.journal()).filter((c) => Number(c.draws) > 0);
    const hist = (await Promise.all(cards.map((c) => ctx.api.journalCard(c.id)))).flatMap((d) => d.history || []);
    const games = [...(doc.games || [])].sort((a, b) => Number(a.id) - Number(b.id));
    const people = doc.players || [];
    const paid = new Map(); // pid -> Map(gid -> amount)
    for (const x of hist) for (const p of x.payouts || []) {
      const pid = String(p.player?.id ?? p.player);
      if (!paid.has(pid)) paid.set(pid, new Map());
      const m = paid.get(pid);
      m.set(String(x.game), (m.get(String(x.game)) || 0) + Number(p.amount || 0));
    }
    if (!paid.size || !games.length) return;
    const series = [...paid.keys()].map((pid) => {
      const i = people.findIndex((x) => String(x.id) === pid);
      let sum = 0;
      return {
        label: people[i]?.name ?? t('player.n', { id: pid }),
        colour: PALETTE[(i >= 0 ? i : people.length) % PALETTE.length],
        values: games.map((g) => { sum += paid.get(pid).get(String(g.id)) || 0; return sum; }),
      };
    });
    box.replaceChildren(h('h2', { id: 'stats-payouts' }, t('timeline.payouts')),
      lineChart(t('timeline.payouts'), games.map((g, k) => `#${g.number ?? k + 1}`), series, { yLabel: t('timeline.payouts.y') }));
    box.hidden = false;
  })().catch(() => { /* the other figures stand without it */ });
  return box;
}

// api.js -- the Stampbook HTTP API (API.md) over fetch: keys, problem+json errors,
// ETag / If-Match for game writes and an Idempotency-Key on every event POST.

import { t } from './i18n.js';

// Relative to the page, so the UI works under a base path (serve --base-path /stampbook).
const BASE = 'api/v1';

/** An HTTP failure: status plus the problem+json body (detail, title, rule). */
export class ApiError extends Error {
  constructor(status, problem) {
    const p = problem && typeof problem === 'object' ? problem : {};
    super(p.detail || p.title || (status ? t('api.status', { status: String(status) }) : t('api.network.title')));
    this.name = 'ApiError';
    this.status = status;
    this.problem = p;
    this.rule = p.rule || null;
  }
}

/** A random UUID: crypto.randomUUID() where the page is a secure context, else
 *  the same format from crypto.getRandomValues (plain http on a home LAN). */
export function uuid() {
  if (globalThis.crypto && typeof crypto.randomUUID === 'function') {
    try { return crypto.randomUUID(); } catch { /* insecure context */ }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * One request. Resolves {status, data, etag}; rejects with ApiError for a 4xx/5xx
 * (its message is the problem's `detail`) or status 0 for a network failure.
 */
export async function request(method, path, opts = {}) {
  const headers = { Accept: 'application/json, application/problem+json' };
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.ifMatch) headers['If-Match'] = opts.ifMatch;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let res;
  try {
    res = await fetch(BASE + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError(0, { title: t('api.network.title'), detail: t('api.network') });
  }
  const etag = res.headers.get('ETag');
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const problem = data && typeof data === 'object' ? data
      : { title: res.statusText, detail: text ? text.slice(0, 200) : undefined };
    throw new ApiError(res.status, problem);
  }
  return { status: res.status, data, etag };
}

export const health = () => request('GET', '/health').then((r) => r.data);
export const editions = () => request('GET', '/editions').then((r) => r.data?.editions || []);
export const edition = (eid) => request('GET', `/editions/${encodeURIComponent(eid)}`).then((r) => r.data);

/** POST /campaigns: {campaign, key, view_key}. */
export function createCampaign(body) {
  return request('POST', '/campaigns', { body }).then((r) => r.data);
}

/** The routes under /campaigns/{cid}, each sending `Authorization: Bearer <key>`. */
export class CampaignApi {
  constructor(cid, key) {
    this.cid = cid;
    this.key = key;
    this.base = `/campaigns/${encodeURIComponent(cid)}`;
  }

  req(method, path, opts = {}) {
    return request(method, this.base + path, { ...opts, key: this.key });
  }

  get() { return this.req('GET', '').then((r) => r.data); }
  patch(body) { return this.req('PATCH', '', { body }).then((r) => r.data); }
  board() { return this.req('GET', '/board').then((r) => r.data); }
  putDestination(did, body) { return this.req('PUT', `/board/destinations/${encodeURIComponent(did)}`, { body }).then((r) => r.data); }
  putJournal(card, body) { return this.req('PUT', `/board/journal/${encodeURIComponent(card)}`, { body }).then((r) => r.data); }
  putChance(card, body) { return this.req('PUT', `/board/chance/${encodeURIComponent(card)}`, { body }).then((r) => r.data); }
  players() { return this.req('GET', '/players').then((r) => r.data?.players || []); }
  addPlayer(name) { return this.req('POST', '/players', { body: { name } }).then((r) => r.data); }
  renamePlayer(pid, name) { return this.req('PATCH', `/players/${pid}`, { body: { name } }).then((r) => r.data); }
  games() { return this.req('GET', '/games').then((r) => r.data?.games || []); }
  createGame(body) { return this.req('POST', '/games', { body }); }
  /** GET a game: {data: {game, state}, etag}. */
  game(gid) { return this.req('GET', `/games/${gid}`); }
  events(gid, after = 0) { return this.req('GET', `/games/${gid}/events?after=${after}`).then((r) => r.data?.events || []); }
  stateAt(gid, seq) { return this.req('GET', `/games/${gid}/state?at=${seq}`).then((r) => r.data); }

  /**
   * POST one event with If-Match (when etag is known) and an Idempotency-Key (a fresh
   * one unless given). A network failure is retried once with the same key, so a lost
   * answer never logs the event twice. Resolves {data: {event, effects, state}, etag}.
   */
  async postEvent(gid, event, etag, idem = uuid()) {
    const opts = { body: event, ifMatch: etag || undefined, idempotencyKey: idem };
    try {
      return await this.req('POST', `/games/${gid}/events`, opts);
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) return this.req('POST', `/games/${gid}/events`, opts);
      throw e;
    }
  }

  undo(gid, etag) { return this.req('POST', `/games/${gid}/undo`, { ifMatch: etag || undefined }); }
  journal(seats) {
    const q = seats && seats.length ? `?seats=${seats.map((s) => `${s.player}:${s.token}`).join(',')}` : '';
    return this.req('GET', `/journal${q}`).then((r) => r.data?.cards || []);
  }
  journalCard(card) { return this.req('GET', `/journal/${encodeURIComponent(card)}`).then((r) => r.data); }
  stats() { return this.req('GET', '/stats').then((r) => r.data); }
  /** POST /keys: a new pair {key, view_key}; the old links stop working at once. */
  newKeys() { return this.req('POST', '/keys').then((r) => r.data); }
  /** The campaign's plays as a BG Stats import file. */
  bgStats() { return this.req('GET', '/export/bgstats').then((r) => r.data); }

  /** The event stream of game gid for live.js: its URL (no key in it) and the key for
   * its Authorization header. */
  stream(gid) {
    return { url: `${BASE}${this.base}/games/${gid}/stream`, key: this.key };
  }
}

/** The ETag the server would send for a state (ETag: "<version>"). */
export function etagOf(state) {
  return state && state.version !== undefined && state.version !== null ? `"${state.version}"` : null;
}

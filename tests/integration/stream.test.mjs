// stream.test.mjs -- API.md "Further additions (2026-12-c)", the event stream: each
// `state` event has an `id:` (the game's version, its ETag) and a `retry:` hint; a client
// reconnecting with `Last-Event-ID` equal to the current version gets no repeated
// state, and with an older one gets the current state at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newTable } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

/** A game of a new campaign: {c, base, gid}. */
async function newGame() {
  const { c, base, gid } = await newTable(srv.url);
  return { c, base, gid };
}

/** Open the stream of game gid with headers; {next(): the next state event as
 * {id, retry, state}, close()}. */
async function openStream({ c, base, gid }, headers = {}) {
  const ctl = new AbortController();
  const res = await fetch(`${srv.url}${base}/games/${gid}/stream?key=${c.view_key}`, { headers, signal: ctl.signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/event-stream/);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  return {
    async next() {
      for (;;) {
        const i = buf.indexOf('\n\n');
        if (i >= 0) {
          const lines = buf.slice(0, i).split('\n');
          buf = buf.slice(i + 2);
          const field = (name) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          if (field('event') !== 'state') continue; // a keep-alive comment
          return { id: field('id'), retry: field('retry'), state: JSON.parse(field('data')) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buf += decoder.decode(value, { stream: true });
      }
    },
    close() { ctl.abort(); },
  };
}

const roll = (g, d1, d2) => g.c.api.post(`${g.base}/games/${g.gid}/events`, { type: 'roll', d1, d2 });

test('each state event carries id: (the game\'s version, its ETag) and a retry: hint', async () => {
  const g = await newGame();
  const s = await openStream(g);
  try {
    const first = await s.next();
    const etag = (await g.c.api.get(`${g.base}/games/${g.gid}`)).headers.get('etag');
    assert.equal(`"${first.id}"`, etag, 'the id is the version the ETag names');
    assert.equal(String(first.state.version), first.id);
    assert.match(first.retry || '', /^\d+$/, 'a retry: hint in milliseconds');
    assert.ok(Number(first.retry) > 0);
    const r = await roll(g, 1, 2);
    assert.equal(r.status, 201, r.text);
    const second = await s.next();
    assert.equal(`"${second.id}"`, r.headers.get('etag'));
    assert.ok(second.retry);
    assert.notEqual(second.id, first.id);
  } finally { s.close(); }
});

test('a reconnection with Last-Event-ID equal to the current version gets no repeated state', async () => {
  const g = await newGame();
  const first = await openStream(g);
  const current = (await first.next()).id;
  first.close();
  const again = await openStream(g, { 'Last-Event-ID': current });
  try {
    // Nothing comes for the version it has: the first state it is sent is the next one.
    const r = await roll(g, 2, 3);
    assert.equal(r.status, 201, r.text);
    const next = await again.next();
    assert.notEqual(next.id, current, 'the state it already had is not sent again');
    assert.equal(`"${next.id}"`, r.headers.get('etag'));
    assert.equal(next.state.seq, 1);
  } finally { again.close(); }
});

test('a reconnection with an older Last-Event-ID (or none, or not a version) gets the current state at once', async () => {
  const g = await newGame();
  const s = await openStream(g);
  const old = (await s.next()).id;
  await roll(g, 1, 2);
  const now = (await s.next()).id;
  s.close();
  for (const headers of [{ 'Last-Event-ID': old }, {}, { 'Last-Event-ID': 'not-a-version' }, { 'Last-Event-ID': '999999999' }]) {
    const again = await openStream(g, headers);
    try {
      const got = await again.next();
      assert.equal(got.id, now, `${JSON.stringify(headers)}: the current state at once`);
      assert.equal(got.state.seq, 1);
    } finally { again.close(); }
  }
});

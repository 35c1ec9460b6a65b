// race.test.mjs -- races on the real server: many clients with one If-Match (exactly
// one wins), one Idempotency-Key retried at once (logged once), many writers on one
// game (no seq lost or doubled), and the same game played concurrently in separate
// campaigns (each ends exactly as when played alone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign } from './server.mjs';

let s;
before(async () => { s = await startServer(); });
after(async () => { await s.cleanup(); });

const CLIENTS = 16;

async function version(c) {
  const g = await c.api.get(c.game);
  assert.equal(g.status, 200);
  return g.headers.get('etag');
}

test('many writers with one If-Match: exactly one wins, the rest get 412', async () => {
  const c = await newCampaign(s.url, { name: 'If-Match race' });
  for (let round = 0; round < 12; round++) {
    const etag = await version(c);
    const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, i) =>
      c.api.post(`${c.game}/events`, { type: 'note', text: `round ${round} client ${i}` }, { 'If-Match': etag })));
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses.filter((x) => x === 201).length, 1, `round ${round}: ${statuses}`);
    assert.equal(statuses.filter((x) => x === 412).length, CLIENTS - 1, `round ${round}: ${statuses}`);
    const win = answers.find((a) => a.status === 201);
    assert.notEqual(win.headers.get('etag'), etag);
    for (const a of answers.filter((x) => x.status === 412))
      assert.equal(a.headers.get('content-type'), 'application/problem+json');
  }
  const ev = await c.api.get(`${c.game}/events`);
  assert.equal(ev.json.events.length, 12, 'one event per round');

  // Undo races the same way: one undo per version.
  const etag = await version(c);
  const undos = await Promise.all(Array.from({ length: 8 }, () =>
    c.api.post(`${c.game}/undo`, undefined, { 'If-Match': etag })));
  assert.deepEqual(undos.map((u) => u.status).sort(), [200, 412, 412, 412, 412, 412, 412, 412]);
  const live = (await c.api.get(`${c.game}/events`)).json.events.filter((e) => !e.voided);
  assert.equal(live.length, 11);
});

test('one Idempotency-Key sent by many clients at once is logged once', async () => {
  const c = await newCampaign(s.url, { name: 'Idempotency race' });
  for (let round = 0; round < 10; round++) {
    const key = `retry-${round}-${Date.now()}`;
    const body = { type: 'note', text: `once ${round}` };
    const answers = await Promise.all(Array.from({ length: CLIENTS }, () =>
      c.api.post(`${c.game}/events`, body, { 'Idempotency-Key': key })));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((x) => x === 201).length, 1, `round ${round}: ${statuses}`);
    assert.equal(statuses.filter((x) => x === 200).length, CLIENTS - 1, `round ${round}: ${statuses}`);
    const seqs = new Set(answers.map((a) => a.json.event.seq));
    assert.equal(seqs.size, 1, 'every retry answers the first event');
  }
  const ev = await c.api.get(`${c.game}/events`);
  const texts = ev.json.events.map((e) => e.text);
  assert.equal(texts.length, 10);
  assert.equal(new Set(texts).size, 10);

  // The same key on another game is another request.
  const d = await newCampaign(s.url, { name: 'Idempotency other game' });
  const r = await d.api.post(`${d.game}/events`, { type: 'note', text: 'x' }, { 'Idempotency-Key': `retry-0-${Date.now()}` });
  assert.equal(r.status, 201);
});

test('many writers on one game without If-Match: every event gets its own seq', async () => {
  const c = await newCampaign(s.url, { name: 'Seq race' });
  const per = 25;
  const acked = [];
  await Promise.all(Array.from({ length: 8 }, async (_, w) => {
    for (let n = 0; n < per; n++) {
      const r = await c.api.post(`${c.game}/events`, { type: 'note', text: `w${w} n${n}` });
      assert.equal(r.status, 201, r.text);
      acked.push(r.json.event.seq);
    }
  }));
  assert.equal(new Set(acked).size, 8 * per, 'a seq was handed out twice');
  const ev = (await c.api.get(`${c.game}/events`)).json.events;
  assert.deepEqual(ev.map((e) => e.seq), Array.from({ length: 8 * per }, (_, i) => i + 1));
  const game = await c.api.get(c.game);
  assert.equal(game.json.state.seq, 8 * per);
});

// ---- the same game, played in many campaigns at once ----

function prng(seed) {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
}

/** Play `steps` events by a fixed policy; returns the normalised story of the game. */
async function play(c, seed, steps) {
  const rand = prng(seed);
  const seat = new Map(c.players.map((p, i) => [p, i]));
  const people = ['player', 'owner', 'payer', 'winner', 'holder', 'a', 'b', 'next', 'stamped_by', 'id'];
  // Player ids become seats; a move's from/to are spaces and stay as they are.
  const norm = (v) => JSON.parse(JSON.stringify(v, function (k, x) {
    const person = people.includes(k) || ((k === 'from' || k === 'to') && this.kind !== 'move');
    if (k === 'game' && x === c.gid) return 'this game';
    return person && seat.has(x) ? `seat${seat.get(x)}` : x;
  }));
  let state = (await c.api.get(c.game)).json.state;
  const story = [];
  for (let i = 0; i < steps && state.status === 'active'; i++) {
    const pending = state.turn?.pending;
    let ev;
    if (pending?.kind === 'buy_or_auction') ev = { type: rand() % 3 ? 'buy' : 'auction' };
    else if (pending?.kind === 'draw') ev = pending.deck === 'chance'
      ? { type: 'draw_chance', card: `chance-${1 + (rand() % 10)}` }
      : { type: 'draw_journal', card: `journal-${1 + (rand() % 10)}` };
    else if (pending?.kind === 'choose') ev = { type: 'choose', destination: pending.options[0] };
    else ev = { type: 'roll', d1: 1 + (rand() % 6), d2: 1 + (rand() % 6) };
    let r = await c.api.post(`${c.game}/events`, ev);
    if (r.status !== 201 && ev.type === 'buy') r = await c.api.post(`${c.game}/events`, { type: 'auction' });
    story.push([ev.type, r.status, norm(r.json?.effects ?? r.json?.rule ?? null)]);
    if (r.status === 201) state = r.json.state;
    else break;
  }
  const final = (await c.api.get(c.game)).json.state;
  return { story, final: norm(final) };
}

test('the same game played in six campaigns at once ends as when played alone', async () => {
  const seed = 20261129;
  const players = ['Ada', 'Ben', 'Cleo'];
  const alone = await play(await newCampaign(s.url, { name: 'Alone', players }), seed, 120);
  assert.ok(alone.story.length >= 60, `the scripted game stopped early: ${JSON.stringify(alone.story.at(-1))}`);
  const campaigns = await Promise.all(Array.from({ length: 6 }, (_, i) => newCampaign(s.url, { name: `Together ${i}`, players })));
  const together = await Promise.all(campaigns.map((c) => play(c, seed, 120)));
  for (const t of together) {
    assert.deepEqual(t.story, alone.story);
    assert.deepEqual(t.final, alone.final);
  }
});

// game.test.mjs -- a whole banker-mode game over HTTP to a win, with a restart in the
// middle, replay, undo, If-Match and Idempotency-Key.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign, newGame } from './server.mjs';
import { nextEvent } from './driver.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

async function state(c, gid) {
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}/games/${gid}`);
  assert.equal(r.status, 200, r.text);
  return r;
}

test('TWT-WIN: a whole banker game over HTTP, restarted midway, resumes exactly and ends at four stamps', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const base = `/api/v1/campaigns/${c.cid}`;
  const board = (await c.api.get(`${base}/board`)).json;
  const created = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: ann, token: 'hazel' }, { player: bo, token: 'rubber-ducky' }] });
  assert.equal(created.status, 201, created.text);
  const gid = created.json.game.id;
  assert.equal(created.json.state.players[0].cash, 1500);
  const second = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: ann, token: 'hazel' }, { player: bo, token: 'scottie' }] });
  assert.equal(second.status, 409, 'one active game per campaign');

  let st = created.json.state;
  let restarted = false;
  let lastEffects = [];
  for (let n = 0; n < 1500 && st.status === 'active'; n++) {
    const ev = nextEvent(st, board, ann);
    const r = await c.api.post(`${base}/games/${gid}/events`, ev);
    assert.equal(r.status, 201, `${JSON.stringify(ev)} -> ${r.text}`);
    assert.equal(r.headers.get('etag'), `"${r.json.state.version}"`);
    st = r.json.state;
    lastEffects = r.json.effects;
    for (const p of st.players) assert.ok(p.cash >= 0, 'TWT-CASH: cash never below zero');
    if (n === 6 && !restarted) {
      const before = await state(c, gid);
      await srv.restart();
      const afterRestart = await state(c, gid);
      assert.deepEqual(afterRestart.json, before.json, 'the state survives a restart exactly');
      assert.equal(afterRestart.headers.get('etag'), before.headers.get('etag'));
      restarted = true;
    }
  }
  assert.ok(restarted, `the game lasted past the restart (${st.status} at seq ${st.seq}, ${JSON.stringify(lastEffects)})`);
  assert.equal(st.status, 'finished');
  assert.equal(st.winner, ann);
  assert.equal(st.players.find((p) => p.id === ann).stamped.length, 4);
  assert.deepEqual(lastEffects.at(-1), { kind: 'win', player: ann });

  // TWT-WIN: after the end only notes are taken.
  const late = await c.api.post(`${base}/games/${gid}/events`, { type: 'roll', d1: 1, d2: 2 });
  assert.equal(late.status, 409);
  const note = await c.api.post(`${base}/games/${gid}/events`, { type: 'note', text: 'Well played' });
  assert.equal(note.status, 201);

  // Replaying the log gives exactly the snapshot.
  const now = await state(c, gid);
  const replayed = await c.api.get(`${base}/games/${gid}/state?at=${now.json.state.seq}`);
  assert.equal(replayed.status, 200);
  assert.deepEqual(replayed.json, now.json.state);
  const initial = await c.api.get(`${base}/games/${gid}/state?at=0`);
  assert.equal(initial.json.seq, 0);
  assert.equal(initial.json.players[0].cash, 1500);

  // Undo the note, then the winning event: the game reopens; the same event wins again.
  const events = (await c.api.get(`${base}/games/${gid}/events`)).json.events;
  const winning = events.filter((e) => e.type !== 'note').at(-1);
  assert.equal((await c.api.post(`${base}/games/${gid}/undo`)).json.undone, note.json.event.seq);
  const undo = await c.api.post(`${base}/games/${gid}/undo`);
  assert.equal(undo.status, 200, undo.text);
  assert.equal(undo.json.undone, winning.seq);
  assert.equal(undo.json.state.status, 'active');
  assert.equal(undo.json.state.winner, null);
  const campaign = await c.api.get(base);
  assert.equal(campaign.json.campaign.active_game, gid);
  const { seq, at, voided, effects, ...payload } = winning;
  const again = await c.api.post(`${base}/games/${gid}/events`, payload);
  assert.equal(again.status, 201, again.text);
  assert.equal(again.json.state.status, 'finished');
  const log = (await c.api.get(`${base}/games/${gid}/events?after=${winning.seq - 1}`)).json.events;
  assert.deepEqual(log.map((e) => [e.seq, e.voided]), [[winning.seq, true], [note.json.event.seq, true], [again.json.event.seq, false]]);

  const games = (await c.api.get(`${base}/games`)).json.games;
  assert.equal(games[0].status, 'finished');
  assert.equal(games[0].winner, ann);
  const players = (await c.api.get(`${base}/players`)).json.players;
  assert.deepEqual(players.map((p) => [p.name, p.games, p.wins]), [['Ann', 1, 1], ['Bo', 1, 0]]);
});

test('refused events are problem+json with the rule and change nothing', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }] });
  const gid = g.json.game.id;
  const before = await state(c, gid);
  const cases = [
    [{ type: 'roll', d1: 1, d2: 2, player: c.players[1] }, 422, 'TWT-TURN-1'],
    [{ type: 'buy' }, 422, null],
    [{ type: 'roll', d1: 0, d2: 2 }, 422, null],
    [{ type: 'roll', d1: '1', d2: 2 }, 400, null],
    [{ type: 'teleport' }, 422, null],
    [{ type: 'adjust', player: c.players[0], amount: -2000, reason: 'oops' }, 422, 'TWT-CASH'],
    [{ type: 'draw_chance', card: 'chance-99' }, 422, null],
    [{ d1: 1 }, 400, null],
  ];
  for (const [ev, status, rule] of cases) {
    const r = await c.api.post(`${base}/games/${gid}/events`, ev);
    assert.equal(r.status, status, `${JSON.stringify(ev)} -> ${r.text}`);
    assert.match(r.headers.get('content-type'), /problem\+json/);
    if (rule) assert.equal(r.json.rule, rule);
  }
  const afterAll = await state(c, gid);
  assert.deepEqual(afterAll.json, before.json);
});

test('If-Match: a write against an old version is 412 and logs nothing', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }] });
  const gid = g.json.game.id;
  const etag = g.headers.get('etag');
  const first = await c.api.post(`${base}/games/${gid}/events`, { type: 'note', text: 'one' }, { 'If-Match': etag });
  assert.equal(first.status, 201);
  const second = await c.api.post(`${base}/games/${gid}/events`, { type: 'note', text: 'two' }, { 'If-Match': etag });
  assert.equal(second.status, 412);
  const undo = await c.api.post(`${base}/games/${gid}/undo`, undefined, { 'If-Match': etag });
  assert.equal(undo.status, 412);
  const events = (await c.api.get(`${base}/games/${gid}/events`)).json.events;
  assert.deepEqual(events.map((e) => e.text), ['one']);
});

/** A banker game of Ann and Bo with a roll posted under the Idempotency-Key idem:
 * {c, base, gid, a (that answer), retry() (the same roll under the same key again)}. */
async function rolledOnce(idem) {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const gid = await newGame(c, 'banker', [[c.players[0], 'hazel'], [c.players[1], 't-rex']]);
  const retry = () => c.api.post(`${base}/games/${gid}/events`, { type: 'roll', d1: 2, d2: 3 }, { 'Idempotency-Key': idem });
  return { c, base, gid, a: await retry(), retry };
}

test('Idempotency-Key: a retried event is logged once and answered the same', async () => {
  const { c, base, gid, a, retry } = await rolledOnce('0c6b1f5e-2f55-4c1e-9d1d-6f0f3b1b8a11');
  const b = await retry();
  assert.equal(a.status, 201);
  assert.equal(b.status, 200);
  assert.deepEqual(b.json, a.json);
  const events = (await c.api.get(`${base}/games/${gid}/events`)).json.events;
  assert.equal(events.length, 1);
});

test('Idempotency-Key: the replay of an event since undone says "voided": true, and logs nothing', async () => {
  const { c, base, gid, a, retry } = await rolledOnce('5a0d7c9e-1b7e-4f57-a0a2-3c1f6b0e9d42');
  assert.equal(a.status, 201);
  assert.equal(a.json.event.voided, false);
  assert.equal((await c.api.post(`${base}/games/${gid}/undo`)).status, 200);
  const b = await retry();
  assert.equal(b.status, 200, b.text);
  assert.equal(b.json.event.voided, true);
  assert.equal(b.json.event.seq, a.json.event.seq);
  const events = (await c.api.get(`${base}/games/${gid}/events`)).json.events;
  assert.deepEqual(events.map((e) => [e.seq, e.voided]), [[a.json.event.seq, true]]);
});

test('an open event stream ends when its campaign\'s keys are rotated; the new keys stream', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }] });
  const stream = `${base}/games/${g.json.game.id}/stream`;
  /** Open a stream; resolves {res, ended} where ended resolves when the server ends it. */
  const open = async (key) => {
    const res = await fetch(`${srv.url}${stream}?key=${key}`);
    const reader = res.body.getReader();
    const ended = (async () => { for (;;) if ((await reader.read()).done) return Date.now(); })();
    return { res, ended };
  };
  const viewer = await open(c.view_key);
  const owner = await open(c.key);
  assert.equal(viewer.res.status, 200);
  assert.equal(owner.res.status, 200);
  await new Promise((r) => setTimeout(r, 100));
  const rotated = Date.now();
  const pair = await c.api.post(`${base}/keys`);
  assert.equal(pair.status, 200);
  let timer;
  // The streams end at once; the deadline is generous for a busy machine.
  const timeout = new Promise((_, no) => { timer = setTimeout(() => no(new Error('a stream still runs 30 s after the rotation')), 30000); });
  for (const s of [viewer, owner]) assert.ok((await Promise.race([s.ended, timeout])) >= rotated);
  assert.equal((await fetch(`${srv.url}${stream}?key=${c.view_key}`)).status, 401);
  const fresh = await fetch(`${srv.url}${stream}?key=${pair.json.view_key}`);
  assert.equal(fresh.status, 200);
  const reader = fresh.body.getReader();
  const first = await Promise.race([reader.read(), timeout]);
  assert.match(new TextDecoder().decode(first.value), /event: state/);
  await reader.cancel();
  clearTimeout(timer);
});

test('undo: 409 with nothing to undo and for an older game', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const seats = [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }];
  const g1 = (await c.api.post(`${base}/games`, { mode: 'banker', seats })).json.game.id;
  assert.equal((await c.api.post(`${base}/games/${g1}/undo`)).status, 409);
  await c.api.post(`${base}/games/${g1}/events`, { type: 'note', text: 'x' });
  assert.equal((await c.api.post(`${base}/games/${g1}/events`, { type: 'end' })).status, 201);
  const g2 = (await c.api.post(`${base}/games`, { mode: 'banker', seats })).json.game.id;
  assert.ok(g2 > g1);
  const old = await c.api.post(`${base}/games/${g1}/undo`);
  assert.equal(old.status, 409);
  const list = (await c.api.get(`${base}/games`)).json.games;
  assert.equal(list.find((x) => x.id === g1).status, 'abandoned');
});

test('the event stream sends the state now and after every change', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const base = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }] });
  const gid = g.json.game.id;
  const ctl = new AbortController();
  const res = await fetch(`${srv.url}${base}/games/${gid}/stream?key=${c.view_key}`, { signal: ctl.signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/event-stream/);
  const reader = res.body.getReader();
  let buf = '';
  const nextState = async () => {
    for (;;) {
      const i = buf.indexOf('\n\n');
      if (i >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = chunk.split('\n').find((l) => l.startsWith('data: '));
        if (data && chunk.includes('event: state')) return JSON.parse(data.slice(6));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buf += new TextDecoder().decode(value);
    }
  };
  const first = await nextState();
  assert.equal(first.seq, 0);
  await c.api.post(`${base}/games/${gid}/events`, { type: 'roll', d1: 1, d2: 2 });
  const second = await nextState();
  assert.equal(second.seq, 1);
  assert.equal(second.players[0].position, 3);
  ctl.abort();
  const noKey = await fetch(`${srv.url}${base}/games/${gid}/stream`);
  assert.equal(noKey.status, 401);
});

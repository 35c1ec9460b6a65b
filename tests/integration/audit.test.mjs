// audit.test.mjs -- issue 41's findings over HTTP (API.md "Further additions
// (2026-12-c)", RULES.md §1 readings): the stamp policy kept per game (R2), the ticket
// to the space one stands on (R7). The box's money (R1) is money.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign, client, newGame as game, postEvent as event } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const payouts = (answer) => answer.effects.filter((e) => e.kind === 'journal_payout')
  .map((e) => [e.player, e.token, e.stamps, e.amount]).sort();

test('TWT-JOURNAL-5 (R2): a game keeps the stamp policy it started with; a PATCH applies to later games', async () => {
  const c = await newCampaign(srv.url, { stamp_owner: 'token', players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const g1 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-2', player: ann }); // Ann stamps with Hazel
  await event(c, g1, { type: 'end' });
  const g2 = await game(c, 'journal', [[cy, 'hazel'], [bo, 'scottie']]);
  const patched = await c.api.patch(`/api/v1/campaigns/${c.cid}`, { stamp_owner: 'player' });
  assert.equal(patched.status, 200, patched.text);
  assert.equal(patched.json.campaign.stamp_owner, 'player');
  // g2 started under "token": whoever plays Hazel tonight (Cy) collects Ann's stamp
  const during = await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  assert.deepEqual(during.event.stamp_owner, 'token');
  assert.deepEqual(payouts(during), [[bo, 'scottie', 1, 100], [cy, 'hazel', 1, 100]].sort());
  await event(c, g2, { type: 'end' });
  // g3 starts after the PATCH: the person who stamped collects (Ann is not seated)
  const g3 = await game(c, 'journal', [[cy, 'hazel'], [bo, 'scottie']]);
  const after = await event(c, g3, { type: 'draw_journal', card: 'journal-2', player: bo });
  assert.deepEqual(payouts(after), [[bo, 'scottie', 1, 100]]);
  // an export names each game's policy, and its import keeps them
  const exp = await c.api.get(`/api/v1/campaigns/${c.cid}/export`);
  assert.deepEqual(exp.json.games.map((g) => g.stamp_owner), ['token', 'token', 'player']);
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = client(srv.url, imp.json.key);
  const again = await copy.get(`/api/v1/campaigns/${imp.json.campaign.id}/export`);
  assert.deepEqual(again.json.games.map((g) => g.stamp_owner), ['token', 'token', 'player']);
});

test('TWT-TICKET (R7): the ticket to the space its holder stands on is 422 and not offered', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const board = (await c.api.get(`/api/v1/campaigns/${c.cid}/board`)).json;
  const g = await game(c, 'banker', [[ann, 'scottie'], [bo, 'hazel']]);
  const pass = async (st) => { if (st.turn.pending) await event(c, g, { type: 'auction' }); };
  await event(c, g, { type: 'roll', d1: 6, d2: 4 }); // Ann: Just Visiting
  await pass((await event(c, g, { type: 'roll', d1: 1, d2: 2 })).state); // Bo
  let st = (await event(c, g, { type: 'roll', d1: 6, d2: 4 })).state; // Ann: Free Parking
  assert.equal(st.ticket.holder, ann, JSON.stringify(st.ticket));
  await pass((await event(c, g, { type: 'roll', d1: 1, d2: 2 })).state); // Bo
  st = (await event(c, g, { type: 'roll', d1: 1, d2: 2 })).state; // Ann: 23
  await pass(st);
  const here = board.destinations.find((d) => d.space === 23).id;
  st = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g}`)).json.state;
  const offer = st.options.find((o) => o.type === 'use_ticket');
  assert.ok(offer && !offer.to.includes(here) && offer.to.length > 0, JSON.stringify(offer));
  const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${g}/events`, { type: 'use_ticket', to: here });
  assert.equal(r.status, 422, r.text);
  assert.equal(r.json.rule, 'TWT-TICKET');
  assert.equal(r.headers.get('content-type'), 'application/problem+json');
  const same = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g}`)).json.state;
  assert.deepEqual(same, st, 'nothing changed');
});

/** Ann and Bo's journal game g in which Ann stamps journal-2 and keeps a memory of it,
 * "lost the passport in Rome": {c, ann, bo, base, g, made (the memory's answer, 201)}. */
async function stampedWithMemory() {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const base = `/api/v1/campaigns/${c.cid}`;
  const g = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g, { type: 'draw_journal', card: 'journal-2', player: ann });
  const made = await c.api.post(`${base}/memories`, { game: g, text: 'lost the passport in Rome', card: 'journal-2', slot: 0 });
  assert.equal(made.status, 201, made.text);
  return { c, ann, bo, base, g, made };
}

test('export (R4): a draw_journal keeps the memories each payout was answered with, through export and import', async () => {
  const { c, ann, bo, base, g: g1 } = await stampedWithMemory();
  await event(c, g1, { type: 'end' });
  const g2 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  const draw = await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  const answered = (ev) => ev.effects.filter((e) => e.kind === 'journal_payout')
    .map((e) => [e.player === ann ? 'Ann' : 'Bo', e.memories.map((x) => x.text)]).sort();
  assert.deepEqual(answered(draw), [['Ann', ['lost the passport in Rome']], ['Bo', []]]);
  // written after the draw: not among what it was answered with
  assert.equal((await c.api.post(`${base}/memories`, { game: g2, text: 'Bo stamps at last', card: 'journal-2', slot: 1 })).status, 201);
  const exp = await c.api.get(`${base}/export`);
  assert.equal(exp.status, 200, exp.text);
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = client(srv.url, imp.json.key);
  const cbase = `/api/v1/campaigns/${imp.json.campaign.id}`;
  const games = (await copy.get(`${cbase}/games`)).json.games.sort((a, b) => a.id - b.id);
  const events = (await copy.get(`${cbase}/games/${games[1].id}/events`)).json.events;
  const again = events.find((e) => e.type === 'draw_journal');
  assert.deepEqual(answered({ effects: again.effects.map((e) => (e.player === ann || e.player === bo ? e : { ...e, player: e.player })) })
    .map(([, t]) => t).sort(), [[], ['lost the passport in Rome']]);
  const kept = again.effects.find((e) => e.kind === 'journal_payout' && e.memories.length);
  const mine = (await copy.get(`${cbase}/memories`)).json.memories.find((x) => x.text === 'lost the passport in Rome');
  assert.equal(kept.memories[0].id, mine.id, 'the imported memory, with its new id');
  // and a second export of the copy still holds them
  const twice = (await copy.get(`${cbase}/export`)).json;
  const d2 = twice.games[1].events.find((e) => e.type === 'draw_journal');
  assert.deepEqual(d2.effects.filter((e) => e.kind === 'journal_payout').flatMap((e) => e.memories.map((x) => x.text)), ['lost the passport in Rome']);
});

test('TWT-JOURNAL-5: tonight\'s briefing pays by the stamp policy the active game started with, the next game\'s by the campaign\'s', async () => {
  const c = await newCampaign(srv.url, { stamp_owner: 'token', players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const base = `/api/v1/campaigns/${c.cid}`;
  const g1 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-2', player: ann }); // Ann stamps with Hazel
  await event(c, g1, { type: 'end' });
  const g2 = await game(c, 'journal', [[cy, 'hazel'], [bo, 'scottie']]);
  assert.equal((await c.api.patch(base, { stamp_owner: 'player' })).status, 200);
  const briefing = async (query = '') => {
    const r = await c.api.get(`${base}/journal${query}`);
    assert.equal(r.status, 200, r.text);
    return r.json.cards.find((x) => x.id === 'journal-2').briefing
      .map((b) => [b.player, b.token, b.stamps, b.amount]);
  };
  // g2 pays by "token": whoever plays Hazel tonight (Cy) holds Ann's stamp
  assert.deepEqual(await briefing(), [[cy, 'hazel', 1, 100]]);
  assert.deepEqual(await briefing(`?seats=${cy}:hazel,${bo}:scottie`), [[cy, 'hazel', 1, 100]]);
  // and the draw pays as the briefing said
  const draw = await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  assert.deepEqual(payouts(draw).filter(([p]) => p === cy), [[cy, 'hazel', 1, 100]]);
  await event(c, g2, { type: 'end' });
  // no game active: the next one starts under the campaign's "player"; Ann is not seated
  assert.deepEqual(await briefing(`?seats=${cy}:hazel,${bo}:scottie`), [[bo, 'scottie', 1, 100]]);
});

test('memories (R5): a memory whose journal stamp was undone says so, and PATCH moves it to the stamp made again; every bad change is problem+json and changes nothing', async () => {
  const { c, ann, base, g, made } = await stampedWithMemory();
  const mid = made.json.memory.id;
  assert.equal(made.json.memory.undone, null);
  const v1 = made.json.memory.version;
  const mine = async (api = c.api, at = base) => (await api.get(`${at}/memories`)).json.memories.find((m) => m.text === 'lost the passport in Rome');

  // the draw is undone: the memory names no stamp and says which one it named
  assert.equal((await c.api.post(`${base}/games/${g}/undo`, {})).status, 200);
  let m = await mine();
  assert.equal(m.id, mid);
  assert.deepEqual([m.card, m.slot, m.stamp, m.undone], [null, null, null, { card: 'journal-2', slot: 0 }]);
  assert.ok(m.version > v1, 'its stamp changed: a new version');

  // an export keeps it, and its import too
  const exp = await c.api.get(`${base}/export`);
  assert.deepEqual(exp.json.memories.find((x) => x.id === mid).undone, { card: 'journal-2', slot: 0 });
  const imp = await client(srv.url).post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = await mine(client(srv.url, imp.json.key), `/api/v1/campaigns/${imp.json.campaign.id}`);
  assert.deepEqual([copy.card, copy.undone], [null, { card: 'journal-2', slot: 0 }]);

  // logged again: nothing moves by itself
  await event(c, g, { type: 'draw_journal', card: 'journal-2', player: ann });
  assert.deepEqual((await mine()).undone, { card: 'journal-2', slot: 0 });

  // every bad change: problem+json, nothing changed
  const before = await mine();
  const bad = [
    [c.api, {}, 422], [c.api, { slot: 0 }, 422], [c.api, { card: 'journal-3' }, 422],
    [c.api, { card: 'journal-2', slot: 5 }, 422], [c.api, { card: 'journal-2', color: 'red' }, 422],
    [c.api, { card: 7 }, 400], [c.api, { card: 'journal-2', slot: 'one' }, 400], [c.api, { text: 'x'.repeat(501) }, 422],
    [client(srv.url, c.view_key), { card: 'journal-2' }, 403], [client(srv.url), { card: 'journal-2' }, 401],
  ];
  for (const [api, body, status] of bad) {
    const r = await api.patch(`${base}/memories/${mid}`, body);
    assert.equal(r.status, status, `${JSON.stringify(body)} -> ${r.text}`);
    assert.equal(r.headers.get('content-type'), 'application/problem+json', JSON.stringify(body));
  }
  const notJson = await c.api.patch(`${base}/memories/${mid}`, '{"card":', { 'Content-Type': 'application/json' });
  assert.equal(notJson.status, 400, notJson.text);
  const plain = await c.api.patch(`${base}/memories/${mid}`, 'card=journal-2', { 'Content-Type': 'text/plain' });
  assert.equal(plain.status, 415, plain.text);
  const unknown = await c.api.patch(`${base}/memories/${mid + 1000}`, { card: 'journal-2' });
  assert.equal(unknown.status, 404, unknown.text);
  assert.equal(unknown.headers.get('content-type'), 'application/problem+json');
  assert.deepEqual(await mine(), before, 'nothing changed');

  // moved to the new stamp: it names it, and nothing is undone any more
  const moved = await c.api.patch(`${base}/memories/${mid}`, { card: 'journal-2' });
  assert.equal(moved.status, 200, moved.text);
  m = moved.json.memory;
  assert.deepEqual([m.id, m.card, m.slot, m.undone, m.stamp.player.id, m.stamp.token], [mid, 'journal-2', 0, null, ann, 'hazel']);
  assert.deepEqual(await mine(), m);
  const journal = (await c.api.get(`${base}/journal`)).json.cards.find((x) => x.id === 'journal-2');
  assert.deepEqual(journal.stamps[0].memories.map((x) => x.id), [mid]);
  // and its text can change in place (same id)
  const worded = await c.api.patch(`${base}/memories/${mid}`, { text: 'lost the passport in Rome, found it in Oslo' });
  assert.equal(worded.status, 200, worded.text);
  assert.deepEqual([worded.json.memory.id, worded.json.memory.text, worded.json.memory.card], [mid, 'lost the passport in Rome, found it in Oslo', 'journal-2']);
});

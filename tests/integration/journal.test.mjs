// journal.test.mjs -- the campaign's memory over HTTP: permanent Travel Journal stamps,
// their payouts in later games under both policies, journal-mode games, undo, the
// briefing, stats, and export/import.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign, newGame as game, postEvent as event } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

const payouts = (answer) => answer.effects.filter((e) => e.kind === 'journal_payout')
  .map((e) => [e.player, e.token, e.stamps, e.amount]);

/** The rulebook's example: Hazel stamped journal-2 in an earlier game; Ducky draws it. */
async function hazelDucky(policy) {
  const c = await newCampaign(srv.url, { stamp_owner: policy, players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const g1 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  const first = await event(c, g1, { type: 'draw_journal', card: 'journal-2', player: ann });
  assert.deepEqual(first.effects.filter((e) => e.kind === 'journal_stamp').map((e) => [e.card, e.slot, e.token, e.player]), [['journal-2', 0, 'hazel', ann]]);
  await event(c, g1, { type: 'end' });
  return { c, ann, bo, cy };
}

test('TWT-JOURNAL-4/5 token policy: whoever plays Hazel tonight collects Hazel\'s stamp', async () => {
  const { c, ann, bo, cy } = await hazelDucky('token');
  const g2 = await game(c, 'banker', [[cy, 'hazel'], [bo, 'rubber-ducky'], [ann, 't-rex']]);
  // Bo (Ducky) lands on the Travel Journal space at 2 and draws the card.
  await event(c, g2, { type: 'roll', d1: 1, d2: 1 });
  await event(c, g2, { type: 'draw_journal', card: 'journal-1' });
  let r = await event(c, g2, { type: 'roll', d1: 1, d2: 2 }); // Cy's double continues: 2 -> 5
  r = await event(c, g2, { type: 'roll', d1: 1, d2: 1, player: bo });
  assert.equal(r.state.turn.pending.kind, 'draw');
  const draw = await event(c, g2, { type: 'draw_journal', card: 'journal-2' });
  assert.deepEqual(draw.effects.find((e) => e.kind === 'journal_stamp'), { kind: 'journal_stamp', card: 'journal-2', slot: 1, token: 'rubber-ducky', player: bo });
  assert.deepEqual(payouts(draw).sort(), [[bo, 'rubber-ducky', 1, 100], [cy, 'hazel', 1, 100]].sort());
  const cash = Object.fromEntries(draw.state.players.map((p) => [p.id, p.cash]));
  assert.equal(cash[cy], 1650, 'Cy: 50 from journal-1 earlier, 100 for Hazel\'s stamp');
  assert.equal(cash[bo], 1600);
  assert.equal(cash[ann], 1500, 'Ann stamped it but plays T-Rex tonight');
  const card = (await c.api.get(`/api/v1/campaigns/${c.cid}/journal/journal-2`)).json;
  assert.equal(card.open, 0, 'the card is full');
  assert.deepEqual(card.stamps.map((s) => [s.slot, s.token, s.player.id, s.game]), [[0, 'hazel', ann, g2 - 1], [1, 'rubber-ducky', bo, g2]]);
  assert.equal(card.paid_out, 300, 'journal mode draws count too: Ann was paid 100 when she stamped');
  assert.equal(card.draws, 2);
  assert.deepEqual(card.history.at(-1).payouts.map((p) => [p.player.id, p.amount]).sort(), [[bo, 100], [cy, 100]].sort());
});

test('TWT-JOURNAL-5 player policy: the person who stamped collects, if seated', async () => {
  const { c, ann, bo, cy } = await hazelDucky('player');
  const g2 = await game(c, 'journal', [[cy, 'hazel'], [bo, 'rubber-ducky']]);
  const unseated = await event(c, g2, { type: 'draw_journal', card: 'journal-2', player: bo });
  assert.deepEqual(payouts(unseated), [[bo, 'rubber-ducky', 1, 100]], 'Ann is not seated: her stamp pays nobody, not Cy');
  await event(c, g2, { type: 'end' });
  const g3 = await game(c, 'journal', [[ann, 't-rex'], [bo, 'scottie']]);
  const seated = await event(c, g3, { type: 'draw_journal', card: 'journal-2', player: bo });
  assert.deepEqual(payouts(seated).sort(), [[ann, 't-rex', 1, 100], [bo, 'scottie', 1, 100]].sort(), 'a full card still pays');
  assert.equal(seated.effects.filter((e) => e.kind === 'journal_stamp').length, 0, 'a full card takes no more stamps');
});

test('TWT-JOURNAL-4: two stamps by one player are paid twice; the stamp policy can switch', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const g = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g, { type: 'draw_journal', card: 'journal-1', player: ann });
  const second = await event(c, g, { type: 'draw_journal', card: 'journal-1', player: ann });
  assert.deepEqual(payouts(second), [[ann, 'hazel', 2, 100]]);
  const patched = await c.api.patch(`/api/v1/campaigns/${c.cid}`, { stamp_owner: 'player' });
  assert.equal(patched.status, 200);
  const third = await event(c, g, { type: 'draw_journal', card: 'journal-1', player: bo });
  assert.deepEqual(payouts(third).sort(), [[ann, 'hazel', 2, 100], [bo, 'scottie', 1, 50]].sort());
  // The log remembers which policy paid each draw: a replay pays the same.
  const now = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g}`)).json.state;
  const replay = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g}/state?at=${now.seq}`)).json;
  assert.deepEqual(replay, now);
});

test('TWT-WIN in journal mode: four board stamps win; only stamps are tracked', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const g = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  const created = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g}`)).json.state;
  assert.equal(created.mode, 'journal');
  assert.equal(created.players[0].cash, null);
  assert.equal(created.turn, null);
  await event(c, g, { type: 'stamp_goal', player: ann, destination: 'rapa-nui' });
  await event(c, g, { type: 'stamp_goal', player: bo, destination: 'rapa-nui' }, 422);
  await event(c, g, { type: 'roll', d1: 1, d2: 2 }, 422);
  await event(c, g, { type: 'stamp_goal', player: ann, destination: 'angkor-wat' });
  await event(c, g, { type: 'stamp_goal', player: ann, destination: 'chichen-itza' });
  const win = await event(c, g, { type: 'stamp_goal', player: ann, destination: 'waitomo-caves' });
  assert.equal(win.state.status, 'finished');
  assert.equal(win.state.winner, ann);
  assert.deepEqual(win.effects.at(-1), { kind: 'win', player: ann });
  await event(c, g, { type: 'stamp_goal', player: bo, destination: 'grand-canyon' }, 409);
});

test('undo of a draw removes its stamp; an older game cannot be undone', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo'] });
  const [ann, bo] = c.players;
  const g1 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-3', player: ann });
  let card = (await c.api.get(`/api/v1/campaigns/${c.cid}/journal/journal-3`)).json;
  assert.equal(card.stamps.length, 1);
  const undo = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${g1}/undo`);
  assert.equal(undo.status, 200);
  card = (await c.api.get(`/api/v1/campaigns/${c.cid}/journal/journal-3`)).json;
  assert.equal(card.stamps.length, 0);
  assert.equal(card.draws, 0);
  assert.equal(card.history.length, 0);
  await event(c, g1, { type: 'draw_journal', card: 'journal-3', player: ann });
  await event(c, g1, { type: 'end' });
  const g2 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  const used = await event(c, g2, { type: 'draw_journal', card: 'journal-3', player: bo });
  assert.deepEqual(payouts(used), [[ann, 'hazel', 1, 200]]);
  const blocked = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${g1}/undo`);
  assert.equal(blocked.status, 409);
  card = (await c.api.get(`/api/v1/campaigns/${c.cid}/journal/journal-3`)).json;
  assert.equal(card.stamps.length, 1, 'the stamp a later game used stays');
  const shrink = await c.api.put(`/api/v1/campaigns/${c.cid}/board/journal/journal-3`, { slots: 0 });
  assert.equal(shrink.status, 422);
});

test('the briefing tells what a draw tonight would pay whom', async () => {
  const c = await newCampaign(srv.url, { players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const g = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g, { type: 'draw_journal', card: 'journal-1', player: ann });
  await event(c, g, { type: 'draw_journal', card: 'journal-1', player: ann });
  await event(c, g, { type: 'draw_journal', card: 'journal-5', player: bo });
  await event(c, g, { type: 'end' });
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}/journal?seats=${cy}:hazel,${bo}:scottie,${ann}:t-rex`);
  assert.equal(r.status, 200, r.text);
  const card = (id) => r.json.cards.find((x) => x.id === id);
  assert.deepEqual(card('journal-1').briefing, [{ player: cy, token: 'hazel', stamps: 2, amount: 100 }]);
  assert.deepEqual(card('journal-5').briefing, [{ player: bo, token: 'scottie', stamps: 1, amount: 40 }]);
  assert.deepEqual(card('journal-2').briefing, []);
  assert.equal(card('journal-1').open, 1);
  const bad = await c.api.get(`/api/v1/campaigns/${c.cid}/journal?seats=nonsense`);
  assert.equal(bad.status, 400);
  const list = await c.api.get(`/api/v1/campaigns/${c.cid}/journal`);
  assert.equal(list.json.cards.length, 10);
  assert.equal(list.json.cards[0].briefing, undefined, 'no seats, no active game: no briefing');
});

/** A campaign of several games in both modes, for stats and export. */
async function history() {
  const c = await newCampaign(srv.url, { name: 'History', players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const g1 = await game(c, 'journal', [[ann, 'hazel'], [bo, 'scottie']]);
  await event(c, g1, { type: 'draw_journal', card: 'journal-2', player: ann });
  await event(c, g1, { type: 'note', text: 'A voided note' });
  await c.api.post(`/api/v1/campaigns/${c.cid}/games/${g1}/undo`);
  for (const d of ['rapa-nui', 'angkor-wat', 'chichen-itza', 'waitomo-caves'])
    await event(c, g1, { type: 'stamp_goal', player: ann, destination: d });
  const g2 = await game(c, 'banker', [[cy, 'hazel'], [bo, 'rubber-ducky']]);
  await event(c, g2, { type: 'roll', d1: 2, d2: 4 });
  await event(c, g2, { type: 'buy' });
  await event(c, g2, { type: 'roll', d1: 1, d2: 1 });
  await event(c, g2, { type: 'draw_journal', card: 'journal-2' });
  const onRapa = await event(c, g2, { type: 'roll', d1: 1, d2: 3 });
  assert.equal(onRapa.state.turn.pending, null, 'a fee is not a pending decision');
  assert.deepEqual(onRapa.state.turn.fees_due.map(({ destination, owner, payer, amount }) => ({ destination, owner, payer, amount })),
    [{ destination: 'rapa-nui', owner: cy, payer: bo, amount: 50 }]);
  const fee = await event(c, g2, { type: 'collect_fee' });
  assert.deepEqual(fee.effects, [{ kind: 'pay', from: bo, to: cy, amount: 50, reason: 'fee', destination: 'rapa-nui' }]);
  await event(c, g2, { type: 'trade', a: cy, b: bo, a_gives: { cash: 50 }, b_gives: { jail_cards: 0 } });
  await event(c, g2, { type: 'adjust', player: bo, amount: 20, reason: 'found under the board' });
  return { c, ann, bo, cy, g1, g2 };
}

test('stats: per person, per token, per card and per destination', async () => {
  const { c, ann, bo, cy } = await history();
  const r = await c.api.get(`/api/v1/campaigns/${c.cid}/stats`);
  assert.equal(r.status, 200, r.text);
  const player = (id) => r.json.players.find((p) => p.id === id);
  assert.deepEqual([player(ann).games, player(ann).wins, player(ann).board_stamps, player(ann).journal_stamps, player(ann).payouts_received], [1, 1, 4, 1, 100]);
  assert.deepEqual([player(bo).games, player(bo).journal_stamps, player(bo).payouts_received], [2, 1, 100]);
  assert.deepEqual([player(cy).games, player(cy).payouts_received], [1, 100]);
  const token = (id) => r.json.tokens.find((t) => t.token === id);
  assert.deepEqual([token('hazel').games, token('hazel').wins, token('hazel').board_stamps, token('hazel').payouts_received], [2, 1, 4, 200]);
  const card = r.json.cards.find((x) => x.card === 'journal-2');
  assert.deepEqual([card.draws, card.paid_out, card.stamps], [2, 300, 2]);
  const rapa = r.json.destinations.find((d) => d.destination === 'rapa-nui');
  assert.deepEqual([rapa.bought, rapa.fees_collected, rapa.stamped], [1, 50, 1]);
});

test('export and import: one document, replayed into the same states, journal and stats', async () => {
  const { c } = await history();
  const exp = await c.api.get(`/api/v1/campaigns/${c.cid}/export`);
  assert.equal(exp.status, 200);
  assert.equal(exp.json.format, 'stampbook-campaign');
  assert.equal(exp.json.games.length, 2);
  const imp = await fetch(`${srv.url}/api/v1/campaigns/import`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: exp.text });
  assert.equal(imp.status, 201);
  const created = await imp.json();
  const copy = { cid: created.campaign.id, api: (await import('./server.mjs')).client(srv.url, created.key) };
  const again = await copy.api.get(`/api/v1/campaigns/${copy.cid}/export`);
  // Ids differ (the effects' from and to name players); everything else must be the same.
  const strip = (doc) => JSON.parse(JSON.stringify(doc, (k, v) => (['id', 'exported_at', 'started_at', 'ended_at', 'created_at', 'campaign', 'player', 'winner', 'a', 'b', 'from', 'to'].includes(k) ? undefined : v)));
  assert.deepEqual(strip(again.json.games), strip(exp.json.games));
  const j1 = (await c.api.get(`/api/v1/campaigns/${c.cid}/journal`)).json.cards;
  const j2 = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/journal`)).json.cards;
  const shape = (cards) => cards.map((x) => [x.id, x.draws, x.paid_out, x.open, x.stamps.map((s) => [s.slot, s.token, s.player.name, s.seq])]);
  assert.deepEqual(shape(j2), shape(j1));
  const s1 = (await c.api.get(`/api/v1/campaigns/${c.cid}/stats`)).json;
  const s2 = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/stats`)).json;
  assert.deepEqual(strip(s2), strip(s1));
  const g1 = (await c.api.get(`/api/v1/campaigns/${c.cid}/games`)).json.games;
  const g2 = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/games`)).json.games;
  for (let i = 0; i < g1.length; i++) {
    const a = (await c.api.get(`/api/v1/campaigns/${c.cid}/games/${g1[i].id}`)).json.state;
    const b = (await copy.api.get(`/api/v1/campaigns/${copy.cid}/games/${g2[i].id}`)).json.state;
    assert.deepEqual(b.players.map((p) => [p.name, p.cash, p.position, p.owns, p.stamped]), a.players.map((p) => [p.name, p.cash, p.position, p.owns, p.stamped]));
    assert.equal(b.status, a.status);
    assert.equal(b.seq, a.seq);
  }
});

test('import refuses a damaged or foreign document with 422 and creates nothing', async () => {
  const { c } = await history();
  const exp = (await c.api.get(`/api/v1/campaigns/${c.cid}/export`)).json;
  const before = (await c.api.get(`/api/v1/campaigns/${c.cid}`)).json;
  const damaged = structuredClone(exp);
  damaged.games[1].events[0].payload.d1 = 9;
  const foreign = { format: 'something-else', version: 1 };
  const badPlayer = structuredClone(exp);
  badPlayer.games[0].seats[0].player = 999999;
  for (const doc of [damaged, foreign, badPlayer]) {
    const r = await fetch(`${srv.url}/api/v1/campaigns/import`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });
    assert.equal(r.status, 422, await r.text());
  }
  // No campaign was created by the refused imports: the next id follows the last.
  const next = await newCampaign(srv.url);
  assert.equal(next.cid, before.campaign.id + 1);
});

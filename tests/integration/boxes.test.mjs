// boxes.test.mjs -- issue 39, every box of the group: one campaign holds a box per
// edition it plays, its players play every box, and each box has at most one active
// game (API.md "Every box of the group (added 2026-12-c)").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launchServer, newCampaign, client } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

/** A campaign of edition with Ann, Bo and Cy. */
async function campaign(edition = 'travel-world-tour') {
  const c = await newCampaign(srv.url, { name: 'Friday nights', edition, players: ['Ann', 'Bo', 'Cy'] });
  c.base = `/api/v1/campaigns/${c.cid}`;
  return c;
}

/** POST a game and expect status; returns the answer. */
async function newGame(c, body, status = 201) {
  const r = await c.api.post(`${c.base}/games`, body);
  assert.equal(r.status, status, `${JSON.stringify(body)} -> ${r.text}`);
  return r;
}

const twtSeats = (c) => [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }, { player: c.players[2], token: 't-rex' }];
const seats = (c) => c.players.map((player, i) => ({ player, token: ['boot', 'dog', 'ship'][i] }));

/** POST an event and expect status. */
async function event(c, gid, body, status = 201) {
  const r = await c.api.post(`${c.base}/games/${gid}/events`, body);
  assert.equal(r.status, status, `${JSON.stringify(body)} -> ${r.text}`);
  return r;
}

/** The campaign document. */
async function read(c) {
  const r = await c.api.get(c.base);
  assert.equal(r.status, 200, r.text);
  return r.json;
}

test('a campaign plays Travel World Tour, classic (results), Wonders and Deal with the same players', async () => {
  const c = await campaign();
  const [ann, bo, cy] = c.players;
  const fresh = await read(c);
  assert.deepEqual(fresh.campaign.boxes.map((b) => [b.edition, b.active_game]), [['travel-world-tour', null]], 'a new campaign lists its own box');
  assert.ok(fresh.campaign.boxes[0].facts > 0);
  assert.equal(fresh.campaign.boxes[0].checked, 0);

  const twt = (await newGame(c, { mode: 'banker', seats: twtSeats(c) })).json.game;
  assert.equal(twt.edition, 'travel-world-tour');

  const classic = (await newGame(c, { edition: 'classic', mode: 'results', seats: seats(c) })).json.game;
  assert.equal(classic.edition, 'classic');
  await event(c, classic.id, { type: 'result', standings: [{ player: ann, bankrupt_order: 2 }, { player: bo }, { player: cy, bankrupt_order: 1 }] });

  const wonders = (await newGame(c, { edition: 'wonders', mode: 'results', seats: seats(c) })).json.game;
  await event(c, wonders.id, { type: 'result', standings: [{ player: ann, wonders_ticked: 22, cash: 300 }, { player: bo, wonders_ticked: 19, cash: 1700 }, { player: cy, wonders_ticked: 3, cash: 50 }] });

  const deal = (await newGame(c, { edition: 'deal', mode: 'results', seats: seats(c) })).json.game;
  await event(c, deal.id, { type: 'result', standings: [{ player: ann, complete_sets: 2 }, { player: bo, complete_sets: 1 }, { player: cy, complete_sets: 3 }] });

  const doc = await read(c);
  assert.deepEqual(doc.campaign.boxes.map((b) => [b.edition, b.active_game]),
    [['travel-world-tour', twt.id], ['classic', null], ['deal', null], ['wonders', null]], 'its own box first');
  assert.equal(doc.campaign.active_game, twt.id);
  assert.equal(doc.campaign.edition, 'travel-world-tour', 'the campaign keeps its own edition');
  assert.deepEqual(doc.games.map((g) => [g.edition, g.number]),
    [['deal', 4], ['wonders', 3], ['classic', 2], ['travel-world-tour', 1]], 'numbers run over the whole campaign');
  assert.deepEqual(doc.players.map((p) => [p.name, p.games, p.wins]), [['Ann', 4, 1], ['Bo', 4, 1], ['Cy', 4, 1]], 'players count every box');

  const stats = (await c.api.get(`${c.base}/stats`)).json;
  assert.deepEqual(stats.editions.map((e) => [e.edition, e.games, e.players.map((p) => [p.player, p.games, p.wins])]), [
    ['travel-world-tour', 1, [[ann, 1, 0], [bo, 1, 0], [cy, 1, 0]]],
    ['classic', 1, [[ann, 1, 0], [bo, 1, 1], [cy, 1, 0]]],
    ['deal', 1, [[ann, 1, 0], [bo, 1, 0], [cy, 1, 1]]],
    ['wonders', 1, [[ann, 1, 1], [bo, 1, 0], [cy, 1, 0]]],
  ]);
  assert.deepEqual(stats.players.map((p) => [p.name, p.games, p.wins]), [['Ann', 4, 1], ['Bo', 4, 1], ['Cy', 4, 1]], 'the stats count every box');

  const state = await c.api.get(`${c.base}/games/${deal.id}/state`);
  assert.equal(state.json.winner, cy);
  const g = await c.api.get(`${c.base}/games/${classic.id}`);
  assert.equal(g.json.game.edition, 'classic');
  assert.equal(g.json.game.winner, bo);
});

test('one active game per box: a second of the same box is 409, another box 201', async () => {
  const c = await campaign();
  const first = (await newGame(c, { mode: 'banker', seats: twtSeats(c) })).json.game;
  const again = await newGame(c, { mode: 'banker', seats: twtSeats(c) }, 409);
  assert.match(again.headers.get('content-type'), /^application\/problem\+json/);
  const classic = (await newGame(c, { edition: 'classic', mode: 'results', seats: seats(c) })).json.game;
  await newGame(c, { edition: 'classic', mode: 'results', seats: seats(c) }, 409);
  const doc = await read(c);
  assert.deepEqual(doc.campaign.boxes.map((b) => [b.edition, b.active_game]), [['travel-world-tour', first.id], ['classic', classic.id]]);
  assert.equal(doc.campaign.active_game, classic.id, 'the most recently started active game of any box');
  assert.equal(doc.games.length, 2);

  // Undo is per box: the Travel World Tour game is that box's latest game.
  await event(c, first.id, { type: 'note', text: 'pizza' });
  const undo = await c.api.post(`${c.base}/games/${first.id}/undo`, {});
  assert.equal(undo.status, 200, undo.text);

  // The layout lock is per box: once the Travel World Tour game ends, its layout may
  // change while the classic play goes on.
  await event(c, first.id, { type: 'end' });
  const space = await c.api.put(`${c.base}/board/spaces/1`, { name: 'Rapa Nui' });
  assert.equal(space.status, 200, space.text);
  assert.equal((await read(c)).campaign.active_game, classic.id);
});

test('corrections on one box leave the others alone; the layout lock is per box', async () => {
  const c = await campaign('classic');
  const classicBoard = (await c.api.get(`${c.base}/board`)).json;
  // The first Travel World Tour game gives the campaign that box.
  await c.api.get(`${c.base}/board?edition=travel-world-tour`).then((r) => assert.equal(r.status, 404, r.text));
  const classic = (await newGame(c, { mode: 'results', seats: seats(c) })).json.game;
  const twtBefore = (await c.api.get(`/api/v1/editions/travel-world-tour`)).json;
  const twt = (await newGame(c, { edition: 'travel-world-tour', mode: 'banker', seats: twtSeats(c) })).json.game;
  const box = await c.api.get(`${c.base}/board?edition=travel-world-tour`);
  assert.equal(box.status, 200, box.text);
  assert.equal(box.json.destinations.length, twtBefore.destinations.length);
  assert.ok(box.json.check.facts > 0);

  // While its game is active, that box's layout is locked; a fix of a destination goes
  // into that game's log, and no other box or game sees it.
  const lock = await c.api.put(`${c.base}/board/spaces/1?edition=travel-world-tour`, { name: 'Moved' });
  assert.equal(lock.status, 409, lock.text);
  const fix = await c.api.put(`${c.base}/board/destinations/brown-1?edition=travel-world-tour`, { name: 'Rapa Nui', checked: true });
  assert.equal(fix.status, 200, fix.text);
  assert.equal(fix.json.name, 'Rapa Nui');
  const after = (await c.api.get(`${c.base}/board?edition=travel-world-tour`)).json;
  assert.equal(after.destinations.find((d) => d.id === 'brown-1').name, 'Rapa Nui');
  assert.deepEqual((await c.api.get(`${c.base}/board`)).json, classicBoard, 'the classic box is unchanged');
  const twtEvents = (await c.api.get(`${c.base}/games/${twt.id}/events`)).json.events;
  assert.deepEqual(twtEvents.map((e) => e.type), ['correct']);
  assert.deepEqual((await c.api.get(`${c.base}/games/${classic.id}/events`)).json.events, []);
  const doc = await read(c);
  assert.deepEqual(doc.campaign.boxes.map((b) => [b.edition, b.checked]), [['classic', 0], ['travel-world-tour', 1]]);

  // A second box file for a box the campaign has is 409.
  await newGame(c, { edition: 'travel-world-tour', mode: 'banker', seats: twtSeats(c), board: box.json }, 409);
});

test('a box file starts the box of a new edition', async () => {
  const c = await campaign('deal');
  const file = (await c.api.get(`/api/v1/editions/travel-world-tour`)).json;
  file.destinations[0].name = 'Our own';
  const g = await newGame(c, { edition: 'travel-world-tour', mode: 'journal', seats: twtSeats(c), board: file });
  assert.equal(g.json.game.edition, 'travel-world-tour');
  const box = await c.api.get(`${c.base}/board?edition=travel-world-tour`);
  assert.equal(box.json.destinations[0].name, 'Our own');
});

test('bad input: an unknown edition or a mode its edition lacks is 422, a box the campaign lacks 404; nothing changes', async () => {
  const c = await campaign();
  const before = await read(c);
  const problem = (r, status) => {
    assert.equal(r.status, status, r.text);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  };
  problem(await newGame(c, { edition: 'monopoly-junior', mode: 'results', seats: seats(c) }, 422), 422);
  problem(await newGame(c, { edition: 'classic', mode: 'journal', seats: seats(c) }, 422), 422);
  problem(await newGame(c, { edition: 'deal', mode: 'banker', seats: seats(c) }, 422), 422);
  problem(await newGame(c, { edition: 'travel-world-tour', mode: 'results', seats: twtSeats(c) }, 422), 422);
  problem(await newGame(c, { edition: 7, mode: 'results', seats: seats(c) }, 400), 400);
  problem(await c.api.get(`${c.base}/board?edition=monopoly-junior`), 422);
  problem(await c.api.get(`${c.base}/board?edition=deal`), 404);
  problem(await c.api.put(`${c.base}/board/destinations/brown-1?edition=classic`, { name: 'X' }), 404);
  problem(await c.api.put(`${c.base}/board/destinations/brown-1?edition=nope`, { name: 'X' }), 422);
  const after = await read(c);
  assert.deepEqual(after, before, 'no box, game or fact came of a refusal');
});

test('a database made at schema version 21 migrates with each campaign\'s edition as its one box, nothing lost', async () => {
  // fixtures/schema21.db: made by fixtures/make-schema21.mjs with the server before
  // migration 0022 (its keys printed by that script).
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-'));
  copyFileSync(new URL('./fixtures/schema21.db', import.meta.url), join(dir, 'test.db'));
  const old = await launchServer({ dir });
  try {
    const twt = client(old.url, 'crdWkSx33eRgJzCdIBqZV7_Ab-UePZdbqNgmAiJZL9Y');
    const classic = client(old.url, 'J3FDdrho0wZLvkarpzvRr1Z0gI-bfVkeZi6TpJd9g0Q');
    const a = await twt.get('/api/v1/campaigns/1');
    assert.equal(a.status, 200, a.text);
    assert.equal(a.json.campaign.name, 'Old box');
    assert.deepEqual(a.json.campaign.boxes.map((b) => [b.edition, b.active_game]), [['travel-world-tour', 2]]);
    assert.equal(a.json.campaign.active_game, 2);
    assert.deepEqual(a.json.players.map((p) => p.name), ['Ann', 'Bo']);
    assert.deepEqual(a.json.games.map((g) => [g.id, g.edition, g.mode, g.status, g.number]),
      [[2, 'travel-world-tour', 'banker', 'active', 2], [1, 'travel-world-tour', 'journal', 'finished', 1]]);
    const journal = await twt.get('/api/v1/campaigns/1/journal');
    assert.equal(journal.status, 200, journal.text);
    const stamps = journal.json.cards.flatMap((c) => c.stamps.map((s) => [c.id, s.token]));
    assert.deepEqual(stamps.sort(), [['journal-1', 'scottie'], ['journal-2', 'hazel']]);
    const events = await twt.get('/api/v1/campaigns/1/games/2/events');
    assert.deepEqual(events.json.events.map((e) => e.type), ['note']);
    // The active game of the migrated box is still that box's: a second one is 409.
    const again = await twt.post('/api/v1/campaigns/1/games', { mode: 'banker', seats: [{ player: 1, token: 'hazel' }, { player: 2, token: 'scottie' }] });
    assert.equal(again.status, 409, again.text);

    const b = await classic.get('/api/v1/campaigns/2');
    assert.equal(b.status, 200, b.text);
    assert.deepEqual(b.json.campaign.boxes.map((x) => [x.edition, x.active_game]), [['classic', null]]);
    assert.deepEqual(b.json.games.map((g) => [g.edition, g.mode, g.status, g.winner]), [['classic', 'results', 'finished', 3]]);
  } finally {
    await old.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An export with its campaign, player and game ids replaced by their order, its time
 * of export gone: two exports of the same campaign compare equal. */
function normalise(doc) {
  const pmap = new Map(doc.players.map((p, i) => [p.id, i]));
  const gmap = new Map(doc.games.map((g, i) => [g.id, i]));
  const walk = (v, key) => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'exported_at').map(([k, x]) => [k, walk(x, k)]));
    if (typeof v === 'number' && ['player', 'winner', 'a', 'b'].includes(key)) return `p${pmap.get(v)}`;
    if (typeof v === 'number' && ['game', 'active_game'].includes(key)) return `g${gmap.get(v)}`;
    return v;
  };
  const out = walk(doc);
  delete out.campaign.id;
  for (const p of out.players) p.id = `p${pmap.get(p.id)}`;
  for (const g of out.games) g.id = `g${gmap.get(g.id)}`;
  return out;
}

test('export version 4 holds every box, and imports identical', async () => {
  const c = await campaign();
  const [ann, bo, cy] = c.players;
  const twt = (await newGame(c, { mode: 'banker', seats: twtSeats(c) })).json.game;
  await event(c, twt.id, { type: 'note', text: 'paused for pizza' });
  const classic = (await newGame(c, { edition: 'classic', mode: 'results', seats: seats(c), location: 'Bo\'s' })).json.game;
  await event(c, classic.id, { type: 'result', standings: [{ player: ann, bankrupt_order: 2 }, { player: bo }, { player: cy, bankrupt_order: 1 }] });
  const deal = (await newGame(c, { edition: 'deal', mode: 'results', seats: seats(c) })).json.game;
  await event(c, deal.id, { type: 'result', standings: [{ player: ann, complete_sets: 3 }, { player: bo, complete_sets: 1 }, { player: cy, complete_sets: 0 }] });
  await newGame(c, { edition: 'wonders', mode: 'results', seats: seats(c) }); // left active
  assert.equal((await c.api.put(`${c.base}/board/destinations/brown-1`, { name: 'Rapa Nui' })).status, 200);

  const exp = await c.api.get(`${c.base}/export`);
  assert.equal(exp.status, 200, exp.text);
  assert.equal(exp.json.version, 4);
  assert.deepEqual(exp.json.boxes.map((b) => b.edition), ['classic', 'deal', 'wonders']);
  assert.deepEqual(exp.json.games.map((g) => g.edition), ['travel-world-tour', 'classic', 'deal', 'wonders']);

  const imp = await c.api.post('/api/v1/campaigns/import', exp.text);
  assert.equal(imp.status, 201, imp.text);
  const copy = { cid: imp.json.campaign.id, api: (await import('./server.mjs')).client(srv.url, imp.json.key), players: [] };
  copy.base = `/api/v1/campaigns/${copy.cid}`;
  const again = await copy.api.get(`${copy.base}/export`);
  assert.equal(again.status, 200, again.text);
  assert.deepEqual(normalise(again.json), normalise(exp.json));
  const doc = await read(copy);
  assert.deepEqual(doc.campaign.boxes.map((b) => [b.edition, b.active_game !== null]),
    [['travel-world-tour', true], ['classic', false], ['deal', false], ['wonders', true]]);
  assert.equal((await copy.api.get(`${copy.base}/board`)).json.destinations.find((d) => d.id === 'brown-1').name, 'Rapa Nui');
});

test('an import refuses a game of a box the export does not give, and a box of an unknown edition', async () => {
  const c = await campaign();
  await newGame(c, { edition: 'deal', mode: 'results', seats: seats(c) });
  const exp = (await c.api.get(`${c.base}/export`)).json;
  const noBox = { ...exp, boxes: [] };
  const r1 = await c.api.post('/api/v1/campaigns/import', noBox);
  assert.equal(r1.status, 422, r1.text);
  const unknown = { ...exp, boxes: [{ edition: 'monopoly-junior', board: exp.boxes[0].board }] };
  const r2 = await c.api.post('/api/v1/campaigns/import', unknown);
  assert.equal(r2.status, 422, r2.text);
});

test('the exports for other apps hold the plays of every box, each under its own edition', async () => {
  const c = await campaign();
  const [ann, bo, cy] = c.players;
  const twt = (await newGame(c, { mode: 'journal', seats: twtSeats(c) })).json.game;
  await event(c, twt.id, { type: 'end', winner: ann });
  const classic = (await newGame(c, { edition: 'classic', mode: 'results', seats: seats(c) })).json.game;
  await event(c, classic.id, { type: 'result', standings: [{ player: ann, bankrupt_order: 2 }, { player: bo }, { player: cy, bankrupt_order: 1 }] });
  const deal = (await newGame(c, { edition: 'deal', mode: 'results', seats: seats(c) })).json.game;
  await event(c, deal.id, { type: 'result', standings: [{ player: ann, complete_sets: 3 }, { player: bo, complete_sets: 1 }, { player: cy, complete_sets: 0 }] });

  const csv = await c.api.get(`${c.base}/export/plays.csv`);
  assert.equal(csv.status, 200, csv.text);
  const rows = csv.text.trim().split('\r\n').slice(1).map((l) => l.split(','));
  assert.deepEqual(rows.map((r) => [Number(r[0]), r[2], r[3]]), [[twt.id, 'travel-world-tour', 'journal'], [classic.id, 'classic', 'results'], [deal.id, 'deal', 'results']]);

  const bgg = (await c.api.get(`${c.base}/export/bgg`)).json;
  assert.deepEqual(bgg.plays.map((p) => p.game), ['Monopoly Travel World Tour', 'Monopoly (classic)', 'Monopoly Deal']);

  const xml = (await c.api.get(`${c.base}/export/bgg.xml`)).text;
  assert.deepEqual([...xml.matchAll(/<item name="([^"]*)" objecttype="thing" objectid="(\d+)"/g)].map((m) => [m[1], Number(m[2])]),
    [['Monopoly Travel World Tour', 0], ['Monopoly', 1406], ['Monopoly Deal Card Game', 40398]]);

  const bgs = (await c.api.get(`${c.base}/export/bgstats`)).json;
  assert.deepEqual(bgs.games.map((g) => [g.id, g.name, g.bggId]), [[1, 'Monopoly Travel World Tour', 0], [2, 'Monopoly (classic)', 1406], [3, 'Monopoly Deal', 40398]]);
  assert.deepEqual(bgs.plays.map((p) => p.gameRefId), [1, 2, 3]);
  assert.equal(new Set(bgs.games.map((g) => g.uuid)).size, 3);
});

test('the recap and the night card cover every box; the journal stays the Travel World Tour box\'s', async () => {
  const c = await campaign('classic');
  const [ann, bo, cy] = c.players;
  const classic = (await newGame(c, { mode: 'results', seats: seats(c) })).json.game;
  await event(c, classic.id, { type: 'result', standings: [{ player: ann, bankrupt_order: 2 }, { player: bo }, { player: cy, bankrupt_order: 1 }] });
  const twt = (await newGame(c, { edition: 'travel-world-tour', mode: 'journal', seats: twtSeats(c) })).json.game;
  await event(c, twt.id, { type: 'draw_journal', card: 'journal-2', player: ann });
  await event(c, twt.id, { type: 'end', winner: ann });
  const deal = (await newGame(c, { edition: 'deal', mode: 'results', seats: seats(c) })).json.game;
  await event(c, deal.id, { type: 'result', standings: [{ player: ann, complete_sets: 1 }, { player: bo, complete_sets: 3 }, { player: cy, complete_sets: 0 }] });

  const recap = (await c.api.get(`${c.base}/recap`)).json;
  assert.equal(recap.games, 3);
  assert.deepEqual([recap.last_game.id, recap.last_game.edition], [deal.id, 'deal']);
  assert.deepEqual(recap.last_night.map((g) => [g.id, g.edition, g.number, g.winner_name]),
    [[classic.id, 'classic', 1, 'Bo'], [twt.id, 'travel-world-tour', 2, 'Ann'], [deal.id, 'deal', 3, 'Bo']]);
  assert.deepEqual(recap.standings.map((s) => [s.player.name, s.wins, s.games]), [['Bo', 2, 3], ['Ann', 1, 3], ['Cy', 0, 3]]);
  assert.equal(recap.journal.stamps, 1, 'the journal of the Travel World Tour box');

  // The journal of a campaign whose own box is classic is its Travel World Tour box's.
  const journal = await c.api.get(`${c.base}/journal`);
  assert.equal(journal.status, 200, journal.text);
  assert.deepEqual(journal.json.cards.flatMap((k) => k.stamps.map((s) => [k.id, s.token])), [['journal-2', 'hazel']]);

  for (const [g, name] of [[classic, 'Monopoly (classic)'], [twt, 'Monopoly Travel World Tour'], [deal, 'Monopoly Deal']]) {
    const svg = await c.api.get(`${c.base}/games/${g.id}/summary.svg?lang=fr`);
    assert.equal(svg.status, 200, svg.text);
    assert.ok(svg.text.includes(name), `the card of game ${g.id} names ${name}`);
  }
});

// plays.test.mjs -- a campaign's plays for other apps (issue 17): the BG Stats app's
// import file (checked with ajv against schema/bgstats.schema.json), BoardGameGeek's
// XML API2 <plays> (checked with xmllint --relaxng against schema/bgg-plays.rng), and
// what ecosystem.test.mjs does not cover of the CSV and the BoardGameGeek play log
// (results-mode games, a game without a winner, the exact text).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { newCampaign, startServer } from './server.mjs';
import { threePlays } from './plays-fixture.mjs';
import { BGSTATS_PUSH_URL, bgStatsLink, playUuidOf } from '../../static/js/bgstats.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BGSTATS = JSON.parse(readFileSync(join(ROOT, 'schema/bgstats.schema.json'), 'utf8'));
const validateBgStats = new Ajv2020({ allErrors: true, strict: true }).compile(BGSTATS);

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

/** Assert that doc is a valid BG Stats file. */
function assertBgStats(doc) {
  const ok = validateBgStats(doc);
  assert.ok(ok, JSON.stringify(validateBgStats.errors, null, 1));
}

/** The three plays of plays-fixture.mjs, with names that need escaping; bo is the
 * second player (the winner of the second game). */
async function twtPlays() {
  const p = await threePlays(srv.url, ['Ann <&> "the Cat"', 'Bo', 'Cy']);
  return { ...p, bo: p.eq };
}

/** A classic campaign with one finished timed game: Ann bankrupt, Cy the richest. */
async function classicPlay() {
  const c = await newCampaign(srv.url, { name: 'Classic nights', edition: 'classic', players: ['Ann', 'Bo', 'Cy'] });
  const [ann, bo, cy] = c.players;
  const root = `/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`${root}/games`, { mode: 'results', seats: [{ player: ann, token: 'boot' }, { player: bo, token: 'hat' }, { player: cy, token: 'dog' }],
    played_at: '2026-11-27T19:30:00Z', duration_min: 95, location: 'Ann\'s <kitchen> & "den"' });
  assert.equal(g.status, 201, g.text);
  const r = await c.api.post(`${root}/games/${g.json.game.id}/events`, {
    type: 'result', variant: 'timed', standings: [
      { player: ann, bankrupt_order: 1 }, { player: bo, cash: 300, property_value: 400 }, { player: cy, cash: 900, property_value: 200, mortgaged_value: 100 }],
  });
  assert.equal(r.status, 201, r.text);
  return { c, root, ann, bo, cy, gid: g.json.game.id };
}

// ---- BG Stats ----

test('bgstats: the file validates against the schema of the format, one game for the edition, one play per game', async () => {
  const { c, root, games } = await twtPlays();
  const r = await c.api.get(`${root}/export/bgstats`);
  assert.equal(r.status, 200, r.text);
  assert.match(r.headers.get('content-type'), /^application\/json/);
  assertBgStats(r.json);
  assert.deepEqual(Object.keys(r.json).sort(), ['about', 'games', 'locations', 'players', 'plays', 'userInfo']);
  assert.equal(r.json.games.length, 1, 'one game: the campaign edition');
  assert.equal(r.json.games[0].name, 'Monopoly Travel World Tour');
  assert.equal(r.json.plays.length, games.length);
  const gameIds = new Set(r.json.games.map((g) => g.id));
  const playerIds = new Set(r.json.players.map((p) => p.id));
  for (const p of r.json.plays) {
    assert.ok(gameIds.has(p.gameRefId), 'gameRefId names a game of the file');
    for (const s of p.playerScores) assert.ok(playerIds.has(s.playerRefId), 'playerRefId names a player of the file');
  }
  assert.deepEqual(r.json.players.map((p) => p.name).sort(), ['Ann <&> "the Cat"', 'Bo', 'Cy']);
});

test('bgstats: Travel World Tour scores are board stamps, the winner and start player flagged, seats in play order', async () => {
  const { c, root, ann, bo, cy } = await twtPlays();
  const { json } = await c.api.get(`${root}/export/bgstats`);
  const [p1, p2, p3] = json.plays;
  assert.equal(p1.playDate, '2026-03-14 19:00:00', 'played_at wins over the time the game was logged');
  assert.equal(p1.ignored, true, 'an abandoned game counts in no statistic');
  assert.equal(p1.board, 'banker');
  assert.equal(p1.comments, `Travel Journal stamps: hazel (Ann <&> "the Cat") stamped journal-1 circle 1`);
  assert.deepEqual(p2.playerScores.map((s) => [s.playerRefId, s.score, s.winner, s.startPlayer, s.seatOrder, s.role]),
    [[bo, '4', true, true, 0, 't-rex'], [ann, '1', false, false, 1, 'hazel'], [cy, '0', false, false, 2, 'rubber-ducky']]);
  assert.equal(p2.ignored, false);
  assert.equal(p2.board, 'journal');
  assert.ok(p3.playerScores.every((s) => s.winner === false), 'nobody has won a game in progress');
  assert.equal(p3.ignored, true);
});

test('bgstats: uuids are stable from one export to the next and differ between plays', async () => {
  const { c, root } = await twtPlays();
  const a = (await c.api.get(`${root}/export/bgstats`)).json;
  const b = (await c.api.get(`${root}/export/bgstats`)).json;
  assert.deepEqual(a.plays.map((p) => p.uuid), b.plays.map((p) => p.uuid));
  assert.deepEqual(a.players.map((p) => p.uuid), b.players.map((p) => p.uuid));
  assert.equal(new Set(a.plays.map((p) => p.uuid)).size, a.plays.length);
  const other = await twtPlays();
  const o = (await other.c.api.get(`${other.root}/export/bgstats`)).json;
  assert.ok(o.plays.every((p) => !a.plays.some((q) => q.uuid === p.uuid)), 'another campaign has other play uuids');
});

test('bgstats: a results-mode play scores the figure the edition decides by (classic: net worth) with ranks', async () => {
  const { c, root, ann, bo, cy } = await classicPlay();
  const r = await c.api.get(`${root}/export/bgstats`);
  assert.equal(r.status, 200, r.text);
  assertBgStats(r.json);
  assert.equal(r.json.games[0].name, 'Monopoly (classic)');
  assert.equal(r.json.games[0].bggId, 1406);
  const [p] = r.json.plays;
  assert.equal(p.board, 'timed');
  assert.equal(p.comments, '');
  assert.equal(p.ignored, false);
  const by = Object.fromEntries(p.playerScores.map((s) => [s.playerRefId, s]));
  assert.equal(by[cy].score, '1150', 'cash 900 + property 200 + half of 100 mortgaged');
  assert.equal(by[bo].score, '700');
  assert.deepEqual([by[cy].winner, by[bo].winner, by[ann].winner], [true, false, false]);
  assert.deepEqual([by[cy].rank, by[bo].rank], [1, 2]);
});

test('bgstats: a view key reads the export; no key is 401 problem+json', async () => {
  const { c, root } = await twtPlays();
  const view = await fetch(`${srv.url}${root}/export/bgstats`, { headers: { Authorization: `Bearer ${c.view_key}` } });
  assert.equal(view.status, 200);
  const none = await fetch(`${srv.url}${root}/export/bgstats`);
  assert.equal(none.status, 401);
  assert.match(none.headers.get('content-type'), /^application\/problem\+json/);
});

test('bgstats: the UI\'s "Send to BG Stats" link is the app\'s push link carrying the play of the export', async () => {
  const { c, root, bo, games } = await twtPlays();
  const file = (await c.api.get(`${root}/export/bgstats`)).json;
  const list = (await c.api.get(`${root}/games`)).json.games;
  const uuid = playUuidOf(file, list, games[1]);
  assert.equal(uuid, file.plays[1].uuid, 'the play of the second game');
  const url = new URL(bgStatsLink(file, uuid));
  assert.equal(`${url.origin}${url.pathname}`, BGSTATS_PUSH_URL);
  const data = JSON.parse(url.searchParams.get('data'));
  assert.equal(data.sourceName, 'Stampbook');
  assert.equal(data.sourcePlayId, uuid);
  assert.equal(data.playDate, file.plays[1].playDate);
  assert.equal(data.game.name, 'Monopoly Travel World Tour');
  assert.equal(data.game.sourceGameId, file.games[0].uuid);
  assert.equal('bggId' in data.game, false, 'no BoardGameGeek id is sent while the edition has none');
  assert.deepEqual(data.players.map((p) => [p.name, p.score, p.winner, p.startPlayer, p.role]),
    [['Bo', 4, true, true, 't-rex'], ['Ann <&> "the Cat"', 1, false, false, 'hazel'], ['Cy', 0, false, false, 'rubber-ducky']]);
  assert.equal(data.players[0].sourcePlayerId, file.players.find((p) => p.id === bo).uuid);
  assert.equal(bgStatsLink(file, 'no-such-play'), null);
});

test('bgstats: the OpenAPI document holds schema/bgstats.schema.json as its BgStats* schemas, unchanged', () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'schema/openapi.json'), 'utf8'));
  const name = (def) => `BgStats${def[0].toUpperCase()}${def.slice(1)}`;
  const conv = (o) => (Array.isArray(o) ? o.map(conv) : o && typeof o === 'object'
    ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === '$ref' ? v.replace(/^#\/\$defs\/(\w+)$/, (_, d) => `#/components/schemas/${name(d)}`) : conv(v)]))
    : o);
  const { $schema, $id, $defs, ...top } = BGSTATS;
  assert.ok($schema && $id);
  assert.deepEqual(doc.components.schemas.BgStatsFile, conv(top));
  for (const [k, v] of Object.entries($defs)) assert.deepEqual(doc.components.schemas[name(k)], conv(v), k);
});

// ---- BoardGameGeek XML ----

/** Run xmllint --relaxng schema/bgg-plays.rng on text; returns {ok, out}. */
function relaxng(text) {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-bgg-'));
  const file = join(dir, 'plays.xml');
  writeFileSync(file, text);
  try {
    const out = execFileSync('xmllint', ['--noout', '--relaxng', join(ROOT, 'schema/bgg-plays.rng'), file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: true, out };
  } catch (e) {
    return { ok: false, out: `${e.stdout}${e.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The attributes of every <tag .../> or <tag ...> in xml, in order (entities decoded). */
function elements(xml, tag) {
  const decode = (v) => v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...xml.matchAll(new RegExp(`<${tag}((?:\\s+[a-z]+="[^"]*")*)\\s*/?>`, 'g'))]
    .map((m) => Object.fromEntries([...m[1].matchAll(/([a-z]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])));
}

test('bgg.xml: XML API2 <plays> that the RELAX NG schema accepts, one play per game', async () => {
  const { c, root, games } = await twtPlays();
  const r = await c.api.get(`${root}/export/bgg.xml`);
  assert.equal(r.status, 200, r.text);
  assert.match(r.headers.get('content-type'), /^application\/xml; charset=utf-8/);
  const v = relaxng(r.text);
  assert.ok(v.ok, v.out);
  const plays = elements(r.text, 'play');
  assert.deepEqual(plays.map((p) => Number(p.id)), games, 'play id = game id');
  assert.equal(elements(r.text, 'plays')[0].total, String(games.length));
  const items = elements(r.text, 'item');
  assert.ok(items.every((i) => i.objecttype === 'thing' && i.objectid === '0' && i.name === 'Monopoly Travel World Tour'),
    'Travel World Tour has no confirmed BoardGameGeek id yet: objectid 0 and the edition name');
  assert.deepEqual(plays.map((p) => [p.date, p.quantity, p.incomplete]), [['2026-03-14', '1', '1'], [plays[1].date, '1', '0'], [plays[2].date, '1', '1']]);
});

test('bgg.xml: players carry name startposition color score win; names and comments are escaped', async () => {
  const { c, root } = await twtPlays();
  const xml = (await c.api.get(`${root}/export/bgg.xml`)).text;
  assert.ok(xml.includes('name="Ann &lt;&amp;&gt; &quot;the Cat&quot;"'), 'an attribute escapes < & > and "');
  assert.ok(xml.includes('<comments>Travel Journal stamps: hazel (Ann &lt;&amp;&gt; "the Cat") stamped journal-1 circle 1</comments>'));
  const players = elements(xml, 'player');
  assert.deepEqual(players.slice(2, 5).map((p) => [p.name, p.startposition, p.color, p.score, p.win, p.new]),
    [['Bo', '1', 't-rex', '4', '1', '0'], ['Ann <&> "the Cat"', '2', 'hazel', '1', '0', '0'], ['Cy', '3', 'rubber-ducky', '0', '0', '0']]);
});

test('bgg.xml: a player name with quotes, tabs, newlines and markup survives an XML parser unchanged', async () => {
  const name = `O'Brien\t"<b>x</b>" & co\nline two`;
  // A name with control characters is refused now (422), but a database from before
  // that rule may hold one: it is written underneath, and must still come out intact.
  const c = await newCampaign(srv.url, { name: 'Escapes', players: ['placeholder', 'Bo'] });
  execFileSync('sqlite3', [srv.db, `UPDATE players SET name = '${name.replace(/'/g, "''")}' WHERE id = ${c.players[0]}`]);
  const root = `/api/v1/campaigns/${c.cid}`;
  const made = await c.api.post(`${root}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(made.status, 201, made.text);
  const xml = (await c.api.get(`${root}/export/bgg.xml`)).text;
  assert.ok(relaxng(xml).ok, relaxng(xml).out);
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-bgg-'));
  try {
    writeFileSync(join(dir, 'p.xml'), xml);
    const got = execFileSync('xmllint', ['--xpath', 'string(//player[1]/@name)', join(dir, 'p.xml')], { encoding: 'utf8' });
    assert.equal(got.replace(/\n$/, ''), name, 'xmllint prints the string and a newline');
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('bgg: a results-mode play scores the figure the edition decides by, as bgg.xml and bgstats do', async () => {
  const { c, root } = await classicPlay();
  const doc = (await c.api.get(`${root}/export/bgg`)).json;
  const xml = (await c.api.get(`${root}/export/bgg.xml`)).text;
  const fromXml = elements(xml, 'player').map((p) => Number(p.score || 0));
  assert.deepEqual(doc.plays[0].players.map((p) => p.score), fromXml);
  assert.deepEqual(fromXml, [0, 700, 1150]);
  assert.equal(doc.plays[0].comments, '');
});

test('bgg.xml: results-mode plays name the edition by its BoardGameGeek id and score the deciding figure', async () => {
  const { c, root, bo, cy, gid } = await classicPlay();
  const xml = (await c.api.get(`${root}/export/bgg.xml`)).text;
  assert.ok(relaxng(xml).ok, relaxng(xml).out);
  assert.deepEqual(elements(xml, 'item').map((i) => [i.name, i.objectid]), [['Monopoly', '1406']]);
  assert.equal(elements(xml, 'play')[0].id, String(gid));
  const players = elements(xml, 'player');
  assert.deepEqual(players.map((p) => [p.score, p.win]), [['', '0'], ['700', '0'], ['1150', '1']]);
  assert.ok(bo && cy);
});

test('bgg.xml: the JSON play-log route stays as it was beside it', async () => {
  const { c, root, games } = await twtPlays();
  const r = await c.api.get(`${root}/export/bgg`);
  assert.equal(r.status, 200);
  assert.equal(r.json.plays.length, games.length);
  assert.equal(r.json.plays[0].game, 'Monopoly Travel World Tour');
});

test('a results-mode play\'s duration and location ride both exports and the push link', async () => {
  const { c, root, gid } = await classicPlay();
  const where = 'Ann\'s <kitchen> & "den"';
  const file = (await c.api.get(`${root}/export/bgstats`)).json;
  assertBgStats(file);
  assert.deepEqual(file.locations.map((l) => l.name), [where]);
  const [p] = file.plays;
  assert.equal(p.locationRefId, file.locations[0].id);
  assert.equal(p.durationMin, 95);
  assert.equal(p.playDate, '2026-11-27 19:30:00');
  const data = JSON.parse(new URL(bgStatsLink(file, p.uuid)).searchParams.get('data'));
  assert.equal(data.location, where);
  assert.equal(data.durationMin, 95);
  const xml = (await c.api.get(`${root}/export/bgg.xml`)).text;
  assert.ok(relaxng(xml).ok, relaxng(xml).out);
  const [play] = elements(xml, 'play');
  assert.deepEqual([play.id, play.date, play.length, play.location], [String(gid), '2026-11-27', '95', where]);
});

// ---- CSV and the BoardGameGeek play log (JSON) ----

/** A classic campaign: a finished timed game won by 'Bo, "B"' (seated '@home' first,
 * tokens with a comma, quotes and an accent), then a results-mode game with no result
 * yet (no winner). */
async function classicRows() {
  const c = await newCampaign(srv.url, { name: 'Classic rows', edition: 'classic', players: ['@home', 'Zoë Ștefănescu', 'Bo, "B"'] });
  const [home, zoe, bo] = c.players;
  const root = `/api/v1/campaigns/${c.cid}`;
  const seats = [{ player: home, token: 'boot, "b"' }, { player: zoe, token: 'hât' }, { player: bo, token: '-dog' }];
  const g1 = await c.api.post(`${root}/games`, { mode: 'results', seats, played_at: '2026-11-27T19:30:00Z' });
  assert.equal(g1.status, 201, g1.text);
  const r = await c.api.post(`${root}/games/${g1.json.game.id}/events`, {
    type: 'result', variant: 'timed', standings: [{ player: home, bankrupt_order: 1 }, { player: zoe, cash: 300 }, { player: bo, cash: 900 }],
  });
  assert.equal(r.status, 201, r.text);
  const g2 = await c.api.post(`${root}/games`, { mode: 'results', seats });
  assert.equal(g2.status, 201, g2.text);
  return { c, root, home, zoe, bo, games: [g1.json.game.id, g2.json.game.id] };
}

test('plays.csv: results-mode games name edition, mode and winner, no stamps; quoted fields keep accents and are defused inside quotes', async () => {
  const { c, root, games } = await classicRows();
  const r = await c.api.get(`${root}/export/plays.csv`);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
  const today = new Date().toISOString().slice(0, 10);
  // A list item holding '"' or ';' is quoted in the list ("Bo, ""B"""), and the field
  // again as CSV: each quote doubled twice.
  const seated = `"'@home; Zoë Ștefănescu; ""Bo, """"B""""""","""boot, """"b""""""; hât; -dog",0; 0; 0,`;
  assert.equal(r.text, 'game,date,edition,mode,status,winner,players,tokens,board_stamps,journal_stamps,scores\r\n'
    // scores: each seat's deciding figure as its standing gave it (none for the first seat)
    + `${games[0]},2026-11-27,classic,results,finished,"Bo, ""B""",${seated},; 300; 900\r\n`
    + `${games[1]},${today},classic,results,active,,${seated},; ; \r\n`);
});

test('bgg: a results-mode play gives the edition name, the winner by id and no journal line (as bgg.xml); a play without a winner has no win', async () => {
  const { c, root } = await classicRows();
  const r = await c.api.get(`${root}/export/bgg`);
  assert.equal(r.status, 200, r.text);
  assert.match(r.headers.get('content-type'), /^application\/json/);
  const today = new Date().toISOString().slice(0, 10);
  // Scores: the figure classic decides by (net worth), 0 where none was given.
  const players = (winner, scores) => [['@home', 'boot, "b"'], ['Zoë Ștefănescu', 'hât'], ['Bo, "B"', '-dog']].map(([name, color], i) => ({
    name, color, startposition: i + 1, score: scores[i], win: i === winner, new: false,
  }));
  const play = (date, incomplete, winner, scores) => ({
    players: players(winner, scores), date, game: 'Monopoly (classic)', quantity: 1, incomplete, comments: '',
  });
  // The text itself: the same keys in the same order, as the route has always answered.
  assert.equal(r.text, JSON.stringify({ plays: [play('2026-11-27', false, 2, [0, 300, 900]), play(today, true, -1, [0, 0, 0])] }));
});

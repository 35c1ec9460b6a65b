// timezone.test.mjs -- a campaign's time zone (API.md "Further additions (2026-12-b)")
// in the exports for other apps, the BG Stats fields a real export has, and CSV lists
// any name reads back from (issue 27).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { client, newCampaign, startServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BGSTATS = JSON.parse(readFileSync(join(ROOT, 'schema/bgstats.schema.json'), 'utf8'));
const validBgStats = new Ajv2020({ allErrors: true, strict: false }).compile(BGSTATS);

let srv;
// The server's own zone is Tokyo's: a campaign that names none gets it.
before(async () => { srv = await startServer({ env: { TZ: 'Asia/Tokyo' } }); });
after(async () => { await srv.cleanup(); });

/** A classic campaign in zone tz (undefined: none named) with two players and one
 * finished results-mode play at played_at. */
async function playAt(tz, playedAt, names = ['Ann', 'Bo']) {
  const anon = client(srv.url);
  const made = await anon.post('/api/v1/campaigns', { name: 'Zones', edition: 'classic', ...(tz ? { timezone: tz } : {}) });
  assert.equal(made.status, 201, made.text);
  const cid = made.json.campaign.id;
  const api = client(srv.url, made.json.key);
  const root = `/api/v1/campaigns/${cid}`;
  const ids = [];
  for (const name of names) ids.push((await api.post(`${root}/players`, { name })).json.id);
  const g = await api.post(`${root}/games`, { mode: 'results', played_at: playedAt, seats: ids.map((player, i) => ({ player, token: `t${i}` })) });
  assert.equal(g.status, 201, g.text);
  const r = await api.post(`${root}/games/${g.json.game.id}/events`, {
    type: 'result', variant: 'timed', standings: ids.map((player, i) => ({ player, cash: 100 * (i + 1) })),
  });
  assert.equal(r.status, 201, r.text);
  return { made, api, root, ids };
}

test('timezone: BG Stats playDate, BGG date and the CSV date are the campaign zone\'s local time', async () => {
  // 20:30 in Paris (summer time, UTC+2) is 18:30 UTC.
  const { made, api, root } = await playAt('Europe/Paris', '2026-06-30T18:30:00Z');
  assert.equal(made.json.campaign.timezone, 'Europe/Paris');
  const bgs = (await api.get(`${root}/export/bgstats`)).json;
  assert.equal(bgs.plays[0].playDate, '2026-06-30 20:30:00');
  // Just before midnight UTC on New Year's Eve is already the next year in Paris.
  const late = await playAt('Europe/Paris', '2026-12-31T23:30:00Z');
  assert.equal((await late.api.get(`${late.root}/export/bgstats`)).json.plays[0].playDate, '2027-01-01 00:30:00');
  assert.equal((await late.api.get(`${late.root}/export/bgg`)).json.plays[0].date, '2027-01-01');
  assert.match((await late.api.get(`${late.root}/export/bgg.xml`)).text, / date="2027-01-01"/);
  assert.match((await late.api.get(`${late.root}/export/plays.csv`)).text, /\r\n\d+,2027-01-01,classic,/);
  // The same instant in New York is still the old year.
  const ny = await playAt('America/New_York', '2026-12-31T23:30:00Z');
  assert.equal((await ny.api.get(`${ny.root}/export/bgstats`)).json.plays[0].playDate, '2026-12-31 18:30:00');
});

test('timezone: a campaign naming none gets the server\'s zone; PATCH changes it and the exports follow', async () => {
  const { made, api, root } = await playAt(undefined, '2026-03-01T12:00:00Z');
  assert.equal(made.json.campaign.timezone, 'Asia/Tokyo');
  assert.equal((await api.get(`${root}/export/bgstats`)).json.plays[0].playDate, '2026-03-01 21:00:00');
  const p = await api.patch(root, { timezone: 'UTC' });
  assert.equal(p.status, 200, p.text);
  assert.equal(p.json.timezone, 'UTC');
  assert.equal((await api.get(root)).json.campaign.timezone, 'UTC');
  assert.equal((await api.get(`${root}/export/bgstats`)).json.plays[0].playDate, '2026-03-01 12:00:00');
});

test('timezone: a name that is no IANA zone is 422 naming the field, and nothing changes', async () => {
  const anon = client(srv.url);
  for (const tz of ['Mars/Olympus_Mons', '../../etc/passwd', 'Europe/Paris\n', '', 'zone.tab', 42]) {
    const r = await anon.post('/api/v1/campaigns', { name: 'Bad zone', timezone: tz });
    assert.ok([400, 422].includes(r.status), `${JSON.stringify(tz)}: ${r.status}`);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    assert.match(r.json.detail, /timezone/);
  }
  const c = await newCampaign(srv.url, { name: 'Kept zone' });
  const before = (await c.api.get(`/api/v1/campaigns/${c.cid}`)).json.campaign;
  const r = await c.api.patch(`/api/v1/campaigns/${c.cid}`, { name: 'Renamed', timezone: 'Europe/Atlantis' });
  assert.equal(r.status, 422, r.text);
  assert.match(r.json.detail, /timezone/);
  assert.deepEqual((await c.api.get(`/api/v1/campaigns/${c.cid}`)).json.campaign, before);
});

test('bgstats: the file has the fields a real export has: userInfo.meRefId, and on plays modificationDate and scoringSetting', async () => {
  const { api, root, ids } = await playAt('Europe/Bucharest', '2026-05-01T17:00:00Z');
  const bgs = (await api.get(`${root}/export/bgstats`)).json;
  assert.ok(validBgStats(bgs), JSON.stringify(validBgStats.errors));
  assert.ok(bgs.players.some((p) => p.id === bgs.userInfo.meRefId), 'meRefId names a player of the file');
  assert.equal(bgs.userInfo.meRefId, ids[0]);
  const [play] = bgs.plays;
  assert.match(play.modificationDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.equal(play.scoringSetting, 0);
  assert.equal(play.playDate, '2026-05-01 20:00:00');
});

/** RFC 4180 rows of text. */
function csvRows(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; } else field += ch;
  }
  return rows;
}

/** The items of a "; "-separated list field, as plays.csv writes them. */
function listItems(field) {
  const items = [];
  let item = '', quoted = false, i = 0;
  for (; i < field.length; i++) {
    const ch = field[i];
    if (quoted) {
      if (ch === '"' && field[i + 1] === '"') { item += '"'; i++; } else if (ch === '"') quoted = false; else item += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';' && field[i + 1] === ' ') { items.push(item); item = ''; i++; } else item += ch;
  }
  items.push(item);
  return items;
}

test('plays.csv: a players list reads back to the very names, whatever "; ", quotes and commas they hold', async () => {
  const names = ['Ann; Bo', 'say "hi"', 'comma, name', ' padded ', 'semi;colon', '"', 'Plain'];
  const { api, root } = await playAt('UTC', '2026-02-02T10:00:00Z', names);
  const rows = csvRows((await api.get(`${root}/export/plays.csv`)).text);
  const header = rows[0];
  const players = rows[1][header.indexOf('players')];
  const got = listItems(players);
  // The server trims names: compare with what it stored.
  const stored = (await api.get(`${root}/players`)).json.players.map((p) => p.name);
  assert.deepEqual(got, stored, players);
  assert.equal(got.length, names.length);
  assert.deepEqual(listItems(rows[1][header.indexOf('tokens')]), names.map((_, i) => `t${i}`));
});

test('timezone: a campaign\'s export carries its zone and the import keeps it; an import naming an unknown zone is 422', async () => {
  const { api, root } = await playAt('America/Sao_Paulo', '2026-08-08T23:00:00Z');
  const doc = (await api.get(`${root}/export`)).json;
  assert.equal(doc.campaign.timezone, 'America/Sao_Paulo');
  const anon = client(srv.url);
  const back = await anon.post('/api/v1/campaigns/import', doc);
  assert.equal(back.status, 201, back.text);
  assert.equal(back.json.campaign.timezone, 'America/Sao_Paulo');
  const copy = client(srv.url, back.json.key);
  const bgs = (await copy.get(`/api/v1/campaigns/${back.json.campaign.id}/export/bgstats`)).json;
  assert.equal(bgs.plays[0].playDate, '2026-08-08 20:00:00');
  const bad = await anon.post('/api/v1/campaigns/import', { ...doc, campaign: { ...doc.campaign, timezone: 'Atlantis/Capital' } });
  assert.equal(bad.status, 422, bad.text);
  assert.match(bad.json.detail, /timezone/);
});

// sigterm.test.mjs -- API.md "Further additions (2026-12-b)": on SIGTERM every write that
// committed is answered before the process exits. Eight appenders (two on each of four
// games, so appends share commits) and an importer write while the server is told to
// stop, ten times; after each restart every event in the database was answered 201 to
// the client that sent it, every 201 is in the database, and every imported campaign
// in the database opens with the key its importer was given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, newCampaign, client, sleep } from './server.mjs';

const CYCLES = Number(process.env.STRESS_SIGTERM_CYCLES || 10);

// Append notes with unique texts until the server stops answering; returns the texts
// answered 201.
async function appender(c, name, stop) {
  const ok = new Set();
  for (let n = 0; !stop.done; n++) {
    const text = `${name}-${n}`;
    try {
      const r = await c.api.post(`${c.game}/events`, { type: 'note', text });
      if (r.status === 201) ok.add(text);
      else if (r.status === 503) break; // the server is stopping: it refused, kept nothing
      else throw new Error(`append ${text}: ${r.status} ${r.text}`);
    } catch (e) {
      if (e.message.startsWith('append')) throw e;
      break; // the connection closed: only a write that did not commit may end so
    }
  }
  return ok;
}

// Import a campaign's export again and again; returns [{name, cid, key}] answered 201.
async function importer(base, doc, stop) {
  const got = [];
  for (let n = 0; !stop.done; n++) {
    const name = `Imported ${n}`;
    try {
      const r = await client(base).post('/api/v1/campaigns/import', { ...doc, campaign: { ...doc.campaign, name } });
      if (r.status === 201) got.push({ name, cid: r.json.campaign.id, key: r.json.key });
      else if (r.status === 503 || r.status === 429) break;
      else throw new Error(`import: ${r.status} ${r.text}`);
    } catch (e) {
      if (e.message.startsWith('import')) throw e;
      break;
    }
  }
  return got;
}

test('SIGTERM under eight appenders and an import answers every write that committed', { timeout: 300000 }, async () => {
  const s = await startServer();
  try {
    const games = [];
    for (let g = 0; g < 4; g++) games.push(await newCampaign(s.url, { name: `Stop ${g}` }));
    const exported = await games[0].api.get(`/api/v1/campaigns/${games[0].cid}/export`);
    assert.equal(exported.status, 200);
    const answered = new Set();
    const imports = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const stop = { done: false };
      const work = [];
      for (let w = 0; w < 8; w++) work.push(appender(games[w % 4], `c${cycle}w${w}`, stop));
      const imp = importer(s.url, exported.json, stop);
      await sleep(150 + ((cycle * 97) % 400));
      const code = await s.stop('SIGTERM');
      assert.equal(code, 0, `the server exits 0 on SIGTERM:\n${s.output.slice(-2000)}`);
      stop.done = true;
      for (const set of await Promise.all(work)) for (const t of set) answered.add(t);
      imports.push(...(await imp));
      await s.launch();

      // Every event in the database was answered, and every answer is there.
      const stored = new Set();
      for (const c of games) {
        const r = await c.api.get(`${c.game}/events`);
        assert.equal(r.status, 200);
        for (const e of r.json.events) if (e.type === 'note') stored.add(e.text);
      }
      const unanswered = [...stored].filter((t) => !answered.has(t));
      assert.deepEqual(unanswered, [], `cycle ${cycle}: committed writes were never answered`);
      const lost = [...answered].filter((t) => !stored.has(t));
      assert.deepEqual(lost, [], `cycle ${cycle}: answered writes are missing`);

      // Every campaign the database holds is one whose keys were answered. The API no
      // longer tells an unknown id from a wrong key (both 401), so the ids are read from
      // the database file itself (read-only, beside the running server: WAL).
      const known = new Map([...games.map((c) => [c.cid, c.key]), ...imports.map((i) => [i.cid, i.key])]);
      const held = execFileSync('sqlite3', ['-readonly', s.db, 'SELECT id FROM campaigns'], { encoding: 'utf8' })
        .split('\n').filter(Boolean).map(Number);
      assert.ok(held.length >= games.length, `the database holds the campaigns: ${held}`);
      for (const id of held) assert.ok(known.has(id), `cycle ${cycle}: campaign ${id} was imported but its keys were never answered`);
      for (const i of imports) {
        const r = await client(s.url, i.key).get(`/api/v1/campaigns/${i.cid}`);
        assert.equal(r.status, 200, `the imported campaign ${i.cid} opens with its key`);
      }
    }
    assert.ok(answered.size > 0);
  } finally {
    await s.cleanup();
  }
});

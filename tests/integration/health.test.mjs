// health.test.mjs -- the server fails loudly (API.md "Additions of 2026-12"): health is
// 503 problem+json when the database file is gone or cannot be written, nothing is
// acknowledged into a deleted file, `serve` says which database it uses and when it
// creates one, and an empty admin key is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, realpathSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, client, newCampaign, startServer } from './server.mjs';
import { eventually } from './wait.mjs';

const isRoot = process.getuid && process.getuid() === 0;

/** Wait until the server's output from offset from on matches re (it logs where it
 * serves just after it starts answering); returns that output. */
async function logged(s, re, from = 0) {
  await eventually(() => re.test(s.log.slice(from)), { interval: 20, message: `a log line matching ${re}` })
    .catch(() => {}); // the caller's assert says what is missing
  return s.log.slice(from);
}

async function health(url) {
  const r = await fetch(`${url}/api/v1/health`);
  return { status: r.status, type: r.headers.get('content-type'), json: await r.json() };
}

test('health is 503 and writes are refused once the database file is deleted', async () => {
  const s = await startServer();
  try {
    const c = await newCampaign(s.url, { players: ['Ann'] });
    assert.equal((await health(s.url)).status, 200);
    unlinkSync(s.db);
    const h = await health(s.url);
    assert.equal(h.status, 503);
    assert.match(h.type, /problem\+json/);
    assert.match(h.json.detail, /is gone/);
    const p = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: 'Bo' });
    assert.equal(p.status, 503, 'nothing is acknowledged into a deleted file');
    assert.match(p.headers.get('content-type'), /problem\+json/);
    // The next start does not silently make an empty database: it says so.
    const mark = s.log.length;
    await s.restart();
    assert.match(s.log.slice(mark), /no database at .*: creating a new, empty one/);
  } finally {
    await s.cleanup();
  }
});

test('a database deleted under concurrent appends: every request is answered, none hangs in a group commit', async () => {
  const s = await startServer({ args: ['--quiet'] });
  try {
    const c = await newCampaign(s.url, { players: ['Ann', 'Bo'] });
    const base = `/api/v1/campaigns/${c.cid}`;
    const g = await c.api.post(`${base}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 't-rex' }] });
    const ev = `${s.url}${base}/games/${g.json.game.id}/events`;
    let stop = false;
    const seen = [];
    const writer = async () => {
      while (!stop) {
        const r = await fetch(ev, { method: 'POST', headers: { Authorization: `Bearer ${c.key}`, 'Content-Type': 'application/json' }, body: '{"type":"note","text":"x"}', signal: AbortSignal.timeout(30000) });
        await r.arrayBuffer();
        seen.push(r.status);
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    // Conditions, not times: the file goes once a write was acknowledged, and the
    // writers stop once a write after it was refused (a slow machine takes its time).
    const until = (ok, what) => eventually(ok, { timeout: 120000, interval: 20, message: () => `${what}: ${[...new Set(seen)]}` });
    await until(() => seen.includes(201), 'no write acknowledged before the file went');
    unlinkSync(s.db);
    const at = seen.length;
    await until(() => seen.slice(at).includes(503), 'no write refused after the file went');
    stop = true;
    await Promise.all(writers); // a hung request would time out (and fail) here
    assert.ok(seen.includes(201) && seen.includes(503), `before and after: ${[...new Set(seen)]}`);
    assert.deepEqual([...new Set(seen)].filter((x) => x !== 201 && x !== 503), []);
  } finally {
    await s.cleanup();
  }
});

test('health is 503 when the database file is replaced under the server', async () => {
  const s = await startServer();
  try {
    await newCampaign(s.url, { players: ['Ann'] });
    copyFileSync(s.db, `${s.db}.copy`);
    renameSync(`${s.db}.copy`, s.db);
    const h = await health(s.url);
    assert.equal(h.status, 503);
    assert.match(h.json.detail, /was replaced/);
  } finally {
    await s.cleanup();
  }
});

test('serve logs the full path of the database it uses', async () => {
  const s = await startServer();
  try {
    assert.ok((await logged(s, /serving/)).includes(`(database ${realpathSync(s.db)}, new)`), s.log);
    const mark = s.log.length;
    await s.restart();
    assert.ok((await logged(s, /serving/, mark)).includes(`(database ${realpathSync(s.db)})`), s.log);
  } finally {
    await s.cleanup();
  }
});

test('health is 503 when the database cannot be written, and 200 again once it can', async (t) => {
  const s = await startServer();
  // chmod does not stop root: a read-only bind mount over the folder does (the files
  // the server has open stay as they are; its path now leads to a read-only mount).
  const bind = () => {
    execFileSync('mount', ['--bind', s.dir, s.dir]);
    try { execFileSync('mount', ['-o', 'remount,bind,ro', s.dir]); } catch (e) { execFileSync('umount', [s.dir]); throw e; }
  };
  let bound = false;
  try {
    await newCampaign(s.url, { players: ['Ann'] });
    if (isRoot) {
      try { bind(); bound = true; } catch (e) { t.skip(`root, but no read-only bind mount here: ${e.message}`); return; }
    } else {
      chmodSync(s.db, 0o444);
    }
    const h = await health(s.url);
    assert.equal(h.status, 503);
    assert.match(h.type, /problem\+json/);
    assert.match(h.json.detail, /cannot be written/);
    if (bound) { execFileSync('umount', [s.dir]); bound = false; } else chmodSync(s.db, 0o644);
    assert.equal((await health(s.url)).status, 200);
  } finally {
    if (bound) execFileSync('umount', [s.dir]);
    await s.cleanup();
  }
});

test('an empty admin key is refused at start, from the flag or the environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-key-'));
  try {
    const db = join(dir, 'k.db');
    const flag = spawnSync(BIN, ['serve', '--port', '0', '--db', db, '--admin-key', ''], { encoding: 'utf8', timeout: 5000 });
    assert.equal(flag.status, 2, flag.stderr);
    assert.match(flag.stderr, /admin key is empty/);
    const env = spawnSync(BIN, ['serve', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 5000, env: { ...process.env, STAMPBOOK_ADMIN_KEY: '' } });
    assert.equal(env.status, 2, env.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a guarded server still answers health and creates with its key', async () => {
  const s = await startServer({ args: ['--admin-key', 'sesame'] });
  try {
    assert.equal((await health(s.url)).status, 200);
    assert.equal((await client(s.url, 'sesame').post('/api/v1/campaigns', { name: 'x' })).status, 201);
  } finally {
    await s.cleanup();
  }
});

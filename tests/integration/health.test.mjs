// health.test.mjs -- the server fails loudly (API.md "Additions of 2026-12"): health is
// 503 problem+json when the database file is gone or cannot be written, nothing is
// acknowledged into a deleted file, `serve` says which database it uses and when it
// creates one, and an empty admin key is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, client, newCampaign, startServer } from './server.mjs';

const isRoot = process.getuid && process.getuid() === 0;

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

test('serve logs the full path of the database it uses', async () => {
  const s = await startServer();
  try {
    assert.ok(s.log.includes(`(database ${realpathSync(s.db)}, new)`), s.log);
    const mark = s.log.length;
    await s.restart();
    assert.ok(s.log.slice(mark).includes(`(database ${realpathSync(s.db)})`), s.log);
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

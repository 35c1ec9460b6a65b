// fulldisk.test.mjs -- API.md "Further additions (2026-12-b)": GET /api/v1/health is 503
// when the last write failed for lack of space and none has succeeded since. The
// database lives on a small tmpfs mounted by the test (the suite runs as root); a file
// fills it to the last byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, openSync, writeSync, closeSync, unlinkSync, readdirSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, client, startServer, newCampaign } from './server.mjs';
import { eventually } from '../integration/wait.mjs';

// Mount a tmpfs of size at a fresh folder; null (with the reason) when refused.
function mountTmpfs(size) {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { why: String(e.stderr || e.message).trim() };
  }
}

function unmount(dir) {
  try { execFileSync('umount', ['-l', dir], { stdio: 'pipe' }); } catch { /* gone */ }
  rmSync(dir, { recursive: true, force: true });
}

// Write a file until the file system refuses another byte.
function fill(path) {
  const fd = openSync(path, 'w');
  const chunks = [65536, 4096, 512, 1];
  try {
    for (const n of chunks) {
      const buf = Buffer.alloc(n, 1);
      for (;;) {
        try { writeSync(fd, buf); } catch { break; }
      }
    }
  } finally { closeSync(fd); }
}

// Run fn(run) on a fresh 6 MiB tmpfs, run = {dir (its folder), filler (a file in it
// that fill() may make), s (the server fn starts: set it)}; the test is skipped, saying
// why, when the mount is refused (the `needs` test needs root). After fn, whatever
// happened: the filler removed, the server cleaned up, the tmpfs unmounted.
async function onTmpfs(t, needs, fn) {
  const m = mountTmpfs('6m');
  if (!m.dir) { t.skip(`mount -t tmpfs was refused (${m.why}): the ${needs} test needs root`); return; }
  const run = { dir: m.dir, filler: join(m.dir, 'filler'), s: null };
  try {
    await fn(run);
  } finally {
    try { rmSync(run.filler, { force: true }); } catch { /* gone */ }
    if (run.s) await run.s.cleanup();
    unmount(m.dir);
  }
}

async function health(url) {
  const r = await fetch(`${url}/api/v1/health`);
  return { status: r.status, type: r.headers.get('content-type'), json: await r.json() };
}

const until = (what, fn) => eventually(fn, { timeout: 60000, message: what });

test('health is 503 on a full disk, found by the probe and by a failed write, and 200 once a write succeeds again', { timeout: 120000 }, (t) => onTmpfs(t, 'full-disk', async (run) => {
  const { filler } = run;
  const s = await startServer({ dir: run.dir });
  run.s = s;
  const c = await newCampaign(s.url);
  assert.equal((await health(s.url)).status, 200);

  // The probe finds the full disk without any write of a user.
  fill(filler);
  const found = await until('the probe', async () => { const h = await health(s.url); return h.status === 503 && h; });
  assert.match(found.type, /^application\/problem\+json/);
  assert.equal(found.json.status, 503);
  assert.match(found.json.detail, /write/);

  // Writes fail while the disk is full (some may still fit in pages SQLite holds);
  // after the first that fails, health stays 503.
  let failed = null;
  for (let i = 0; i < 400 && !failed; i++) {
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${c.gid}/events`, { type: 'note', text: 'x'.repeat(1900) });
    if (r.status >= 500) failed = r;
  }
  assert.ok(failed, 'a write failed on the full disk');
  // API.md "Further additions (2026-12-c)": a full disk answers 507, not 500.
  assert.equal(failed.status, 507, failed.text);
  assert.match(failed.headers.get('content-type'), /^application\/problem\+json/);
  const after = await health(s.url);
  assert.equal(after.status, 503, JSON.stringify(after.json));
  assert.match(after.json.detail, /full|disk|space|write/i);

  // Space returns: a write succeeds, and health says ok again.
  unlinkSync(filler);
  await until('a write to succeed', async () => {
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${c.gid}/events`, { type: 'note', text: 'back' });
    return r.status === 201;
  });
  const back = await until('health 200', async () => { const h = await health(s.url); return h.status === 200 && h; });
  assert.equal(back.json.status, 'ok');
}));

// ---- API.md "Further additions (2026-12-c)": the server starts on a full disk or a
// read-only database file: it serves reads, refuses writes (507 or 503), health says
// why, and it writes again without a restart once it can.

// A server on a folder of its own whose health may be 503 (it is ready once the UI's
// static files answer), with a campaign, two players and a game of a few events.
async function seeded(dir, args = []) {
  const s = await startServer({ dir, healthPath: '/', args });
  const c = await newCampaign(s.url);
  for (let i = 0; i < 3; i++) {
    const r = await c.api.post(`${c.game}/events`, { type: 'note', text: `before ${i}` });
    assert.equal(r.status, 201, r.text);
  }
  return { s, c };
}

// The reads a table makes when it comes back: all served.
async function assertReads(c) {
  for (const path of [`/api/v1/campaigns/${c.cid}`, `/api/v1/campaigns/${c.cid}/players`, c.game,
    `${c.game}/state`, `${c.game}/events`, `/api/v1/campaigns/${c.cid}/journal`]) {
    const r = await c.api.get(path);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
  }
  const ev = await c.api.get(`${c.game}/events`);
  assert.ok(JSON.stringify(ev.json).includes('before 2'), 'the events written before are read');
}

// Every kind of write is refused with status, as problem+json, and changes nothing.
async function assertWritesRefused(base, c, status) {
  const before = (await c.api.get(`${c.game}/events`)).text;
  const writes = [
    () => c.api.post(`${c.game}/events`, { type: 'note', text: 'refused' }),
    () => c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: 'Cleo' }),
    () => c.api.patch(`/api/v1/campaigns/${c.cid}`, { name: 'Renamed' }),
    () => client(base).post('/api/v1/campaigns', { name: 'New' }),
  ];
  for (const w of writes) {
    const r = await w();
    assert.equal(r.status, status, r.text);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(r.json.status, status);
  }
  assert.equal((await c.api.get(`${c.game}/events`)).text, before, 'nothing was written');
  assert.equal((await c.api.get(`/api/v1/campaigns/${c.cid}`)).json.campaign.name, 'Stress box');
}

// Wait for a write to be taken again (201) and health to say ok.
async function assertRecovers(s, c) {
  const w = await until('a write to be taken again', async () => {
    const r = await c.api.post(`${c.game}/events`, { type: 'note', text: 'after' });
    return r.status === 201 && r;
  }, 20000);
  assert.equal(w.status, 201);
  const back = await until('health 200', async () => { const h = await health(s.url); return h.status === 200 && h; });
  assert.equal(back.json.status, 'ok');
  const ev = await c.api.get(`${c.game}/events`);
  assert.ok(JSON.stringify(ev.json).includes('after'), 'the write after recovery is read back');
}

// A server just started on a disk that takes no write: it says so in its log, serves
// reads, answers writes status, and health is a 503 problem whose detail matches detail.
async function assertTakesNoWrite(s, c, status, detail) {
  assert.match(s.log(), /takes no write at start/);
  await assertReads(c);
  await assertWritesRefused(s.url, c, status);
  const h = await health(s.url);
  assert.equal(h.status, 503);
  assert.match(h.type, /^application\/problem\+json/);
  assert.match(h.json.detail, detail);
}

test('a server started on a full disk serves reads, answers writes 507, health says the disk is full, and writes again once space returns', { timeout: 120000 }, (t) => onTmpfs(t, 'full-disk', async (run) => {
  const { s, c } = await seeded(run.dir);
  run.s = s;
  await s.stop();
  fill(run.filler);
  await s.launch();
  await assertTakesNoWrite(s, c, 507, /disk holding the database is full/);

  unlinkSync(run.filler);
  await assertRecovers(s, c);
}));

test('a server started on a read-only database serves reads, answers writes 503, health says it cannot be written, and writes again once it can', { timeout: 120000 }, (t) => onTmpfs(t, 'read-only', async (run) => {
  let ro = false;
  try {
    const { s, c } = await seeded(run.dir);
    run.s = s;
    await s.stop();
    // chmod does not stop root: the file system itself is made read-only.
    execFileSync('mount', ['-o', 'remount,ro', run.dir], { stdio: 'pipe' });
    ro = true;
    await s.launch();
    await assertTakesNoWrite(s, c, 503, /cannot be written/);

    execFileSync('mount', ['-o', 'remount,rw', run.dir], { stdio: 'pipe' });
    ro = false;
    await assertRecovers(s, c);
  } finally {
    if (ro) { try { execFileSync('mount', ['-o', 'remount,rw', run.dir], { stdio: 'pipe' }); } catch { /* unmounted after */ } }
  }
}));

test('a server whose schema is behind on a full disk answers only health (503, saying why) and migrates once space returns', { timeout: 120000 }, (t) => onTmpfs(t, 'full-disk', async (run) => {
  const { filler } = run;
  // A share folder without the last migration: the database it makes is one behind.
  const share = mkdtempSync(join(tmpdir(), 'stampbook-share-'));
  const names = readdirSync('migrations').filter((n) => /^\d+_.*\.sql$/.test(n)).sort();
  const latest = parseInt(names[names.length - 1], 10);
  cpSync('schema', join(share, 'schema'), { recursive: true });
  mkdirSync(join(share, 'migrations'));
  for (const n of names.slice(0, -1)) cpSync(join('migrations', n), join(share, 'migrations', n));
  try {
    execFileSync(BIN, ['migrate', '--db', join(run.dir, 'test.db'), '--share', share], { stdio: 'pipe' });
    fill(filler);
    const s = await startServer({ dir: run.dir, healthPath: '/' });
    run.s = s;

    const h = await health(s.url);
    assert.equal(h.status, 503);
    assert.match(h.type, /^application\/problem\+json/);
    assert.match(h.json.detail, new RegExp(`schema is at version ${latest - 1} and this server needs ${latest}`));
    assert.match(h.json.detail, /disk holding the database is full/);
    for (const r of [await client(s.url).get('/api/v1/editions'),
      await client(s.url).post('/api/v1/campaigns', { name: 'Too soon' })]) {
      assert.equal(r.status, 503, r.text);
      assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
      assert.match(r.json.detail, /schema is at version/);
    }

    unlinkSync(filler);
    const back = await until('health 200', async () => { const x = await health(s.url); return x.status === 200 && x; });
    assert.equal(back.json.schema_version, latest);
    const c = await newCampaign(s.url);
    assert.ok(c.gid > 0, 'a campaign and its game are written after the migration');
    assert.equal((await c.api.get(c.game)).status, 200);
  } finally {
    rmSync(share, { recursive: true, force: true });
  }
}));

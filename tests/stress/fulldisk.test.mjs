// fulldisk.test.mjs -- API.md "Further additions (2026-12-b)": GET /api/v1/health is 503
// when the last write failed for lack of space and none has succeeded since. The
// database lives on a small tmpfs mounted by the test (the suite runs as root); a file
// fills it to the last byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, openSync, writeSync, closeSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, newCampaign, sleep } from './server.mjs';

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

async function health(url) {
  const r = await fetch(`${url}/api/v1/health`);
  return { status: r.status, type: r.headers.get('content-type'), json: await r.json() };
}

async function until(what, fn, ms = 10000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

test('health is 503 on a full disk, found by the probe and by a failed write, and 200 once a write succeeds again', { timeout: 120000 }, async (t) => {
  const m = mountTmpfs('6m');
  if (!m.dir) { t.skip(`mount -t tmpfs was refused (${m.why}): the full-disk test needs root`); return; }
  const filler = join(m.dir, 'filler');
  let s;
  try {
    s = await startServer({ dir: m.dir });
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
  } finally {
    try { rmSync(filler, { force: true }); } catch { /* gone */ }
    if (s) await s.cleanup();
    unmount(m.dir);
  }
});

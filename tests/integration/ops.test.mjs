// ops.test.mjs -- running Stampbook as a service (issue 17): `stampbook healthcheck`
// for container and systemd checks, and /metrics behind --metrics-key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, client, freePort, startServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Run the binary to its end; resolves {code, stdout, stderr}. */
const run = (args, env = {}) => new Promise((done) => {
  execFile(BIN, args, { env: { ...process.env, ...env } },
    (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
});

test('healthcheck: exit 0 while the server answers health, 1 once it is gone', async () => {
  const srv = await startServer();
  try {
    const ok = await run(['healthcheck', '--port', String(srv.port)]);
    assert.equal(ok.code, 0, ok.stderr);
    const explicit = await run(['healthcheck', '--host', '127.0.0.1', '--port', String(srv.port)]);
    assert.equal(explicit.code, 0, explicit.stderr);
    assert.match(srv.log, /GET \/api\/v1\/health 200/, 'it asked the health route');
  } finally {
    await srv.cleanup();
  }
  const gone = await run(['healthcheck', '--port', String(srv.port)]);
  assert.equal(gone.code, 1);
  assert.match(gone.stderr, /healthcheck: cannot connect/);
});

test('healthcheck: a port where nothing answers HTTP health is 1, and so is a non-200 answer', async () => {
  const port = await freePort();
  assert.equal((await run(['healthcheck', '--port', String(port)])).code, 1);
  // A server under a base path answers 404 at /api/v1/health: unhealthy for a check
  // that forgets the prefix, healthy for one that names it.
  const srv = await startServer({ args: ['--base-path', '/stampbook'], healthPath: '/stampbook/api/v1/health' });
  try {
    const wrong = await run(['healthcheck', '--port', String(srv.port)]);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /answered 404/);
    const right = await run(['healthcheck', '--port', String(srv.port), '--base-path', '/stampbook']);
    assert.equal(right.code, 0, right.stderr);
  } finally {
    await srv.cleanup();
  }
});

test('healthcheck: a server whose database file is gone answers health 503, and the check says 1', async () => {
  const srv = await startServer();
  try {
    assert.equal((await run(['healthcheck', '--port', String(srv.port)])).code, 0);
    for (const f of [srv.db, `${srv.db}-wal`, `${srv.db}-shm`]) rmSync(f, { force: true });
    const sick = await run(['healthcheck', '--port', String(srv.port)]);
    assert.equal(sick.code, 1);
    assert.match(sick.stderr, /answered 503/);
  } finally {
    await srv.stop();
    rmSync(srv.dir, { recursive: true, force: true });
  }
});

test('healthcheck: --host-name sends the Host the server checks', async () => {
  const srv = await startServer({ args: ['--host-name', 'games.example.org,127.0.0.1'] });
  try {
    assert.equal((await run(['healthcheck', '--port', String(srv.port), '--host-name', 'games.example.org'])).code, 0);
    const other = await run(['healthcheck', '--port', String(srv.port), '--host-name', 'evil.example']);
    assert.equal(other.code, 1);
    assert.match(other.stderr, /answered 421/);
  } finally {
    await srv.cleanup();
  }
});

test('--metrics-key: /metrics needs the key as a bearer (401 problem+json otherwise); the rest is unchanged', async () => {
  const srv = await startServer({ args: ['--metrics-key', 'scrape-me'] });
  try {
    const anon = client(srv.url);
    const none = await anon.get('/metrics');
    assert.equal(none.status, 401);
    assert.match(none.headers.get('content-type'), /^application\/problem\+json/);
    assert.match(none.json.detail, /metrics key/);
    assert.equal((await client(srv.url, 'wrong').get('/metrics')).status, 401);
    const ok = await client(srv.url, 'scrape-me').get('/metrics');
    assert.equal(ok.status, 200);
    assert.match(ok.text, /^# (HELP|TYPE) /m);
    assert.equal((await anon.get('/api/v1/health')).status, 200, 'health stays public');
    assert.doesNotMatch(srv.log, /scrape-me/, 'the key is never logged');
  } finally {
    await srv.cleanup();
  }
});

test('--metrics-key: STAMPBOOK_METRICS_KEY sets it too; without either /metrics is public', async () => {
  const srv = await startServer({ env: { STAMPBOOK_METRICS_KEY: 'from-env' } });
  try {
    assert.equal((await client(srv.url).get('/metrics')).status, 401);
    assert.equal((await client(srv.url, 'from-env').get('/metrics')).status, 200);
  } finally {
    await srv.cleanup();
  }
  const open = await startServer();
  try {
    assert.equal((await client(open.url).get('/metrics')).status, 200);
  } finally {
    await open.cleanup();
  }
});

test('the systemd unit waits for the health check after start and a timer keeps checking', () => {
  const unit = readFileSync(join(ROOT, 'contrib/stampbook.service'), 'utf8');
  assert.match(unit, /^ExecStartPost=.*stampbook healthcheck --config \/etc\/stampbook\/stampbook.conf/m);
  const check = readFileSync(join(ROOT, 'contrib/stampbook-healthcheck.service'), 'utf8');
  assert.match(check, /^ExecStart=.*stampbook healthcheck --config \/etc\/stampbook\/stampbook.conf/m);
  assert.match(readFileSync(join(ROOT, 'contrib/stampbook-healthcheck.timer'), 'utf8'), /^OnUnitActiveSec=/m);
});

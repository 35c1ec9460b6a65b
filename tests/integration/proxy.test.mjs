// proxy.test.mjs -- behind a reverse proxy (issue 17): --base-path puts the UI and the
// API under a prefix, --trusted-proxy takes the client's address from X-Forwarded-For
// for the per-address limit, --host-name refuses other Host headers (DNS rebinding).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One request with raw headers (Host included); resolves {status, headers, text}. */
function raw(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolveRaw, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolveRaw({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const problem = (r, status) => {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers['content-type'], /^application\/problem\+json/);
  assert.equal(JSON.parse(r.text).status, status);
};

test('--base-path: the UI and the API answer under the prefix only; the bare prefix redirects to prefix/', async () => {
  const srv = await startServer({ args: ['--base-path', '/stampbook'], healthPath: '/stampbook/api/v1/health' });
  try {
    const health = await raw(`${srv.url}/stampbook/api/v1/health`);
    assert.equal(health.status, 200);
    assert.equal(JSON.parse(health.text).status, 'ok');
    const bare = await raw(`${srv.url}/stampbook`);
    assert.equal(bare.status, 308);
    assert.equal(bare.headers.location, '/stampbook/');
    const index = await raw(`${srv.url}/stampbook/`);
    assert.equal(index.status, 200);
    assert.match(index.headers['content-type'], /^text\/html/);
    assert.equal((await raw(`${srv.url}/stampbook/js/app.js`)).status, 200);
    problem(await raw(`${srv.url}/api/v1/health`), 404);
    problem(await raw(`${srv.url}/stampbookx/api/v1/health`), 404);
    problem(await raw(`${srv.url}/`), 404);
    const api = client(`${srv.url}/stampbook`);
    const made = await api.post('/api/v1/campaigns', { name: 'Under a prefix' });
    assert.equal(made.status, 201, made.text);
    const c = client(`${srv.url}/stampbook`, made.json.key);
    assert.equal((await c.get(`/api/v1/campaigns/${made.json.campaign.id}`)).status, 200);
    assert.equal((await c.get('/metrics')).status, 200);
  } finally {
    await srv.cleanup();
  }
});

test('--base-path: a bad prefix is refused at start with exit status 1', async () => {
  await assert.rejects(startServer({ args: ['--base-path', '/a/../b'] }), /bad base path/);
});

test('the UI links relatively, so it works under a base path: no absolute /js, /css or /api link', () => {
  const index = readFileSync(join(ROOT, 'static/index.html'), 'utf8');
  assert.doesNotMatch(index, /(src|href)="\/(?!\/)/, 'index.html links relatively');
  const api = readFileSync(join(ROOT, 'static/js/api.js'), 'utf8');
  assert.match(api, /const BASE = 'api\/v1';/);
  const scripts = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory()
    ? scripts(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
  const files = scripts(join(ROOT, 'static'));
  assert.ok(files.length > 10);
  for (const f of files) {
    // A test of whether a path is the API's (sw.js: pathname.includes('/api/')) holds
    // under any prefix; a URL starting with /api/ would not.
    const text = readFileSync(f, 'utf8').replace(/\.includes\(\s*['"`]\/api\/['"`]\s*\)/g, '');
    assert.doesNotMatch(text, /['"`]\/api\//, `${f} names no absolute /api/ path`);
    assert.doesNotMatch(text, /(fetch|EventSource)\(\s*['"`]\/(?!\/)/, `${f} fetches relatively`);
  }
});

/** Open a request whose body never finishes: the server counts it in flight from its
 * headers on. Resolves the socket (destroy() ends the request). */
function hold(port, xff) {
  return new Promise((resolveHold, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => {
      sock.write(`POST /api/v1/campaigns HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${xff}\r\n`
        + 'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":');
      setTimeout(() => resolveHold(sock), 150);
    });
    sock.on('error', reject);
  });
}

test('--trusted-proxy: X-Forwarded-For names the client, and the per-address limit counts per client', async () => {
  const srv = await startServer({ args: ['--trusted-proxy', '127.0.0.1', '--per-ip', '2'] });
  const held = [];
  try {
    // Two unfinished requests of one client (a forged first entry does not matter: the
    // client is the address the proxy appended) hold its two places.
    held.push(await hold(srv.port, '10.1.1.1, 203.0.113.9'), await hold(srv.port, '203.0.113.9'));
    problem(await raw(`${srv.url}/api/v1/health`, { headers: { 'X-Forwarded-For': '203.0.113.9' } }), 429);
    problem(await raw(`${srv.url}/api/v1/health`, { headers: { 'X-Forwarded-For': '10.2.2.2, 203.0.113.9' } }), 429);
    assert.equal((await raw(`${srv.url}/api/v1/health`, { headers: { 'X-Forwarded-For': '203.0.113.10' } })).status, 200,
      'another client behind the same proxy is not held up');
    assert.equal((await raw(`${srv.url}/api/v1/health`)).status, 200, 'the proxy itself, without the header');
    held.splice(0).forEach((sock) => sock.destroy());
    let after;
    for (let i = 0; i < 50; i++) {
      after = await raw(`${srv.url}/api/v1/health`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      if (after.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(after.status, 200, 'requests that ended free the client\'s places');
  } finally {
    held.forEach((sock) => sock.destroy());
    await srv.cleanup();
  }
});

test('--host-name: another Host (DNS rebinding) is 421 problem+json; the named hosts, with or without port, are served', async () => {
  const srv = await startServer({ args: ['--host-name', 'games.example.org, 127.0.0.1'] });
  try {
    assert.equal((await raw(`${srv.url}/api/v1/health`, { headers: { Host: 'games.example.org' } })).status, 200);
    assert.equal((await raw(`${srv.url}/api/v1/health`, { headers: { Host: `GAMES.example.org:${srv.port}` } })).status, 200);
    assert.equal((await raw(`${srv.url}/api/v1/health`, { headers: { Host: `127.0.0.1:${srv.port}` } })).status, 200);
    problem(await raw(`${srv.url}/api/v1/health`, { headers: { Host: 'evil.example' } }), 421);
    problem(await raw(`${srv.url}/`, { headers: { Host: `localhost:${srv.port}` } }), 421);
    const write = await raw(`${srv.url}/api/v1/campaigns`, { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' }, body: '{"name":"x"}' });
    problem(write, 421);
    assert.doesNotMatch(srv.log, /POST \/api\/v1\/campaigns 201/, 'the refused write created nothing');
  } finally {
    await srv.cleanup();
  }
});

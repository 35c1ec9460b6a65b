// proxy_real.test.mjs -- README "Safe in public": its nginx and Caddy configurations,
// taken from README.md as they are printed there (only ports, the certificate and the
// log folders changed), run with Debian's real nginx and Caddy in front of a real
// server: /stampbook/metrics is refused in every spelling while the server itself still
// serves it on loopback; an event stream whose server is restarting is closed without an
// answer (a standard EventSource then reconnects by itself, where a 502 would stop it
// for good) and streams again once the server is back, which a real EventSource in
// Debian's Chromium shows across a restart; no campaign key reaches any log.
// Each proxy's test is skipped, saying so, only when its binary is not installed
// (sh scripts/install-deps test installs both).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, launchServer, newCampaign } from './server.mjs';
import { eventually } from './wait.mjs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const NAME = 'games.example.org';

/** The binary name on PATH or in the sbin folders, or null. */
function findBinary(name) {
  for (const dir of [...(process.env.PATH || '').split(':'), '/usr/sbin', '/sbin']) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}
const NGINX = findBinary('nginx');
const CADDY = findBinary('caddy');
const CHROMIUM = process.env.CHROMIUM_BIN || findBinary('chromium');

/** The first ```lang block of README after the heading that starts with heading. */
function readmeBlock(heading, lang) {
  const from = README.indexOf(`\n${heading}`);
  assert.ok(from >= 0, `README has the section ${heading}`);
  const start = README.indexOf(`\`\`\`${lang}\n`, from);
  assert.ok(start >= 0, `README's ${heading} has a ${lang} block`);
  const body = start + lang.length + 4;
  return README.slice(body, README.indexOf('\n```', body) + 1);
}

/** text with each [from, to] replaced, asserting each is there (README must not drift
 * from what the test knows how to run). */
function substitute(text, pairs) {
  for (const [from, to] of pairs) {
    assert.ok(text.includes(from), `the README block contains ${from}`);
    text = text.split(from).join(to);
  }
  return text;
}

let srv;
let dir;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stampbook-proxies-'));
  srv = await launchServer({
    args: ['--base-path', '/stampbook', '--trusted-proxy', '127.0.0.1', '--host-name', `${NAME},127.0.0.1`],
    healthPath: '/stampbook/api/v1/health',
  });
});
after(async () => {
  await srv?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** GET path on the proxy at port (TLS, SNI and Host the public name): resolves
 * {status, headers, body}, or {status: 0, error} when the connection closed without an
 * answer. firstChunk: resolve once the body's first bytes have come (a stream). */
function viaProxy(port, path, headers = {}, firstChunk = false) {
  return new Promise((resolve) => {
    const req = https.request({
      host: '127.0.0.1', port, path, servername: NAME, rejectUnauthorized: false, agent: false,
      headers: { Host: NAME, ...headers },
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
        if (firstChunk && body.includes('\n\n')) { resolve({ status: res.statusCode, headers: res.headers, body }); req.destroy(); }
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      res.on('error', (error) => resolve({ status: res.statusCode, headers: res.headers, body, error }));
    });
    req.on('error', (error) => resolve({ status: 0, error }));
    req.setTimeout(20000, () => req.destroy(new Error('no answer in 20 s')));
    req.end();
  });
}

/** Wait until the proxy answers health with 200 (it has started, or the server is back). */
async function waitHealthy(port) {
  let r;
  await eventually(async () => (r = await viaProxy(port, '/stampbook/api/v1/health')).status === 200,
    { timeout: 120000, message: () => `health through the proxy on ${port} (last: ${r?.status} ${r?.error || r?.body})` });
}

/** Start a proxy process; returns {proc, output(), stop()}. */
function startProxy(bin, args, env = {}) {
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  proc.stdout.on('data', (d) => { output += d; });
  proc.stderr.on('data', (d) => { output += d; });
  return {
    proc,
    output: () => output,
    stop: () => new Promise((res) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return res();
      proc.once('exit', res);
      proc.kill('SIGTERM');
    }),
  };
}

/** Every file under folder, read as text. */
function allLogs(folder) {
  let text = '';
  for (const e of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) text += readFileSync(join(e.path ?? e.parentPath, e.name), 'latin1');
  }
  return text;
}

/** Open stream (a path with its ?key=) in a page of Chromium through the proxy on port,
 * restart the server, log a note, and wait for the EventSource to bring its state: the
 * browser reconnects by itself (readyState never CLOSED). */
async function eventSourceRecovers(port, stream, c, base, gid) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
  });
  try {
    const ctx = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await ctx.newPage();
    await page.goto(`https://${NAME}:${port}/stampbook/api/v1/health`);
    await page.evaluate((url) => {
      window.seen = { ids: [], errors: 0, closed: false };
      const es = new EventSource(url);
      window.es = es;
      es.addEventListener('state', (e) => window.seen.ids.push(e.lastEventId));
      es.onerror = () => { window.seen.errors++; if (es.readyState === EventSource.CLOSED) window.seen.closed = true; };
    }, stream);
    const waitFor = async (what, fn) => {
      let v;
      await eventually(async () => fn(v = await page.evaluate(() => window.seen)), {
        timeout: 60000, message: () => `${what} (${JSON.stringify(v)})`,
        giveUp: () => v?.closed && 'the EventSource closed for good',
      });
      return v;
    };
    const first = await waitFor('first state', (v) => v.ids.length >= 1);
    await srv.stop();
    await waitFor('error while the server is down', (v) => v.errors >= 1);
    await new Promise((r) => setTimeout(r, 3000)); // a reconnection or two meets the server down
    await srv.launch();
    const note = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${gid}/events`, { type: 'note', text: 'back after the restart' });
    assert.equal(note.status, 201, note.text);
    const version = note.headers.get('etag').replaceAll('"', '');
    const after = await waitFor(`the state of version ${version}`, (v) => v.ids.includes(version));
    assert.equal(after.closed, false, 'the EventSource never closed for good');
    assert.equal(await page.evaluate(() => window.es.readyState), 1, 'open again');
    assert.ok(after.ids.indexOf(version) > after.ids.indexOf(first.ids[0]));
  } finally {
    await browser.close();
  }
}

/** What both proxies must do, through the proxy on port whose logs are under logs. */
async function checkProxy(port, logs, proxyOutput, plainPort) {
  await waitHealthy(port);
  // A campaign and a game, made through the proxy's server directly.
  const c = await newCampaign(`${srv.url}/stampbook`, { players: ['Ann', 'Bo'] });
  const base = `/stampbook/api/v1/campaigns/${c.cid}`;
  const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode: 'journal', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'scottie' }] });
  assert.equal(g.status, 201, g.text);
  const stream = `${base}/games/${g.json.game.id}/stream?key=${encodeURIComponent(c.view_key)}`;

  // The metrics: refused by the proxy in every spelling, served on loopback.
  for (const p of ['/stampbook/metrics', '/stampbook//metrics', '/stampbook/%6detrics', '/stampbook/./metrics',
    '/stampbook/api/../metrics', '/stampbook/metrics?x=1', '/stampbook/METRICS', '/stampbook/metrics/']) {
    const r = await viaProxy(port, p);
    assert.equal(r.status, 404, `${p} through the proxy`);
    assert.doesNotMatch(r.body || '', /stampbook_\w+/, `${p}: no metric through the proxy`);
  }
  const direct = await fetch(`${srv.url}/stampbook/metrics`);
  assert.equal(direct.status, 200, 'Prometheus scrapes the server on loopback');
  assert.match(await direct.text(), /stampbook_/);

  // The stream through the proxy, with its key in the query.
  const live = await viaProxy(port, stream, { Accept: 'text/event-stream' }, true);
  assert.equal(live.status, 200, live.error?.message || live.body);
  assert.match(live.headers['content-type'], /text\/event-stream/);
  assert.match(live.body, /event: state/);

  // A real EventSource (Debian's Chromium) through the proxy follows the game across a
  // restart of the server by itself: never closed for good, the next state after it.
  if (CHROMIUM) await eventSourceRecovers(port, stream, c, base, g.json.game.id);

  // The server restarts: the stream's connection closes without an answer (a 502 would
  // stop an EventSource for good), other requests get the proxy's 502.
  await srv.stop();
  const down = await viaProxy(port, stream, { Accept: 'text/event-stream', 'Last-Event-ID': '1' });
  assert.equal(down.status, 0, `no answer to a stream while the server is down (got ${down.status})`);
  const other = await viaProxy(port, `${base}`, { Authorization: `Bearer ${c.key}` });
  assert.equal(other.status, 502, 'other requests get the proxy\'s 502');
  await srv.launch();
  await waitHealthy(port);
  const back = await viaProxy(port, stream, { Accept: 'text/event-stream' }, true);
  assert.equal(back.status, 200, 'the stream again once the server is back');
  assert.match(back.body, /event: state/);

  // Plain HTTP only redirects, a stream's ?key= too (and logs it nowhere).
  if (plainPort) {
    const redirect = await fetch(`http://127.0.0.1:${plainPort}${stream}`, { headers: { Host: NAME }, redirect: 'manual' });
    assert.equal(redirect.status, 301);
    assert.match(redirect.headers.get('location'), /^https:/);
  }

  // No key in any log: the proxy's files and output, and the server's.
  await new Promise((res) => setTimeout(res, 200)); // let the proxy write its lines
  const text = allLogs(logs) + proxyOutput() + srv.output;
  for (const k of [c.key, c.view_key, encodeURIComponent(c.view_key)]) {
    assert.ok(!text.includes(k), `a key in a log:\n${text.split('\n').filter((l) => l.includes(k)).join('\n')}`);
  }
  assert.ok(allLogs(logs).length > 0, 'the proxy did write its logs');
}

test('README\'s nginx block with Debian\'s nginx: metrics refused, streams recover, no key logged', { skip: NGINX ? false : 'nginx is not installed (sh scripts/install-deps test)' }, async () => {
  const d = join(dir, 'nginx');
  mkdirSync(join(d, 'logs'), { recursive: true });
  mkdirSync(join(d, 'tmp'));
  const gen = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${NAME}`,
    '-keyout', join(d, 'key.pem'), '-out', join(d, 'cert.pem')]);
  assert.equal(gen.status, 0, `openssl made a certificate: ${gen.stderr}`);
  const [tls, plain] = [await freePort(), await freePort()];
  const block = substitute(readmeBlock('### Safe in public', 'nginx'), [
    ['listen 443 ssl http2;', `listen 127.0.0.1:${tls} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${plain};`],
    [`/etc/letsencrypt/live/${NAME}/fullchain.pem`, join(d, 'cert.pem')],
    [`/etc/letsencrypt/live/${NAME}/privkey.pem`, join(d, 'key.pem')],
    ['/var/log/nginx/', `${join(d, 'logs')}/`],
    ['127.0.0.1:8080', `127.0.0.1:${srv.port}`],
  ]);
  const t = join(d, 'tmp');
  writeFileSync(join(d, 'nginx.conf'), `daemon off;
master_process off;
pid ${join(d, 'nginx.pid')};
error_log ${join(d, 'logs', 'error.log')};
events {}
http {
client_body_temp_path ${t}; proxy_temp_path ${t}; fastcgi_temp_path ${t}; uwsgi_temp_path ${t}; scgi_temp_path ${t};
access_log ${join(d, 'logs', 'access.log')};
${block}
}
`);
  const check = spawnSync(NGINX, ['-t', '-c', join(d, 'nginx.conf'), '-p', d, '-e', join(d, 'logs', 'error.log')], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t accepts README's block:\n${check.stderr}`);
  const proxy = startProxy(NGINX, ['-c', join(d, 'nginx.conf'), '-p', d, '-e', join(d, 'logs', 'error.log')]);
  try {
    await checkProxy(tls, join(d, 'logs'), proxy.output, plain);
  } finally { await proxy.stop(); }
});

test('README\'s Caddy block with Debian\'s Caddy: metrics refused, streams recover, no key logged', { skip: CADDY ? false : 'caddy is not installed (sh scripts/install-deps test)' }, async () => {
  const d = join(dir, 'caddy');
  mkdirSync(join(d, 'logs'), { recursive: true });
  const [tls, plain] = [await freePort(), await freePort()];
  let block = substitute(readmeBlock('### Safe in public', 'caddy'), [
    ['/var/log/caddy/', `${join(d, 'logs')}/`],
    ['127.0.0.1:8080', `127.0.0.1:${srv.port}`],
  ]);
  // The public name's certificate from Caddy's own local authority, not from the
  // internet; everything else as printed.
  const globals = `    admin off\n    skip_install_trust\n    local_certs\n    http_port ${plain}\n    https_port ${tls}\n    storage file_system ${join(d, 'data')}\n`;
  assert.ok(block.startsWith('{\n'), 'README\'s Caddyfile opens with its global options');
  block = `{\n${globals}${block.slice(2)}`;
  writeFileSync(join(d, 'Caddyfile'), block);
  const env = { HOME: d, XDG_DATA_HOME: join(d, 'data'), XDG_CONFIG_HOME: join(d, 'config') };
  const check = spawnSync(CADDY, ['validate', '--config', join(d, 'Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(check.status, 0, `caddy validate accepts README's block:\n${check.stderr}`);
  const proxy = startProxy(CADDY, ['run', '--config', join(d, 'Caddyfile'), '--adapter', 'caddyfile'], env);
  try {
    await checkProxy(tls, join(d, 'logs'), proxy.output);
  } finally { await proxy.stop(); }
});

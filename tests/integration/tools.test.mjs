// tools.test.mjs -- Stampbook checked by outside tools nobody here wrote (issue 27):
// systemd-analyze on the shipped units, the one configuration file read by serve and
// by the units' health checks, Spectral and Redocly on the OpenAPI document, Portman +
// newman contract tests against a real server, lintian and dpkg on the Debian package.
// Every tool is installed by `make test-deps` (Debian) or package.json (npm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, client, freePort, startServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONF = '/etc/stampbook/stampbook.conf';
const UNITS = ['stampbook.service', 'stampbook-healthcheck.service', 'stampbook-healthcheck.timer'];

/** Run a program to its end; resolves {code, stdout, stderr}. */
export const run = (file, args, opts = {}) => new Promise((done) => {
  execFile(file, args, { maxBuffer: 64 << 20, ...opts, env: { ...process.env, ...(opts.env || {}) } },
    (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
});

const unit = (name) => readFileSync(join(ROOT, 'contrib', name), 'utf8');

/** The value of key= in a unit, continuation lines joined. */
function directive(text, key) {
  const m = text.replace(/\\\n\s*/g, ' ').match(new RegExp(`^${key}=(.*)$`, 'm'));
  assert.ok(m, `${key}= is in the unit`);
  return m[1].trim();
}

/** A unit's command line for this test: the built binary, the test's configuration. */
const localize = (line, conf) => line.replaceAll('/usr/local/bin/stampbook', BIN).replaceAll(CONF, conf);

/** The units copied into a temporary folder, naming the built binary. */
function unitsDir() {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-units-'));
  for (const u of UNITS) writeFileSync(join(dir, u), localize(unit(u), CONF));
  return dir;
}

test('units: systemd-analyze verify finds nothing wrong in the shipped units', async () => {
  const dir = unitsDir();
  try {
    const r = await run('systemd-analyze', ['verify', '--man=no', ...UNITS.map((u) => join(dir, u))]);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.equal(r.stderr.trim(), '', 'verify says nothing');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('units: systemd-analyze security rates both services 2.0 ("OK") or better', async () => {
  const dir = unitsDir();
  try {
    for (const u of ['stampbook.service', 'stampbook-healthcheck.service']) {
      const r = await run('systemd-analyze', ['security', '--offline=true', '--threshold=20', '--no-pager', join(dir, u)]);
      assert.equal(r.code, 0, `${u}:\n${r.stdout.split('\n').slice(-3).join('\n')}${r.stderr}`);
    }
    const text = unit('stampbook.service');
    for (const d of ['User=stampbook', 'ProtectSystem=strict', 'PrivateTmp=yes', 'NoNewPrivileges=yes',
      'ReadWritePaths=/var/lib/stampbook', 'RestrictAddressFamilies=', 'SystemCallFilter=@system-service'])
      assert.ok(text.split('\n').some((l) => l.startsWith(d)), `stampbook.service has ${d}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** contrib/stampbook.conf made the test's: data in dir, the port, the proxy settings on. */
function writeConf(dir, port) {
  const text = readFileSync(join(ROOT, 'contrib/stampbook.conf'), 'utf8')
    .replaceAll('/var/lib/stampbook', dir)
    .replace(/^port = .*$/m, `port = ${port}`)
    .replace(/^# base-path = .*$/m, 'base-path = /stampbook')
    .replace(/^# host-name = .*$/m, 'host-name = games.example.org, www.games.example.org');
  assert.match(text, /^base-path = \/stampbook$/m);
  assert.match(text, /^host-name = /m);
  const conf = join(dir, 'stampbook.conf');
  writeFileSync(conf, text);
  return conf;
}

test('config: the units\' own health checks answer 0 against the units\' own server started with proxy flags from the one configuration', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-conf-'));
  const port = await freePort();
  const conf = writeConf(dir, port);
  const service = unit('stampbook.service');
  const argv = localize(directive(service, 'ExecStart'), conf).split(/\s+/);
  const proc = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  try {
    // ExecStartPost: its own loop waits for the server (10 s at most).
    const post = directive(service, 'ExecStartPost').match(/^\/bin\/sh -c '(.*)'$/)[1];
    const started = await run('/bin/sh', ['-c', localize(post, conf)]);
    assert.equal(started.code, 0, `ExecStartPost: ${started.stderr}\nserver: ${log}`);
    assert.match(log, new RegExp(`serving http://127\\.0\\.0\\.1:${port}/stampbook/`), 'serve read the base path and host from the file');
    // The timer's check: a success exits before it would restart anything.
    const timed = directive(unit('stampbook-healthcheck.service'), 'ExecStart').match(/^\/bin\/sh -c '(.*)'$/)[1];
    const checked = await run('/bin/sh', ['-c', localize(timed, conf)]);
    assert.equal(checked.code, 0, checked.stderr);
    // What the units did before: the port alone, without the proxy flags, is refused.
    const bare = await run(BIN, ['healthcheck', '--port', String(port)]);
    assert.equal(bare.code, 1, 'a health check without the base path and host name fails');
    // A flag on the command line wins over the file.
    const over = await run(BIN, ['healthcheck', '--config', conf, '--base-path', '/elsewhere']);
    assert.equal(over.code, 1, over.stderr);
    assert.equal((await run(BIN, ['healthcheck', `--config=${conf}`])).code, 0);
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
  assert.doesNotMatch(log, /ERROR: \w+Sanitizer|runtime error:/);
});

test('config: a line serve or healthcheck cannot read is refused with its number, exit 2, and nothing starts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-conf-'));
  try {
    const cases = [
      ['# ok\nport = 8080\n\nbase-path /stampbook\n', /line 4: a setting is written key = value/],
      ['port = 8080\nno-such-flag = 1\n', /line 2: unknown setting 'no-such-flag'/],
      ['port = 70000\n', /line 1: bad value for port/],
      ['quiet = maybe\n', /line 1: quiet takes yes or no/],
      ['help = yes\n', /line 1: unknown setting 'help'/],
    ];
    for (const [text, why] of cases) {
      const conf = join(dir, 'bad.conf');
      writeFileSync(conf, text);
      for (const cmd of ['serve', 'healthcheck']) {
        const r = await run(BIN, [cmd, '--config', conf, '--db', join(dir, 'x.db')], { timeout: 10000 });
        assert.equal(r.code, 2, `${cmd} with ${JSON.stringify(text)}: ${r.stderr}`);
        assert.match(r.stderr, why);
      }
    }
    const missing = await run(BIN, ['healthcheck', '--config', join(dir, 'none.conf')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /none\.conf/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const NPX = join(ROOT, 'node_modules', '.bin');
const DOC = join(ROOT, 'schema/openapi.json');

/** An npm tool of package.json run to its end. */
const tool = (name, args, opts) => run(join(NPX, name), args, { cwd: ROOT, ...opts });

test('openapi: Spectral (spectral:oas) finds no error, no warning, no hint', async () => {
  const r = await tool('spectral', ['lint', DOC, '--ruleset', join(ROOT, '.spectral.yaml'), '--fail-severity=hint']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /No results with a severity of 'hint' or higher found/);
});

test('openapi: Redocly (recommended) finds no error and no warning', async () => {
  const r = await tool('redocly', ['lint', DOC, '--config', join(ROOT, 'redocly.yaml'), '--format=json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 }, JSON.stringify(report.problems, null, 1));
});

test('openapi: the document is written in forms generators handle (no bare const, every operation described, a 4xx each, a servers entry with the base path)', () => {
  const doc = JSON.parse(readFileSync(DOC, 'utf8'));
  assert.doesNotMatch(JSON.stringify(doc), /"const":/);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      assert.ok(op.description, `${method} ${path} has a description`);
      assert.ok(Object.keys(op.responses).some((c) => c.startsWith('4')), `${method} ${path} lists a 4xx`);
    }
  }
  assert.match(doc.servers[0].url, /\{basePath\}$/);
  assert.equal(doc.servers[0].variables.basePath.default, '');
});

/** The operations of the document: every one but the event stream (it never ends, so
 * newman could not finish it), with the names of their path parameters. */
function portmanOps() {
  const doc = JSON.parse(readFileSync(DOC, 'utf8'));
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).filter((m) => m !== 'parameters' && !(m === 'get' && path.endsWith('/stream')))
      .map((m) => ({ id: `${m.toUpperCase()}::${path}`, params: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]) })));
}

/** The order the requests run in: reads first; then the writes in an order where each
 * finds what it needs (a note and its undo on the finished game while it is the
 * latest, the layout edited while no game is active, a new game after that, keys
 * rotated last); any operation not named runs after the reads, in the document's
 * order. */
const PORTMAN_ORDER = [
  'POST::/api/v1/campaigns', 'POST::/api/v1/campaigns/import', 'PATCH::/api/v1/campaigns/{cid}',
  'POST::/api/v1/campaigns/{cid}/players', 'PATCH::/api/v1/campaigns/{cid}/players/{pid}',
  'PUT::/api/v1/campaigns/{cid}/board/destinations/{did}', 'PUT::/api/v1/campaigns/{cid}/board/journal/{card}',
  'PUT::/api/v1/campaigns/{cid}/board/chance/{card}', 'PUT::/api/v1/campaigns/{cid}/board/spaces/{index}',
  'POST::/api/v1/campaigns/{cid}/games/{gid}/events', 'POST::/api/v1/campaigns/{cid}/games/{gid}/undo',
  'POST::/api/v1/campaigns/{cid}/memories', 'PUT::/api/v1/campaigns/{cid}/memories/{mid}/photo',
  'DELETE::/api/v1/campaigns/{cid}/memories/{mid}', 'POST::/api/v1/campaigns/{cid}/games',
  'POST::/api/v1/campaigns/{cid}/keys',
];

/** Every request of a Postman collection (its folders flattened), each with the
 * operation it came from ("METHOD::/path" of the document). */
function collectionRequests(items, out = []) {
  for (const it of items) {
    if (it.item) collectionRequests(it.item, out);
    else out.push(it);
  }
  return out;
}

test('openapi: Portman\'s contract tests generated from the whole document (writes too, from its example bodies) pass with newman against a real server', async () => {
  const admin = 'portman-admin-key';
  const srv = await startServer({ args: ['--admin-key', admin] });
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-portman-'));
  try {
    const made0 = await client(srv.url, admin).post('/api/v1/campaigns', { name: 'Portman box' });
    assert.equal(made0.status, 201, made0.text);
    const c = { cid: made0.json.campaign.id, key: made0.json.key, api: client(srv.url, made0.json.key), players: [] };
    const base = `/api/v1/campaigns/${c.cid}`;
    for (const name of ['Ann', 'Bo']) c.players.push((await c.api.post(`${base}/players`, { name })).json.id);
    const made = await c.api.post(`${base}/games`, { mode: 'banker', seats: [{ player: c.players[0], token: 'hazel' }, { player: c.players[1], token: 'rubber-ducky' }] });
    assert.equal(made.status, 201, made.text);
    const gid = made.json.game.id;
    assert.equal((await c.api.post(`${base}/games/${gid}/events`, { type: 'note', text: 'Portman was here' })).status, 201);
    // A finished game, so its night card (summary.svg) answers 200 too.
    assert.equal((await c.api.post(`${base}/games/${gid}/events`, { type: 'end', winner: c.players[0] })).status, 201);
    const memory = await c.api.post(`${base}/memories`, { game: gid, text: 'Portman remembers' });
    assert.equal(memory.status, 201, memory.text);
    const mid = memory.json.memory.id;
    const photoFile = join(ROOT, 'tests/integration/fixtures/photo.jpg');
    const photo = await fetch(`${srv.url}${base}/memories/${mid}/photo`, { method: 'PUT',
      headers: { authorization: `Bearer ${c.key}`, 'content-type': 'image/jpeg' }, body: readFileSync(photoFile) });
    assert.equal(photo.status, 204);
    const doomed = (await c.api.post(`${base}/memories`, { game: gid, text: 'to be deleted' })).json.memory.id;
    // A second box (classic), for the routes of a classic board (deeds, Community Chest).
    const classic = await c.api.post(`${base}/games`, { edition: 'classic', mode: 'results', seats: [{ player: c.players[0], token: 'the boot' }, { player: c.players[1], token: 'top hat' }] });
    assert.equal(classic.status, 201, classic.text);
    // The campaign whose keys the run rotates (last), and an export to import.
    const other = await client(srv.url, admin).post('/api/v1/campaigns', { name: 'Rotated box' });
    assert.equal(other.status, 201, other.text);
    const exported = await c.api.get(`${base}/export`);
    assert.equal(exported.status, 200);

    const ops = portmanOps();
    const vars = { cid: c.cid, gid, pid: c.players[1], mid, eid: 'travel-world-tour', card: 'journal-1', did: 'rapa-nui', index: '5' };
    const SPECIAL = ['DELETE::/api/v1/campaigns/{cid}/memories/{mid}', 'POST::/api/v1/campaigns/{cid}/keys',
      'PUT::/api/v1/campaigns/{cid}/board/chance/{card}', 'PUT::/api/v1/campaigns/{cid}/board/deeds/{index}',
      'PUT::/api/v1/campaigns/{cid}/board/community/{card}'];
    const classicBox = [{ key: 'edition', value: 'classic', overwrite: true }];
    const pathVars = (o, extra = {}) => ({ openApiOperation: o.id,
      overwriteRequestPathVariables: o.params.map((key) => ({ key, value: String(extra[key] ?? vars[key]), overwrite: true })) });
    const config = {
      version: 1.0,
      tests: {
        contractTests: [
          { openApiOperation: '*::/*', excludeForOperations: ['HEAD::/api/v1/health'], statusSuccess: { enabled: true },
            contentType: { enabled: true }, jsonBody: { enabled: true }, schemaValidation: { enabled: true }, headersPresent: { enabled: true } },
          { openApiOperation: 'HEAD::/api/v1/health', statusSuccess: { enabled: true } },
        ],
      },
      overwrites: [
        ...ops.filter((o) => o.params.length && !SPECIAL.includes(o.id)).map((o) => pathVars(o)),
        pathVars({ id: 'PUT::/api/v1/campaigns/{cid}/board/chance/{card}', params: ['cid', 'card'] }, { card: 'chance-1' }),
        { ...pathVars({ id: 'PUT::/api/v1/campaigns/{cid}/board/deeds/{index}', params: ['cid', 'index'] }, { index: 1 }),
          overwriteRequestQueryParams: classicBox },
        { ...pathVars({ id: 'PUT::/api/v1/campaigns/{cid}/board/community/{card}', params: ['cid', 'card'] }, { card: 'bank-error' }),
          overwriteRequestQueryParams: classicBox },
        pathVars({ id: 'DELETE::/api/v1/campaigns/{cid}/memories/{mid}', params: ['cid', 'mid'] }, { mid: doomed }),
        { ...pathVars({ id: 'POST::/api/v1/campaigns/{cid}/keys', params: ['cid'] }, { cid: other.json.campaign.id }),
          overwriteRequestSecurity: { bearer: { token: other.json.key } } },
        { openApiOperation: 'GET::/api/v1/campaigns/{cid}/games/{gid}/state', overwriteRequestQueryParams: [{ key: 'at', value: '1', overwrite: true }] },
        { openApiOperation: 'GET::/api/v1/campaigns/{cid}/games/{gid}/events', overwriteRequestQueryParams: [{ key: 'after', value: '0', overwrite: true }] },
        { openApiOperation: 'GET::/api/v1/campaigns/{cid}/journal', overwriteRequestQueryParams: [{ key: 'seats', remove: true }] },
        { openApiOperation: 'GET::/api/v1/campaigns', overwriteRequestSecurity: { bearer: { token: admin } } },
        { openApiOperation: 'POST::/api/v1/campaigns', overwriteRequestSecurity: { bearer: { token: admin } } },
        { openApiOperation: 'POST::/api/v1/campaigns/import', overwriteRequestSecurity: { bearer: { token: admin } },
          overwriteRequestBody: [{ key: '.', value: exported.json, overwrite: true }] },
        // The ids of this run in the examples' bodies.
        { openApiOperation: 'POST::/api/v1/campaigns/{cid}/games', overwriteRequestBody: [
          { key: 'seats[0].player', value: c.players[0], overwrite: true }, { key: 'seats[1].player', value: c.players[1], overwrite: true }] },
        { openApiOperation: 'POST::/api/v1/campaigns/{cid}/memories', overwriteRequestBody: [{ key: 'game', value: gid, overwrite: true }] },
      ],
      globals: { collectionVariables: { bearerToken: c.key } },
    };
    const cfg = join(dir, 'portman-config.json');
    writeFileSync(cfg, JSON.stringify(config));
    const file = join(dir, 'openapi.json');
    const doc = JSON.parse(readFileSync(DOC, 'utf8'));
    delete doc.paths['/api/v1/campaigns/{cid}/games/{gid}/stream'].get;
    writeFileSync(file, JSON.stringify(doc));
    const collection = join(dir, 'collection.json');
    const gen = await tool('portman', ['-l', file, '-b', srv.url, '-c', cfg, '-o', collection], { cwd: dir, env: { NO_COLOR: '1' } });
    assert.equal(gen.code, 0, (gen.stdout + gen.stderr).slice(-4000));
    // One flat list in PORTMAN_ORDER (Portman orders within its folders only), and the
    // photo's body the fixture's bytes (a collection's raw body is text).
    const col = JSON.parse(readFileSync(collection, 'utf8'));
    const requests = collectionRequests(col.item);
    const opOf = (it) => {
      const m = it.request.method;
      const path = `/${it.request.url.path.join('/')}`.replace(/\/:(\w+)/g, '/{$1}');
      return `${m}::${path}`;
    };
    const rank = (it) => { const i = PORTMAN_ORDER.indexOf(opOf(it)); return i < 0 ? (it.request.method === 'GET' || it.request.method === 'HEAD' ? -1 : 1000) : i; };
    requests.sort((x, y) => rank(x) - rank(y));
    for (const it of requests) {
      if (opOf(it) === 'PUT::/api/v1/campaigns/{cid}/memories/{mid}/photo') {
        it.request.body = { mode: 'file', file: { src: photoFile } };
        it.request.header = (it.request.header || []).filter((h) => h.key.toLowerCase() !== 'content-type').concat([{ key: 'Content-Type', value: 'image/jpeg' }]);
      }
    }
    col.item = requests;
    writeFileSync(collection, JSON.stringify(col));
    assert.equal(requests.length, ops.length, `one request for each of the ${ops.length} operations`);
    const r = await tool('newman', ['run', collection, '--reporters', 'cli', '--reporter-cli-no-banner', '--color', 'off', '--timeout-request', '30000'],
      { cwd: dir, env: { NO_COLOR: '1' } });
    const out = (r.stdout + r.stderr).replace(/ {3,}/g, ' ');
    assert.equal(r.code, 0, out.slice(-6000));
    const m = out.match(/requests\s*│\s*(\d+)\s*│\s*(\d+)/);
    assert.ok(m, out.slice(-2000));
    assert.equal(Number(m[1]), ops.length, `newman sent the ${ops.length} requests`);
    assert.equal(Number(m[2]), 0, 'no request failed');
    const a = out.match(/assertions\s*│\s*(\d+)\s*│\s*(\d+)/);
    assert.ok(Number(a[1]) >= 3 * ops.length, `${a[1]} assertions`);
    assert.equal(Number(a[2]), 0, out.slice(-6000));
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
    await srv.cleanup();
  }
});

// ---- the Debian package ----

const DEB_SKIP = process.getuid?.() !== 0 ? 'installing a package needs root (as in CI)'
  : BIN.includes('/asan/') ? 'the package is built and checked once, by the release run'
    : null;

test('deb: make deb builds a package lintian passes; dpkg installs it, the unit\'s own command lines serve health 200 as the system user, and it purges', { skip: DEB_SKIP || false }, async () => {
  const env = { ...process.env };
  delete env.MAKEFLAGS;
  delete env.MFLAGS;
  const built = await run('make', ['--no-print-directory', 'deb'], { cwd: ROOT, env, timeout: 15 * 60 * 1000 });
  assert.equal(built.code, 0, (built.stdout + built.stderr).slice(-4000));
  const deb = join(ROOT, 'build/deb', `stampbook_${readFileSync(join(ROOT, 'VERSION'), 'utf8').trim()}_amd64.deb`);
  const lint = await run('lintian', ['--tag-display-limit', '0', deb]);
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
  assert.deepEqual((lint.stdout + lint.stderr).split('\n').filter((l) => /^[EW]: /.test(l)), [], 'lintian: no error, no warning');
  const files = (await run('dpkg-deb', ['-c', deb])).stdout;
  for (const f of ['./usr/bin/stampbook', './usr/share/stampbook/static/index.html', './usr/share/stampbook/migrations/0001_init.sql',
    './usr/share/man/man1/stampbook.1.gz', './lib/systemd/system/stampbook.service', './etc/stampbook/stampbook.conf'])
    assert.ok(files.includes(` ${f}\n`) || files.endsWith(` ${f}`), `the package holds ${f}`);
  const ctrl = await run('sh', ['-c', `dpkg-deb --ctrl-tarfile '${deb}' | tar -xOf - ./conffiles`]);
  assert.equal(ctrl.stdout.trim(), CONF, 'the configuration is a conffile');

  const was = await run('dpkg-query', ['-W', '-f=${Status}', 'stampbook']);
  assert.doesNotMatch(was.stdout, /install ok installed/, 'no stampbook package was installed before this test');
  const dataWas = (await run('test', ['-e', '/var/lib/stampbook'])).code === 0;
  let proc = null, log = '';
  try {
    const inst = await run('dpkg', ['-i', deb], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    assert.equal(inst.code, 0, inst.stdout + inst.stderr);
    assert.equal((await run('getent', ['passwd', 'stampbook'])).code, 0, 'postinst made the system user');
    assert.equal((await run('stat', ['-c', '%U %a', '/var/lib/stampbook'])).stdout.trim(), 'stampbook 700');
    // The admin's one edit: a free port (8080 may be taken on this machine).
    const port = await freePort();
    writeFileSync(CONF, readFileSync(CONF, 'utf8').replace(/^port = .*$/m, `port = ${port}`));
    const service = readFileSync('/lib/systemd/system/stampbook.service', 'utf8');
    const argv = directive(service, 'ExecStart').split(/\s+/);
    assert.equal(argv[0], '/usr/bin/stampbook');
    proc = spawn('runuser', ['-u', 'stampbook', '--', ...argv], { cwd: '/var/lib/stampbook', stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr.on('data', (d) => { log += d; });
    const post = directive(service, 'ExecStartPost').match(/^\/bin\/sh -c '(.*)'$/)[1];
    const started = await run('runuser', ['-u', 'stampbook', '--', '/bin/sh', '-c', post]);
    assert.equal(started.code, 0, `ExecStartPost: ${started.stderr}\nserver: ${log}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).status, 'ok');
    assert.match(log, /database \/var\/lib\/stampbook\/stampbook\.db/);
    const ui = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(ui.status, 200, 'the packaged web UI is served');
    await ui.arrayBuffer();
  } finally {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    const purge = await run('dpkg', ['--purge', 'stampbook']);
    if (!dataWas) rmSync('/var/lib/stampbook', { recursive: true, force: true });
    assert.equal(purge.code, 0, purge.stdout + purge.stderr);
  }
  assert.equal((await run('test', ['-e', CONF])).code, 1, 'purge removed the configuration');
});

// ---- the container image ----

test('image: Containerfile takes its base as a build argument and names the user, the volume, the port, the health check and SIGTERM; README\'s compose.yaml keeps the database on a volume', () => {
  const cf = readFileSync(join(ROOT, 'Containerfile'), 'utf8');
  assert.match(cf, /^ARG BASE=\S+/m);
  assert.equal(cf.match(/^FROM \$\{BASE\}/gm)?.length, 2, 'both stages from ${BASE}');
  assert.match(cf, /^USER stampbook$/m);
  assert.match(cf, /^VOLUME \/var\/lib\/stampbook$/m);
  assert.match(cf, /^EXPOSE 8080$/m);
  assert.match(cf, /^STOPSIGNAL SIGTERM$/m);
  assert.match(cf, /^HEALTHCHECK [^\n]*\\\n\s*CMD \["\/usr\/bin\/stampbook", "healthcheck", "--port", "8080"\]/m);
  assert.match(cf, /"--db", "\/var\/lib\/stampbook\/stampbook\.db"/);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf('## In a container');
  const compose = readme.slice(readme.indexOf('```yaml\n', at) + 8, readme.indexOf('\n```', readme.indexOf('```yaml\n', at)));
  assert.match(compose, /dockerfile: Containerfile/);
  assert.match(compose, /- stampbook-data:\/var\/lib\/stampbook/);
  assert.match(compose, /stop_signal: SIGTERM/);
  assert.match(readme.slice(at), /were not tried here/);
  assert.match(readme.slice(at), /arm64/);
});

const hasBuildah = () => (process.env.PATH || '').split(':').some((d) => d && existsSync(join(d, 'buildah')));
const IMAGE_SKIP = DEB_SKIP || (hasBuildah() ? null : 'buildah is not installed (sh scripts/install-deps test)');

test('image: scripts/build-image assembles the image from the package with buildah from scratch and no RUN; under chroot its filesystem migrates on the volume, serves health and stops on SIGTERM; its config names user, volume, port and health check', { skip: IMAGE_SKIP || false }, async () => {
  const script = readFileSync(join(ROOT, 'scripts/build-image'), 'utf8');
  assert.match(script, /buildah from scratch/);
  assert.doesNotMatch(script, /buildah run/, 'no RUN step');
  const version = readFileSync(join(ROOT, 'VERSION'), 'utf8').trim();
  const deb = join(ROOT, 'build/deb', `stampbook_${version}_amd64.deb`);
  if (!existsSync(deb)) {
    const env = { ...process.env };
    delete env.MAKEFLAGS;
    delete env.MFLAGS;
    const built = await run('make', ['--no-print-directory', 'deb'], { cwd: ROOT, env, timeout: 15 * 60 * 1000 });
    assert.equal(built.code, 0, (built.stdout + built.stderr).slice(-4000));
  }
  const r = await run('sh', [join(ROOT, 'scripts/build-image'), deb], { cwd: ROOT, timeout: 10 * 60 * 1000 });
  try {
    assert.equal(r.code, 0, (r.stdout + r.stderr).slice(-4000));
    assert.match(r.stderr, /checked \(--version, migrate, serve, SIGTERM\)/);
    const cfg = JSON.parse(r.stdout).Docker.config; // buildah inspect of the image
    assert.equal(cfg.User, 'stampbook');
    assert.ok(cfg.Volumes && '/var/lib/stampbook' in cfg.Volumes, JSON.stringify(cfg.Volumes));
    assert.ok(cfg.ExposedPorts && '8080/tcp' in cfg.ExposedPorts, JSON.stringify(cfg.ExposedPorts));
    assert.deepEqual(cfg.Healthcheck.Test, ['CMD', '/usr/bin/stampbook', 'healthcheck', '--port', '8080']);
    assert.equal(cfg.StopSignal, 'SIGTERM');
    assert.deepEqual(cfg.Entrypoint, ['/usr/bin/stampbook']);
    assert.ok(cfg.Cmd.includes('/var/lib/stampbook/stampbook.db'), JSON.stringify(cfg.Cmd));
  } finally {
    await run('buildah', ['rmi', '-f', `localhost/stampbook:${version}`]);
  }
});

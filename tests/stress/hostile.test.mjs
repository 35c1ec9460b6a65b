// hostile.test.mjs -- hostile input against the real server: malformed and truncated
// JSON, wrong types, huge and fractional numbers, deep nesting, invalid UTF-8, NUL,
// oversized bodies, path traversal in every encoded form, symlinks out of the static
// root, unknown routes and methods, broken HTTP, and slow clients holding connections
// while others are served. Each gets its 4xx (or the connection is closed) and changes
// nothing; the server stays up and its database stays whole.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, symlinkSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { startServer, newCampaign, client, raw, fingerprint, integrityCheck, sleep } from './server.mjs';

let s, c, other, bare;
before(async () => {
  s = await startServer();
  c = await newCampaign(s.url, { name: 'Hostile box', players: ['Ada', 'Ben'] });
  other = await newCampaign(s.url, { name: 'Bystander', players: ['Cy', 'Di'] });
  bare = await newCampaign(s.url, { name: 'No game yet', players: ['Ed'], game: false });
  // Give the game some history, so "changes nothing" has something to change.
  await c.api.post(`${c.game}/events`, { type: 'roll', d1: 1, d2: 2 });
  await c.api.post(`${c.game}/events`, { type: 'note', text: 'before the attack' });
});
after(async () => {
  assert.equal(integrityCheck(s.db), 'ok');
  await s.cleanup();
});

/** Run fn; afterwards both campaigns must be exactly as before. */
async function unchanged(fn) {
  const before1 = await fingerprint(c);
  const before2 = await fingerprint(other);
  await fn();
  assert.equal(await fingerprint(c), before1, 'a refused request changed the campaign');
  assert.equal(await fingerprint(other), before2, 'a refused request changed another campaign');
}

/** POST raw bytes as a JSON body; the status must be one of want. */
async function send(path, body, want, headers = {}) {
  const r = await c.api.call(headers.method || 'POST', path, body,
    { 'Content-Type': 'application/json', ...headers });
  assert.ok(want.includes(r.status), `${path} ${JSON.stringify(String(body).slice(0, 80))}: ${r.status} ${r.text.slice(0, 200)}`);
  if (r.status >= 400) {
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(r.json.status, r.status);
  }
  return r;
}

const ev = () => `${c.game}/events`;

test('malformed and truncated JSON: 400', async () => {
  await unchanged(async () => {
    for (const b of ['{', '}', '{"type":"note",', '{"type" "note"}', 'nope', '{"type":"note","text":"x"}}',
      '{"type":"note","text":"x"} {}', '{"type":"note","text":"x"}garbage', "{'type':'note'}", '[]', '""', '7',
      'null', '{"type":"note","text":"x",}', '{"type":"note","text":"x\\q"}'])
      await send(ev(), b, [400]);
    // every strict prefix of a valid body
    const full = JSON.stringify({ type: 'adjust', player: c.players[0], amount: 10, reason: 'tip' });
    for (let i = 1; i < full.length; i++) await send(ev(), full.slice(0, i), [400]);
    await send(`/api/v1/campaigns/${c.cid}/players`, '{"name":', [400]);
    await send(`/api/v1/campaigns/${c.cid}`, '{"name":"x"', [400], { method: 'PATCH' });
    await send(`/api/v1/campaigns/${c.cid}/games`, '{"mode":"banker","seats":[', [400]);
    await send(`/api/v1/campaigns/${c.cid}/board/journal/journal-1`, '{"slots":', [400], { method: 'PUT' });
    await send('/api/v1/campaigns/import', '{"format":', [400]);
  });
});

test('wrong types, huge and fractional numbers: 400 or 422', async () => {
  const [p1] = c.players;
  await unchanged(async () => {
    for (const b of [{ type: 7 }, { type: null }, { type: ['note'] }, { type: 'note', text: 5 },
      { type: 'roll', d1: '3', d2: 4 }, { type: 'roll', d1: true, d2: 4 }, { type: 'adjust', player: `${p1}`, amount: 10, reason: 'x' },
      { type: 'adjust', player: p1, amount: '10', reason: 'x' }, { type: 'trade', a: p1, b: c.players[1], a_gives: [], b_gives: 'x' }])
      await send(ev(), JSON.stringify(b), [400, 422]);
    for (const b of ['{"type":"roll","d1":1e400,"d2":1}', '{"type":"roll","d1":-1e400,"d2":1}',
      '{"type":"roll","d1":2.5,"d2":3}', '{"type":"roll","d1":3.0000001,"d2":3}',
      `{"type":"adjust","player":${p1},"amount":9007199254740993,"reason":"x"}`,
      `{"type":"adjust","player":${p1},"amount":1e300,"reason":"x"}`,
      `{"type":"adjust","player":${p1},"amount":10.5,"reason":"x"}`,
      `{"type":"adjust","player":${p1}.5,"amount":10,"reason":"x"}`,
      '{"type":"adjust","player":9007199254740993,"amount":10,"reason":"x"}',
      `{"type":"auction","winner":${p1},"price":-10}`, '{"type":"roll","d1":0,"d2":7}',
      '{"type":"roll","d1":-0.0,"d2":1}'])
      await send(ev(), b, [400, 422]);
    const players = `/api/v1/campaigns/${c.cid}/players`;
    for (const b of ['{"name":null}', '{"name":42}', '{"name":["Ada"]}', '{"name":{}}', '{"name":""}',
      `{"name":"${'x'.repeat(81)}"}`, `{"name":"${'é'.repeat(81)}"}`, '{}'])
      await send(players, b, [400, 422]);
    await send(ev(), JSON.stringify({ type: 'note', text: 'x'.repeat(2001) }), [422]);
    await send(`/api/v1/campaigns/${c.cid}/games`, '{"mode":"banker","seats":{"player":1}}', [400, 422]);
    await send(`/api/v1/campaigns/${c.cid}/games`, '{"mode":7,"seats":[]}', [400, 422]);
    const board = await bare.api.get(`/api/v1/campaigns/${bare.cid}/board`);
    for (const [what, b] of [['destinations/rapa-nui', '{"price":-10}'], ['destinations/rapa-nui', '{"price":1e12}'],
      ['destinations/rapa-nui', '{"price":15.5}'], ['destinations/rapa-nui', '{"goal":"nowhere"}'],
      ['destinations/rapa-nui', '{"name":""}'], ['journal/journal-1', '{"slots":0}'], ['journal/journal-1', '{"slots":1e9}'],
      ['journal/journal-1', '{"effect":{"per_stamp":{"collect":-50}}}'], ['chance/chance-1', '{"effect":{"move_to":"moon"}}'],
      ['chance/chance-1', '{"effect":{"move_by":2.5}}'], ['chance/chance-1', '{"text":7}']])
      await send(`/api/v1/campaigns/${bare.cid}/board/${what}`, b, [400, 422], { method: 'PUT', Authorization: `Bearer ${bare.key}` });
    assert.equal((await bare.api.get(`/api/v1/campaigns/${bare.cid}/board`)).text, board.text);
  });
});

test('deep nesting, invalid UTF-8 and NUL: 400', async () => {
  await unchanged(async () => {
    await send(ev(), `{"type":"note","text":"x","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`, [400]);
    await send(ev(), `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`, [400]);
    const bad = [[0xff], [0xc3, 0x28], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82],
      [0xf0, 0x9f, 0x98]];
    for (const bytes of bad) {
      const body = Buffer.concat([Buffer.from('{"type":"note","text":"a'), Buffer.from(bytes), Buffer.from('b"}')]);
      await send(ev(), new Uint8Array(body), [400]);
    }
    const nul = Buffer.from('{"type":"note","text":"a\u0000b"}');
    await send(ev(), new Uint8Array(nul), [400]);
    await send(ev(), '{"type":"note","text":"a\\u0000b"}', [400]);
    await send(`/api/v1/campaigns/${c.cid}/players`, '{"name":"Ada\\u0000min"}', [400]);
    await send(`/api/v1/campaigns/${c.cid}/players`, '{"na\\u0000me":"Ada"}', [400]);
  });
});

test('bodies: missing, not JSON, over 64 KiB (announced, chunked, or huge): 400/415/413', async () => {
  const body = JSON.stringify({ type: 'note', text: 'x' });
  await unchanged(async () => {
    await send(ev(), '', [400]);
    await send(ev(), body, [415], { 'Content-Type': 'text/plain' });
    await send(ev(), body, [415], { 'Content-Type': 'application/jsonx' });
    await send(ev(), body, [415], { 'Content-Type': 'multipart/form-data; boundary=x' });
    await send(ev(), body + ' '.repeat(65537 - body.length), [413]);
    // announced as huge, only a little sent: refused before the body is read
    const big = await raw(s.port, `POST ${ev()} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n${body}`);
    assert.equal(big.status, 413, big.head);
    // chunked, no length, past the cap
    const chunk = 'a'.repeat(8192);
    let chunked = `POST ${ev()} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.key}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
    for (let i = 0; i < 10; i++) chunked += `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    chunked += '0\r\n\r\n';
    const r = await raw(s.port, chunked);
    assert.equal(r.status, 413, r.head);
    // a static path with a body over the cap
    const st = await raw(s.port, 'POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nx');
    assert.ok(st.status >= 400 && st.status < 500, st.head);
  });
  // At the cap exactly, the body is read and taken.
  const r = await send(ev(), body.slice(0, -1) + ' '.repeat(65536 - body.length) + '}', [201]);
  assert.equal(r.json.event.text, 'x');
});

test('keys: none, wrong, another campaign\'s, a view key writing: 401/403', async () => {
  await unchanged(async () => {
    const note = JSON.stringify({ type: 'note', text: 'intruder' });
    await send(ev(), note, [401], { Authorization: '' });
    await send(ev(), note, [401], { Authorization: 'Bearer ' });
    await send(ev(), note, [401], { Authorization: 'Bearer wrong' });
    await send(ev(), note, [401], { Authorization: `Basic ${c.key}` });
    await send(ev(), note, [401], { Authorization: `Bearer ${other.key}` });
    await send(ev(), note, [401], { Authorization: `Bearer ${c.key}x` });
    await send(ev(), note, [403], { Authorization: `Bearer ${c.view_key}` });
    await send(`${c.game}/undo`, undefined, [403], { Authorization: `Bearer ${c.view_key}` });
    // another campaign's game through this campaign's path
    await send(`/api/v1/campaigns/${c.cid}/games/${other.gid}/events`, note, [404]);
    const anon = client(s.url);
    assert.equal((await anon.get(c.game)).status, 401);
    assert.equal((await anon.get(`${c.game}/stream?key=wrong`)).status, 401);
  });
});

test('unknown routes and methods: 404/405', async () => {
  await unchanged(async () => {
    const api = c.api;
    for (const p of ['/api/v1/nope', '/api/v2/health', `/api/v1/campaigns/${c.cid}/games/${c.gid}/nope`,
      `/api/v1/campaigns/${c.cid}/games/0`, `/api/v1/campaigns/0${c.cid}`,
      `/api/v1/campaigns/${c.cid}/games/1e3`, '/api/v1/campaigns/-1', '/api', '/metrics/x', '/no-such-file.html'])
      assert.equal((await api.get(p)).status, 404, p);
    // A key for a campaign id that does not exist is refused as a wrong key (401), so
    // which ids exist never shows (issue 43).
    assert.equal((await api.get('/api/v1/campaigns/99999999/games')).status, 401);
    for (const [m, p] of [['DELETE', `/api/v1/campaigns/${c.cid}`], ['PUT', ev()], ['PATCH', '/api/v1/health'],
      ['DELETE', c.game], ['POST', `${c.game}/state`], ['GET', `${c.game}/undo`], ['POST', '/index.html'],
      ['DELETE', '/']]) {
      const r = await api.call(m, p);
      assert.equal(r.status, 405, `${m} ${p}: ${r.status}`);
      assert.ok(r.headers.get('allow'), `${m} ${p}: no Allow`);
    }
    for (const m of ['TRACE', 'OPTIONS', 'FOO', 'get', 'CONNECT']) {
      const r = await raw(s.port, `${m} /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assert.ok(r.status === 0 || (r.status >= 400 && r.status < 500), `${m}: ${r.status}`);
    }
  });
});

test('path traversal in every encoded form: never a file outside the static root', async () => {
  const targets = ['etc/passwd', 'proc/self/environ'];
  const ups = ['../', '..%2f', '..%2F', '%2e%2e/', '%2E%2E%2F', '%252e%252e/', '..%5c', '..\\', '%c0%ae%c0%ae/',
    '.%2e/', '%2e./', '....//', '..;/', '%u002e%u002e/', '..%00/', '.../'];
  const prefixes = ['/', '/css/', '/api/v1/', '/static/', '//'];
  await unchanged(async () => {
    for (const up of ups) {
      for (const pre of prefixes) {
        for (const t of targets) {
          const path = pre + up.repeat(8) + t;
          const r = await raw(s.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
          assert.ok(r.status === 0 || (r.status >= 400 && r.status < 500), `${path}: ${r.status}`);
          assert.doesNotMatch(r.body, /root:|PATH=/, `${path} leaked a file`);
        }
      }
    }
    for (const path of ['/index.html%00.png', '/.git/config', '/%2e/index.html', '/./../index.html',
      'http://127.0.0.1/../../etc/passwd', '/..', '/%2e%2e', '/' + 'a/'.repeat(3000) + 'x']) {
      const r = await raw(s.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assert.ok(r.status === 0 || (r.status >= 400 && r.status < 500), `${path}: ${r.status}`);
      assert.doesNotMatch(r.body, /root:|\[core\]/, `${path} leaked a file`);
    }
  });
});

test('symlinks and the database out of a static root: 404', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-static-'));
  const root = join(dir, 'www');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>ok</title>');
  writeFileSync(join(dir, 'secret.txt'), 'secret outside the root');
  symlinkSync('/etc/passwd', join(root, 'passwd'));
  symlinkSync('/etc', join(root, 'etc'));
  symlinkSync(join(dir, 'secret.txt'), join(root, 'secret.txt'));
  const t = await startServer({ staticDir: root });
  try {
    assert.equal((await fetch(`${t.url}/index.html`)).status, 200);
    for (const p of ['/passwd', '/etc/passwd', '/secret.txt', '/../secret.txt', '/%2e%2e/secret.txt',
      '/..%2fsecret.txt', '/../stress.db', `/..%2f..%2f${t.db.replace(/\//g, '%2f')}`]) {
      const r = await raw(t.port, `GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      assert.ok(r.status >= 400 && r.status < 500, `${p}: ${r.status}`);
      assert.doesNotMatch(r.body, /root:|secret outside|SQLite format/, `${p} leaked a file`);
    }
  } finally {
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('broken HTTP: refused or closed, and the server goes on', async () => {
  await unchanged(async () => {
    const auth = `Authorization: Bearer ${c.key}\r\n`;
    const cases = [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(200000)}\r\n\r\n`,
      `GET /${'a'.repeat(100000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `POST ${ev()} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`,
      `POST ${ev()} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      `POST ${ev()} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 9\r\n\r\n{"a":1}`,
      `POST ${ev()} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `POST ${ev()} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 60\r\n\r\n{"type":"note","text":"cut short"}`,
      '\x00\x01\x02\x03\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\n' + 'X: y\r\n'.repeat(5000) + '\r\n',
    ];
    for (const req of cases) {
      const r = await raw(s.port, req, { ms: 1500 });
      assert.ok(r.status === 0 || (r.status >= 400 && r.status < 600 && r.status !== 500),
        `${JSON.stringify(req.slice(0, 60))}: ${r.status}`);
      const h = await fetch(`${s.url}/api/v1/health`);
      assert.equal(h.status, 200);
    }
  });
});

test('slow clients holding connections do not stop others being served', async () => {
  const slow = [];
  const open = (text, dribble) => {
    const sock = net.connect(s.port, '127.0.0.1');
    sock.on('error', () => {});
    let i = 0;
    const tick = setInterval(() => {
      if (i < text.length && (dribble || i === 0)) sock.write(dribble ? text[i++] : text.slice(0, (i = text.length) - 7));
    }, 150);
    slow.push({ sock, tick });
  };
  const before = await fingerprint(c);
  try {
    const post = `POST ${ev()} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.key}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"type":"note","text":"slowloris"}';
    for (let i = 0; i < 24; i++) open(post, true); // one byte every 150 ms
    for (let i = 0; i < 24; i++) open(post, false); // all but the end of the body, then silence
    for (let i = 0; i < 24; i++) slow.push({ sock: net.connect(s.port, '127.0.0.1').on('error', () => {}), tick: null });
    await sleep(500);
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => i % 2
      ? fetch(`${s.url}/api/v1/health`).then((r) => r.status)
      : other.api.get(other.game).then((r) => r.status)));
    const took = Date.now() - t0;
    assert.deepEqual([...new Set(answers)], [200]);
    // Served beside them (how long is make bench's, issue 41); the deadline only keeps a
    // busy machine from hanging the suite.
    assert.ok(took < 30000, `others waited ${took} ms behind slow clients`);
  } finally {
    for (const { sock, tick } of slow) { clearInterval(tick); sock.destroy(); }
  }
  await sleep(200);
  assert.equal(await fingerprint(c), before, 'a request that never finished changed the game');
});

test('the server is still whole after all of it', async () => {
  const h = await fetch(`${s.url}/api/v1/health`);
  assert.equal(h.status, 200);
  const game = await c.api.get(c.game);
  const replay = await c.api.get(`${c.game}/state?at=${game.json.state.seq}`);
  assert.deepEqual(replay.json, game.json.state);
  const events = (await c.api.get(`${c.game}/events`)).json.events;
  assert.deepEqual(events.map((e) => e.type), ['roll', 'note', 'note']);
  assert.match(s.log(), /serving/);
  assert.doesNotMatch(s.log(), /AddressSanitizer|runtime error|LeakSanitizer/);
});

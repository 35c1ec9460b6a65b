// crowd.test.mjs -- holding a crowd: slow clients from two addresses while a third is
// served, a thousand event streams open while another campaign is played, one change
// reaching the thousand streams of its game, closed streams giving their slots back at
// once, and the limits (connections, streams, campaign creation, campaigns, database
// size) answered 503/429/507 with Retry-After while a table keeps its latency.
// 127.0.0.2 and 127.0.0.3 are loopback addresses too (Linux routes 127/8 to lo).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { BIN, startServer, newCampaign, client, sleep, sql } from './server.mjs';
import { eventually } from '../integration/wait.mjs';

/** An open event stream: {status, headers, events (state events seen), at (ms of the
 *  last), close()}. */
function openStream(base, c, agent, localAddress = '127.0.0.1', headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${c.game}/stream?key=${c.key}`, { agent, localAddress, headers }, (res) => {
      const st = { status: res.statusCode, headers: res.headers, events: 0, at: 0, text: '' };
      st.close = () => req.destroy();
      st.onEnd = (fn) => res.on('end', fn); // the server ended the stream
      res.setEncoding('utf8');
      res.on('data', (d) => {
        st.text = (st.text + d).slice(-200000);
        const n = (st.text.match(/event: state/g) || []).length;
        if (n > 0) { st.events += n; st.at = Date.now(); st.text = st.text.slice(st.text.lastIndexOf('event: state') + 12); }
      });
      res.on('error', () => {});
      resolve(st);
    });
    req.on('error', reject);
  });
}

const agent = () => new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Open n streams of campaign c, 50 at a time. */
async function openMany(base, c, n, a) {
  const all = [];
  while (all.length < n) {
    const k = Math.min(50, n - all.length);
    all.push(...(await Promise.all(Array.from({ length: k }, () => openStream(base, c, a)))));
  }
  return all;
}


/** Run fn(s, a, streams) against a server started with args and an agent of its own;
 * after, whatever happened, every stream in the array streams is closed and the server
 * stopped. */
async function withStreams(args, fn) {
  const s = await startServer({ args });
  const streams = [];
  try {
    await fn(s, agent(), streams);
  } finally {
    for (const x of streams) x.close();
    await s.cleanup();
  }
}

/** Open n streams of campaign c into streams (openMany()): each is answered 200. */
async function openAll(base, c, n, a, streams) {
  const opened = await openMany(base, c, n, a);
  streams.push(...opened);
  assert.deepEqual([...new Set(opened.map((x) => x.status))], [200]);
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

test('slowloris from two addresses: a third client is served while they trickle, and the slow headers are cut at their deadline', async () => {
  const s = await startServer({ args: ['--header-timeout', '3', '--per-ip', '200'] });
  const socks = [];
  try {
    const c = await newCampaign(s.url, { name: 'Third party' });
    for (const addr of ['127.0.0.2', '127.0.0.3']) {
      for (let i = 0; i < 220; i++) { // past the per-address limit: the rest are refused
        const sock = net.connect({ port: s.port, host: '127.0.0.1', localAddress: addr });
        const st = { sock, closedAt: 0, opened: Date.now() };
        sock.on('error', () => {});
        sock.on('close', () => { st.closedAt = Date.now(); });
        sock.on('connect', () => sock.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n'));
        st.tick = setInterval(() => { if (!sock.destroyed) sock.write('X'); }, 500); // a header byte now and then
        socks.push(st);
      }
    }
    await sleep(1000);
    const t0 = Date.now();
    const r = await c.api.get(c.game);
    const h = await fetch(`${s.url}/api/v1/health`);
    assert.equal(r.status, 200);
    assert.equal(h.status, 200);
    // Served while they trickle; how long it took is a figure (make bench's, issue 41).
    console.log(`# the third client was served in ${Date.now() - t0} ms`);
    // Every trickling connection is closed once its 3 s for headers have passed, though
    // it keeps sending: a deadline that each byte extended would close none.
    await eventually(() => socks.every((x) => x.closedAt),
      { timeout: 120000, interval: 10, message: () => `the slow connections to close (${socks.filter((x) => !x.closedAt).length} still open)` });
  } finally {
    for (const x of socks) { clearInterval(x.tick); x.sock.destroy(); }
    await s.cleanup();
  }
});

test('a body must come within a time in proportion to its size', async () => {
  const s = await startServer({ args: ['--header-timeout', '2'] });
  try {
    const c = await newCampaign(s.url, { name: 'Slow body' });
    const sock = net.connect(s.port, '127.0.0.1');
    let closedAt = 0;
    sock.on('error', () => {});
    sock.on('close', () => { closedAt = Date.now(); });
    const t0 = Date.now();
    sock.write(`POST ${c.game}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.key}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const tick = setInterval(() => { if (!sock.destroyed) sock.write(' '); }, 300); // never idle, never done
    // It never stops sending: a deadline that each byte extended would never close it.
    await eventually(() => closedAt, { timeout: 120000, interval: 10, message: 'the trickled body\'s connection to close' });
    clearInterval(tick);
    console.log(`# the trickled body was cut after ${closedAt - t0} ms`);
    // (Read from the file: the client's idle keep-alive connections are cut at the
    // same deadline.)
    assert.deepEqual(sql(s.db, 'SELECT count(*) AS n FROM events'), [{ n: 0 }],
      'the cut request appended something');
  } finally {
    await s.cleanup();
  }
});

test('past the per-address connection limit: 503 with Retry-After, and other addresses are served', async () => {
  const s = await startServer({ args: ['--per-ip', '20'] });
  const socks = [];
  try {
    for (let i = 0; i < 20; i++) {
      const sock = net.connect({ port: s.port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      sock.on('error', () => {});
      socks.push(sock);
    }
    await sleep(300);
    const a = new http.Agent({ keepAlive: false });
    const r = await new Promise((resolve, reject) => {
      http.get(`${s.url}/api/v1/health`, { agent: a, localAddress: '127.0.0.2' }, (res) => {
        let body = '';
        res.on('data', (d) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      }).on('error', reject);
    });
    assert.equal(r.status, 503);
    assert.match(r.headers['retry-after'], /^\d+$/);
    assert.match(r.headers['content-type'], /^application\/problem\+json/);
    assert.equal((await fetch(`${s.url}/api/v1/health`)).status, 200);
  } finally {
    for (const x of socks) x.destroy();
    await s.cleanup();
  }
});

test('1,000 streams open on one campaign: another client creates a campaign and appends as before; one change reaches 99% of them', () => withStreams(['--per-ip', '2000', '--streams-per-ip', '2000'], async (s, a, streams) => {
  const watched = await newCampaign(s.url, { name: 'Audience' });
  const table = await newCampaign(s.url, { name: 'Table' });
  const lat = async (n) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = await table.api.post(`${table.game}/events`, { type: 'note', text: `n${i}` });
      assert.equal(r.status, 201, r.text);
      out.push(performance.now() - t0);
    }
    return out;
  };
  const quiet = await lat(60);
  await openAll(s.url, watched, 1000, a, streams);
  await eventually(() => streams.every((x) => x.events >= 1), { timeout: 120000, interval: 10, message: 'every stream\'s first state' });
  assert.equal(streams[0].headers['x-accel-buffering'], 'no');
  // Another client, while they are open: creating a campaign and a game, and appending.
  const later = await newCampaign(s.url, { name: 'Late table' });
  assert.ok(later.gid > 0);
  const crowded = await lat(60);
  // Their latency is make bench's (issue 41: no test asserts a duration); shown here.
  console.log(`# appends p95 ${p95(crowded).toFixed(1)} ms with 1,000 streams open, ${p95(quiet).toFixed(1)} ms without`);
  assert.ok(streams.every((x) => x.events === 1), 'a change to another campaign woke these streams');
  // One change of the watched game reaches them.
  const t0 = Date.now();
  const r = await watched.api.post(`${watched.game}/events`, { type: 'note', text: 'to everyone' });
  assert.equal(r.status, 201);
  await eventually(() => streams.every((x) => x.events >= 2), { timeout: 120000, interval: 10 })
    .catch(() => {}); // the assert below says how many it reached
  const reached = streams.filter((x) => x.events >= 2).length;
  console.log(`# the change reached ${streams.filter((x) => x.events >= 2 && x.at - t0 <= 2000).length} streams within 2 s`);
  assert.ok(reached >= 990, `the change reached ${reached} of 1,000 streams`);
}));

test('streams per campaign: past the limit 503 with Retry-After; a closed stream frees its slot at once', () => withStreams(['--streams-per-campaign', '30', '--streams-per-ip', '1000'], async (s, a, streams) => {
  const c = await newCampaign(s.url, { name: 'Small audience' });
  const other = await newCampaign(s.url, { name: 'Other audience' });
  await openAll(s.url, c, 30, a, streams);
  const over = await openStream(s.url, c, a);
  assert.equal(over.status, 503);
  assert.match(over.headers['retry-after'], /^\d+$/);
  over.close();
  // The limit is per campaign: another campaign's audience is welcome.
  const elsewhere = await openStream(s.url, other, a);
  assert.equal(elsewhere.status, 200);
  elsewhere.close();
  // Close ten: ten new ones get in straight away, not after a keep-alive.
  for (const x of streams.slice(0, 10)) x.close();
  await sleep(200);
  const fresh = await openMany(s.url, c, 10, a);
  assert.deepEqual(fresh.map((x) => x.status), Array(10).fill(200));
  streams.splice(0, 10, ...fresh);
}));

test('streams opened with keys that stampbook keys rotated (another process) end within 20 s', () => withStreams(undefined, async (s, a, streams) => {
  const ends = [];
  const c = await newCampaign(s.url, { name: 'Leaked link' });
  await openAll(s.url, c, 20, a, streams);
  for (const x of streams) ends.push(new Promise((done) => x.onEnd(done)));
  const rot = spawnSync(BIN, ['keys', '--db', s.db, '--campaign', String(c.cid), '--rotate'], { encoding: 'utf8' });
  assert.equal(rot.status, 0, rot.stderr);
  const rotated = Date.now();
  const timeout = sleep(20000).then(() => 'running');
  const got = await Promise.all(ends.map((e) => Promise.race([e.then(() => Date.now() - rotated), timeout])));
  assert.ok(got.every((ms) => ms !== 'running'), `streams still running 20 s after the rotation: ${got}`);
  // The new key streams; the old one is refused.
  const fresh = await openStream(s.url, { ...c, key: JSON.parse(rot.stdout).key }, a);
  assert.equal(fresh.status, 200);
  fresh.close();
  const old = await openStream(s.url, c, a);
  assert.equal(old.status, 401);
  old.close();
}));

test('streams per address: past the limit 503, and another address still gets its stream', () => withStreams(['--streams-per-ip', '5'], async (s, a, streams) => {
  const c = await newCampaign(s.url, { name: 'One address' });
  for (let i = 0; i < 5; i++) streams.push(await openStream(s.url, c, a));
  assert.deepEqual(streams.map((x) => x.status), Array(5).fill(200));
  const over = await openStream(s.url, c, a);
  assert.equal(over.status, 503);
  over.close();
  const other = await openStream(s.url, c, a, '127.0.0.2');
  assert.equal(other.status, 200);
  streams.push(other);
}));

test('behind a trusted proxy, streams per address count the client X-Forwarded-For names', () => withStreams(['--trusted-proxy', '127.0.0.1', '--streams-per-ip', '2'], async (s, a, streams) => {
  const c = await newCampaign(s.url, { name: 'Behind a proxy' });
  const from = (ip) => openStream(s.url, c, a, '127.0.0.1', { 'X-Forwarded-For': ip });
  for (let i = 0; i < 2; i++) streams.push(await from('198.51.100.7'));
  assert.deepEqual(streams.map((x) => x.status), [200, 200]);
  const over = await from('198.51.100.7');
  assert.equal(over.status, 503);
  over.close();
  const other = await from('198.51.100.8'); // the same proxy, another client
  assert.equal(other.status, 200);
  streams.push(other);
}));

test('abuse limits without an admin key: creation 429 with Retry-After, campaigns and database caps 507, and the table keeps its latency', async () => {
  const s = await startServer({ args: ['--create-burst', '3', '--create-per-minute', '1', '--max-campaigns', '6'] });
  try {
    const table = await newCampaign(s.url, { name: 'Table' }); // from 127.0.0.1
    const quiet = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await table.api.post(`${table.game}/events`, { type: 'note', text: `q${i}` });
      quiet.push(performance.now() - t0);
    }
    // Another address creates as fast as it can: three, then 429.
    const a = new http.Agent({ keepAlive: true });
    const post = (path, body) => new Promise((resolve, reject) => {
      const req = http.request(`${s.url}${path}`, { method: 'POST', agent: a, localAddress: '127.0.0.2',
        headers: { 'Content-Type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
    const flood = [];
    const busy = [];
    const stop = Date.now() + 1500;
    const flooding = (async () => {
      while (Date.now() < stop) flood.push(await post('/api/v1/campaigns', { name: 'Spam' }));
    })();
    while (Date.now() < stop) {
      const t0 = performance.now();
      const r = await table.api.post(`${table.game}/events`, { type: 'note', text: 'during' });
      assert.equal(r.status, 201);
      busy.push(performance.now() - t0);
    }
    await flooding;
    assert.deepEqual(flood.slice(0, 3).map((r) => r.status), [201, 201, 201]);
    const refused = flood.slice(3);
    assert.ok(refused.length > 0 && refused.every((r) => r.status === 429), 'the fourth creation was not refused');
    assert.match(refused[0].headers['retry-after'], /^\d+$/);
    assert.match(refused[0].headers['content-type'], /^application\/problem\+json/);
    const imp = await post('/api/v1/campaigns/import', {});
    assert.equal(imp.status, 429, 'import shares the bucket');
    // Every append of the table was answered during the flood; its latency is make
    // bench's (issue 41: no test asserts a duration), shown here.
    assert.ok(busy.length > 0);
    console.log(`# the table's appends p95 ${p95(busy).toFixed(1)} ms under the flood, ${p95(quiet).toFixed(1)} ms before`);
    // Two more from a third address reach the cap of six campaigns: then 507.
    const c3 = client(s.url);
    assert.equal((await c3.post('/api/v1/campaigns', { name: 'Five' })).status, 201);
    assert.equal((await c3.post('/api/v1/campaigns', { name: 'Six' })).status, 201);
    const full = await c3.post('/api/v1/campaigns', { name: 'Seven' });
    assert.equal(full.status, 507);
    assert.equal(full.json.status, 507);
  } finally {
    await s.cleanup();
  }
});

test('past --max-db-mb every write is 507 and changes nothing; reads go on', async () => {
  const s = await startServer({ args: ['--max-db-mb', '1'] });
  try {
    const c = await newCampaign(s.url, { name: 'Filling up' });
    const big = 'x'.repeat(2000);
    let r;
    for (let i = 0; i < 2000; i++) {
      r = await c.api.post(`${c.game}/events`, { type: 'note', text: big });
      if (r.status !== 201) break;
    }
    assert.equal(r.status, 507, r.text);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    await sleep(1100); // the size is read at most once a second
    const before = (await c.api.get(`${c.game}/events`)).json.events.length;
    assert.equal((await c.api.post(`${c.game}/events`, { type: 'note', text: 'one more' })).status, 507);
    assert.equal((await client(s.url).post('/api/v1/campaigns', { name: 'Another' })).status, 507);
    assert.equal((await c.api.get(`${c.game}/events`)).json.events.length, before);
    assert.equal((await c.api.get(c.game)).status, 200);
  } finally {
    await s.cleanup();
  }
});

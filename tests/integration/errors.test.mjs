// errors.test.mjs -- API.md "Further additions (2026-12-c)": every error the server
// answers is application/problem+json, its HTTP library's own included (a header too
// large 431, a URI too long 414, an HTTP version it does not speak 505, a malformed
// header line or chunk 400), a request without Host is 400, and the server starts
// without a warning about its own options. Spoken through raw sockets: fetch() would
// never send these requests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

// Send text on a new connection; resolve with the first answer: {status, headers, body}
// (status 0 when the connection closed without one).
function raw(port, text) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let settled = false;
    const parse = () => {
      const s = buf.toString('latin1');
      const end = s.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const lines = s.slice(0, end).split('\r\n');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
      const headers = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      const len = Number(headers['content-length'] || 0);
      if (s.length < end + 4 + len) return null;
      return { status: m ? Number(m[1]) : 0, headers, body: s.slice(end + 4, end + 4 + len) };
    };
    const done = (r) => { if (!settled) { settled = true; sock.destroy(); resolve(r || parse() || { status: 0, headers: {}, body: '' }); } };
    sock.on('connect', () => sock.write(text, 'latin1'));
    sock.on('data', (d) => { buf = Buffer.concat([buf, d]); const r = parse(); if (r) done(r); });
    sock.on('end', () => done());
    sock.on('error', () => done());
    setTimeout(() => done(), 5000);
  });
}

function assertProblem(r, status) {
  assert.equal(r.status, status, JSON.stringify(r));
  assert.match(r.headers['content-type'] || '', /^application\/problem\+json/, JSON.stringify(r.headers));
  const body = JSON.parse(r.body);
  assert.equal(body.status, status);
  assert.equal(typeof body.title, 'string');
  assert.ok(body.title.length > 0 && body.title !== 'Internal Server Error', body.title);
  assert.equal(typeof body.detail, 'string');
}

test('a header too large is 431 problem+json, not the library\'s HTML', async () => {
  const r = await raw(srv.port, `GET /api/v1/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(40000)}\r\n\r\n`);
  assertProblem(r, 431);
});

test('a URI too long is 414 problem+json', async () => {
  const r = await raw(srv.port, `GET /${'a'.repeat(40000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
  assertProblem(r, 414);
});

test('an HTTP version the server does not speak is 505 problem+json', async () => {
  assertProblem(await raw(srv.port, 'GET /api/v1/health HTTP/2.5\r\nHost: a\r\n\r\n'), 505);
  assertProblem(await raw(srv.port, 'GET /api/v1/health HTTP/0.9\r\nHost: a\r\n\r\n'), 505);
});

test('a malformed header line and a malformed chunk are 400 problem+json', async () => {
  assertProblem(await raw(srv.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a\r\nBad Header Without Colon\r\n\r\n'), 400);
  assertProblem(await raw(srv.port, 'POST /api/v1/campaigns HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'), 400);
});

test('a request without Host is 400 problem+json, whatever its version and path', async () => {
  for (const line of ['GET /api/v1/health HTTP/1.1', 'GET /api/v1/health HTTP/1.0', 'GET / HTTP/1.1']) {
    const r = await raw(srv.port, `${line}\r\nConnection: close\r\n\r\n`);
    assertProblem(r, 400);
    assert.match(JSON.parse(r.body).detail, /Host/);
  }
  const ok = await raw(srv.port, 'GET /api/v1/health HTTP/1.0\r\nHost: a\r\n\r\n');
  assert.equal(ok.status, 200, 'with Host the same request is served');
});

test('the server starts without a warning about the library\'s options', async () => {
  assert.doesNotMatch(srv.output, /not the first option|Some messages may be printed/i, srv.output);
  assert.doesNotMatch(srv.output, /warning/i, srv.output);
});

// Send text on a new connection; resolve with all the server wrote until it closed.
function wire(port, text) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1', () => sock.write(text, 'latin1'));
    const chunks = [];
    const done = () => { sock.destroy(); resolve(Buffer.concat(chunks).toString('latin1')); };
    sock.on('data', (d) => chunks.push(d));
    sock.on('end', done);
    sock.on('error', done);
  });
}

// The one answer in out (all a connection got): its head once, then exactly the body
// its Content-Length announces. {status, headers, body}.
function onlyAnswer(out, what) {
  const heads = out.match(/HTTP\/1\.1 \d{3} /g) || [];
  assert.equal(heads.length, 1, `${what}: one answer, not ${JSON.stringify(out)}`);
  const end = out.indexOf('\r\n\r\n');
  const lines = out.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const body = out.slice(end + 4);
  assert.equal(Number(headers['content-length']), body.length, `${what}: the body is as long as its head says, nothing after it`);
  return { status: Number(lines[0].split(' ')[1]), headers, body };
}

test('every error is one problem+json answer: a Content-Length the library cannot read gets its head once, not twice', async () => {
  for (const [len, status] of [['abc', 400], ['-1', 400], ['1 2', 400], ['', 400], ['0x10', 400], ['99999999999999999999999', 413]]) {
    for (const method of ['GET /api/v1/health', 'POST /api/v1/campaigns', 'GET /index.html']) {
      const out = await wire(srv.port, `${method} HTTP/1.1\r\nHost: a\r\nContent-Length: ${len}\r\n\r\n`);
      const r = onlyAnswer(out, `${method}, Content-Length "${len}"`);
      assertProblem(r, status);
      assert.equal(r.headers.connection, 'close');
    }
  }
  const ok = await raw(srv.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n');
  assert.equal(ok.status, 200, 'a readable Content-Length is served');
});

test('every error is problem+json: a request line the library cannot split is closed with no answer (libmicrohttpd 0.9.75 calls nothing before it closes), never a non-problem answer', async () => {
  for (const line of ['GARBAGE', ' GET / HTTP/1.1', 'GET']) {
    const out = await wire(srv.port, `${line}\r\nHost: a\r\n\r\n`);
    // Closed without an answer (RFC 9112 2.2 allows it), or one problem+json 400.
    if (out !== '') assertProblem(onlyAnswer(out, JSON.stringify(line)), 400);
  }
  const ok = await raw(srv.port, 'GET /api/v1/health HTTP/1.1\r\nHost: a\r\n\r\n');
  assert.equal(ok.status, 200, 'the server serves the next connection');
});

test('every error is one problem+json answer: a body announced over its route\'s limit (up to 8 MiB) is read and answered 413, never a reset the client sees instead', async () => {
  // Answered before its body is read, the connection closed with the body unread and a
  // client still writing it often saw its write fail (EPIPE) instead of the 413.
  const body = JSON.stringify({ name: 'x'.repeat(1 << 20) });
  const seen = {};
  for (let i = 0; i < 60; i++) {
    let got;
    try {
      const r = await fetch(`${srv.url}/api/v1/campaigns`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      assert.match(r.headers.get('content-type'), /application\/problem\+json/);
      await r.text();
      got = String(r.status);
    } catch (e) {
      got = `${e.message} (${e.cause?.code})`;
    }
    seen[got] = (seen[got] || 0) + 1;
  }
  assert.deepEqual(seen, { 413: 60 });
});

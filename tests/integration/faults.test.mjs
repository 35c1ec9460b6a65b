// faults.test.mjs -- API.md "Further additions (2026-12-b)": faults answered truthfully
// and hostile input refused. A server whose port is taken refuses to start; HEAD on
// every GET route; 404 for unknown paths whatever the method, 405 with Allow for a
// known one; names trimmed, NFC-normalised and refused when empty, with control, bidi
// or zero-width characters, or taken (ignoring case); a weak If-Match never matches;
// two Host headers 400; an encoded slash is no path separator; a space index 01 is no
// space 1; an import or a box file that a route would refuse is refused, and nothing
// is stored by any of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, startServer, client, newCampaign } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

function assertProblem(r, status, field) {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
  assert.equal(r.json.status, status);
  if (field) assert.match(r.json.detail, new RegExp(field), r.json.detail);
}

// Run `stampbook serve` on port until it exits (or 10 s); {code, output}.
function serveOnce(port, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-taken-'));
  return new Promise((resolve) => {
    const p = spawn(BIN, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', join(dir, 't.db'), '--static', 'static', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    p.stderr.on('data', (d) => { output += d; });
    const timer = setTimeout(() => p.kill('SIGKILL'), 10000);
    p.on('exit', (code, sig) => { clearTimeout(timer); rmSync(dir, { recursive: true, force: true }); resolve({ code: code ?? sig, output }); });
  });
}

// Raw HTTP/1.1 on a socket: the status line's code and the whole answer.
function raw(port, text) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = '';
    sock.on('connect', () => sock.write(text));
    sock.on('data', (d) => { buf += d.toString('latin1'); if (/\r\n\r\n/.test(buf) && /content-length: *(\d+)/i.test(buf)) { const n = Number(/content-length: *(\d+)/i.exec(buf)[1]); if (buf.length >= buf.indexOf('\r\n\r\n') + 4 + n) sock.end(); } });
    const done = () => { const m = /^HTTP\/1\.[01] (\d{3})/.exec(buf); resolve({ status: m ? Number(m[1]) : 0, text: buf }); };
    sock.on('end', done);
    sock.on('error', done);
    setTimeout(() => { sock.destroy(); done(); }, 3000);
  });
}

test('a second stampbook on a taken port exits non-zero with a clear message, and the first keeps answering', async () => {
  const c = await newCampaign(srv.url, { name: 'First' });
  const second = await serveOnce(srv.port);
  assert.notEqual(second.code, 0, second.output);
  assert.match(second.output, /port is taken/, second.output);
  for (let i = 0; i < 20; i++) {
    const r = await c.api.get(`/api/v1/campaigns/${c.cid}`);
    assert.equal(r.status, 200, 'every read reaches the first server');
  }
});

test('a port taken by another program (not a stampbook) is refused too', async () => {
  const other = net.createServer(() => {});
  await new Promise((r) => other.listen(0, '127.0.0.1', r));
  try {
    const res = await serveOnce(other.address().port);
    assert.notEqual(res.code, 0, res.output);
    assert.match(res.output, /port is taken/);
  } finally { other.close(); }
});

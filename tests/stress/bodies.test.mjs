// bodies.test.mjs -- request bodies that never end (API.md "Further additions
// (2026-12-c)"): an import without the admin key is 401 at its headers, before a byte
// of its body; the bytes held by unfinished bodies together are capped (503 with
// Retry-After beyond) and large bodies are spooled to a file, so forty unfinished
// imports of 31 MiB do not take the server's memory; a body's deadline is fixed when it
// starts. The table keeps writing throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer, newCampaign, raw, sleep } from './server.mjs';

const ADMIN = 'body-admin';

/** The resident memory of process pid now and at its peak, in bytes. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s*(\\d+) kB`).exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Open a socket to port and send head; resolves once connected. */
function open(port, head) {
  return new Promise((done, fail) => {
    const sock = net.connect(port, '127.0.0.1', () => { sock.write(head); done(sock); });
    sock.on('error', fail);
  });
}

/** What comes back on sock until it closes or ms pass: {status, text, closed}. */
function answer(sock, ms) {
  return new Promise((done) => {
    let text = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      done({ status: m ? Number(m[1]) : 0, text, closed });
    };
    const timer = setTimeout(finish, ms);
    sock.on('data', (d) => {
      text += d.toString('latin1');
      if (/\r\n\r\n/.test(text) && /\r\ncontent-length: *(\d+)/i.test(text)) {
        const len = Number(/\r\ncontent-length: *(\d+)/i.exec(text)[1]);
        if (Buffer.byteLength(text.slice(text.indexOf('\r\n\r\n') + 4), 'latin1') >= len) finish();
      }
    });
    sock.on('end', () => { closed = true; finish(); });
    sock.on('close', () => { closed = true; finish(); });
  });
}

const importHead = (port, length, key) => `POST /api/v1/campaigns/import HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n${key ? `Authorization: Bearer ${key}\r\n` : ''}\r\n`;

test('BODY-ADMIN: with an admin key, an import without it is 401 at its headers, before any byte of its 31 MiB body', async () => {
  const s = await startServer({ args: ['--admin-key', ADMIN] });
  try {
    for (const key of [null, 'not-the-key']) {
      const sock = await open(s.port, importHead(s.port, 31 << 20, key));
      const r = await answer(sock, 30000); // no byte of the body is ever sent
      sock.destroy();
      assert.equal(r.status, 401, r.text);
      assert.match(r.text, /application\/problem\+json/);
      assert.match(r.text, key ? /wrong admin key/ : /admin key/);
    }
    // With the key, the headers alone are not answered: the body is awaited.
    const sock = await open(s.port, importHead(s.port, 1 << 20, ADMIN));
    const r = await answer(sock, 1500);
    sock.destroy();
    assert.equal(r.status, 0, 'no answer before the body');
  } finally {
    await s.cleanup();
  }
});

test('BODY-CAP: forty unfinished imports of 31 MiB from one address: past the cap on held bytes 503 with Retry-After, the server\'s memory stays bounded, and the table writes on', async () => {
  const s = await startServer({ args: ['--per-ip', '256'] });
  const table = await newCampaign(s.url, { name: 'The table' });
  const socks = [];
  try {
    const before = memory(s.pid());
    const chunk = Buffer.alloc(1 << 20, 0x20); // JSON whitespace
    const answers = [];
    for (let i = 0; i < 40; i++) {
      const sock = await open(s.port, importHead(s.port, 31 << 20, null) + '{');
      socks.push(sock);
      answers.push(answer(sock, 120000));
      // 4 MiB each, all but the last byte never sent: 160 MiB in all offered.
      for (let k = 0; k < 4; k++) await new Promise((r) => sock.write(chunk, r));
    }
    // The server reads what it was sent in its own order: bodies whose headers it read
    // while little was held are dropped when they pass the cap on their way (answered
    // at their end, which never comes here). Once it has read what was sent, it holds
    // close to the cap, so a new import announcing 31 MiB is refused at its headers.
    // Probe with such imports until one is refused (or one of the forty was).
    const refused = [];
    const deadline = Date.now() + 90000;
    while (Date.now() < deadline && refused.length === 0) {
      const done = await Promise.all(answers.map((a) => Promise.race([a, sleep(10).then(() => null)])));
      refused.push(...done.filter((r) => r && r.status === 503));
      if (refused.length > 0) break;
      const probe = await open(s.port, importHead(s.port, 31 << 20, null) + '{');
      socks.push(probe);
      const r = await answer(probe, 2000);
      if (r.status === 503) refused.push(r);
      else if (r.status !== 0) assert.fail(`a probe was answered ${r.status}: ${r.text}`);
      await sleep(200);
    }
    // 96 MiB held at most of the 160 MiB offered: a body that would not fit is refused
    // at its headers.
    assert.ok(refused.length >= 1, `${refused.length} refused`);
    for (const r of refused) {
      assert.match(r.text, /\r\nretry-after: \d+/i);
      assert.match(r.text, /unfinished request bodies/);
    }
    const during = memory(s.pid());
    const grown = during.peak - before.rss;
    // Spooled to a file, not held in memory: far less than the 96 MiB held.
    assert.ok(grown < 48 << 20, `the peak memory grew by ${grown} bytes`);
    for (let i = 0; i < 5; i++) {
      const r = await table.api.post(`${table.game}/events`, { type: 'note', text: `during ${i}` });
      assert.equal(r.status, 201, r.text);
    }
  } finally {
    for (const sock of socks) sock.destroy();
    await s.cleanup();
  }
});

test('BODY-DEADLINE: a body trickled a byte at a time is closed at the deadline its announced size set, before it is all sent', async () => {
  const s = await startServer({ args: ['--header-timeout', '1'] });
  const c = await newCampaign(s.url, { name: 'Trickled' });
  try {
    const announced = 32 * 1024; // 1 s + 2 s at 16 KiB/s after the header deadline
    const sock = await open(s.port, `POST ${c.game}/events HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n` +
      `Authorization: Bearer ${c.key}\r\nContent-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n`);
    const closed = answer(sock, 120000);
    let sent = 0;
    let over = false;
    closed.then(() => { over = true; });
    while (!over && sent < announced) {
      await new Promise((r) => sock.write(' ', r));
      sent++;
      await sleep(20);
    }
    const r = await closed;
    sock.destroy();
    assert.ok(r.closed || r.status >= 400, 'the server ended the request');
    assert.ok(sent < announced, `all ${sent} bytes were sent before the server ended it`);
    // The server serves others as before.
    assert.equal((await raw(s.port, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n`)).status, 200);
  } finally {
    await s.cleanup();
  }
});

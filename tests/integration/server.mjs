// server.mjs -- start the real stampbook binary on a loopback port with a temporary
// database, and speak HTTP to it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

export const BIN = process.env.STAMPBOOK_BIN || 'build/stampbook';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Start a server; returns {url, port, dir, db, stop(), kill(), restart()}. opts: args
 * (more serve flags), env, dir, port, healthPath (where to ask whether it is up, e.g.
 * under --base-path). */
export async function startServer(opts = {}) {
  const dir = opts.dir || mkdtempSync(join(tmpdir(), 'stampbook-'));
  const db = join(dir, 'test.db');
  const port = opts.port || (await freePort());
  const s = { dir, db, port, url: `http://127.0.0.1:${port}`, proc: null, log: '' };
  s.launch = async () => {
    const args = ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db,
      '--static', 'static', ...(opts.args || [])];
    s.proc = spawn(BIN, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...(opts.env || {}) } });
    s.proc.stderr.on('data', (d) => { s.log += d.toString(); });
    const deadline = Date.now() + 10000;
    for (;;) {
      try {
        const r = await fetch(`${s.url}${opts.healthPath || '/api/v1/health'}`);
        if (r.ok) return;
      } catch { /* not up yet */ }
      if (s.proc.exitCode !== null) throw new Error(`server exited: ${s.log}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${s.log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  s.stop = async (signal = 'SIGTERM') => {
    if (!s.proc || s.proc.exitCode !== null) return s.proc?.exitCode;
    const done = new Promise((r) => s.proc.once('exit', (code, sig) => r(code ?? sig)));
    s.proc.kill(signal);
    const code = await done;
    // Under the ASan+UBSan build a leak or an error shows here when the server exits.
    if (/ERROR: \w+Sanitizer|runtime error:/.test(s.log)) throw new Error(`sanitizer report:\n${s.log}`);
    return code;
  };
  s.restart = async () => { await s.stop(); await s.launch(); };
  s.cleanup = async () => { await s.stop(); if (!opts.dir) rmSync(dir, { recursive: true, force: true }); };
  await s.launch();
  return s;
}

/** A small client bound to one server and (optionally) one campaign key. */
export function client(base, key) {
  async function call(method, path, body, headers = {}) {
    const h = { ...headers };
    if (key && !('Authorization' in h)) h.Authorization = `Bearer ${key}`;
    let payload;
    if (body !== undefined) {
      payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
      if (!('Content-Type' in h)) h['Content-Type'] = 'application/json';
    }
    const res = await fetch(base + path, { method, headers: h, body: payload });
    const text = await res.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    return { status: res.status, headers: res.headers, json, text };
  }
  return {
    get: (p, h) => call('GET', p, undefined, h),
    post: (p, b, h) => call('POST', p, b, h),
    put: (p, b, h) => call('PUT', p, b, h),
    patch: (p, b, h) => call('PATCH', p, b, h),
    del: (p, h) => call('DELETE', p, undefined, h),
    call,
  };
}

/** Create a campaign with players; returns {cid, key, view_key, api, players:[ids]}. */
export async function newCampaign(base, { name = 'Test box', edition, stamp_owner, players = [] } = {}) {
  const anon = client(base);
  const body = { name };
  if (edition) body.edition = edition;
  if (stamp_owner) body.stamp_owner = stamp_owner;
  const r = await anon.post('/api/v1/campaigns', body);
  if (r.status !== 201) throw new Error(`create campaign: ${r.status} ${r.text}`);
  const cid = r.json.campaign.id;
  const api = client(base, r.json.key);
  const ids = [];
  for (const p of players) {
    const pr = await api.post(`/api/v1/campaigns/${cid}/players`, { name: p });
    if (pr.status !== 201) throw new Error(`add player: ${pr.status} ${pr.text}`);
    ids.push(pr.json.id);
  }
  return { cid, key: r.json.key, view_key: r.json.view_key, api, players: ids };
}

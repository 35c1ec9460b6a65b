// server.mjs -- start the real stampbook binary on a loopback port with a temporary
// database, and speak HTTP to it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';
import assert from 'node:assert/strict';
import { eventually } from './wait.mjs';

export const BIN = resolve(process.env.STAMPBOOK_BIN || 'build/stampbook');

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

// Servers started by this process: killed on exit even when a test crashes.
const children = new Set();
process.on('exit', () => { for (const c of children) c.kill('SIGKILL'); });

/**
 * The one way every Node suite starts the real server: `stampbook serve` on a loopback
 * port (a free one unless opts.port) with a database in a fresh temp folder (or
 * opts.dir), waiting for GET /api/v1/health (or opts.healthPath, e.g. under --base-path).
 * opts: {dir, port, args, env, staticDir, healthPath}.
 * Returns {url, port, dir, db, output (all it wrote to stderr so far), pid(), launch(),
 * stop(signal), kill9(), restart(), cleanup()}; launch() may be called again after a
 * stop or a kill to restart on the same port and database. stop() and cleanup() throw
 * when the sanitizers of an ASan build reported anything; cleanup() also when the
 * server did not exit 0 on SIGTERM.
 */
export async function launchServer(opts = {}) {
  const dir = opts.dir || mkdtempSync(join(tmpdir(), 'stampbook-'));
  const db = join(dir, 'test.db');
  const port = opts.port || (await freePort());
  let proc = null;
  const s = { dir, db, port, url: `http://127.0.0.1:${port}`, output: '', pid: () => proc?.pid };
  const exited = (p) => p.exitCode !== null || p.signalCode !== null;
  s.launch = async () => {
    const args = ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db,
      '--static', opts.staticDir || 'static', '--create-burst', '0', '--create-per-minute-all', '0', ...(opts.args || [])];
    const env = { ...process.env, ...(opts.env || {}) };
    proc = spawn(BIN, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    const mine = proc;
    children.add(mine);
    mine.on('exit', () => children.delete(mine));
    mine.stderr.on('data', (d) => { s.output += d.toString(); });
    // Generous: an ASan build on a loaded machine starts slowly.
    await eventually(async () => {
      const r = await fetch(`${s.url}${opts.healthPath || '/api/v1/health'}`);
      await r.arrayBuffer();
      return r.ok;
    }, { timeout: 120000, interval: 20, message: () => `the server to start: ${s.output}`, giveUp: () => exited(mine) && 'it exited' });
  };
  s.stop = async (signal = 'SIGTERM') => {
    const p = proc;
    if (!p || exited(p)) return p?.exitCode ?? p?.signalCode;
    const done = new Promise((r) => p.once('exit', (code, sig) => r(code ?? sig)));
    p.kill(signal);
    const code = await done;
    if (/ERROR: \w+Sanitizer|LeakSanitizer|runtime error:/.test(s.output))
      throw new Error(`the sanitizers reported:\n${s.output}`);
    return code;
  };
  s.kill9 = () => s.stop('SIGKILL');
  s.restart = async () => { await s.stop(); await s.launch(); };
  s.cleanup = async () => {
    const code = await s.stop();
    if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    if (code !== 0 && code !== undefined) throw new Error(`the server exited with ${code}:\n${s.output}`);
  };
  await s.launch();
  return s;
}

/** The integration suite's server: launchServer() with its output as the string `log`. */
export async function startServer(opts = {}) {
  const s = await launchServer(opts);
  Object.defineProperty(s, 'log', { get: () => s.output });
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
export async function newCampaign(base, { name = 'Test box', edition, stamp_owner, house_rules, players = [] } = {}) {
  const anon = client(base);
  const body = { name };
  if (edition) body.edition = edition;
  if (stamp_owner) body.stamp_owner = stamp_owner;
  if (house_rules) body.house_rules = house_rules;
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

/** Start a game of campaign c (as newCampaign() gives it) in mode with seats, each
 * [player, token]; asserts 201 and returns the game's id. */
export async function newGame(c, mode, seats) {
  const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode, seats: seats.map(([player, token]) => ({ player, token })) });
  assert.equal(r.status, 201, r.text);
  return r.json.game.id;
}

/** POST event body to game gid of campaign c; asserts the status and returns the answer's JSON. */
export async function postEvent(c, gid, body, status = 201) {
  const r = await c.api.post(`/api/v1/campaigns/${c.cid}/games/${gid}/events`, body);
  assert.equal(r.status, status, `${JSON.stringify(body)} -> ${r.text}`);
  return r.json;
}

/**
 * A table: a new campaign on the server at url (newCampaign(): name, house_rules, players)
 * and a game of its players in mode, seated in order with tokens, with the game's own
 * game_rules if given; asserts the game's 201. Returns {c (as newCampaign() gives it),
 * base (the campaign's path), gid, root (the game's path), created (the answer's JSON),
 * send(body, status = 201) (posts an event, asserts its status, returns the answer's
 * JSON), state() (the game's state now), replayEqualsSnapshot() (asserts the kept state
 * equals the log replayed from scratch, ?at=seq)}.
 */
export async function newTable(url, { name, house_rules, game_rules, players = ['Ann', 'Bo'], mode = 'banker', tokens = ['hazel', 't-rex'] } = {}) {
  const c = await newCampaign(url, { name, house_rules, players });
  const base = `/api/v1/campaigns/${c.cid}`;
  const body = { mode, seats: c.players.map((player, i) => ({ player, token: tokens[i] })) };
  if (game_rules) body.house_rules = game_rules;
  const r = await c.api.post(`${base}/games`, body);
  assert.equal(r.status, 201, r.text);
  const gid = r.json.game.id;
  const root = `${base}/games/${gid}`;
  const send = async (ev, status = 201) => {
    const a = await c.api.post(`${root}/events`, ev);
    assert.equal(a.status, status, `${JSON.stringify(ev)} -> ${a.text}`);
    return a.json;
  };
  const state = async () => (await c.api.get(root)).json.state;
  const replayEqualsSnapshot = async () => {
    const snap = await state();
    assert.deepEqual((await c.api.get(`${root}/state?at=${snap.seq}`)).json, snap);
  };
  return { c, base, gid, root, created: r.json, send, state, replayEqualsSnapshot };
}

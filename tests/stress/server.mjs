// server.mjs -- the stress suite's harness: the real stampbook binary on a loopback
// port with a temporary database (start, SIGKILL, restart), a JSON client, raw HTTP
// over a socket, and the database checks run with the sqlite3 command-line tool.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { BIN, client, freePort, launchServer } from '../integration/server.mjs';

export { BIN, client, freePort };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The stress suite's server: launchServer() quiet (no access log), with its output as
 * the function log().
 */
export async function startServer(opts = {}) {
  const s = await launchServer({ ...opts, args: ['--quiet', ...(opts.args || [])] });
  s.log = () => s.output;
  return s;
}

/**
 * A campaign with players and (when seats is given) a banker game. Returns {cid, key,
 * view_key, api, players:[ids], gid}.
 */
export async function newCampaign(base, { name = 'Stress box', players = ['Ada', 'Ben'], game = true, mode = 'banker' } = {}) {
  const r = await client(base).post('/api/v1/campaigns', { name });
  if (r.status !== 201) throw new Error(`create campaign: ${r.status} ${r.text}`);
  const c = { cid: r.json.campaign.id, key: r.json.key, view_key: r.json.view_key };
  c.api = client(base, c.key);
  c.players = [];
  for (const p of players) {
    const pr = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name: p });
    if (pr.status !== 201) throw new Error(`add player: ${pr.status} ${pr.text}`);
    c.players.push(pr.json.id);
  }
  if (game) {
    const tokens = ['scottie', 't-rex', 'hazel', 'rubber-ducky'];
    const seats = c.players.map((player, i) => ({ player, token: tokens[i] }));
    const g = await c.api.post(`/api/v1/campaigns/${c.cid}/games`, { mode, seats });
    if (g.status !== 201) throw new Error(`create game: ${g.status} ${g.text}`);
    c.gid = g.json.game.id;
  }
  c.game = `/api/v1/campaigns/${c.cid}/games/${c.gid}`;
  return c;
}

/**
 * Send raw bytes on a new socket and collect what comes back until the server closes
 * the connection, `ms` passes, or one complete answer with a Content-Length arrived.
 * Returns {status (0: none), head, body, closed}.
 */
export function raw(port, data, { ms = 3000 } = {}) {
  return new Promise((done) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      sock.destroy();
      const text = buf.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const cut = text.indexOf('\r\n\r\n');
      done({ status: m ? Number(m[1]) : 0, head: cut >= 0 ? text.slice(0, cut) : text,
        body: cut >= 0 ? text.slice(cut + 4) : '', closed });
    };
    const timer = setTimeout(finish, ms);
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const text = buf.toString('latin1');
      const cut = text.indexOf('\r\n\r\n');
      const len = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, cut));
      if (cut >= 0 && len && buf.length >= cut + 4 + Number(len[1])) finish();
    });
    sock.on('end', () => { closed = true; finish(); });
    sock.on('error', () => { closed = true; finish(); });
    sock.on('connect', () => sock.write(data));
  });
}

/** PRAGMA integrity_check of a database file with the sqlite3 tool: its output. */
export function integrityCheck(db) {
  return execFileSync('sqlite3', [db, 'PRAGMA integrity_check;'], { encoding: 'utf8' }).trim();
}

/** One query through the sqlite3 tool (read-only use), rows as JSON. */
export function sql(db, query) {
  const out = execFileSync('sqlite3', ['-json', db, query], { encoding: 'utf8' }).trim();
  return out ? JSON.parse(out) : [];
}

/**
 * Everything a campaign holds that a refused request must not change: the export
 * document (without its export time) and each game's version and event count.
 */
export async function fingerprint(c) {
  const ex = await c.api.get(`/api/v1/campaigns/${c.cid}/export`);
  if (ex.status !== 200) throw new Error(`export: ${ex.status} ${ex.text}`);
  delete ex.json.exported_at;
  const games = await c.api.get(`/api/v1/campaigns/${c.cid}/games`);
  return JSON.stringify([ex.json, games.json]);
}

// memory.test.mjs -- every write is durable before its answer, not only appends:
// SIGKILL cycles while events are appended, players and campaigns created and players
// renamed, all at once (so that those writes meet appends' group commits). After each
// restart every acknowledged write is there with the id it was acknowledged with, and
// no id was acknowledged twice. Then the same on a full disk (a small tmpfs, when the
// test runs as root): refused writes are 5xx and keep nothing, acknowledged ones stay,
// and the server writes again once space returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, integrityCheck, newCampaign, sleep, startServer } from './server.mjs';

const CYCLES = Number(process.env.STRESS_MEMORY_CYCLES || 8);

/** What the server acknowledged, with the checks that no id came twice. */
function ledger() {
  const l = {
    events: new Map(), // `${gid}:${seq}` -> text
    players: new Map(), // id -> {c, name}
    campaigns: new Map(), // id -> {name, key}
    renames: new Map(), // pid -> {sent: [names], acked: index of the last acknowledged}
    twice: [],
  };
  l.event = (c, seq, text) => {
    const k = `${c.gid}:${seq}`;
    if (l.events.has(k)) l.twice.push(`event ${k}: '${l.events.get(k)}' and '${text}'`);
    l.events.set(k, text);
  };
  l.player = (c, id, name) => {
    if (l.players.has(id)) l.twice.push(`player ${id}: '${l.players.get(id).name}' and '${name}'`);
    l.players.set(id, { c, name });
  };
  l.campaign = (id, name, key) => {
    if (l.campaigns.has(id)) l.twice.push(`campaign ${id}: '${l.campaigns.get(id).name}' and '${name}'`);
    l.campaigns.set(id, { name, key });
  };
  return l;
}

/** The writers of one round, until stop() or until every request fails. tag names
 * what they write; acked answers go to l, refusals (5xx) to failures. */
function writers(s, l, { a, b, renamed }, tag) {
  let stop = false;
  const failures = [];
  const loop = async (fn) => {
    for (let n = 0; !stop; n++) {
      let r;
      try { r = await fn(n); } catch { return; } // killed: the answer was lost
      if (r.status >= 500) { failures.push(r.status); failures.why = `${r.status} ${r.text}`; await sleep(5); } else if (r.status >= 300) throw new Error(`${tag}: ${r.status} ${r.text}`);
    }
  };
  const append = (c, w) => loop(async (n) => {
    const text = `${tag} w${w} #${n}`;
    const r = await c.api.post(`${c.game}/events`, { type: 'note', text });
    if (r.status === 201) l.event(c, r.json.event.seq, text);
    return r;
  });
  const player = (c, w) => loop(async (n) => {
    const name = `${tag} p${w} #${n}`;
    const r = await c.api.post(`/api/v1/campaigns/${c.cid}/players`, { name });
    if (r.status === 201) l.player(c, r.json.id, name);
    return r;
  });
  const campaign = () => loop(async (n) => {
    const name = `${tag} c #${n}`;
    const r = await client(s.url).post('/api/v1/campaigns', { name });
    if (r.status === 201) l.campaign(r.json.campaign.id, name, r.json.key);
    return r;
  });
  const rename = () => loop(async (n) => {
    const pid = renamed[n % renamed.length];
    const name = `${tag} r #${n}`;
    const rec = l.renames.get(pid) || { sent: [], acked: -1 };
    l.renames.set(pid, rec);
    rec.sent.push(name);
    const r = await a.api.patch(`/api/v1/campaigns/${a.cid}/players/${pid}`, { name });
    if (r.status === 200) rec.acked = rec.sent.length - 1;
    return r;
  });
  // Many appenders, so that a group commit is open most of the time when the other
  // writes come: they must not be answered before its COMMIT.
  const all = Promise.all([...[0, 1, 2, 3, 4, 5].map((w) => append(w % 2 ? b : a, w)),
    player(a, 0), player(b, 1), player(a, 2), player(b, 3), campaign(), rename()]);
  return { failures, done: async () => { stop = true; await all; } };
}

/** Every acknowledged write is in the database, with its id. */
async function checkAll(s, l, { a, b }, when) {
  assert.deepEqual(l.twice, [], `${when}: ids acknowledged twice`);
  for (const c of [a, b]) {
    const ev = await c.api.get(`${c.game}/events`);
    assert.equal(ev.status, 200, ev.text);
    const bySeq = new Map(ev.json.events.map((e) => [`${c.gid}:${e.seq}`, e.text]));
    for (const [k, text] of l.events)
      if (k.startsWith(`${c.gid}:`)) assert.equal(bySeq.get(k), text, `${when}: acknowledged event ${k} '${text}'`);
    const players = (await c.api.get(`/api/v1/campaigns/${c.cid}/players`)).json.players;
    const byId = new Map(players.map((p) => [p.id, p.name]));
    for (const [id, p] of l.players) {
      if (p.c !== c) continue;
      const renames = l.renames.get(id);
      if (renames) continue;
      assert.equal(byId.get(id), p.name, `${when}: acknowledged player ${id} '${p.name}'`);
    }
    for (const [pid, rec] of l.renames) {
      if (rec.acked < 0 || c !== a) continue;
      const i = rec.sent.indexOf(byId.get(pid));
      assert.ok(i >= rec.acked, `${when}: player ${pid} is '${byId.get(pid)}', acknowledged '${rec.sent[rec.acked]}'`);
    }
  }
  for (const [id, c] of l.campaigns) {
    const r = await client(s.url, c.key).get(`/api/v1/campaigns/${id}`);
    assert.equal(r.status, 200, `${when}: acknowledged campaign ${id} '${c.name}': ${r.status}`);
    assert.equal(r.json.campaign.name, c.name, `${when}: campaign ${id}`);
  }
}

async function setup(s) {
  const a = await newCampaign(s.url, { name: 'Memory A', players: ['Ada', 'Ben', 'Cy'] });
  const b = await newCampaign(s.url, { name: 'Memory B', players: ['Dee', 'Eli'] });
  return { a, b, renamed: a.players };
}

test('SIGKILL while appends, players, campaigns and renames are written: every acknowledged write stays, with its id', { timeout: 120000 }, async () => {
  const s = await startServer();
  try {
    const world = await setup(s);
    const l = ledger();
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const w = writers(s, l, world, `k${cycle}`);
      await sleep(150 + (cycle * 53) % 250);
      await s.kill9();
      await w.done();
      assert.equal(integrityCheck(s.db), 'ok', `integrity after kill ${cycle}`);
      await s.launch();
      await checkAll(s, l, world, `after kill ${cycle}`);
    }
    console.log(`# ${CYCLES} kills: ${l.events.size} events, ${l.players.size} players, ` +
      `${l.campaigns.size} campaigns and ${[...l.renames.values()].filter((r) => r.acked >= 0).length} renamed players acknowledged and kept`);
    assert.ok(l.players.size >= CYCLES && l.campaigns.size >= CYCLES, 'enough non-append writes to mean anything');
  } finally {
    await s.cleanup();
  }
});

test('a full disk: refused writes are 5xx and keep nothing, acknowledged ones stay, writes resume once space returns', { timeout: 120000 }, async (t) => {
  if (!process.getuid || process.getuid() !== 0) {
    t.skip('needs root to mount a small tmpfs for a full disk: skipped');
    console.log('# full-disk test skipped: not root (it mounts a small tmpfs)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-full-'));
  try { execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', dir]); } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    t.skip(`cannot mount a tmpfs here (${e.message.split('\n')[0]}): skipped`);
    return;
  }
  let s;
  const filler = join(dir, 'filler');
  try {
    s = await startServer({ dir });
    const world = await setup(s);
    const l = ledger();
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      // Fill the disk but for a little room, then write until writes fail.
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(16 * 1024, 1);
      try { for (;;) writeSync(fd, block); } catch { /* ENOSPC */ }
      closeSync(fd);
      const w = writers(s, l, world, `full${round}`);
      for (let i = 0; i < 200 && w.failures.length < 80; i++) await sleep(25);
      await w.done();
      refused += w.failures.length;
      assert.ok(w.failures.length >= 20, `writes failed on the full disk (${w.failures.length})`);
      assert.ok(w.failures.every((x) => x >= 500), `refused as 5xx: ${[...new Set(w.failures)]}`);
      await checkAll(s, l, world, `on the full disk (round ${round})`);
      // Space returns: the server writes again, without a restart.
      unlinkSync(filler);
      let back = null;
      for (let i = 0; i < 100 && !back; i++) {
        const r = await world.a.api.post(`/api/v1/campaigns/${world.a.cid}/players`, { name: `after the disk ${round}` });
        if (r.status === 201) back = r; else await sleep(20);
      }
      assert.ok(back, 'writes succeed again once space returns');
      l.player(world.a, back.json.id, `after the disk ${round}`);
      const again = writers(s, l, world, `again${round}`);
      await sleep(150);
      await again.done();
      assert.deepEqual(again.failures, [], `no write fails once space is back (${again.failures.why})`);
    }
    await s.kill9();
    assert.equal(integrityCheck(s.db), 'ok');
    await s.launch();
    await checkAll(s, l, world, 'after the disk and a kill');
    console.log(`# full disk, 3 times: ${refused} writes refused; ${l.events.size} events, ${l.players.size} players, ${l.campaigns.size} campaigns acknowledged and kept`);
  } finally {
    if (s) await s.stop();
    try { execFileSync('umount', [dir]); } catch { /* busy: leave it */ }
    rmSync(dir, { recursive: true, force: true });
  }
});

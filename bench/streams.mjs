// streams.mjs -- the benchmark's crowd of event streams (bench/run calls it).
//
//   node bench/streams.mjs hold   BASE GAME KEY N READYFILE
//        open N streams of GAME (a game's path), write READYFILE once each has its
//        first state, and hold them until SIGTERM.
//   node bench/streams.mjs fanout BASE GAME KEY N CHANGES PID
//        open N streams, then append CHANGES notes one after the other; print how long
//        each change took to reach each stream (from just before its POST was sent) and
//        the server's RSS (PID) with the N streams open:
//        "FANOUT n=N changes=C reached=R p50=MS p99=MS max=MS change_p99=MS rss_kb=KB"
//        (change_p99: the median over the changes of each change's p99)
//   node bench/streams.mjs idle   BASE GAME KEY N PID
//        open N streams from 127.0.0.1..127.0.0.8 and hold them idle; print
//        "IDLE n=N open=O open_ms=MS rss_kb=KB reached=R fanout_ms=MS" (one change sent
//        to all of them at the end).
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';

const [mode, base, game, key, nText, ...rest] = process.argv.slice(2);
const N = Number(nText);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Open one stream; resolves {status, seen (state events), at: [ms of each]}. */
function open(localAddress) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${game}/stream?key=${key}`, { agent, localAddress }, (res) => {
      const st = { status: res.statusCode, seen: 0, at: [], tail: '', req };
      res.setEncoding('utf8');
      res.on('data', (d) => {
        const now = performance.now();
        const text = st.tail + d;
        const n = text.split('event: state').length - 1;
        for (let i = 0; i < n; i++) st.at.push(now);
        st.seen += n;
        st.tail = text.slice(-16);
      });
      res.on('error', () => {});
      resolve(st);
    });
    req.on('error', reject);
  });
}

async function openMany(n, spread = 1) {
  const all = [];
  while (all.length < n) {
    const k = Math.min(200, n - all.length);
    const batch = Array.from({ length: k }, (_, i) => open(`127.0.0.${1 + ((all.length + i) % spread)}`));
    all.push(...(await Promise.all(batch)));
  }
  const bad = all.filter((s) => s.status !== 200).length;
  if (bad) throw new Error(`${bad} streams were refused`);
  return all;
}

async function until(cond, ms) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return cond();
}

function post(text) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ type: 'note', text });
    const req = http.request(`${base}${game}/events`, {
      method: 'POST', agent: new http.Agent({ keepAlive: false }),
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
    req.on('error', reject);
    req.end(body);
  });
}

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

async function fanout(changes, pid) {
  const streams = await openMany(N);
  await until(() => streams.every((s) => s.seen >= 1), 10000);
  const rssKb = rss(pid);
  const lat = [];
  const perChange = [];
  let reached = 0;
  for (let c = 0; c < changes; c++) {
    const want = c + 2;
    const t0 = performance.now();
    const status = await post(`fan-out ${c}`);
    if (status !== 201) throw new Error(`append: ${status}`);
    await until(() => streams.every((s) => s.seen >= want), 5000);
    const these = [];
    for (const s of streams) {
      if (s.seen >= want) { reached++; these.push(s.at[want - 1] - t0); }
    }
    these.sort((a, b) => a - b);
    perChange.push(these.length === N ? pct(these, 99) : Infinity);
    lat.push(...these);
    await new Promise((r) => setTimeout(r, 50));
  }
  lat.sort((a, b) => a - b);
  perChange.sort((a, b) => a - b);
  // p99: over every delivery of every change; change_p99: the p99 of one change's
  // deliveries, the median over the changes (one hiccup of a shared machine makes a
  // whole change late, which the first figure shows and the second steadies).
  console.log(`FANOUT n=${N} changes=${changes} reached=${reached} p50=${pct(lat, 50).toFixed(1)} ` +
    `p99=${pct(lat, 99).toFixed(1)} max=${lat[lat.length - 1].toFixed(1)} ` +
    `change_p99=${pct(perChange, 50).toFixed(1)} rss_kb=${rssKb}`);
  for (const s of streams) s.req.destroy();
}

async function idle(pid) {
  const t0 = performance.now();
  const streams = await openMany(N, 8);
  await until(() => streams.every((s) => s.seen >= 1), 30000);
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 1000));
  const rssKb = rss(pid);
  const t1 = performance.now();
  await post('to the crowd');
  await until(() => streams.every((s) => s.seen >= 2), 10000);
  const last = Math.max(...streams.filter((s) => s.seen >= 2).map((s) => s.at[1]));
  const reached = streams.filter((s) => s.seen >= 2).length;
  console.log(`IDLE n=${N} open=${streams.filter((s) => s.seen >= 1).length} open_ms=${openMs.toFixed(0)} ` +
    `rss_kb=${rssKb} reached=${reached} fanout_ms=${(last - t1).toFixed(0)}`);
  for (const s of streams) s.req.destroy();
}

async function hold(readyFile) {
  const streams = await openMany(N);
  await until(() => streams.every((s) => s.seen >= 1), 10000);
  writeFileSync(readyFile, `${streams.length}\n`);
  process.on('SIGTERM', () => { for (const s of streams) s.req.destroy(); process.exit(0); });
  setInterval(() => {}, 1000);
}

if (mode === 'hold') await hold(rest[0]);
else if (mode === 'fanout') await fanout(Number(rest[0]), Number(rest[1]));
else if (mode === 'idle') await idle(Number(rest[0]));
else { console.error('usage: see the head of bench/streams.mjs'); process.exit(2); }
if (mode !== 'hold') process.exit(0);

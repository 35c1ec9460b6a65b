// views/stats.js -- campaign figures with charts: wins, stamps, payouts, per player,
// token, card and destination. GET …/stats is read defensively: any list (or map)
// of records with numbers becomes charts and a table; a missing route falls back to
// what the players and journal routes say.

import { h, mount, num } from '../ui.js';
import { t, has } from '../i18n.js';
import { barChart, lineChart, PALETTE } from '../charts.js';
import { payoutTimeline } from '../memories.js';
import { tokenColour, tokenName } from '../tokens.js';
import { humanise } from '../words.js';
import { kindOf } from '../model.js';

const SECTION_TITLES = { players: 'stats.players', tokens: 'stats.tokens', cards: 'stats.cards', journal: 'stats.cards', destinations: 'stats.destinations', games: 'stats.games', board: 'stats.board', boards: 'stats.board' };
const ORDER = ['players', 'tokens', 'cards', 'journal', 'destinations'];
const PRIORITY = [/win/i, /stamp/i, /paid|payout|received|earn/i, /game/i, /draw/i, /land|visit/i];
const SKIP = new Set(['id', 'seq', 'slot', 'index', 'space', 'player_id', 'game']);

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const doc = await ctx.api.get();
  const c = doc.campaign || {};
  app.title(t('stats.title'), c.name);
  const ed = await ctx.edition(c.edition);
  const board = kindOf(ed).board ? await ctx.board().catch(() => ({})) : {};
  let stats = null;
  let problem = null;
  try { stats = await ctx.api.stats(); } catch (e) { problem = e; }

  const parts = [];
  const sections = stats && typeof stats === 'object' ? collect(stats) : [];
  if (sections.length) {
    for (const sec of sections) parts.push(section(sec, board, doc));
  } else {
    // Fall back to the players route (games, wins) and the journal (paid out).
    const players = await ctx.api.players().catch(() => doc.players || []);
    const recs = players.map((p) => ({ name: p.name, games: p.games, wins: p.wins }));
    if (recs.length) parts.push(section({ key: 'players', title: t('stats.players'), rows: recs }, board, doc));
    if (kindOf(ed).board) {
      const cards = await ctx.api.journal().catch(() => []);
      if (cards.length) {
        parts.push(section({
          key: 'cards', title: t('stats.cards'),
          rows: cards.map((x) => ({ name: x.title || x.id, stamps: (x.stamps || []).length, draws: x.draws, paid_out: x.paid_out })),
        }, board, doc));
      }
    }
    if (problem && problem.status !== 404) parts.unshift(h('p', { class: 'muted' }, t('stats.fallback', { detail: problem.message })));
  }
  const timeline = winsOverTime(doc);
  if (timeline) parts.unshift(timeline);
  if (kindOf(ed).board) parts.push(payoutTimeline(ctx, doc));
  mount(main, h('h1', null, t('stats.title')), parts.length ? parts : h('p', { class: 'empty' }, t('stats.empty')));
}

/** Every list or map of records in the stats document: [{key, title, rows}]. */
function collect(stats) {
  const out = [];
  const visit = (key, value, depth) => {
    if (depth > 2 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const rows = value.filter((r) => r && typeof r === 'object' && !Array.isArray(r));
      if (rows.length && rows.some((r) => Object.values(r).some((v) => typeof v === 'number'))) out.push({ key, title: titleOf(key), rows });
      return;
    }
    const vals = Object.values(value);
    if (vals.length && vals.every((v) => v && typeof v === 'object' && !Array.isArray(v)) && vals.some((r) => Object.values(r).some((v) => typeof v === 'number'))) {
      out.push({ key, title: titleOf(key), rows: Object.entries(value).map(([k, r]) => ({ id: k, ...r })) });
      return;
    }
    for (const [k, v] of Object.entries(value)) visit(k, v, depth + 1);
  };
  for (const [k, v] of Object.entries(stats)) visit(k, v, 0);
  out.sort((a, b) => rank(a.key) - rank(b.key));
  return out;
}

function rank(key) {
  const i = ORDER.indexOf(key);
  return i < 0 ? ORDER.length : i;
}

function titleOf(key) { return SECTION_TITLES[key] ? t(SECTION_TITLES[key]) : humanise(key); }

/** A figure's name in the UI's language (the server's field name when unknown). */
function fieldName(f) { return has(`field.${f}`) ? t(`field.${f}`) : humanise(f).toLowerCase(); }

function labelOf(r, key, board, doc) {
  if (r.name) return r.name;
  if (r.title) return r.title;
  if (r.player && typeof r.player === 'object' && r.player.name) return r.player.name;
  if (key === 'players' || r.player !== undefined) {
    const id = r.player?.id ?? r.player ?? r.id;
    const p = (doc.players || []).find((x) => String(x.id) === String(id));
    if (p) return p.name;
  }
  if (r.token && typeof r.token === 'string') return tokenName(board, r.token);
  if (key === 'tokens' && r.id) return tokenName(board, r.id);
  const card = r.card ?? r.id;
  const j = (board.journal || []).find((x) => x.id === card);
  if (j) return j.title || j.id;
  const did = r.destination ?? r.id;
  const d = (board.destinations || []).find((x) => x.id === did);
  if (d) return d.name;
  return humanise(r.id ?? r.card ?? r.destination ?? '?');
}

/** A row's colour: its token's, else its own place in the list (the same in every chart, never its rank). */
function colourOf(r, key, board, i) {
  const tok = key === 'tokens' ? (r.id ?? r.token) : r.token;
  return tok && typeof tok === 'string' ? tokenColour(board, tok) : PALETTE[i % PALETTE.length];
}

function section(sec, board, doc) {
  const fields = [];
  for (const r of sec.rows) {
    for (const [k, v] of Object.entries(r)) {
      if (typeof v === 'number' && !SKIP.has(k) && !fields.includes(k)) fields.push(k);
    }
  }
  const prio = (f) => { const i = PRIORITY.findIndex((re) => re.test(f)); return i < 0 ? PRIORITY.length : i; };
  const chartFields = [...fields].sort((a, b) => prio(a) - prio(b))
    .filter((f) => /win/i.test(f) || sec.rows.some((r) => Number(r[f]) !== 0)).slice(0, 4);
  const rows = sec.rows.map((r, i) => ({ r, label: labelOf(r, sec.key, board, doc), colour: colourOf(r, sec.key, board, i) }));
  const id = `stats-${sec.key}`;
  return h('section', { 'aria-labelledby': id },
    h('h2', { id }, sec.title),
    chartFields.map((f) => barChart(`${sec.title}: ${fieldName(f)}`,
      [...rows].sort((a, b) => Number(b.r[f] || 0) - Number(a.r[f] || 0)).slice(0, 12)
        .map(({ r, label, colour }) => ({ label, value: Number(r[f] || 0), colour })))),
    fields.length ? h('details', { class: 'more' }, h('summary', null, t('stats.all', { title: sec.title })), h('div', { class: 'body scroll-x' },
      h('table', { class: 'data' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('stats.name')), fields.map((f) => h('th', { scope: 'col', class: 'num' }, fieldName(f))))),
        h('tbody', null, rows.map(({ r, label }) => h('tr', null, h('th', { scope: 'row' }, label),
          fields.map((f) => h('td', { class: 'num' }, r[f] === undefined ? '' : num(r[f]))))))))) : null);
}

/** Cumulative wins per player, game after game (from the campaign's game list). */
function winsOverTime(doc) {
  const games = [...(doc.games || [])].filter((g) => g.status !== 'active').sort((a, b) => Number(a.id) - Number(b.id));
  const won = games.filter((g) => g.winner !== null && g.winner !== undefined);
  if (!won.length) return null;
  const people = doc.players || [];
  const winners = [...new Set(won.map((g) => String(g.winner?.id ?? g.winner)))];
  const series = winners.map((pid) => {
    let n = 0;
    const i = people.findIndex((x) => String(x.id) === pid);
    const p = people[i];
    return {
      label: p ? p.name : t('player.n', { id: pid }),
      colour: PALETTE[(i >= 0 ? i : people.length) % PALETTE.length],
      values: games.map((g) => { if (String(g.winner?.id ?? g.winner) === pid) n += 1; return n; }),
    };
  });
  return h('section', { 'aria-labelledby': 'stats-timeline' }, h('h2', { id: 'stats-timeline' }, t('stats.timeline')),
    lineChart(t('stats.wins_chart'), games.map((g, k) => `#${g.number ?? k + 1}`), series, { yLabel: t('stats.wins_so_far') }));
}

// views/results.js -- a play of a results edition (classic, wonders, deal): one form
// per edition posting the `result` event; the service names the winner.

import { h, field, money, showAlert } from '../ui.js';
import { t, dateText } from '../i18n.js';
import { note, endGame } from './banker.js';

const FIELDS = {
  classic: ['bankrupt_order', 'cash', 'property_value', 'mortgaged_value', 'buildings_value'],
  wonders: ['bankrupt_order', 'wonders_ticked', 'cash', 'property_value', 'mortgaged_value', 'buildings_value'],
  deal: ['complete_sets'],
};

/** The short name of a figure in the standings ("net worth"). */
const label = (k) => t(`res.short.${k}`) === `res.short.${k}` ? k.replace(/_/g, ' ') : t(`res.short.${k}`);

function winnerOf(scr) {
  const st = scr.state || {};
  if (st.winner !== null && st.winner !== undefined) return st.winner?.id ?? st.winner;
  if (scr.game && scr.game.winner !== null && scr.game.winner !== undefined) return scr.game.winner?.id ?? scr.game.winner;
  return null;
}

export function banner(scr) {
  const st = scr.state || {};
  const w = winnerOf(scr);
  if (st.status && st.status !== 'active') {
    return h('div', { class: 'turn-banner finished' }, h('div', null,
      h('h1', { tabindex: '-1' }, w !== null ? t('over.wins', { who: scr.names.player(w) }) : t('res.logged')),
      h('p', null, st.status === 'abandoned' ? t('res.abandoned') : t('res.in', { ed: scr.ed.name || scr.ed.id })),
      playLine(scr)));
  }
  return h('div', { class: 'turn-banner' }, h('div', null,
    h('h1', { tabindex: '-1' }, `${scr.ed.name || scr.ed.id}`),
    h('p', null, t('res.intro')),
    playLine(scr)));
}

/** When, how long and where the play took place (results mode). */
function playLine(scr) {
  const g = scr.game || {};
  const parts = [];
  if (g.played_at) parts.push(dateText(g.played_at));
  if (g.duration_min !== undefined && g.duration_min !== null) parts.push(t('camp.minutes', { n: g.duration_min }));
  if (g.location) parts.push(g.location);
  return parts.length ? h('p', { class: 'small', id: 'play-line' }, parts.join(' · ')) : null;
}

export function actions(scr) {
  const st = scr.state || {};
  if (st.status && st.status !== 'active') return [];
  const kind = FIELDS[scr.ed.id] ? scr.ed.id : 'classic';
  const seats = scr.game.seats;
  const form = h('form', { class: 'card', 'aria-labelledby': 'result-h' }, h('h2', { id: 'result-h' }, t('res.result')),
    h('p', { class: 'hint' }, t(`res.help.${kind}`)));
  let variant = null;
  if (kind === 'classic') {
    variant = h('fieldset', null, h('legend', null, t('res.variant')),
      [['standard', t('res.variant.standard')], ['short', t('res.variant.short')], ['timed', t('res.variant.timed')]]
        .map(([v, text], i) => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'variant', value: v, checked: i === 0 }), h('span', null, text))));
    form.append(variant);
  }
  const inputs = seats.map((seat, i) => {
    const name = seat.name || scr.names.player(seat.player);
    const fs = h('fieldset', { class: 'standing' }, h('legend', null, `${name}${seat.token ? ` (${seat.token})` : ''}`));
    const row = {};
    const grid = h('div', { class: 'field-row' });
    for (const key of FIELDS[kind]) {
      const input = h('input', { type: 'number', inputmode: 'numeric', min: 0, step: 1, id: `res-${i}-${key}`, name: key });
      row[key] = input;
      grid.append(field(t(`res.field.${key}`), input));
    }
    fs.append(grid);
    return { seat, row, fs };
  });
  inputs.forEach((x) => form.append(x.fs));
  const tie = h('select', { id: 'result-tie' }, h('option', { value: '' }, t('res.tie.none')),
    seats.map((seat) => h('option', { value: seat.player }, seat.name || scr.names.player(seat.player))));
  form.append(field(t('res.tie'), tie, t('res.tie.hint')));
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'result-send' }, t('res.send'));
  form.append(go);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const standings = [];
    for (const { seat, row } of inputs) {
      const s = { player: Number(seat.player) };
      for (const [key, input] of Object.entries(row)) {
        if (input.value === '') continue;
        const n = Number(input.value);
        if (!Number.isInteger(n) || n < 0) { showAlert(t('res.whole', { field: input.labels[0].textContent })); input.focus(); return; }
        s[key] = n;
      }
      standings.push(s);
    }
    const event = { type: 'result', standings };
    if (variant) event.variant = form.querySelector('input[name=variant]:checked').value;
    if (tie.value) event.winner = Number(tie.value);
    const d = await scr.send(event, t('ev.result'), go);
    if (d) {
      const w = winnerOf(scr) ?? d.winner?.id ?? d.winner ?? (d.effects || []).find((e) => e.kind === 'win')?.player;
      if (w !== null && w !== undefined && winnerOf(scr) === null) { scr.state = { ...scr.state, winner: w }; scr.redraw(); }
    }
  });
  return [form];
}

export function players(scr) {
  const st = scr.state || {};
  const res = st.result && Array.isArray(st.result.players) ? st.result : null;
  if (!res) return [];
  const w = winnerOf(scr);
  const rows = res.players.map((p) => ({ ...p, id: p.player?.id ?? p.player ?? p.id }))
    .sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  const seatToken = new Map(scr.game.seats.map((s) => [String(s.player), s.token]));
  const main = ['net_worth', 'wealth', 'complete_sets', 'cash'].find((k) => rows.some((r) => typeof r[k] === 'number'));
  return [h('h2', { id: 'players-h' }, t('res.standings')),
    res.variant && scr.ed.id === 'classic' ? h('p', { class: 'muted' }, `${t('res.variant')}: ${t(`res.variant.name.${res.variant}`)}${res.tie_broken ? ` · ${t('res.tie_broken')}` : ''}`) : null,
    h('ol', { class: 'list card' }, rows.map((r) => {
      const others = Object.entries(r)
        .filter(([k, v]) => typeof v === 'number' && !['id', 'player', 'rank', main].includes(k))
        .map(([k, v]) => `${label(k)} ${k === 'bankrupt_order' ? `#${v}` : money(v)}`);
      return h('li', { class: 'standing-row' },
        h('div', { class: 'row' },
          h('strong', { class: 'grow' }, `${r.rank ?? ''}${r.rank ? '. ' : ''}${scr.names.player(r.id)}`,
            seatToken.get(String(r.id)) ? h('span', { class: 'muted small' }, ` (${seatToken.get(String(r.id))})`) : null),
          String(r.id) === String(w) ? h('span', { class: 'badge ok' }, t('res.winner')) : null,
          r.bankrupt ? h('span', { class: 'badge off' }, t('res.bankrupt')) : null,
          main && typeof r[main] === 'number' ? h('span', { class: 'score' }, `${label(main)} ${money(r[main])}`) : null),
        others.length ? h('div', { class: 'muted small' }, others.join(' · ')) : null);
    }))];
}

export function more(scr) {
  const out = [h('h2', null, t('more')), note(scr)];
  if (scr.state && scr.state.status === 'active') out.push(endGame(scr));
  return out;
}

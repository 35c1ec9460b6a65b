// views/results.js -- a play of a results edition (classic, wonders, deal): one form
// per edition posting the `result` event; the service names the winner.

import { h, field, money, showAlert } from '../ui.js';
import { seatsOf } from '../model.js';
import { note, endGame } from './banker.js';

const FIELDS = {
  classic: [
    ['bankrupt_order', 'Bankrupt order'],
    ['cash', 'Cash'],
    ['property_value', 'Property value'],
    ['mortgaged_value', 'Mortgaged value'],
    ['buildings_value', 'Buildings value'],
  ],
  wonders: [
    ['bankrupt_order', 'Bankrupt order'],
    ['wonders_ticked', 'Wonders ticked (of 22)'],
    ['cash', 'Cash'],
  ],
  deal: [
    ['complete_sets', 'Complete sets'],
  ],
};

const HELP = {
  classic: 'Bankrupt order: 1 for the first player out, 2 for the second; empty for players never bankrupt. Property value: printed prices of unmortgaged properties; mortgaged value: printed prices of mortgaged ones.',
  wonders: 'Wonders ticked: 0 to 22; all 22 earn the 1,500 bonus. Bankrupt order: empty unless the player went bankrupt.',
  deal: 'Complete sets: how many full property sets of different colours each player has.',
};

const LABELS = {
  bankrupt_order: 'bankrupt', cash: 'cash', property_value: 'property', mortgaged_value: 'mortgaged',
  buildings_value: 'buildings', wonders_ticked: 'wonders', complete_sets: 'sets', net_worth: 'net worth', wealth: 'wealth', bonus: 'bonus',
};

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
      h('h1', { tabindex: '-1' }, w !== null ? `${scr.names.player(w)} wins!` : 'Play logged'),
      h('p', null, st.status === 'abandoned' ? 'Ended without a winner.' : `${scr.ed.name || scr.ed.id}: the result is in the campaign.`)));
  }
  return h('div', { class: 'turn-banner' }, h('div', null,
    h('h1', { tabindex: '-1' }, `${scr.ed.name || scr.ed.id}`),
    h('p', null, 'When the game is over, fill in the result: Stampbook works out the winner.')));
}

export function actions(scr) {
  const st = scr.state || {};
  if (st.status && st.status !== 'active') return [];
  const kind = FIELDS[scr.ed.id] ? scr.ed.id : 'classic';
  const seats = seatsOf(scr.game, st);
  const form = h('form', { class: 'card', 'aria-labelledby': 'result-h' }, h('h2', { id: 'result-h' }, 'Result'),
    h('p', { class: 'hint' }, HELP[kind]));
  let variant = null;
  if (kind === 'classic') {
    variant = h('fieldset', null, h('legend', null, 'Variant'),
      [['standard', 'Standard: the last player standing wins'], ['short', 'Short: ends at the second bankruptcy, the richest wins'], ['timed', 'Timed: the richest at the agreed time wins']]
        .map(([v, text], i) => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'variant', value: v, checked: i === 0 }), h('span', null, text))));
    form.append(variant);
  }
  const inputs = seats.map((seat, i) => {
    const name = seat.name || scr.names.player(seat.player);
    const fs = h('fieldset', { class: 'standing' }, h('legend', null, `${name}${seat.token ? ` (${seat.token})` : ''}`));
    const row = {};
    const grid = h('div', { class: 'field-row' });
    for (const [key, label, hint] of FIELDS[kind]) {
      const input = h('input', { type: 'number', inputmode: 'numeric', min: 0, step: key.endsWith('_value') || key === 'cash' ? 1 : 1, id: `res-${i}-${key}`, name: key });
      if (key === 'wonders_ticked') input.max = 22;
      row[key] = input;
      grid.append(field(label, input, hint));
    }
    fs.append(grid);
    return { seat, row, fs };
  });
  inputs.forEach((x) => form.append(x.fs));
  const tie = h('select', { id: 'result-tie' }, h('option', { value: '' }, 'Nobody: no tie'),
    seats.map((seat) => h('option', { value: seat.player }, seat.name || scr.names.player(seat.player))));
  form.append(field('If the figures tie, who won?', tie, 'Only needed when the rule cannot tell two players apart.'));
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'result-send' }, 'Log the result');
  form.append(go);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const standings = [];
    for (const { seat, row } of inputs) {
      const s = { player: Number(seat.player) };
      for (const [key, input] of Object.entries(row)) {
        if (input.value === '') continue;
        const n = Number(input.value);
        if (!Number.isInteger(n) || n < 0) { showAlert(`${input.labels[0].textContent}: a whole number, 0 or more.`); input.focus(); return; }
        s[key] = n;
      }
      standings.push(s);
    }
    const event = { type: 'result', standings };
    if (variant) event.variant = form.querySelector('input[name=variant]:checked').value;
    if (tie.value) event.winner = Number(tie.value);
    const d = await scr.send(event, 'Result logged', go);
    if (d) {
      const w = winnerOf(scr) ?? d.winner?.id ?? d.winner ?? (d.effects || []).find((e) => e.kind === 'win')?.player;
      if (w !== null && w !== undefined && winnerOf(scr) === null) { scr.state = { ...scr.state, winner: w }; scr.draw(); }
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
  const seatToken = new Map(seatsOf(scr.game, st).map((s) => [String(s.player), s.token]));
  const main = ['net_worth', 'wealth', 'complete_sets', 'cash'].find((k) => rows.some((r) => typeof r[k] === 'number'));
  return [h('h2', { id: 'players-h' }, 'Standings'),
    res.variant && scr.ed.id === 'classic' ? h('p', { class: 'muted' }, `Variant: ${res.variant}${res.tie_broken ? ' · tie broken by the table' : ''}`) : null,
    h('ol', { class: 'list card' }, rows.map((r) => {
      const others = Object.entries(r)
        .filter(([k, v]) => typeof v === 'number' && !['id', 'player', 'rank', main].includes(k))
        .map(([k, v]) => `${LABELS[k] || k.replace(/_/g, ' ')} ${k === 'bankrupt_order' ? `#${v}` : money(v)}`);
      return h('li', { class: 'standing-row' },
        h('div', { class: 'row' },
          h('strong', { class: 'grow' }, `${r.rank ?? ''}${r.rank ? '. ' : ''}${scr.names.player(r.id)}`,
            seatToken.get(String(r.id)) ? h('span', { class: 'muted small' }, ` (${seatToken.get(String(r.id))})`) : null),
          String(r.id) === String(w) ? h('span', { class: 'badge ok' }, 'winner') : null,
          r.bankrupt ? h('span', { class: 'badge off' }, 'bankrupt') : null,
          main && typeof r[main] === 'number' ? h('span', { class: 'score' }, `${LABELS[main] || main} ${money(r[main])}`) : null),
        others.length ? h('div', { class: 'muted small' }, others.join(' · ')) : null);
    }))];
}

export function more(scr) {
  const out = [h('h2', null, 'More'), note(scr)];
  if (scr.state && scr.state.status === 'active') out.push(endGame(scr));
  return out;
}

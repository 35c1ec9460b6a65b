// views/newgame.js -- start a game: mode, seats in play order, a token each.

import { h, mount, busy, showAlert, announce, select } from '../ui.js';
import { ApiError } from '../api.js';
import { activeGameId } from '../model.js';
import { tokenPicture } from '../tokens.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, players] = await Promise.all([ctx.api.get(), ctx.api.players().catch(() => null)]);
  const c = doc.campaign || {};
  const ed = await ctx.edition(c.edition);
  const full = ed.engine === 'full';
  const board = full ? await ctx.board().catch(() => null) : null;
  const tokens = (board && board.tokens) || [];
  const people = players || doc.players || [];
  app.title('New game', c.name);

  const gid = activeGameId(c);
  if (gid) {
    mount(main, h('h1', null, 'A game is already being played'),
      h('p', null, 'One box, one game at a time: finish or end the current game first.'),
      h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/game/${gid}` }, `Resume game ${gid}`));
    return;
  }
  if (ctx.readOnly) {
    mount(main, h('h1', null, 'New game'), h('p', null, 'This phone has the view-only link, so it cannot start games.'));
    return;
  }
  const min = ed.players_min || 2;
  const max = Math.min(ed.players_max || 4, full ? Math.max(tokens.length, 2) : 8);
  if (people.length < min) {
    mount(main, h('h1', null, 'New game'),
      h('p', null, `A game needs at least ${min} players. Add them on the campaign page first.`),
      h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}` }, 'Add players'));
    return;
  }

  const n0 = Math.min(people.length, max);
  const seats = people.slice(0, n0).map((p, i) => ({
    player: p.id,
    token: full ? (tokens[i] && tokens[i].id) : '',
  }));

  const seatBox = h('div', { class: 'seats' });
  const countText = h('span', { 'aria-live': 'polite' });
  const addSeat = h('button', { class: 'btn small', type: 'button' }, 'Add seat');
  const removeSeat = h('button', { class: 'btn small', type: 'button' }, 'Remove last seat');

  const drawSeats = (focusSel) => {
    seatBox.replaceChildren(...seats.map((seat, i) => seatRow(seat, i)));
    countText.textContent = `${seats.length} players`;
    addSeat.disabled = seats.length >= Math.min(max, people.length);
    removeSeat.disabled = seats.length <= min;
    if (focusSel) { const el = seatBox.querySelector(focusSel); if (el) el.focus(); }
  };

  const seatRow = (seat, i) => {
    const n = i + 1;
    const pSel = select(people.map((p) => [p.id, p.name]), { id: `seat-${n}-player`, 'aria-label': `Seat ${n} player` }, seat.player);
    pSel.addEventListener('change', () => { seat.player = Number(pSel.value); });
    let tokenInput;
    let pic = null;
    if (full) {
      tokenInput = select(tokens.map((t) => [t.id, t.name || t.id]), { id: `seat-${n}-token`, 'aria-label': `Seat ${n} token` }, seat.token);
      tokenInput.addEventListener('change', () => { seat.token = tokenInput.value; pic.replaceWith(pic = tokenPicture(board, seat.token, { decorative: true })); });
      pic = tokenPicture(board, seat.token, { decorative: true });
    } else {
      tokenInput = h('input', { type: 'text', id: `seat-${n}-token`, 'aria-label': `Seat ${n} token`, maxlength: 80, value: seat.token, placeholder: 'e.g. car, hat' });
      tokenInput.addEventListener('input', () => { seat.token = tokenInput.value; });
    }
    const up = h('button', { class: 'btn small', type: 'button', 'aria-label': `Move seat ${n} up`, disabled: i === 0 }, '↑');
    const down = h('button', { class: 'btn small', type: 'button', 'aria-label': `Move seat ${n} down`, disabled: i === seats.length - 1 }, '↓');
    up.addEventListener('click', () => { [seats[i - 1], seats[i]] = [seats[i], seats[i - 1]]; drawSeats(`#seat-${n - 1}-player`); });
    down.addEventListener('click', () => { [seats[i + 1], seats[i]] = [seats[i], seats[i + 1]]; drawSeats(`#seat-${n + 1}-player`); });
    return h('div', { class: 'seat', role: 'group', 'aria-label': `Seat ${n}` },
      h('div', { class: 'seat-player' }, h('label', { for: pSel.id }, `Seat ${n}: player`), pSel),
      h('div', null, h('label', { for: tokenInput.id }, full ? 'Token' : 'Token (free text)'),
        h('div', { class: 'token-pick' }, pic, tokenInput)),
      h('div', { class: 'order' }, up, down));
  };

  addSeat.addEventListener('click', () => {
    const used = new Set(seats.map((s) => String(s.player)));
    const p = people.find((x) => !used.has(String(x.id)));
    const usedT = new Set(seats.map((s) => s.token));
    const t = tokens.find((x) => !usedT.has(x.id));
    if (!p) return;
    seats.push({ player: p.id, token: full ? (t ? t.id : '') : '' });
    drawSeats(`#seat-${seats.length}-player`);
  });
  removeSeat.addEventListener('click', () => { seats.pop(); drawSeats(); });

  const modes = full
    ? h('fieldset', null, h('legend', null, 'How do you play tonight?'),
      h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'mode', value: 'banker', checked: true }),
        h('span', null, h('strong', null, 'Banker'), ' — the app is the bank and follows every move')),
      h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'mode', value: 'journal' }),
        h('span', null, h('strong', null, 'Journal'), ' — paper money; log only journal cards and goal stamps')))
    : null;

  const startBtn = h('button', { class: 'btn primary block', type: 'submit' }, 'Start the game');
  const form = h('form', null,
    modes,
    h('fieldset', null, h('legend', null, 'Seats in play order'),
      h('p', { class: 'hint' }, full ? 'The first seat starts (the highest roll). Each token once.' : 'Who played, in seat order; the token is any text.'),
      seatBox,
      h('p', { class: 'muted', style: 'margin:8px 0 4px' }, countText),
      h('div', { class: 'row' }, removeSeat, addSeat)),
    startBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const ids = seats.map((s) => String(s.player));
    if (new Set(ids).size !== ids.length) { showAlert('Each player can take only one seat.'); return; }
    if (full && new Set(seats.map((s) => s.token)).size !== seats.length) { showAlert('Each token can be used by only one player.'); return; }
    const mode = full ? form.querySelector('input[name=mode]:checked').value : 'results';
    const body = { mode, seats: seats.map((s) => ({ player: Number(s.player), token: full ? s.token : (s.token.trim() || 'none') })) };
    busy(startBtn, async () => {
      try {
        const res = await ctx.api.createGame(body);
        const g = res.data.game || {};
        const id = g.id ?? res.data.state?.game;
        announce('The game has started.');
        app.go(`#/c/${ctx.cid}/game/${id}`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) {
          showAlert(`${e.message} Open the campaign page to resume the game being played.`);
          return;
        }
        throw e;
      }
    });
  });

  mount(main, h('h1', null, 'New game'), h('p', { class: 'muted' }, ed.name || c.edition), form);
  drawSeats();
}

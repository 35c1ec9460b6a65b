// views/newgame.js -- start a game: mode, seats in play order, a token each.

import { h, mount, busy, showAlert, announce, select, field } from '../ui.js';
import { t, list } from '../i18n.js';
import { ApiError } from '../api.js';
import { activeGameId, kindOf } from '../model.js';
import { tokenPicture } from '../tokens.js';
import { houseRulesChooser, classicRulesChooser } from '../houserules.js';
import { edition as editionDoc } from '../api.js';
import { activeGameOf, boxBoard, boxPicker, pickedBox } from '../boxes.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, players] = await Promise.all([ctx.api.get(), ctx.api.players().catch(() => null)]);
  const c = doc.campaign || {};
  // Which box (API.md "Every box of the group"): the group's own boxes first.
  const editions = await app.editions();
  const eid = pickedBox(ctx.cid, c, editions);
  const ed = await ctx.edition(eid);
  const picker = boxPicker(ctx.cid, c, editions, eid, () => app.refresh());
  const kind = kindOf(ed);
  const full = kind.board;
  // A mode whose table is the classic bank (views/classic.js): free-text tokens, each required.
  const bankOf = (m) => kind.screen(m) === 'classic';
  const board = full ? await boxBoard(ctx, c, eid, editionDoc).catch(() => null) : null;
  const tokens = (board && board.tokens) || [];
  const people = players || doc.players || [];
  app.title(t('ng.title'), c.name);

  const gid = c.boxes ? activeGameOf(c, eid) : activeGameId(c);
  if (gid) {
    const g = (doc.games || []).find((x) => String(x.id) === String(gid));
    mount(main, h('h1', null, t('ng.busy')),
      picker,
      h('p', null, t('ng.busy.text')),
      h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/game/${gid}` }, t('camp.resume', { game: t('game.n', { n: String(g?.number ?? gid) }) })));
    return;
  }
  if (ctx.readOnly) {
    mount(main, h('h1', null, t('ng.title')), h('p', null, t('ng.readonly')));
    return;
  }
  const min = ed.players_min || 2;
  const max = Math.min(ed.players_max || 4, full ? Math.max(tokens.length, 2) : 8);
  if (people.length < min) {
    mount(main, h('h1', null, t('ng.title')),
      h('p', null, t('ng.few', { n: min })),
      h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}` }, t('ng.add_players')));
    return;
  }

  const n0 = Math.min(people.length, max);
  const seats = people.slice(0, n0).map((p, i) => ({
    player: p.id,
    token: full ? (tokens[i] && tokens[i].id) : '',
  }));

  const seatBox = h('div', { class: 'seats' });
  const countText = h('span', { 'aria-live': 'polite' });
  const addSeat = h('button', { class: 'btn small', type: 'button' }, t('ng.seat.add'));
  const removeSeat = h('button', { class: 'btn small', type: 'button' }, t('ng.seat.remove'));

  const drawSeats = (focusSel) => {
    seatBox.replaceChildren(...seats.map((seat, i) => seatRow(seat, i)));
    countText.textContent = t('ng.count', { n: seats.length });
    drawStarts();
    addSeat.disabled = seats.length >= Math.min(max, people.length);
    removeSeat.disabled = seats.length <= min;
    if (focusSel) { const el = seatBox.querySelector(focusSel); if (el) el.focus(); }
  };

  const seatRow = (seat, i) => {
    const n = i + 1;
    const pSel = select(people.map((p) => [p.id, p.name]), { id: `seat-${n}-player`, 'aria-label': t('ng.seat.player.label', { n }) }, seat.player);
    pSel.addEventListener('change', () => { seat.player = Number(pSel.value); drawStarts(); });
    let tokenInput;
    let pic = null;
    if (full) {
      tokenInput = select(tokens.map((x) => [x.id, x.name || x.id]), { id: `seat-${n}-token`, 'aria-label': t('ng.seat.token.label', { n }) }, seat.token);
      tokenInput.addEventListener('change', () => { seat.token = tokenInput.value; pic.replaceWith(pic = tokenPicture(board, seat.token, { decorative: true })); });
      pic = tokenPicture(board, seat.token, { decorative: true });
    } else {
      tokenInput = h('input', { type: 'text', id: `seat-${n}-token`, 'aria-label': t('ng.seat.token.label', { n }), maxlength: 80, value: seat.token, placeholder: t('ng.token.eg') });
      tokenInput.addEventListener('input', () => { seat.token = tokenInput.value; });
    }
    const up = h('button', { class: 'btn small', type: 'button', 'aria-label': t('ng.seat.up', { n }), disabled: i === 0 }, '↑');
    const down = h('button', { class: 'btn small', type: 'button', 'aria-label': t('ng.seat.down', { n }), disabled: i === seats.length - 1 }, '↓');
    up.addEventListener('click', () => { [seats[i - 1], seats[i]] = [seats[i], seats[i - 1]]; drawSeats(`#seat-${n - 1}-player`); });
    down.addEventListener('click', () => { [seats[i + 1], seats[i]] = [seats[i], seats[i + 1]]; drawSeats(`#seat-${n + 1}-player`); });
    return h('div', { class: 'seat', role: 'group', 'aria-label': t('ng.seat', { n }) },
      h('div', { class: 'seat-player' }, h('label', { for: pSel.id }, t('ng.seat.player', { n })), pSel),
      h('div', null, h('label', { for: tokenInput.id }, full ? t('ng.token') : t('ng.token.free')),
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

  // The edition's modes (GET /api/v1/editions) the UI has screens for; a choice when more than one.
  const modes = kind.modes.length > 1
    ? h('fieldset', null, h('legend', null, t('ng.mode')),
      ...kind.modes.map((m, i) => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'mode', value: m, checked: i === 0 }),
        h('span', null, h('strong', null, t(`mode.${m}`)), ` — ${t(`ng.mode.${m}`)}`))))
    : null;

  // Who starts (TWT-SETUP-3): each seat rolls, the highest starts, play goes on in seat order.
  const startsBox = h('div', { class: 'stack' });
  const rolls = new Map();
  function drawStarts() {
    const rows = seats.map((seat, i) => {
      const name = (people.find((p) => String(p.id) === String(seat.player)) || {}).name || t('player.n', { id: seat.player });
      const input = h('input', { type: 'number', inputmode: 'numeric', min: 2, max: 12, step: 1, id: `start-roll-${i + 1}`, value: rolls.get(String(seat.player)) ?? '' });
      input.addEventListener('input', () => { rolls.set(String(seat.player), input.value); });
      return field(t('ng.starts.roll', { who: name }), input);
    });
    const go = h('button', { class: 'btn block', type: 'button', id: 'starts-go' }, t('ng.starts.go'));
    const said = h('p', { class: 'muted', 'aria-live': 'polite', id: 'starts-said' });
    go.addEventListener('click', () => {
      const vals = seats.map((seat) => Number(rolls.get(String(seat.player))));
      if (vals.some((v) => !Number.isInteger(v) || v < 2 || v > 12)) { showAlert(t('ng.starts.bad')); return; }
      const top = Math.max(...vals);
      const best = seats.filter((_, i) => vals[i] === top);
      const nameOf = (seat) => (people.find((p) => String(p.id) === String(seat.player)) || {}).name;
      if (best.length > 1) { said.textContent = t('ng.starts.tie', { who: list(best.map(nameOf)), n: top }); return; }
      const k = vals.indexOf(top);
      seats.push(...seats.splice(0, k));
      rolls.clear();
      drawSeats();
      announce(t('ng.starts.done', { who: nameOf(seats[0]), n: top }));
      startsBox.querySelector('#starts-said').textContent = t('ng.starts.done', { who: nameOf(seats[0]), n: top });
    });
    startsBox.replaceChildren(h('p', { class: 'hint' }, t('ng.starts.hint')), ...rows, go, said);
  }
  const starts = h('details', { class: 'more', id: 'who-starts' }, h('summary', null, t('ng.starts')), h('div', { class: 'body' }, startsBox));

  // Results editions: when, how long and where the play took place.
  const today = new Date();
  const pad = (x) => String(x).padStart(2, '0');
  const playedAt = h('input', { type: 'date', id: 'played-at', value: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}` });
  const duration = h('input', { type: 'number', id: 'duration-min', inputmode: 'numeric', min: 0, max: 6000, step: 1 });
  const location = h('input', { type: 'text', id: 'location', maxlength: 80, autocomplete: 'off' });
  const details = full ? null : h('fieldset', null, h('legend', null, t('ng.play')),
    field(t('ng.played_at'), playedAt), field(t('ng.duration'), duration, t('ng.duration.hint')), field(t('ng.location'), location));

  const house = full ? houseRulesChooser(c) : null;
  // The classic bank's starting cash (HOUSE-CASH, RULES.md 3b); empty: the box's own.
  const boxDoc = kind.modes.some(bankOf) ? await editionDoc(eid).catch(() => null) : null;
  const cash = h('input', { type: 'number', id: 'classic-cash', inputmode: 'numeric', min: 500, max: 5000, step: 10, placeholder: boxDoc && boxDoc.start_cash ? String(boxDoc.start_cash) : null });
  // The box's variants (HOUSE-VARIANT: standard, short, timed), as its edition lists them.
  const variants = (boxDoc && boxDoc.variants) || [];
  const variant = variants.length > 1 ? select(variants.map((v) => [v, t(`cl.ng.variant.${v}`)]), { id: 'classic-variant' }, variants[0]) : null;
  // The other switches of RULES.md 3b (jackpot, auctions, GO, Jail's double, rent), folded.
  const classicHouse = kind.modes.some(bankOf) ? classicRulesChooser(boxDoc) : null;
  const bankRules = kind.modes.some(bankOf) ? h('fieldset', { id: 'classic-rules' }, h('legend', null, t('cl.ng.rules')),
    variant ? field(t('cl.ng.variant'), variant) : null,
    field(t('cl.ng.cash'), cash, t('cl.ng.cash.hint', { n: boxDoc && boxDoc.start_cash })),
    classicHouse.el) : null;
  const startBtn = h('button', { class: 'btn primary block', type: 'submit' }, t('ng.start'));
  const form = h('form', null,
    picker,
    modes,
    details,
    h('fieldset', null, h('legend', null, t('ng.seats')),
      h('p', { class: 'hint' }, full ? t('ng.seats.hint') : t('ng.seats.hint.results')),
      seatBox,
      h('p', { class: 'muted', style: 'margin:8px 0 4px' }, countText),
      h('div', { class: 'row' }, removeSeat, addSeat)),
    full || bankRules ? starts : null,
    house && house.el,
    bankRules,
    startBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const ids = seats.map((s) => String(s.player));
    if (new Set(ids).size !== ids.length) { showAlert(t('ng.one_seat')); return; }
    if (full && new Set(seats.map((s) => s.token)).size !== seats.length) { showAlert(t('ng.one_token')); return; }
    const mode = modes ? form.querySelector('input[name=mode]:checked').value : kind.modes[0];
    const bank = bankOf(mode);
    if (bank && seats.some((s) => !s.token.trim())) { showAlert(t('cl.ng.token')); return; }
    // A results seat without a token leaves it out (never a made-up "none").
    const body = { edition: eid, mode, seats: seats.map((s) => (full || s.token.trim() ? { player: Number(s.player), token: full ? s.token : s.token.trim() } : { player: Number(s.player) })) };
    if (house) body.house_rules = house.value();
    if (bank) body.house_rules = classicHouse.value();
    if (bank && cash.value !== '') {
      const n = Number(cash.value);
      if (!Number.isInteger(n) || n < 500 || n > 5000 || n % 10) { showAlert(t('cl.ng.cash.bad')); cash.focus(); return; }
      body.house_rules.starting_cash = n;
    }
    if (bank && variant && variant.value !== variants[0]) body.house_rules = { ...(body.house_rules || {}), variant: variant.value };
    if (!full && !bank) {
      if (playedAt.value) body.played_at = new Date(`${playedAt.value}T12:00:00`).toISOString();
      if (duration.value !== '') {
        const m = Number(duration.value);
        if (!Number.isInteger(m) || m < 0 || m > 6000) { showAlert(t('ng.duration.bad')); duration.focus(); return; }
        body.duration_min = m;
      }
      if (location.value.trim()) body.location = location.value.trim();
    }
    busy(startBtn, async () => {
      try {
        const res = await ctx.api.createGame(body);
        const g = res.data.game || {};
        const id = g.id ?? res.data.state?.game;
        announce(t('ng.started'));
        app.go(`#/c/${ctx.cid}/game/${id}`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) {
          showAlert(`${e.message} ${t('ng.conflict')}`);
          return;
        }
        throw e;
      }
    });
  });

  mount(main, h('h1', null, t('ng.title')), h('p', { class: 'muted' }, ed.name || eid), form);
  drawSeats();
  // The bank's own fields show for a bank mode, the play's details for a logged result.
  const showMode = () => {
    const m = modes ? form.querySelector('input[name=mode]:checked').value : kind.modes[0];
    if (bankRules) { bankRules.hidden = !bankOf(m); starts.hidden = !full && !bankOf(m); }
    if (details) details.hidden = bankOf(m);
  };
  form.addEventListener('change', (ev) => { if (ev.target.name === 'mode') showMode(); });
  showMode();
}

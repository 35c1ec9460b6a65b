// views/journal.js -- the ten Travel Journal cards as the box shows them: stamp
// circles filled with token pictures, what each card has paid, its history, and the
// briefing for tonight's seats (who would be paid what if it is drawn).

import { h, mount, money, dateText, plural } from '../ui.js';
import { tokenPicture } from '../tokens.js';
import { Names, journalEffectText, payoutText } from '../words.js';
import { activeGameId, seatsOf, splitGame } from '../model.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, board] = await Promise.all([ctx.api.get(), ctx.board()]);
  const c = doc.campaign || {};
  app.title('Journal', c.name);
  const names = new Names(board, doc.players || [], c.stamp_owner);

  // Tonight's seats, for the briefing.
  let seats = null;
  const gid = activeGameId(c);
  if (gid) {
    try {
      const g = await ctx.api.game(gid);
      const { game, state } = splitGame(g.data);
      seats = seatsOf(game, state).filter((x) => x.token);
      names.addPlayers(state && state.players);
    } catch { seats = null; }
  }
  const cards = await ctx.api.journal(seats && seats.length ? seats : null);
  const byId = new Map((board.journal || []).map((j) => [j.id, j]));
  const totalPaid = cards.reduce((n, x) => n + (Number(x.paid_out) || 0), 0);
  const totalStamps = cards.reduce((n, x) => n + ((x.stamps || []).length), 0);

  mount(main,
    h('h1', null, 'Travel Journal'),
    h('p', { class: 'muted' }, `${plural(totalStamps, 'stamp', 'stamps')} on ${plural(cards.length, 'card', 'cards')}; ${money(totalPaid)} paid out so far.`,
      seats && seats.length ? ' Yellow boxes: what each card would pay tonight.' : ''),
    h('div', { class: 'jcards' }, cards.map((card) => cardView(ctx, board, names, card, byId.get(card.id) || {}))));
}

function cardView(ctx, board, names, card, printed) {
  const slots = Number(card.slots ?? printed.slots) || 0;
  const stamps = [...(card.stamps || [])].sort((a, b) => Number(a.slot) - Number(b.slot));
  const circles = [];
  for (let i = 0; i < Math.max(slots, stamps.length); i++) {
    const st = stamps[i];
    if (st) {
      const who = st.player && st.player.name ? st.player.name : names.player(st.player?.id ?? st.player);
      const label = `Circle ${i + 1}: ${names.token(st.token)}, stamped by ${who}${st.game ? ` in game ${st.game}` : ''}`;
      circles.push(h('li', { class: 'filled', title: label }, tokenPicture(board, st.token, { title: label })));
    } else {
      circles.push(h('li', { 'aria-label': `Circle ${i + 1}: open` }));
    }
  }
  const title = card.title || printed.title || card.id;
  const effect = card.effect || printed.effect;
  const full = stamps.length >= slots && slots > 0;
  const headingId = `jc-${card.id}`;

  const briefing = Array.isArray(card.briefing) && card.briefing.length
    ? h('div', { class: 'briefing' }, h('strong', null, 'If drawn tonight:'),
      h('ul', null, card.briefing.map((b) => h('li', null, payoutText(names, b)))))
    : null;

  const history = h('div');
  const det = h('details', { class: 'more' }, h('summary', null, 'History'), h('div', { class: 'body' }, history));
  det.addEventListener('toggle', async () => {
    if (!det.open || history.dataset.loaded) return;
    history.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const d = await ctx.api.journalCard(card.id);
      const hist = (d && d.history) || [];
      history.dataset.loaded = '1';
      history.replaceChildren(hist.length ? h('ol', { class: 'list' }, hist.map((x) => h('li', null,
        h('div', null, h('strong', null, `Game ${x.game}`), ` · ${dateText(x.at)} · drawn by ${names.player(x.drawer?.id ?? x.drawer)}`,
          x.stamped_slot !== null && x.stamped_slot !== undefined ? ' · stamped a circle' : ' · card was full'),
        (x.payouts || []).length ? h('ul', null, x.payouts.map((p) => h('li', null,
          payoutText(names, p)))) : h('div', { class: 'muted small' }, 'No payouts.'))))
        : h('p', { class: 'empty' }, 'Never drawn yet.'));
    } catch (e) {
      history.replaceChildren(h('p', null, e.message));
    }
  });

  return h('article', { class: 'jcard', 'aria-labelledby': headingId, dataset: { card: card.id } },
    h('h2', { id: headingId }, title, full ? h('span', { class: 'badge', style: 'margin-left:8px' }, 'full') : null),
    printed.text ? h('p', { class: 'jtext' }, printed.text) : null,
    effect ? h('p', { class: 'small' }, h('strong', null, 'Effect: '), journalEffectText(effect, names)) : null,
    h('ul', { class: 'circles', 'aria-label': `${stamps.length} of ${slots} circles stamped` }, circles),
    h('div', { class: 'jmeta' },
      h('span', null, `Drawn ${plural(Number(card.draws) || 0, 'time', 'times')}`),
      h('span', null, `Paid out ${money(Number(card.paid_out) || 0)}`)),
    briefing,
    det);
}

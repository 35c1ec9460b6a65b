// views/journal.js -- the ten Travel Journal cards as the box shows them: stamp
// circles filled with token pictures (tap one: who stamped it, with which token, in
// which game, when), what each card has paid, its history, and the briefing for
// tonight's seats (who would be paid what if it is drawn).

import { h, mount } from '../ui.js';
import { t, money, dateText, dateTimeText } from '../i18n.js';
import { tokenPicture } from '../tokens.js';
import { Names, journalEffectText, payoutText, gameLabel } from '../words.js';
import { activeGameId } from '../model.js';
import { stampMemories, undoneMemories, cardUndoneMemories } from '../memories.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, board] = await Promise.all([ctx.api.get(), ctx.board()]);
  const c = doc.campaign || {};
  app.title(t('journal.title'), c.name);
  const names = new Names(board, doc.players || [], c.stamp_owner);
  const games = new Map((doc.games || []).map((g) => [String(g.id), g]));
  const gameName = (gid) => gameLabel(games.get(String(gid)), gid);

  // Tonight's seats, for the briefing.
  let seats = null;
  const gid = activeGameId(c);
  if (gid) {
    try {
      const g = await ctx.api.game(gid);
      const { game, state } = g.data;
      seats = game.seats.filter((x) => x.token);
      names.addPlayers(state && state.players);
      names.seat(state && state.players);
    } catch { seats = null; }
  }
  const [cards, undone] = await Promise.all([ctx.api.journal(seats && seats.length ? seats : null), undoneMemories(ctx.api)]);
  const again = () => render({ main, params, app });
  const byId = new Map((board.journal || []).map((j) => [j.id, j]));
  const totalPaid = cards.reduce((n, x) => n + (Number(x.paid_out) || 0), 0);
  const totalStamps = cards.reduce((n, x) => n + ((x.stamps || []).length), 0);

  mount(main,
    h('h1', null, t('journal.title')),
    h('p', { class: 'muted' }, t('journal.summary', { n: totalStamps, cards: cards.length, amount: totalPaid }),
      seats && seats.length ? ` ${t('journal.briefing.hint')}` : ''),
    h('div', { class: 'jcards' }, cards.map((card) => cardView(ctx, board, names, card, byId.get(card.id) || {}, gameName, { undone, again }))));
}

function circleLabel(names, st, i, gameName) {
  const who = st.player && st.player.name ? st.player.name : names.player(st.player?.id ?? st.player);
  return t('journal.circle', { n: i + 1, token: names.token(st.token), who, game: st.game ? gameName(st.game) : '—', when: st.at ? dateTimeText(st.at) : '—' });
}

function cardView(ctx, board, names, card, printed, gameName, { undone = [], again = () => {} } = {}) {
  const slots = Number(card.slots ?? printed.slots) || 0;
  const stamps = [...(card.stamps || [])].sort((a, b) => Number(a.slot) - Number(b.slot));
  const detail = h('p', { class: 'circle-detail', 'aria-live': 'polite', hidden: true });
  const circles = [];
  for (let i = 0; i < Math.max(slots, stamps.length); i++) {
    const st = stamps[i];
    if (st) {
      const label = circleLabel(names, st, i, gameName);
      const b = h('button', { type: 'button', class: 'circle-btn', 'aria-label': label, 'aria-expanded': 'false', 'aria-controls': `cd-${card.id}` },
        tokenPicture(board, st.token, { decorative: true }));
      b.addEventListener('click', () => {
        const open = b.getAttribute('aria-expanded') === 'true';
        for (const x of b.closest('.circles').querySelectorAll('button')) x.setAttribute('aria-expanded', 'false');
        detail.hidden = open;
        detail.textContent = open ? '' : label;
        b.setAttribute('aria-expanded', String(!open));
      });
      circles.push(h('li', { class: 'filled' }, b));
    } else {
      circles.push(h('li', { 'aria-label': t('journal.circle.open', { n: i + 1 }) }));
    }
  }
  detail.id = `cd-${card.id}`;
  const title = card.title || printed.title || card.id;
  const effect = card.effect || printed.effect;
  const full = stamps.length >= slots && slots > 0;
  const headingId = `jc-${card.id}`;

  const briefing = Array.isArray(card.briefing) && card.briefing.length
    ? h('div', { class: 'briefing' }, h('strong', null, t('journal.briefing')),
      h('ul', null, card.briefing.map((b) => h('li', null, payoutText(names, { ...b, card: card.id })))))
    : null;

  const history = h('div');
  const det = h('details', { class: 'more' }, h('summary', null, t('journal.history')), h('div', { class: 'body' }, history));
  det.addEventListener('toggle', async () => {
    if (!det.open || history.dataset.loaded) return;
    history.replaceChildren(h('p', { class: 'muted' }, t('loading')));
    try {
      const d = await ctx.api.journalCard(card.id);
      const hist = (d && d.history) || [];
      history.dataset.loaded = '1';
      history.replaceChildren(hist.length ? h('ol', { class: 'list' }, hist.map((x) => h('li', null,
        h('div', null, h('strong', null, gameName(x.game)), ` · ${dateText(x.at)} · `,
          t('journal.drawn_by', { who: names.player(x.drawer?.id ?? x.drawer) }), ' · ',
          x.stamped_slot !== null && x.stamped_slot !== undefined ? t('journal.stamped_circle') : t('journal.was_full')),
        (x.payouts || []).length ? h('ul', null, x.payouts.map((p) => h('li', null,
          payoutText(names, { ...p, card: card.id, payers: null })))) : h('div', { class: 'muted small' }, t('journal.no_payouts')))))
        : h('p', { class: 'empty' }, t('journal.never')));
    } catch (e) {
      history.replaceChildren(h('p', null, e.message));
    }
  });

  return h('article', { class: 'jcard', 'aria-labelledby': headingId, dataset: { card: card.id } },
    h('h2', { id: headingId }, title, full ? h('span', { class: 'badge', style: 'margin-left:8px' }, t('cards.full')) : null),
    printed.text ? h('p', { class: 'jtext' }, printed.text) : null,
    effect ? h('p', { class: 'small' }, h('strong', null, t('journal.effect')), ' ', journalEffectText(effect, names)) : null,
    h('ul', { class: 'circles', 'aria-label': t('journal.circles', { n: stamps.length, of: slots }) }, circles),
    detail,
    stampMemories(ctx, stamps),
    cardUndoneMemories(ctx, { id: card.id, title: card.title || printed.title || card.id, stamps }, undone, again),
    h('div', { class: 'jmeta' },
      h('span', null, t('journal.draws', { n: Number(card.draws) || 0 })),
      h('span', null, t('journal.paid', { amount: Number(card.paid_out) || 0 }))),
    briefing,
    det);
}

// views/boardview.js -- the board of a game, drawn, plus what a group resuming the
// game needs to set the physical box up again: pieces, owners, stamps, the ticket
// and each player's cash in 500/100/50/20/10 notes.

import { h, mount, money, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { tokenPicture } from '../tokens.js';
import { Names, gameLabel } from '../words.js';
import { activeGameId, latestGame, spacesOf, notesFor } from '../model.js';
import { drawBoard } from '../board.js';
import { follow } from '../live.js';

export async function resolve({ main, params, app }) {
  const ctx = app.context(params[0]);
  const doc = await ctx.api.get();
  const gid = activeGameId(doc.campaign) ?? latestGame((doc.games || []).filter((g) => g.mode === 'banker'))?.id ?? latestGame(doc.games)?.id;
  if (gid) { app.go(`#/c/${ctx.cid}/game/${gid}/board`, { replace: true }); return undefined; }
  const board = await ctx.board();
  app.title(t('tab.board'), doc.campaign?.name);
  mount(main, h('h1', null, t('tab.board')), h('p', { class: 'muted' }, t('bv.empty')),
    drawBoard(board, null, new Names(board)));
  return undefined;
}

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const gid = Number(params[1]);
  const [g, doc, board] = await Promise.all([ctx.api.game(gid), ctx.api.get(), ctx.board()]);
  const c = doc.campaign || {};
  const game = (doc.games || []).find((x) => String(x.id) === String(gid));
  app.title(t('bv.title', { game: gameLabel(game, gid) }), c.name);
  const names = new Names(board, doc.players || []);
  let { state } = g.data;
  const box = h('div');
  const draw = () => {
    names.addPlayers(state && state.players);
    // replaceChildren() would print a null part (no cash table in journal mode) as "null".
    box.replaceChildren(...content(ctx, gid, board, state, names).filter(Boolean));
  };
  mount(main, h('h1', null, t('bv.title', { game: gameLabel(game, gid) })), box);
  draw();
  const stop = follow(ctx.api.stream(gid), (st) => {
    if (state && st.version !== undefined && Number(st.version) <= Number(state.version)) return;
    state = st;
    draw();
  }, undefined, () => app.refresh());
  return stop;
}

function content(ctx, gid, board, state, names) {
  const players = (state && state.players) || [];
  const spaces = spacesOf(board);
  const dstate = new Map(((state && state.destinations) || []).map((d) => [d.id, d]));
  const tk = (state && state.ticket) || {};
  const tkText = tk.used ? t('bv.ticket.used') : tk.holder !== null && tk.holder !== undefined ? t('bv.ticket.held', { who: names.player(tk.holder) }) : t('bv.ticket.parking');
  const banker = players.some((p) => p.cash !== null && p.cash !== undefined);

  const legend = h('div', { class: 'legend', 'aria-label': t('players') }, players.map((p) => h('span', null,
    tokenPicture(board, p.token, { size: 'sm', decorative: true }), `${p.name} (${names.token(p.token)})`)),
  h('span', null, h('span', { style: 'display:inline-block;width:22px;height:12px;background:#f4c430;border:1px solid #8a6d00', 'aria-hidden': 'true' }), t('bv.ticket', { text: tkText })));

  const placed = players.some((p) => p.position !== null && p.position !== undefined);
  const pieces = placed ? h('section', { class: 'card', 'aria-labelledby': 'pieces-h' }, h('h2', { id: 'pieces-h' }, t('bv.pieces')),
    h('ul', { class: 'list' }, players.map((p) => {
      const sp = spaces.find((x) => x.index === p.position);
      return h('li', { class: 'row' }, tokenPicture(board, p.token, { size: 'sm', decorative: true }),
        h('span', { class: 'grow' }, h('strong', null, p.name), p.position !== null && p.position !== undefined
          ? ` ${t(p.in_jail ? 'bv.on.jail' : 'bv.on', { where: sp ? names.space(sp.index) : t('space.n', { n: String(p.position) }) })}` : ''),
        p.jail_cards ? h('span', { class: 'badge' }, t('bv.jail_cards', { n: p.jail_cards })) : null);
    }))) : null;

  const rows = spaces.filter((sp) => sp.kind === 'destination' && sp.destination).map((sp) => {
    const d = (board.destinations || []).find((x) => x.id === sp.destination) || {};
    const ds = dstate.get(sp.destination) || {};
    const owner = ds.owner !== null && ds.owner !== undefined ? names.player(ds.owner) : '';
    const stamp = ds.stamped_by !== null && ds.stamped_by !== undefined ? names.player(ds.stamped_by) : '';
    if (!owner && !stamp) return null;
    return h('tr', null,
      h('td', null, h('span', { class: 'chip' }, h('span', { class: 'sw', style: `background:${setColour(d.colour)}`, 'aria-hidden': 'true' }), d.name || sp.destination)),
      h('td', null, owner || '—'),
      h('td', null, stamp ? `✓ ${stamp}` : '—'));
  }).filter(Boolean);
  const owners = h('section', { class: 'card', 'aria-labelledby': 'owners-h' }, h('h2', { id: 'owners-h' }, t('bv.cards')),
    rows.length ? h('div', { class: 'scroll-x' }, h('table', { class: 'data' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('bv.dest')), h('th', { scope: 'col' }, t('bv.owner')), h('th', { scope: 'col' }, t('bv.stamped_by')))),
      h('tbody', null, rows)))
      : h('p', { class: 'empty' }, t(placed ? 'bv.none' : 'bv.none.stamps')));

  const cash = banker ? h('section', { class: 'card', 'aria-labelledby': 'cash-h' }, h('h2', { id: 'cash-h' }, t('bv.cash')),
    h('div', { class: 'scroll-x' }, h('table', { class: 'data notes' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('bv.player')), h('th', { scope: 'col', class: 'num' }, t('bv.cash.col')),
        [500, 100, 50, 20, 10].map((v) => h('th', { scope: 'col' }, `${v}s`)))),
      h('tbody', null, players.map((p) => {
        const n = notesFor(p.cash);
        return h('tr', null, h('th', { scope: 'row' }, p.name), h('td', { class: 'num' }, money(p.cash)),
          [500, 100, 50, 20, 10].map((v) => h('td', null, n[v] ? String(n[v]) : '·')));
      })))),
    h('p', { class: 'hint' }, t('bv.notes.hint'))) : null;

  return [
    drawBoard(board, state, names),
    legend,
    h('p', null, h('a', { class: 'btn block', href: `#/c/${ctx.cid}/game/${gid}` }, t('bv.back'))),
    cash,
    pieces,
    owners,
  ];
}

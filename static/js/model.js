// model.js -- small readings of API documents shared by several screens.

/* The screens of each kind of game (GET /api/v1/editions gives each edition's `kind` and
 * `modes`): the one place the UI names a kind. board: the edition has a board of its own
 * (its tokens, the board and journal tabs); screens: the table's screen for each game mode
 * the UI shows of that kind (classic: views/classic.js); boxBoard: its table reads the game's
 * box (spaces, deeds, cards) though it has no board tab. A kind without screens yet shows
 * its plays as logged results. */
const KIND_SCREENS = {
  twt: { board: true, screens: { banker: 'bank', journal: 'journal' } },
  classic: { board: false, boxBoard: true, screens: { results: 'log', banker: 'classic' } },
  results: { board: false, screens: { results: 'log' } },
};

/** What the UI shows of an edition ({kind, modes}): {board, boxBoard, modes (the edition's
 * modes the UI has screens for, in its order), screen(mode) ('bank', 'journal', 'classic'
 * or 'log')}. */
export function kindOf(ed) {
  const k = KIND_SCREENS[ed && ed.kind] || KIND_SCREENS.results;
  // In the kind's own order (a classic box offers its logged result first, then the bank).
  const offered = (ed && ed.modes) || Object.keys(k.screens);
  const modes = Object.keys(k.screens).filter((m) => offered.includes(m));
  return { board: k.board, boxBoard: !!(k.board || k.boxBoard), modes, screen: (mode) => k.screens[mode] || 'log' };
}

/** The id of a campaign's active game (the field may be an id or an object), or null. */
export function activeGameId(campaign) {
  const a = campaign && campaign.active_game;
  if (a === null || a === undefined || a === false) return null;
  if (typeof a === 'object') return a.id ?? null;
  return a;
}

/** The latest game of a list (highest id). */
export function latestGame(games) {
  return (games || []).reduce((best, g) => (!best || Number(g.id) > Number(best.id) ? g : best), null);
}

/** A game answer may be {game, state} or a bare state. */
export function splitGame(doc) {
  if (doc && doc.state) return { game: doc.game || null, state: doc.state };
  return { game: null, state: doc };
}

/** The seats of a game, in play order: [{player, token}]. */
export function seatsOf(game, state) {
  if (game && Array.isArray(game.seats) && game.seats.length) {
    return game.seats.map((s) => ({ player: s.player?.id ?? s.player ?? s.id, token: s.token, name: s.name ?? s.player?.name }));
  }
  return ((state && state.players) || []).map((p) => ({ player: p.id, token: p.token, name: p.name }));
}

/** Spaces of the board sorted by index. */
export function spacesOf(board) {
  return [...((board && board.spaces) || [])].sort((a, b) => a.index - b.index);
}

/** Split cash into 500/100/50/20/10 notes. */
export function notesFor(cash) {
  let left = Math.max(0, Number(cash) || 0);
  const out = {};
  for (const v of [500, 100, 50, 20, 10]) {
    out[v] = Math.floor(left / v);
    left -= out[v] * v;
  }
  out.rest = left;
  return out;
}

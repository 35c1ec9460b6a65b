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

/** What the UI shows of an edition ({kind, modes} of GET /editions): {board, boxBoard, modes
 * (the edition's modes the UI has screens for, in its order), screen(mode) ('bank',
 * 'journal', 'classic' or 'log')}. */
export function kindOf(ed) {
  const k = KIND_SCREENS[ed.kind] || KIND_SCREENS.results;
  // In the kind's own order (a classic box offers its logged result first, then the bank).
  const modes = Object.keys(k.screens).filter((m) => ed.modes.includes(m));
  return { board: k.board, boxBoard: !!(k.board || k.boxBoard), modes, screen: (mode) => k.screens[mode] || 'log' };
}

/** The id of a campaign's active game (GET …/campaigns/{cid}: `active_game`, an id or null). */
export function activeGameId(campaign) {
  return campaign.active_game;
}

/** The latest game of a list (highest id). */
export function latestGame(games) {
  return games.reduce((best, g) => (!best || g.id > best.id ? g : best), null);
}

/** Spaces of the board sorted by index (none in the stand-in `{}` a screen draws with
 * when the box could not be read). */
export function spacesOf(board) {
  return [...(board.spaces || [])].sort((a, b) => a.index - b.index);
}

/** Split cash (a banker game's, never below 0) into 500/100/50/20/10 notes. */
export function notesFor(cash) {
  let left = cash;
  const out = {};
  for (const v of [500, 100, 50, 20, 10]) {
    out[v] = Math.floor(left / v);
    left -= out[v] * v;
  }
  out.rest = left;
  return out;
}

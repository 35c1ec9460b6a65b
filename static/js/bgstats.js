// bgstats.js -- the "Send to BG Stats" link of a play: the BG Stats app's documented
// push link (https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>, see
// bgstatsapp.com "Push plays to BG Stats from other apps or websites"), built from the
// campaign's BG Stats export (GET …/export/bgstats) so both carry the same facts.

export const BGSTATS_PUSH_URL = 'https://app.bgstatsapp.com/createPlay.html';

/**
 * The push link of one play of a BG Stats export file, or null when the file does not
 * hold that play. The play's uuid is its sourcePlayId, so pushing it twice updates the
 * one play in the app; game and players carry their export ids as source ids.
 */
export function bgStatsLink(file, playUuid, sourceName = 'Stampbook') {
  const play = (file?.plays || []).find((p) => p.uuid === playUuid);
  if (!play) return null;
  const game = (file.games || []).find((g) => g.id === play.gameRefId) || {};
  const players = new Map((file.players || []).map((p) => [p.id, p]));
  const location = (file.locations || []).find((l) => l.id === play.locationRefId);
  const data = {
    sourceName,
    sourcePlayId: play.uuid,
    playDate: play.playDate,
    durationMin: play.durationMin || 0,
    board: play.board || '',
    comments: play.comments || '',
    location: location ? location.name : '',
    game: {
      name: game.name || '',
      sourceGameId: game.uuid || String(play.gameRefId),
      highestWins: game.highestWins !== false,
      noPoints: game.noPoints === true,
      ...(game.bggId ? { bggId: game.bggId } : {}),
    },
    players: (play.playerScores || []).map((s) => {
      const p = players.get(s.playerRefId) || {};
      const out = {
        name: p.name || `Player ${s.playerRefId}`,
        sourcePlayerId: p.uuid || String(s.playerRefId),
        winner: s.winner === true,
        startPlayer: s.startPlayer === true,
        role: s.role || '',
      };
      if (s.score !== '' && s.score !== undefined && Number.isFinite(Number(s.score))) out.score = Number(s.score);
      if (s.rank) out.rank = s.rank;
      return out;
    }),
  };
  return `${BGSTATS_PUSH_URL}?data=${encodeURIComponent(JSON.stringify(data))}`;
}

/** The play of game gid in a BG Stats export made by Stampbook: its uuid, or null.
 *  The export lists plays in game order, one per game, so the games list gives the
 *  index. */
export function playUuidOf(file, games, gid) {
  const ids = [...games].map((g) => Number(g.id)).sort((a, b) => a - b);
  const i = ids.indexOf(Number(gid));
  return i >= 0 && file?.plays?.[i] ? file.plays[i].uuid : null;
}

// plays-fixture.mjs -- a Travel World Tour campaign with three plays, for the export
// tests (ecosystem.test.mjs, plays.test.mjs): an abandoned banker game with played_at
// given and a journal stamp, a finished journal game (the second player stamps four
// goals, the first one, the third stamps a journal card), and a journal game in
// progress.
import assert from 'node:assert/strict';
import { newCampaign } from './server.mjs';

/** Make the campaign with players names [a, b, c]; resolves {c, root, ann, eq, cy,
 * games: [three game ids]} (ann, eq, cy: the three player ids in order). */
export async function threePlays(base, names, campaignName = 'Exports') {
  const c = await newCampaign(base, { name: campaignName, players: names });
  const [ann, eq, cy] = c.players;
  const root = `/api/v1/campaigns/${c.cid}`;
  const game = async (mode, seats, events, playedAt) => {
    const body = { mode, seats: seats.map(([player, token]) => ({ player, token })) };
    if (playedAt) body.played_at = playedAt;
    const g = await c.api.post(`${root}/games`, body);
    assert.equal(g.status, 201, g.text);
    for (const e of events) {
      const r = await c.api.post(`${root}/games/${g.json.game.id}/events`, e);
      assert.equal(r.status, 201, `${JSON.stringify(e)} ${r.text}`);
    }
    return g.json.game.id;
  };
  const g1 = await game('banker', [[ann, 'hazel'], [eq, 'scottie']], [
    { type: 'roll', d1: 1, d2: 1 }, { type: 'draw_journal', card: 'journal-1' }, { type: 'end' }], '2026-03-14T19:00:00Z');
  const stamps = ['rapa-nui', 'angkor-wat', 'red-1', 'red-3'].map((destination) => ({ type: 'stamp_goal', player: eq, destination }));
  const g2 = await game('journal', [[eq, 't-rex'], [ann, 'hazel'], [cy, 'rubber-ducky']], [
    { type: 'draw_journal', card: 'journal-2', player: cy }, { type: 'stamp_goal', player: ann, destination: 'grand-canyon' }, ...stamps]);
  const g3 = await game('journal', [[cy, 'scottie'], [ann, 'hazel']], [{ type: 'note', text: 'to be continued' }]);
  return { c, root, ann, eq, cy, games: [g1, g2, g3] };
}

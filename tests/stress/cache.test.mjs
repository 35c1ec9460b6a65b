// cache.test.mjs -- the read cache under load: a game's state and a game read by a crowd
// are answered from memory, yet a read made after a write was acknowledged never shows
// what was there before it, and no reader ever sees a game go back in time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign, client } from './server.mjs';

const version = (r) => Number(JSON.parse(r.headers.get('etag')));

test('reads after an acknowledged write never show the state before it, while a crowd keeps the cache hot', async () => {
  const s = await startServer();
  try {
    const c = await newCampaign(s.url);
    const viewer = client(s.url, c.view_key);
    // The second read (from memory) answers as the first (from the database) did.
    for (const path of [`${c.game}/state`, c.game]) {
      const [first, second] = [await c.api.get(path), await c.api.get(path)];
      assert.equal(second.status, first.status);
      assert.equal(second.text, first.text);
      for (const h of ['etag', 'content-type', 'content-length', 'cache-control', 'x-content-type-options', 'referrer-policy'])
        assert.equal(second.headers.get(h), first.headers.get(h), h);
    }
    let stop = false;
    const seen = [];
    // Six readers, each one request after the other: the versions each sees never go down.
    const crowd = Array.from({ length: 6 }, async (_, i) => {
      const who = i % 2 ? viewer : c.api;
      const path = i % 3 ? `${c.game}/state` : c.game;
      let last = 0;
      let n = 0;
      while (!stop) {
        const r = await who.get(path);
        assert.equal(r.status, 200, r.text);
        const v = version(r);
        assert.ok(v >= last, `reader ${i} went back from version ${last} to ${v}`);
        last = v;
        n++;
      }
      seen.push(n);
    });
    for (let i = 1; i <= 150; i++) {
      const w = i % 25 === 0
        ? await c.api.patch(`/api/v1/campaigns/${c.cid}/players/${c.players[0]}`, { name: `Ada ${i}` })
        : await c.api.post(`${c.game}/events`, { type: 'note', text: `note ${i}` });
      assert.ok(w.status === 200 || w.status === 201, w.text);
      const [state, game] = await Promise.all([c.api.get(`${c.game}/state`), viewer.get(c.game)]);
      if (w.status === 201) {
        const acked = version(w);
        assert.ok(version(state) >= acked, `state at ${version(state)} after event ${acked} was acknowledged`);
        assert.ok(version(game) >= acked, `game at ${version(game)} after event ${acked} was acknowledged`);
        assert.equal(game.json.game.version, version(game));
      } else {
        assert.ok(game.json.game.seats.some((seat) => seat.name === `Ada ${i}`),
          `the rename to Ada ${i} is not in the game read after it: ${JSON.stringify(game.json.game.seats)}`);
      }
    }
    stop = true;
    await Promise.all(crowd);
    assert.ok(seen.every((n) => n > 10), `every reader was served: ${seen}`);
  } finally {
    await s.cleanup();
  }
});

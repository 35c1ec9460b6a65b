// overlap.test.mjs -- appends to different games work on a snapshot outside the
// writer's lock and only check the version and write under it: many tables at once,
// with undos and a view of each racing them, must each end whole (every seq once, the
// stored state equal to a replay of the log, every acknowledged event in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCampaign } from './server.mjs';

test('appends to eight games at once, with undos racing them: each game ends whole', async () => {
  const s = await startServer();
  try {
    const tables = [];
    for (let i = 0; i < 8; i++) tables.push(await newCampaign(s.url, { name: `Table ${i}` }));
    const acked = tables.map(() => []);
    let undone = tables.map(() => 0);
    const writer = async (t, i, w) => {
      for (let n = 0; n < 25; n++) {
        const r = await tables[t].api.post(`${tables[t].game}/events`, { type: 'note', text: `w${w} n${n}` });
        assert.equal(r.status, 201, r.text);
        acked[t].push(r.json.event.seq);
      }
    };
    const undoer = async (t) => {
      for (let n = 0; n < 5; n++) {
        const r = await tables[t].api.post(`${tables[t].game}/undo`);
        assert.ok(r.status === 200 || r.status === 409, r.text);
        if (r.status === 200) undone[t]++;
      }
    };
    const work = [];
    tables.forEach((_, t) => {
      for (let w = 0; w < 4; w++) work.push(writer(t, t, w));
      if (t % 2 === 0) work.push(undoer(t));
    });
    await Promise.all(work);
    for (let t = 0; t < tables.length; t++) {
      const c = tables[t];
      const events = (await c.api.get(`${c.game}/events`)).json.events;
      assert.equal(events.length, 100, `table ${t}: ${events.length} events for 100 acknowledged`);
      assert.deepEqual(events.map((e) => e.seq), Array.from({ length: 100 }, (_, i) => i + 1),
        `table ${t}: seqs are not 1..100 once each`);
      assert.deepEqual([...acked[t]].sort((a, b) => a - b), events.map((e) => e.seq));
      assert.equal(events.filter((e) => e.voided).length, undone[t], `table ${t}: undos`);
      const game = await c.api.get(c.game);
      assert.equal(game.headers.get('etag'), `"${1 + 100 + undone[t]}"`, `table ${t}: version`);
      const replay = await c.api.get(`${c.game}/state?at=${game.json.state.seq}`);
      assert.deepEqual(replay.json, game.json.state, `table ${t}: the stored state is not the replay`);
    }
  } finally {
    await s.cleanup();
  }
});

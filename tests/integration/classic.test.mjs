// classic.test.mjs -- issue 37, the classic bank and the kind as one table through the
// whole stack: editions name their kind and modes (API.md "Every box of the group"),
// the classic and Wonders boxes (RULES.md §3, API.md "The classic bank"). Test names
// carry the rule they check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, client } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

test('editions: each names its kind and its modes, the engine kept', async () => {
  const r = await client(srv.url).get('/api/v1/editions');
  assert.equal(r.status, 200);
  const byId = Object.fromEntries(r.json.editions.map((e) => [e.id, e]));
  assert.deepEqual(
    ['travel-world-tour', 'classic', 'wonders', 'deal'].map((id) => [id, byId[id].kind, byId[id].modes, byId[id].engine]),
    [
      ['travel-world-tour', 'twt', ['banker', 'journal'], 'full'],
      ['classic', 'classic', ['banker', 'results'], 'results'],
      ['wonders', 'classic', ['banker', 'results'], 'results'],
      ['deal', 'results', ['results'], 'results'],
    ],
  );
});

// rules.test.mjs -- the readings of 2026-12 over HTTP: tour fees in turn.fees_due until the
// next player rolls (collect_fee with and without a destination), Jail's choice and debt,
// held Get Out of Jail Free cards out of their deck, adjust limits, and state.options:
// every event listed is accepted, every game event of a type not listed is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newTable } from './server.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.cleanup(); });

/** A banker game of the named players (tokens in seat order); returns its helpers. */
async function banker(names) {
  const { c, root, send, state, replayEqualsSnapshot } = await newTable(srv.url, { players: names, tokens: ['scottie', 'hazel', 'rubber-ducky', 't-rex'] });
  const undo = async () => assert.equal((await c.api.post(`${root}/undo`)).status, 200);
  const post = (body) => c.api.post(`${root}/events`, body);
  return { c, ids: c.players, send, undo, state, post, replayEqualsSnapshot };
}

const fees = (st) => st.turn.fees_due.map(({ destination, owner, payer, amount }) => ({ destination, owner, payer, amount }));
const cash = (st, id) => st.players.find((p) => p.id === id).cash;

/** Ann owns Rapa Nui, Bo Chichen Itza; Cy's double lands on both: two fees due. */
async function twoFees() {
  const g = await banker(['Ann', 'Bo', 'Cy']);
  const [ann, bo, cy] = g.ids;
  await g.send({ type: 'roll', d1: 2, d2: 4 });
  await g.send({ type: 'buy' });
  await g.send({ type: 'roll', d1: 4, d2: 5 });
  await g.send({ type: 'buy' });
  const first = await g.send({ type: 'roll', d1: 3, d2: 3 });
  assert.equal(first.state.turn.pending, null, 'a fee is not a pending decision');
  assert.deepEqual(fees(first.state), [{ destination: 'rapa-nui', owner: ann, payer: cy, amount: 50 }]);
  const extra = await g.send({ type: 'roll', d1: 1, d2: 2 });
  return { ...g, ann, bo, cy, extra };
}

test('TWT-FEE fees_due: the lander\'s extra roll does not end a fee; two landings owe two fees', async () => {
  const { send, ann, bo, cy, extra, replayEqualsSnapshot } = await twoFees();
  await replayEqualsSnapshot();
  assert.deepEqual(fees(extra.state), [
    { destination: 'rapa-nui', owner: ann, payer: cy, amount: 50 },
    { destination: 'chichen-itza', owner: bo, payer: cy, amount: 60 },
  ]);
  const listed = extra.state.options.filter((o) => o.type === 'collect_fee');
  assert.deepEqual(listed.map(({ destination, amount, owner, payer }) => ({ destination, amount, owner, payer })), [
    { destination: 'chichen-itza', amount: 60, owner: bo, payer: cy },
    { destination: 'rapa-nui', amount: 50, owner: ann, payer: cy },
  ]);
  const named = await send({ type: 'collect_fee', destination: 'rapa-nui' });
  assert.deepEqual(named.effects, [{ kind: 'pay', from: cy, to: ann, amount: 50, reason: 'fee', destination: 'rapa-nui' }]);
  const again = await send({ type: 'collect_fee', destination: 'rapa-nui' }, 422);
  assert.equal(again.rule, 'TWT-FEE');
  const latest = await send({ type: 'collect_fee' });
  assert.deepEqual(latest.effects, [{ kind: 'pay', from: cy, to: bo, amount: 60, reason: 'fee', destination: 'chichen-itza' }]);
  assert.deepEqual(latest.state.turn.fees_due, []);
  assert.equal(cash(latest.state, cy), 1500 - 110);
  assert.equal((await send({ type: 'collect_fee' }, 422)).rule, 'TWT-FEE');
  assert.equal((await send({ type: 'collect_fee', destination: 'no-such-place' }, 422)).status, 422);
  assert.equal((await send({ type: 'collect_fee', destination: 7 }, 400)).status, 400);
  await replayEqualsSnapshot();
});

test('TWT-FEE the next player\'s roll ends every fee due, and the state says which lapsed', async () => {
  const { send, ann, cy } = await twoFees();
  const roll = await send({ type: 'roll', d1: 2, d2: 3, player: ann }); // Grand Canyon
  assert.deepEqual(roll.state.turn.fees_due, []);
  assert.deepEqual(roll.state.turn.fees_lapsed.map((f) => [f.destination, f.payer]), [['rapa-nui', cy], ['chichen-itza', cy]]);
  assert.ok(!roll.state.options.some((o) => o.type === 'collect_fee'));
  assert.equal((await send({ type: 'collect_fee', destination: 'rapa-nui' }, 422)).rule, 'TWT-FEE');
  const next = await send({ type: 'buy' });
  assert.equal(next.state.turn.fees_lapsed.length, 2, 'said until the next roll');
});

test('TWT-JAIL-2 held cards are out of the deck; paying 50 is a choice that needs 50', async () => {
  const { send, ids: [ann, bo], replayEqualsSnapshot } = await banker(['Ann', 'Bo']);
  await send({ type: 'roll', d1: 3, d2: 4 });
  const held = await send({ type: 'draw_chance', card: 'chance-7' });
  const annState = held.state.players.find((p) => p.id === ann);
  assert.equal(annState.jail_cards, 1);
  assert.deepEqual(annState.jail_free_cards, [{ deck: 'chance', card: 'chance-7' }]);
  const bosDraw = await send({ type: 'roll', d1: 3, d2: 4 });
  const draw = bosDraw.state.options.find((o) => o.type === 'draw_chance');
  assert.equal(draw.player, bo);
  assert.ok(!draw.cards.includes('chance-7') && draw.cards.length === 9, 'the held card cannot be drawn');
  assert.equal((await send({ type: 'draw_chance', card: 'chance-7' }, 422)).rule, 'TWT-JAIL-2');
  await send({ type: 'draw_chance', card: 'chance-6' }); // Bo goes to Jail
  await send({ type: 'roll', d1: 1, d2: 2 });
  let st = (await send({ type: 'note', text: 'Bo in Jail' })).state;
  assert.deepEqual(st.options.find((o) => o.type === 'jail_pay'), { type: 'jail_pay', player: bo, cost: 50 });
  assert.deepEqual(st.options.find((o) => o.type === 'roll'), { type: 'roll', player: bo, jail_try: 1, jail_tries: 3, fine: 50 });
  st = (await send({ type: 'adjust', player: bo, amount: -1460, reason: 'a loan repaid' })).state;
  assert.ok(!st.options.some((o) => o.type === 'jail_pay'));
  const why = st.unavailable.find((o) => o.type === 'jail_pay');
  assert.equal(why.rule, 'TWT-JAIL-2');
  assert.equal(why.cost, 50);
  assert.match(why.detail, /50/);
  assert.equal((await send({ type: 'jail_pay' }, 422)).rule, 'TWT-JAIL-2');
  st = (await send({ type: 'trade', a: ann, b: bo, a_gives: { jail_cards: 1 }, b_gives: {} })).state;
  assert.deepEqual(st.players.find((p) => p.id === bo).jail_free_cards, [{ deck: 'chance', card: 'chance-7' }]);
  assert.deepEqual(st.options.find((o) => o.type === 'jail_card'), { type: 'jail_card', player: bo, cards: 1 });
  st = (await send({ type: 'jail_card' })).state;
  assert.deepEqual(st.players.find((p) => p.id === bo).jail_free_cards, []);
  assert.equal(cash(st, bo), 40);
  await replayEqualsSnapshot();
});

test('adjust: amounts in tens, cash within 0..10^9; refusal kinds map to 422 and 409', async () => {
  const { send, ids: [ann] } = await banker(['Ann', 'Bo']);
  assert.equal((await send({ type: 'adjust', player: ann, amount: 15, reason: 'x' }, 422)).rule, 'TWT-CASH');
  assert.equal((await send({ type: 'adjust', player: ann, amount: 999999000, reason: 'x' }, 422)).rule, 'TWT-CASH');
  const ok = await send({ type: 'adjust', player: ann, amount: 999998500, reason: 'a windfall' });
  assert.equal(cash(ok.state, ann), 1000000000);
  await send({ type: 'end' });
  const over = await send({ type: 'roll', d1: 1, d2: 2 }, 409);
  assert.equal(over.status, 409);
  assert.deepEqual((await send({ type: 'note', text: 'after' })).state.options, []);
});

/** The event a table would send for option o (its first destination or card). */
function bodyOf(o) {
  switch (o.type) {
    case 'roll': return { type: 'roll', d1: 1, d2: 2, player: o.player };
    case 'collect_fee': return { type: 'collect_fee', destination: o.destination };
    case 'draw_chance': case 'draw_journal': return { type: o.type, card: o.cards[0] };
    case 'choose': case 'goal_jump': return { type: o.type, destination: o.destination[0] };
    case 'fly': case 'use_ticket': return { type: o.type, to: o.to[0] };
    default: return { type: o.type };
  }
}

/** One event of each game type, for checking that unlisted types are refused. */
const EVERY_TYPE = [
  { type: 'roll', d1: 1, d2: 2 }, { type: 'buy' }, { type: 'auction' }, { type: 'collect_fee' },
  { type: 'draw_chance', card: 'chance-3' }, { type: 'draw_journal', card: 'journal-1' },
  { type: 'choose', destination: 'pink-1' }, { type: 'fly', to: 'rapa-nui' },
  { type: 'use_ticket', to: 'rapa-nui' }, { type: 'goal_jump', destination: 'rapa-nui' },
  { type: 'jail_pay' }, { type: 'jail_card' },
];

test('options: every listed event is accepted, every game event of an unlisted type refused', async () => {
  const g = await banker(['Ann', 'Bo', 'Cy']);
  const script = [{ type: 'roll', d1: 2, d2: 4 }, { type: 'buy' }, { type: 'roll', d1: 1, d2: 1 },
    { type: 'draw_journal', card: 'journal-1' }, { type: 'roll', d1: 1, d2: 2 }, { type: 'roll', d1: 3, d2: 3 },
    { type: 'roll', d1: 3, d2: 4 }];
  let tried = 0;
  for (const step of script) {
    const st = await g.state();
    for (const o of st.options) {
      await g.send(bodyOf(o));
      await g.undo();
      tried++;
    }
    const types = new Set(st.options.map((o) => o.type));
    for (const body of EVERY_TYPE.filter((b) => !types.has(b.type))) {
      const r = await g.post(body);
      assert.ok(r.status === 422 || r.status === 409, `${body.type} not listed but answered ${r.status}`);
    }
    await g.send(step);
  }
  assert.ok(tried >= 10);
});

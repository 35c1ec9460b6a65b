// driver.mjs -- a table that plays a banker-mode game to a win over HTTP: given the
// state, the next event it logs so that `hero` stamps four travel goals (the dice are
// chosen, as a table entering its real rolls would). Shared by game.test.mjs and
// contract.test.mjs.

/** Dice without a double that sum to n (3..11), or null. */
export function diceFor(n) {
  for (let d1 = 1; d1 <= 6; d1++) {
    const d2 = n - d1;
    if (d2 >= 1 && d2 <= 6 && d2 !== d1) return [d1, d2];
  }
  return null;
}

/** The next event a table playing to let `hero` win would log, given the state. */
export function nextEvent(st, board, hero) {
  const p = st.turn.pending;
  const me = (id) => st.players.find((x) => x.id === id);
  const dest = (id) => board.destinations.find((d) => d.id === id);
  if (p && p.kind === 'buy_or_auction') {
    const price = dest(p.destination).price;
    if (p.player === hero && me(hero).cash >= price) return { type: 'buy' };
    if (me(hero).cash >= 10) return { type: 'auction', winner: hero, price: 10 };
    return { type: 'auction' };
  }
  if (p && p.kind === 'draw') {
    return p.deck === 'chance' ? { type: 'draw_chance', card: 'chance-1' } : { type: 'draw_journal', card: 'journal-1' };
  }
  if (p && p.kind === 'choose') return { type: 'choose', destination: p.options[0] };
  if (st.turn.fees_due.length) return { type: 'collect_fee' };
  const actor = me(st.turn.next);
  if (st.options.some((o) => o.type === 'jail_pay')) return { type: 'jail_pay' };
  if (actor.id !== hero) return { type: 'roll', d1: 1, d2: 2 };
  const stamped = new Set(st.destinations.filter((d) => d.stamped_by !== null).map((d) => d.id));
  const jump = actor.goals.find((g) => actor.owns.includes(g) && !stamped.has(g));
  if (jump && st.options.some((o) => o.type === 'goal_jump')) return { type: 'goal_jump', destination: jump };
  const targets = [
    ...actor.goals.filter((g) => !stamped.has(g)).map((g) => dest(g).space),
    ...st.destinations.filter((d) => d.owner === null).map((d) => dest(d.id).space),
  ];
  for (const space of targets) {
    const dice = diceFor((space - actor.position + 40) % 40);
    if (dice) return { type: 'roll', d1: dice[0], d2: dice[1] };
  }
  return { type: 'roll', d1: 3, d2: 4 };
}

// fees.test.mjs -- the banker table's buttons come from state.options: a tour fee asked
// after the lander's extra roll (a double), a fee that lapsed said in words, and Pay 50
// disabled with its reason when the player in Jail has less.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { phoneSession, shot, api, expectText, expectVisible, expectGone, pinBox } from './helpers.mjs';

let server;
let page;
let ev;
let ids;
phoneSession((s) => ({ server, page } = s));

/** A campaign of Ana and Ben with a banker game; ev() logs an event through the API. */
async function table(name) {
  const base = server.base;
  const made = await api(base, 'POST', '/campaigns', { body: { name, edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(base, cid, key);
  const people = [];
  for (const who of ['Ana', 'Ben']) people.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: who } })).id);
  const g = await api(base, 'POST', `/campaigns/${cid}/games`, {
    key, body: { mode: 'banker', seats: [{ player: people[0], token: 'hazel' }, { player: people[1], token: 't-rex' }] },
  });
  const send = (body) => api(base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  return { cid, key, gid: g.game.id, ids: people, send, url: `${base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

const region = () => page.getByRole('region', { name: 'What happened' });
const player = (name) => page.getByRole('article', { name: new RegExp(`^${name}\\b`) });
const roll = async (d1, d2) => {
  await page.getByRole('button', { name: `First die ${d1}` }).click();
  await page.getByRole('button', { name: `Second die ${d2}` }).click();
};

test('TWT-FEE the fee is still offered after the lander\'s extra roll, and asked then', async () => {
  const t = await table('Fees');
  ({ ids } = t);
  ev = t.send;
  await ev({ type: 'roll', d1: 2, d2: 4 }); // Ana buys Rapa Nui (6)
  await ev({ type: 'buy' });
  await page.goto(t.url);
  await expectVisible(page.getByRole('heading', { name: 'Ben rolls' }));
  await roll(3, 3); // Ben: a double onto Ana's Rapa Nui
  const ask = page.getByRole('button', { name: 'Ana asks the fee for Rapa Nui: Ben pays 50' });
  await expectVisible(ask);
  await roll(1, 2); // his extra roll: Chichen Itza, for sale
  await expectVisible(page.getByRole('button', { name: /Buy Chichen Itza for 120/ }));
  await expectVisible(ask);
  await shot(page, 'fees-01-fee-after-extra-roll');
  await ask.click();
  await expectText(region(), 'Ben pays Ana 50');
  await expectText(player('Ana'), '1,450');
  await expectText(player('Ben'), '1,450');
  await expectGone(page.getByRole('button', { name: /asks the fee/ }));
  await page.getByRole('button', { name: /Buy Chichen Itza for 120/ }).click();
  await expectText(player('Ben'), '1,330');
});

test('TWT-FEE a fee not asked before the next player rolls lapses, and the table is told', async () => {
  await roll(1, 2); // Ana: 6 -> 9, Ben's Chichen Itza
  const ask = page.getByRole('button', { name: 'Ben asks the fee for Chichen Itza: Ana pays 60' });
  await expectVisible(ask);
  await roll(1, 2); // Ben rolls: too late
  await expectVisible(page.getByText('Chichen Itza’s fee was not asked in time.').first());
  // What happened says it too, with the roll that let it lapse.
  await expectText(region(), 'Chichen Itza’s fee was not asked in time.');
  await expectGone(ask);
  await expectText(player('Ana'), '1,450');
  await shot(page, 'fees-02-fee-lapsed');
});

test('TWT-JAIL-2 Pay 50 is disabled with the reason when the player in Jail has less', async () => {
  // Ana 9 -> 19, no bid; Ben 12 -> 22, Chance: go to Jail; Ana 19 -> 22, Chance: collect.
  await ev({ type: 'roll', d1: 4, d2: 6 });
  await ev({ type: 'auction' });
  await ev({ type: 'roll', d1: 4, d2: 6 });
  await ev({ type: 'draw_chance', card: 'chance-6' });
  await ev({ type: 'roll', d1: 1, d2: 2 });
  await ev({ type: 'draw_chance', card: 'chance-3' });
  await ev({ type: 'adjust', player: ids[1], amount: -1300, reason: 'paid for the pizza' });
  await expectVisible(page.getByRole('heading', { name: 'Ben is in Jail' }));
  const pay = page.getByRole('button', { name: 'Pay 50 and roll' });
  await expectVisible(pay);
  assert.equal(await pay.isDisabled(), true);
  await expectText(page.locator('#jail-pay-why'), 'Ben has only 30: paying 50 needs 50. Roll for a double instead.');
  await expectText(page.getByRole('group', { name: 'Ben is in Jail' }), 'try 1 of 3');
  await expectVisible(page.getByRole('heading', { name: 'Ben rolls' }));
  await shot(page, 'fees-03-jail-pay-disabled');
});

test('UI-OPTIONS a game saved before the server listed options still gets its buttons', async () => {
  const t = await table('Older box');
  await t.send({ type: 'roll', d1: 1, d2: 2 }); // Ana 0 -> 3
  await t.send({ type: 'auction' });
  // The snapshot as an older version stored it: no options, no unavailable.
  execFileSync('sqlite3', [server.db, `UPDATE games SET state = json_remove(state, '$.options', '$.unavailable') WHERE id = ${t.gid}`]);
  const stored = await api(server.base, 'GET', `/campaigns/${t.cid}/games/${t.gid}`, { key: t.key });
  assert.equal(stored.state.options, undefined);
  await page.goto(t.url);
  await expectVisible(page.getByRole('heading', { name: 'Ben rolls' }));
  await expectVisible(page.getByRole('button', { name: 'First die 1' }));
});

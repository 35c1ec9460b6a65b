// moves.test.mjs -- the rarer banker-mode buttons, each offered only when legal:
// a goal jump, a long-distance flight, an auction with a winner and one without,
// a Chance card that lets the player choose where to go.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, api, expectText, expectVisible, expectGone, pinBox } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

const region = () => page.getByRole('region', { name: 'What happened' });

test('TWT-GOAL-JUMP, TWT-FLIGHT-LONG, TWT-AUCTION, Chance choice: only the legal buttons, and what they did', async () => {
  const base = server.base;
  const made = await api(base, 'POST', '/campaigns', { body: { name: 'Moves', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(base, cid, key);
  const ids = [];
  for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(base, 'POST', `/campaigns/${cid}/games`, {
    key, body: { mode: 'banker', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 't-rex' }, { player: ids[2], token: 'scottie' }] },
  });
  const gid = g.game.id;
  const ev = (body) => api(base, 'POST', `/campaigns/${cid}/games/${gid}/events`, { key, body });
  // Ana buys Carnaval de Barranquilla (8); Bo buys Brown destination 2 (3), whose travel
  // goal is Carnaval, and sells it to Ana; Cy rolls. Ana now owns her own goal.
  await ev({ type: 'roll', d1: 3, d2: 5 });
  await ev({ type: 'buy' });
  await ev({ type: 'roll', d1: 1, d2: 2 });
  await ev({ type: 'buy' });
  await ev({ type: 'trade', a: ids[1], b: ids[0], a_gives: { cash: 0, destinations: ['brown-2'], jail_cards: 0 }, b_gives: { cash: 60, destinations: [], jail_cards: 0 } });
  await ev({ type: 'roll', d1: 1, d2: 3 });

  await page.goto(`${base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await expectVisible(page.getByRole('heading', { name: 'Goal jump' }));
  assert.equal(await page.getByRole('heading', { name: /flight/i }).count(), 0, 'no flight offered off a flight space');
  await page.getByRole('button', { name: 'Jump to Carnaval de Barranquilla' }).click();
  await expectText(region(), 'Ana stamps Carnaval de Barranquilla on the board.');
  await expectText(page.getByRole('article', { name: /^Ana/ }), '1 of 4 goals stamped');
  await expectGone(page.getByRole('heading', { name: 'Goal jump' }));

  // Ana rolls 1+3: 8 -> 12, a long-distance flight: fly to Rapa Nui for 200.
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 3' }).click();
  // Beside the dice (Bo may roll instead), the flight is one tap away.
  await page.locator('#dock summary', { hasText: 'Long-distance flight' }).click();
  await page.getByLabel('Fly to').selectOption({ label: 'Rapa Nui' });
  await page.getByRole('button', { name: 'Fly for 200' }).click();
  await expectText(region(), 'Ana pays the Bank 200');
  await expectText(region(), 'to Rapa Nui');

  // Rapa Nui is for sale: Bo wins the auction at 80.
  await page.locator('details.auction > summary').click(); // the auction, one tap from Buy
  await page.getByLabel('Auction winner').selectOption({ label: 'Bo (has 1,500)' });
  await page.getByLabel('Winning bid').fill('80');
  await shot(page, 'moves-01-auction');
  await page.getByRole('button', { name: 'Record auction' }).click();
  await expectText(region(), 'Bo pays the Bank 80');
  await expectText(page.getByRole('article', { name: /^Bo/ }), /Owns:[\s\S]*Rapa Nui/);

  // Bo rolls 1+3: 3 -> 7, Chance: "a pink or orange destination of your choice".
  await page.getByRole('button', { name: 'First die 1' }).click();
  await page.getByRole('button', { name: 'Second die 3' }).click();
  await page.getByRole('button', { name: /pink or orange destination/ }).click();
  await expectVisible(page.getByRole('heading', { name: 'Choose a destination' }));
  await shot(page, 'moves-02-choose');
  await page.getByRole('button', { name: 'Grand Canyon' }).click();
  await expectText(region(), 'to Grand Canyon');
  // Nobody bids: the card stays with the Bank.
  await page.locator('details.auction > summary').click();
  await page.getByRole('button', { name: 'Record auction' }).click();
  await expectText(region(), 'Nobody bid on Grand Canyon');
  await expectVisible(page.getByRole('heading', { name: 'Cy rolls' }));
  await shot(page, 'moves-03-after');
});

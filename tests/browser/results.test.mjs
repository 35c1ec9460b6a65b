// results.test.mjs -- the results editions (classic, wonders, deal): create a campaign
// of each from the start page, seat players with free-text tokens, fill the result
// form and see the winner the service worked out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phoneSession, shot, expectVisible, expectText } from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

/** Create a campaign of edition, add players, start a results game with these tokens. */
async function setUp(edition, title, seats) {
  await page.goto(`${server.base}/#/`);
  await page.getByLabel('Campaign name').fill(title);
  await page.getByLabel('Edition').selectOption(edition);
  assert.equal(await page.getByText('Who collects a stamp in later games?').isVisible(), false, 'no stamp policy for results editions');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: title }));
  for (const [name] of seats) {
    await page.getByLabel('New player name').fill(name);
    await page.getByRole('button', { name: 'Add player' }).click();
    await expectText(page.getByRole('region', { name: 'Players' }), name);
  }
  await page.getByRole('link', { name: 'New game' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'New game' }));
  for (let i = 0; i < seats.length; i++) {
    await page.getByLabel(`Seat ${i + 1} player`).selectOption({ label: seats[i][0] });
    await page.getByLabel(`Seat ${i + 1} token`).fill(seats[i][1]);
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Result' }));
}

const standing = (name) => page.getByRole('group', { name: new RegExp(`^${name} \\(`) });

test('RESULTS-CLASSIC a timed classic game: the richest by net worth wins', async () => {
  await setUp('classic', 'Classic Fridays', [['Ana', 'car'], ['Bo', 'top hat'], ['Cy', 'iron']]);
  await page.getByLabel(/^Timed/).check();
  await standing('Ana').getByLabel('Cash').fill('900');
  await standing('Ana').getByLabel('Property value').fill('400');
  await standing('Ana').getByLabel('Buildings value').fill('200');
  await standing('Bo').getByLabel('Cash').fill('1200');
  await standing('Bo').getByLabel('Mortgaged value').fill('200');
  await standing('Cy').getByLabel('Cash').fill('300');
  await shot(page, 'results-01-classic-form');
  await page.getByRole('button', { name: 'Log the result' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana wins!' }));
  await expectText(page.locator('main'), /net worth/);
  await shot(page, 'results-02-classic-winner');
});

test('RESULTS-WONDERS all 22 wonders earn the 1,500 bonus, then the richest wins', async () => {
  await setUp('wonders', 'Wonders weekend', [['Ana', 'plane'], ['Bo', 'camera']]);
  await standing('Ana').getByLabel('Wonders ticked (of 22)').fill('22');
  await standing('Ana').getByLabel('Cash').fill('800');
  await standing('Bo').getByLabel('Wonders ticked (of 22)').fill('15');
  await standing('Bo').getByLabel('Cash').fill('2000');
  await page.getByRole('button', { name: 'Log the result' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana wins!' }));
  await shot(page, 'results-03-wonders-winner');
});

test('RESULTS-DEAL three complete sets win Monopoly Deal; contradictions are refused', async () => {
  await setUp('deal', 'Deal breaks', [['Ana', 'blue'], ['Bo', 'green']]);
  // Nobody with three sets: refused with the rule's words in the alert region.
  await standing('Ana').getByLabel('Complete sets').fill('2');
  await standing('Bo').getByLabel('Complete sets').fill('1');
  await page.getByRole('button', { name: 'Log the result' }).click();
  await expectText(page.getByRole('alert'), /three complete sets/);
  await standing('Bo').getByLabel('Complete sets').fill('3');
  await page.getByRole('button', { name: 'Log the result' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Bo wins!' }));
  await shot(page, 'results-04-deal-winner');
});

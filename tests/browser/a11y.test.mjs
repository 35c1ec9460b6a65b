// a11y.test.mjs -- keyboard use and the basics of accessibility on the main screens:
// every control has a name, text has AA contrast in both themes, a campaign can be created and a
// roll logged with the keyboard alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  phoneSession, api, expectVisible, expectText, contrastProblems, unlabelledControls,
} from './helpers.mjs';

let server;
let page;
phoneSession((s) => ({ server, page } = s));

/** Every control named, and AA text contrast in the light and in the dark theme. */
async function checkScreen(name) {
  assert.deepEqual(await unlabelledControls(page), [], `${name}: every control has a name`);
  assert.deepEqual(await contrastProblems(page), [], `${name}: text contrast is AA`);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    assert.deepEqual(await contrastProblems(page), [], `${name}, dark theme: text contrast is AA`);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

test('A11Y-KEYBOARD create a campaign and log a roll with the keyboard alone', async () => {
  await page.goto(`${server.base}/`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Stampbook' }));
  await checkScreen('start');
  // The first Tab reaches the skip link; focus order then follows the page.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to content');
  let guard = 0;
  while (!(await page.evaluate(() => document.activeElement && document.activeElement.labels
    && [...document.activeElement.labels].some((l) => l.textContent === 'Campaign name')))) {
    await page.keyboard.press('Tab');
    assert.ok(++guard < 20, 'the campaign name field is reachable with Tab');
  }
  await page.keyboard.type('Keyboard club');
  await page.keyboard.press('Enter');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Keyboard club' }));
  // After a screen change the focus lands on its heading.
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'H1');
  await checkScreen('campaign');

  const cid = Number(page.url().match(/#\/c\/(\d+)/)[1]);
  const key = await page.evaluate(() => JSON.parse(localStorage.getItem('stampbook.campaigns.v1'))[0].key);
  const a = await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: 'Ana' } });
  const b = await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: 'Bo' } });
  const g = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: [{ player: a.id, token: 'scottie' }, { player: b.id, token: 'hazel' }] } });
  await page.goto(`${server.base}/#/c/${cid}/game/${g.game.id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Ana rolls the dice' }));
  await checkScreen('table');
  // Dice with the keyboard: focus the first die's 2, Space; then the second die's 3, Enter.
  await page.getByRole('button', { name: 'First die 2' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Second die 3' }).focus();
  await page.keyboard.press('Enter');
  await expectText(page.getByRole('region', { name: 'What happened' }), 'Ana moves from GO to Local Flight');
  await checkScreen('table after a roll');

  await page.goto(`${server.base}/#/c/${cid}/journal`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Travel Journal' }));
  await checkScreen('journal');
  await page.goto(`${server.base}/#/c/${cid}/board`);
  await expectVisible(page.getByRole('heading', { level: 1, name: /Board/ }));
  await checkScreen('board');
});

// links.test.mjs -- a link that got out: the campaign screen makes new links (after a
// confirmation), the phone that made them keeps working with the new key, and a phone
// following the game with an old link is told, in its own language, that the link no
// longer opens the campaign, instead of trying to reconnect for ever.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableSession, campaignWithGame, shot, api, expectVisible } from './helpers.mjs';

let server;
let owner;
let follower;
let cid;
let key;
let viewKey;
let gid;

tableSession(async (s) => {
  server = s.server;
  ({ cid, key, viewKey, gid } = await campaignWithGame(server.base, 'Leaky table', { mode: 'journal' }));
  owner = await s.phone();
  follower = await s.phone({ locale: 'fr-FR' });
});

test('UI-LINKS new links close the old ones: the follower is told, the owner goes on', async () => {
  // The follower watches the game's table with the view-only link, in French.
  const watch = await follower.newPage();
  await watch.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(viewKey)}`);
  await watch.waitForURL((url) => url.hash === `#/c/${cid}/game/${gid}`); // the game is on
  await expectVisible(watch.locator('.badge.live'));

  const page = await owner.newPage();
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await page.waitForURL((url) => url.hash === `#/c/${cid}/game/${gid}`);
  // By the tab, as a player would: a goto raced the table screen still opening.
  await page.getByRole('navigation', { name: 'Campaign', exact: true }).getByRole('link', { name: 'Campaign' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Leaky table' }));
  await page.getByText('Share links', { exact: true }).click();
  const links = () => page.locator('.share input').evaluateAll((xs) => xs.map((x) => x.value));
  const before = await links(); // a phone that joined with the key shares that one
  assert.equal(before.length, 1);
  const renew = page.getByRole('button', { name: 'Make new links' });
  const box = await renew.boundingBox();
  assert.ok(box.height >= 32, `the button is a finger's size (${box.height}px)`);

  // It asks first; cancelling changes nothing.
  await renew.click();
  const dialog = page.getByRole('dialog', { name: 'Make new links?' });
  await expectVisible(dialog);
  await shot(page, 'links-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await api(server.base, 'GET', `/campaigns/${cid}`, { key })).campaign.id, cid);

  await renew.click();
  await dialog.getByRole('button', { name: 'Make new links' }).click();
  await expectVisible(page.getByText('New links made: the old ones no longer open this campaign.'));
  await expectVisible(page.locator('.share input').first());
  const after = await links(); // both new links: this phone made them
  assert.equal(after.length, 2);
  for (const link of after) assert.ok(!before.includes(link), 'each link is new');
  await shot(page, 'links-renewed');
  // The owner's phone keeps the new key: the campaign opens after a reload.
  await page.reload();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Leaky table' }));
  const newKey = decodeURIComponent(after[0].split('/').pop());
  assert.equal((await api(server.base, 'GET', `/campaigns/${cid}`, { key: newKey })).campaign.id, cid);
  await assert.rejects(api(server.base, 'GET', `/campaigns/${cid}`, { key }));

  // The follower's stream ended: its phone says why, in French, and stops retrying.
  await expectVisible(watch.getByRole('heading', { level: 1, name: 'Ce lien n’ouvre plus la campagne' }), { timeout: 15000 });
  await expectVisible(watch.getByRole('button', { name: 'Oublier sur ce téléphone' }));
  await shot(watch, 'links-refused-fr');
});

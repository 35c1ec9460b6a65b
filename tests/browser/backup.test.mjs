// backup.test.mjs -- the campaign screen's backup panel on a phone: export the campaign
// to a file, then import that file as a new campaign, which opens with everything.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { tableSession, campaignWithGame, shot, api, expectVisible } from './helpers.mjs';

let server;
let ctx;
let kept; // the campaign "Kept safe" (campaignWithGame()): two notes, then the end

const session = tableSession(async (s) => {
  server = s.server;
  kept = await campaignWithGame(server.base, 'Kept safe', { mode: 'journal' });
  const post = (body) => api(server.base, 'POST', `/campaigns/${kept.cid}/games/${kept.gid}/events`, { key: kept.key, body });
  for (const text of ['first night', 'second night']) await post({ type: 'note', text });
  await post({ type: 'end' });
  ctx = await s.phone();
});

test('UI-BACKUP export the campaign to a file, then import it as a new campaign', async () => {
  const page = await ctx.newPage();
  await page.goto(`${server.base}/#/join/${kept.cid}/${encodeURIComponent(kept.key)}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kept safe' }));
  await page.getByText('Backup', { exact: true }).click();
  const exportBtn = page.getByRole('button', { name: 'Export this campaign' });
  const box = await exportBtn.boundingBox();
  assert.ok(box.height >= 44, `the export button is a finger's size (${box.height}px)`);
  const [download] = await Promise.all([page.waitForEvent('download'), exportBtn.click()]);
  assert.match(download.suggestedFilename(), /^stampbook-kept-safe-\d{4}-\d\d-\d\d\.json$/);
  const file = join(tmpdir(), `stampbook-ui-export-${process.pid}.json`);
  await download.saveAs(file);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(doc.version, 4);
  assert.equal(doc.campaign.name, 'Kept safe');
  assert.deepEqual(doc.games[0].events.map((e) => e.payload.text ?? e.type), ['first night', 'second night', 'end']);
  await shot(page, 'backup-panel');

  await page.getByLabel('Campaign file to import').setInputFiles(file);
  await page.getByRole('button', { name: 'Import as a new campaign' }).click();
  await page.waitForURL((url) => /#\/c\/\d+$/.test(url.hash) && url.hash !== `#/c/${kept.cid}`);
  const newCid = Number(new URL(page.url()).hash.match(/#\/c\/(\d+)$/)[1]);
  assert.notEqual(newCid, kept.cid);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kept safe' }));
  await expectVisible(page.getByText('Ana'));
  // The new campaign is a full copy, opened with its own new key.
  const stored = JSON.parse(await page.evaluate(() => JSON.stringify(Object.values(localStorage))));
  const newKey = stored.map((v) => { try { return JSON.parse(v); } catch { return null; } }).flat()
    .find((e) => e && Number(e.id) === newCid)?.key;
  assert.ok(newKey && newKey !== kept.key, 'the phone keeps the new campaign\'s own key');
  const again = await api(server.base, 'GET', `/campaigns/${newCid}/export`, { key: newKey });
  assert.deepEqual(again.games[0].events.map((e) => e.payload.text ?? e.type), ['first night', 'second night', 'end']);
  await shot(page, 'backup-imported');
});

test('UI-RESTORE-HOME a backup is restored from the home screen, and a box file picked by mistake (or an export picked as a box) answers in the phone\'s language', async () => {
  const fr = await session.phone({ locale: 'fr-FR' });
  try {
    const page = await fr.newPage();
    const dir = tmpdir();
    const exported = join(dir, `stampbook-export-${process.pid}.json`);
    const box = join(dir, `stampbook-box-${process.pid}.json`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(exported, JSON.stringify(await api(server.base, 'GET', `/campaigns/${kept.cid}/export`, { key: kept.key })));
    writeFileSync(box, JSON.stringify(await api(server.base, 'GET', `/campaigns/${kept.cid}/board`, { key: kept.key })));
    await page.goto(`${server.base}/#/`);
    await page.locator('#home-restore summary').click();
    // The box file first, by mistake: said in French, nothing imported.
    await page.locator('#home-import-file').setInputFiles(box);
    await page.locator('#home-restore button[type=submit]').click();
    await expectVisible(page.locator('#alert', { hasText: 'C’est un fichier de boîte, pas une sauvegarde de campagne' }));
    // The export: a new campaign, opened.
    await page.locator('#home-import-file').setInputFiles(exported);
    await page.locator('#home-restore button[type=submit]').click();
    await page.waitForURL(/#\/c\/\d+$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kept safe' }));
    await shot(page, 'backup-03-restored-from-home');
    // An export picked as the box of a new campaign: said in French too.
    await page.goto(`${server.base}/#/`);
    await page.locator('input[name=name]').fill('Nouvelle');
    await page.locator('input[name=box_source][value=file]').check();
    await page.locator('#box-file').setInputFiles(exported);
    await page.locator('form[aria-labelledby=new-campaign] button[type=submit]').click();
    await expectVisible(page.locator('#alert', { hasText: 'C’est une sauvegarde de campagne, pas un fichier de boîte' }));
    assert.deepEqual(fr.errors, [], 'no script errors');
  } finally {
    await fr.close();
  }
});

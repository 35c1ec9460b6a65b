// proxy.test.mjs -- the web UI under a base path (serve --base-path /stampbook, as
// behind a reverse proxy that shares a host): it loads, reaches the API under the
// prefix only, and a finished game offers its "Send to BG Stats" link.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launchServer } from '../integration/server.mjs';
import { ROOT, api, expectVisible, launchBrowser, phoneContext, shot } from './helpers.mjs';

let server;
let browser;
let ctx;

before(async () => {
  const env = { ...process.env };
  delete env.STAMPBOOK_ADMIN_KEY;
  server = await launchServer({ staticDir: path.join(ROOT, 'static'), env, args: ['--base-path', '/stampbook'], healthPath: '/stampbook/api/v1/health' });
  browser = await launchBrowser();
  ctx = await phoneContext(browser);
});
after(async () => {
  if (ctx) assert.deepEqual(ctx.errors, [], 'no script errors in the page');
  await browser?.close();
  await server?.cleanup();
});

test('under --base-path the UI works, calls the API under the prefix, and links a finished game to BG Stats', async () => {
  const base = `${server.url}/stampbook`;
  const made = await api(base, 'POST', '/campaigns', { body: { name: 'Behind the proxy' } });
  const cid = made.campaign.id;
  const key = made.key;
  const ann = (await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: 'Ann' } })).id;
  const bo = (await api(base, 'POST', `/campaigns/${cid}/players`, { key, body: { name: 'Bo' } })).id;
  const g = await api(base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats: [{ player: ann, token: 'hazel' }, { player: bo, token: 'scottie' }] } });
  for (const destination of ['rapa-nui', 'angkor-wat', 'red-1', 'red-3']) {
    await api(base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body: { type: 'stamp_goal', player: bo, destination } });
  }

  const page = await ctx.newPage();
  await page.goto(`${base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Behind the proxy' }));
  const link = page.getByRole('link', { name: `Send to BG Stats: game ${g.game.number ?? g.game.id}` });
  await expectVisible(link);
  const href = new URL(await link.getAttribute('href'));
  assert.equal(`${href.origin}${href.pathname}`, 'https://app.bgstatsapp.com/createPlay.html');
  const data = JSON.parse(href.searchParams.get('data'));
  assert.equal(data.game.name, 'Monopoly Travel World Tour');
  assert.deepEqual(data.players.map((p) => [p.name, p.score, p.winner]), [['Ann', 0, false], ['Bo', 4, true]]);
  const box = await link.boundingBox();
  assert.ok(box.height >= 44, `the link is a touch target (${box.height}px high)`);
  await shot(page, 'proxy-base-path-campaign');

  const ours = ctx.requests.map((r) => new URL(r.url())).filter((u) => u.host === new URL(server.url).host);
  assert.ok(ours.length > 3);
  for (const u of ours) assert.ok(u.pathname.startsWith('/stampbook/'), `${u.pathname} is under the base path`);
  assert.ok(ours.some((u) => u.pathname.startsWith('/stampbook/api/v1/campaigns/')), 'the UI called the API under the prefix');
  await page.close();
});

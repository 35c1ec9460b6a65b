// box.test.mjs -- the group's own box on phones: the "Check your box" walk from a new
// campaign to its end (resumed after a reload), fixes made at the table during a game
// and seen live by a second phone, the box editor and the walk refusing the same values
// with the same sentence, and a campaign started from a box file.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  startServer, launchBrowser, phoneContext, shot, api, expectText, expectVisible, eventually, ARTIFACTS,
  contrastProblems, unlabelledControls, campaignWithGame, matchRapaNuiOnLanding,
} from './helpers.mjs';

/** Every control has a name and all text reads at AA contrast. */
async function accessible(page, name) {
  assert.deepEqual(await unlabelledControls(page), [], `${name}: every control has a name`);
  assert.deepEqual(await contrastProblems(page), [], `${name}: text contrast is AA`);
}

let server;
let browser;
const contexts = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts) assert.deepEqual(c.errors, [], 'no script errors in the page');
  await browser?.close();
  await server?.stop();
});

async function phone(url) {
  const ctx = await phoneContext(browser);
  contexts.push(ctx);
  const page = await ctx.newPage();
  if (url) await page.goto(url);
  return page;
}

/** Create a campaign through the start page; returns {cid, key}. */
async function createInUi(page, name, setup = async () => {}) {
  await page.goto(`${server.base}/`);
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Edition').selectOption('travel-world-tour');
  await setup();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name }));
  const rw = await page.getByLabel('Read-write link').inputValue();
  const m = rw.match(/\/#\/join\/(\d+)\/(.+)$/);
  return { cid: Number(m[1]), key: decodeURIComponent(m[2]) };
}

/** In the check walk: "Matches my box" tapped, the walk goes on to the fact headed next. */
async function matches(page, next) {
  await page.getByRole('button', { name: 'Matches my box' }).click();
  await expectVisible(page.getByRole('heading', { name: next }));
}

/**
 * The check walk of campaign c opened at the fact headed at: Fix, label set to bad is
 * refused with the sentence said, then checks() (the test's own), then good is saved and
 * the walk goes on to the fact headed next.
 */
async function walkRefuses(page, c, { at, label, bad, said, good, next }, checks = async () => {}) {
  await page.goto(`${server.base}/#/c/${c.cid}/check`);
  await expectVisible(page.getByRole('heading', { name: at }));
  await page.getByRole('button', { name: 'Fix' }).click();
  await page.getByLabel(label).fill(bad);
  await page.getByRole('button', { name: 'Save and go on' }).click();
  await expectText(page.locator('#alert'), said);
  await checks();
  await page.getByLabel(label).fill(good);
  await page.getByRole('button', { name: 'Save and go on' }).click();
  await expectVisible(page.getByRole('heading', { name: next }));
}

/**
 * The box editor of campaign c: the item titled title in the region named region opened,
 * its field label showing shown; bad saved there is refused with the sentence said.
 * Returns the item.
 */
async function editorRefuses(page, c, { region, title, label, shown, bad, said }) {
  await page.goto(`${server.base}/#/c/${c.cid}/box`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Box editor' }));
  const item = page.getByRole('region', { name: region }).locator('details')
    .filter({ has: page.locator('summary', { hasText: title }) }).first();
  await item.locator('summary').click();
  assert.equal(await item.getByLabel(label).inputValue(), shown);
  await item.getByLabel(label).fill(bad);
  await item.getByRole('button', { name: 'Save' }).click();
  await expectText(page.locator('#alert'), said);
  return item;
}

const boardOf = (c) => api(server.base, 'GET', `/campaigns/${c.cid}/board`, { key: c.key });

test('UI-CHECK the check walk from a new campaign to its end, resumed after a reload', async () => {
  const page = await phone();
  const c = await createInUi(page, 'Our own box');
  // Offered right after creating the campaign.
  const offer = page.getByRole('region', { name: 'Check your box' });
  await expectText(offer, '0 of 82 checked');
  await shot(page, 'box-01-offer');
  await offer.getByRole('link', { name: 'Check your box' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Space 1 of 40' }));
  await expectText(page.locator('.fact-card'), 'GO');
  await matches(page, 'Space 2 of 40');
  await expectText(page.locator('.check-count'), '1 of 82 checked');
  // Three more as printed, then the tax on space 4 is fixed.
  for (let i = 2; i <= 4; i++) await matches(page, `Space ${i + 1} of 40`);
  await expectText(page.locator('.fact-card'), 'Tax');
  await page.getByRole('button', { name: 'Fix' }).click();
  await page.getByLabel('Tax to pay').fill('150');
  await accessible(page, 'the walk with its editor open');
  await shot(page, 'box-02-fix-a-tax');
  await page.getByRole('button', { name: 'Save and go on' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Space 6 of 40' }));
  assert.equal((await boardOf(c)).spaces[4].amount, 150);
  // A reload carries on where the walk was.
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Space 6 of 40' }));
  await expectText(page.locator('.check-count'), '5 of 82 checked');
  // The rest, one tap each; a Destination card is shown as printed on the way.
  for (let n = 5; n < 82; n++) {
    if (n === 40) {
      await expectVisible(page.getByRole('heading', { name: 'Destination 1 of 22' }));
      await expectText(page.locator('.dest-card'), 'Travel goal');
      await accessible(page, 'a Destination card in the walk');
      await shot(page, 'box-03-destination');
    }
    if (n === 62) {
      await expectVisible(page.getByRole('heading', { name: 'Chance card 1 of 10' }));
      await expectText(page.locator('.fact-card'), 'In play:');
    }
    if (n === 72) {
      await expectVisible(page.getByRole('heading', { name: 'Journal card 1 of 10' }));
      await expectText(page.locator('.circles'), 'open');
    }
    await page.getByRole('button', { name: 'Matches my box' }).click();
    await expectText(page.locator('.check-count'), `${n + 1} of 82 checked`);
  }
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Your box is checked' }));
  await shot(page, 'box-04-done');
  const b = await boardOf(c);
  assert.deepEqual(b.check, { facts: 82, checked: 82 });
  // The campaign screen no longer offers the walk.
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Our own box' }));
  assert.equal(await page.getByRole('region', { name: 'Check your box' }).count(), 0);
});

test('UI-FIX at the table: a destination price and a journal card’s circles, seen by a second phone', async () => {
  const c = await campaignWithGame(server.base, 'Fix at the table', { mode: 'banker' });
  const link = `${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`;
  const A = await phone(link);
  const B = await phone(link);
  for (const p of [A, B]) await expectText(p.locator('.live-line'), 'live');
  // Ana rolls 1 + 2: Brown destination 2, not checked yet, on offer.
  await A.getByRole('button', { name: 'First die 1' }).click();
  await A.getByRole('button', { name: 'Second die 2' }).click();
  await expectVisible(A.getByRole('button', { name: /^Buy Brown destination 2 \(check your box\) for 60/ }));
  await expectVisible(B.getByRole('button', { name: /^Buy Brown destination 2 \(check your box\) for 60/ }));
  const prompt = A.getByRole('group', { name: /Check your box/ });
  await prompt.getByRole('button', { name: 'Fix' }).click();
  await prompt.getByLabel('Name').fill('Bodiam Castle');
  await prompt.getByLabel('Price').fill('70');
  await accessible(A, 'a fix at the table');
  await shot(A, 'box-05-fix-at-the-table');
  await prompt.getByRole('button', { name: 'Save the fix' }).click();
  await expectVisible(A.getByRole('button', { name: /^Buy Bodiam Castle for 70/ }));
  // The second phone follows live.
  await expectVisible(B.getByRole('button', { name: /^Buy Bodiam Castle for 70/ }));
  await expectText(B.getByRole('region', { name: 'What happened' }), 'Box corrected: Bodiam Castle');
  await shot(B, 'box-06-second-phone');
  await B.getByRole('button', { name: /^Buy Bodiam Castle for 70/ }).click();
  await expectText(A.getByRole('article', { name: /^Ana\b/ }), '1,430');
  const events = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key })).events;
  assert.deepEqual(events.filter((e) => e.type === 'correct').map((e) => e.fields), [{ name: 'Bodiam Castle', price: 70 }]);
  // End it and play a journal game: a card drawn the first time asks for its wording.
  await api(server.base, 'POST', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key, body: { type: 'end' } });
  const j = await api(server.base, 'POST', `/campaigns/${c.cid}/games`, {
    key: c.key, body: { mode: 'journal', seats: [{ player: c.ana, token: 'scottie' }, { player: c.bo, token: 't-rex' }] },
  });
  const slotsNow = (await boardOf(c)).journal.find((x) => x.id === 'journal-4').slots;
  for (const p of [A, B]) {
    await p.goto(`${server.base}/#/c/${c.cid}/game/${j.game.id}`);
    await expectText(p.locator('.live-line'), 'live');
  }
  // The card grid shows each card's title and circles; tap the card drawn.
  const tile = (p) => p.locator('#jm-card-journal-4');
  // The circles are drawn by CSS from data-dots; the words beside them are text.
  const circles = async (p) => `${await tile(p).locator('.cg-dots').getAttribute('data-dots')} ${await tile(p).innerText()}`;
  assert.match(await circles(A), new RegExp(`○{${slotsNow}} [\\s\\S]*${slotsNow} open`));
  await tile(A).click();
  const ask = A.getByRole('group', { name: /what does it say/ });
  await expectVisible(ask);
  await ask.getByLabel('Stamp circles').fill(String(slotsNow + 2));
  await ask.getByRole('button', { name: 'Save the fix' }).click();
  await eventually(async () => new RegExp(`○{${slotsNow + 1}} [\\s\\S]*${slotsNow + 1} open`).test(await circles(B)), { message: 'the second phone shows the new circles' });
  await shot(B, 'box-07-journal-circles');
  const card = (await api(server.base, 'GET', `/campaigns/${c.cid}/journal/journal-4`, { key: c.key }));
  assert.equal(card.slots, slotsNow + 2);
});

test('UI-BOXFILE download a box file and start a new campaign from it', async () => {
  const page = await phone();
  const a = await createInUi(page, 'First table');
  await api(server.base, 'PUT', `/campaigns/${a.cid}/board/destinations/rapa-nui`, { key: a.key, body: { price: 110, checked: true } });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download box file' }).click()]);
  const file = path.join(ARTIFACTS, 'first-table-box.json');
  await download.saveAs(file);
  const box = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(box.destinations.find((d) => d.id === 'rapa-nui').price, 110);
  const b = await createInUi(page, 'Cousins', async () => {
    await page.getByLabel('A box file').check();
    await page.getByLabel('Box file', { exact: true }).setInputFiles(file);
  });
  assert.deepEqual(await boardOf(b), await boardOf(a));
  // From another campaign this phone knows.
  const c = await createInUi(page, 'Neighbours', async () => {
    await page.getByLabel('The box of another campaign on this phone').check();
    await page.getByLabel('Campaign to copy the box from').selectOption(String(a.cid));
  });
  assert.deepEqual(await boardOf(c), await boardOf(a));
  // A damaged file is refused and creates nothing.
  const damaged = path.join(ARTIFACTS, 'damaged-box.json');
  box.spaces.pop();
  (await import('node:fs')).writeFileSync(damaged, JSON.stringify(box));
  await page.goto(`${server.base}/`);
  await page.getByLabel('Campaign name').fill('Broken');
  await page.getByLabel('A box file').check();
  await page.getByLabel('Box file', { exact: true }).setInputFiles(damaged);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expectText(page.getByRole('alert'), 'the box file is damaged');
  await shot(page, 'box-08-damaged-file');
});

test('UI-FIX a landing on an owned destination not checked yet: "Matches my box" checks it', async () => {
  const c = await campaignWithGame(server.base, 'Landing', { mode: 'banker' });
  const ev = (body) => api(server.base, 'POST', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key, body });
  await ev({ type: 'roll', d1: 2, d2: 4 }); // Ana: Rapa Nui
  await ev({ type: 'buy' });
  const page = await phone(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
  await matchRapaNuiOnLanding(page);
  await eventually(async () => (await boardOf(c)).destinations.find((d) => d.id === 'rapa-nui').source === 'group', { message: 'Rapa Nui checked' });
  await eventually(async () => (await page.getByRole('group', { name: /Check your box/ }).count()) === 0, { message: 'the prompt goes once checked' });
  // A check mark changes no rule: nothing was appended to the game.
  const events = (await api(server.base, 'GET', `/campaigns/${c.cid}/games/${c.gid}/events`, { key: c.key })).events;
  assert.deepEqual(events.map((e) => e.type), ['roll', 'buy', 'roll']);
});

test('UI-BOX-SAME the box editor and the check walk refuse the same values with the same sentence, and show each other\'s fixes', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'One editor' } });
  const c = { cid: made.campaign.id, key: made.key };
  const put = (part, id, body) => api(server.base, 'PUT', `/campaigns/${c.cid}/board/${part}/${encodeURIComponent(id)}`, { key: c.key, body });
  for (let i = 0; i < 40; i++) await put('spaces', i, { checked: true });
  const first = (await boardOf(c)).destinations.sort((a, b) => a.space - b.space)[0];
  const page = await phone(`${server.base}/#/join/${c.cid}/${encodeURIComponent(c.key)}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'One editor' }));
  const priceBad = 'Price: a multiple of 10, 0 or more.';
  const slotsBad = 'Stamp circles: a whole number from 1 to 12.';
  // The walk: a price of 25 is refused, 130 is saved.
  await walkRefuses(page, c, { at: 'Destination 1 of 22', label: 'Price', bad: '25', said: priceBad, good: '130', next: 'Destination 2 of 22' }, async () => {
    assert.equal(await page.getByLabel('Price').evaluate((el) => el === document.activeElement), true, 'the price has the focus');
    await shot(page, 'box-09-walk-refuses-25');
  });
  // The box editor shows the walk's fix and refuses 25 with the same sentence.
  await editorRefuses(page, c, { region: 'Destinations', title: first.name, label: 'Price', shown: '130', bad: '25', said: priceBad });
  await shot(page, 'box-10-editor-refuses-25');
  assert.equal((await boardOf(c)).destinations.find((d) => d.id === first.id).price, 130, 'nothing was sent');
  // The first Journal card: 13 circles refused in the walk, 5 saved; the editor shows 5 and refuses 13.
  let b = await boardOf(c);
  for (const d of b.destinations) await put('destinations', d.id, { checked: true });
  for (const x of b.chance) await put('chance', x.id, { checked: true });
  const card = b.journal[0];
  await walkRefuses(page, c, { at: 'Journal card 1 of 10', label: 'Stamp circles', bad: '13', said: slotsBad, good: '5', next: 'Journal card 2 of 10' });
  const item = await editorRefuses(page, c, { region: 'Travel Journal cards', title: card.title, label: 'Stamp circles', shown: '5', bad: '13', said: slotsBad });
  // A valid value in the editor is saved.
  await item.getByLabel('Stamp circles').fill('6');
  await item.getByRole('button', { name: 'Save' }).click();
  await expectVisible(item.getByRole('button', { name: 'Saved ✓' }));
  b = await boardOf(c);
  assert.equal(b.journal.find((x) => x.id === card.id).slots, 6);
});

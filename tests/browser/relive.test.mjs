// relive.test.mjs -- memories at a table of phones (issues 23 and 21): a banker game's
// journal card pays Ana's stamp from the game before, and "What happened" brings back her
// memory with its photo as the money moves. On 390x844, 320x640 and landscape 844x390,
// in English, French and Romanian: the "Add a memory" form opened and the relived memory
// with its photo never push the next decision off the first screen nor make the page
// wider than the phone, and the memory's words read in the page's language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  phoneContext, api, eventually, expectText, onScreen, ARTIFACTS, LANGS, firstScreen, withBrowser, withPhone, everySizeAndLang, campaignWithMemory,
} from './helpers.mjs';

/** How each language brings the memory back. */
const RELIVED = {
  en: 'Ana stamped this in game 1: “we watched the sun come up over the clouds”',
  fr: 'Ana a posé ce tampon à la partie 1\u00a0: «\u00a0we watched the sun come up over the clouds\u00a0»',
  ro: 'Ana a pus această ștampilă în jocul 1: „we watched the sun come up over the clouds”',
};

/** The element's first line inside the viewport and not covered (its start and end). */
function firstLineOnScreen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
    if (!r.width || r.top < 0 || r.left < 0 || r.top + line > innerHeight || r.right > innerWidth) return `outside: ${Math.round(r.top)}..${Math.round(r.top + line)} of ${innerHeight}`;
    for (const x of [r.left + 4, r.right - 4]) {
      const hit = document.elementFromPoint(x, r.top + line / 2);
      if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) return `covered at ${Math.round(x)},${Math.round(r.top + line / 2)} by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
    }
    return '';
  });
}

/** The page's width against the phone's, and what sticks out. */
function overflow(page) {
  return page.evaluate(() => {
    const W = window.innerWidth;
    if (document.scrollingElement.scrollWidth <= W) return '';
    const out = [...document.querySelectorAll('body *')].filter((e) => !e.closest('.tabs, .strip ul') && e.getBoundingClientRect().right > W + 1)
      .map((e) => e.outerHTML.slice(0, 70)).slice(0, 3);
    return `the page is ${document.scrollingElement.scrollWidth} px wide on a ${W} px phone: ${out.join(' | ')}`;
  });
}

/**
 * A campaign where Ana stamped "Sunrise at the summit" in game 1 and kept a memory with a
 * photo of it; game 2 (banker) is waiting for Ana to draw a journal card after her roll.
 */
async function campaign(base, { pin = true } = {}) {
  const { cid, key, seats, post } = await campaignWithMemory(base, {
    name: 'Relive',
    pin,
    text: 'we watched the sun come up over the clouds',
    photo: [1280, 853, (x, y) => (y > 560 ? [30, 80 + (x % 50), 150] : (x - 900) ** 2 + (y - 300) ** 2 < 9000 ? [240, 150, 40] : [250 - y / 4, 180, 200])],
    stamps: ['rapa-nui', 'angkor-wat', 'red-1', 'red-3'],
  });
  const g2 = (await api(base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats } })).game.id;
  // Ana rolls onto the first journal space within reach of two dice.
  const board = await api(base, 'GET', `/campaigns/${cid}/board`, { key });
  const journal = board.spaces.find((s) => s.kind === 'journal' && s.index >= 2 && s.index <= 12);
  assert.ok(journal, 'a journal space within one roll of GO');
  const d1 = Math.min(6, journal.index - 1);
  const st = (await post(g2, { type: 'roll', d1, d2: journal.index - d1 })).state;
  assert.ok(st.options.some((o) => o.type === 'draw_journal'), `the roll onto ${journal.index} asks for a journal card (${JSON.stringify(st.options)})`);
  return { url: `${base}/#/join/${cid}/${encodeURIComponent(key)}`, table: `${base}/#/c/${cid}/game/${g2}` };
}

test('UI-RELIVE the memory with its photo comes back as the card pays, and neither it nor the memory form pushes the next decision off the first screen or widens the page, on every phone size, in en/fr/ro', () => withBrowser(async ({ server, browser }) => {
  const failures = [];
  await everySizeAndLang(async ({ size, lang, label, options }) => {
    const c = await campaign(server.base);
    await withPhone(browser, options, async (page) => {
      await page.goto(c.url);
      await page.goto(c.table);
      const card = page.locator('[id="draw-journal-2"]');
      await card.waitFor();
      let why = await onScreen(card);
      if (why) failures.push(`${label}: the journal card to draw is not on screen: ${why}`);

      // "Add a memory" opened (far down in More) leaves the page as wide as the phone,
      // and the decision where it was once the phone is back at the top.
      await page.locator('#memory-add summary').click();
      await page.locator('#memory-text').waitFor();
      why = await overflow(page);
      if (why) failures.push(`${label}, memory form open: ${why}`);
      await page.locator('#memory-add').screenshot({ path: path.join(ARTIFACTS, `relive-${label}-form.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      why = await onScreen(card);
      if (why) failures.push(`${label}, memory form open: the journal card to draw is not on screen: ${why}`);

      // Ana draws the card: her memory of game 1 comes back with its photo.
      await card.click();
      const happened = page.locator('.card.last');
      await eventually(async () => (await happened.innerText()).includes(RELIVED[lang]), { message: `${label}: ${RELIVED[lang]}` })
        .catch(async (e) => failures.push(`${label}: ${e.message}; it shows ${JSON.stringify(await happened.innerText())}`));
      const img = happened.locator('img.memory-photo');
      await eventually(() => img.evaluate((el) => el.complete && el.naturalWidth === 1280), { message: 'the photo shown' });
      // The next decision (Bo's dice) on the first screen, nothing wider than the phone.
      await page.locator('#die1-1').waitFor();
      for (const id of ['#die1-1', '#die1-6', '#die2-1', '#die2-6']) {
        why = await onScreen(page.locator(id));
        if (why) { failures.push(`${label}, after the memory came back: ${id} is not on screen: ${why}`); break; }
      }
      why = await overflow(page);
      if (why) failures.push(`${label}, memory relived: ${why}`);
      const box = await img.boundingBox();
      if (box.width > size.width) failures.push(`${label}: the photo is ${box.width} px wide on a ${size.width} px phone`);
      await firstScreen(page, `relive-${label}-first-screen`);
      await happened.screenshot({ path: path.join(ARTIFACTS, `relive-${label}-what-happened.png`) });
      const text = await page.evaluate(() => document.querySelector('main').innerText);
      const bad = text.match(/\bnull\b|\bundefined\b|\bNaN\b|journal-\d|\b[A-Z]{2,}-[A-Z0-9]+\b/g);
      if (bad) failures.push(`${label}: the screen shows ${bad.join(', ')}`);
    });
  });
  assert.deepEqual(failures, [], 'the memory relived, the decision on the first screen');
}));

test('UI-RELIVE-EVERY-PHONE when one phone draws the card, the memory with its photo comes back on every phone following the game, in en/fr/ro', () => withBrowser(async ({ server, browser }) => {
  for (const [lang, locale] of LANGS) {
    const c = await campaign(server.base);
    const phones = [];
    for (let i = 0; i < 2; i++) {
      const ctx = await phoneContext(browser, { locale });
      const page = await ctx.newPage();
      await page.goto(c.url);
      await page.goto(c.table);
      await page.locator('[id="draw-journal-2"]').waitFor();
      await page.locator('.live-line .badge.live').waitFor();
      phones.push({ ctx, page });
    }
    const [first, second] = phones.map((p) => p.page);
    await first.locator('[id="draw-journal-2"]').click();
    await expectText(first.locator('.card.last'), RELIVED[lang]);
    // The second phone follows through the stream: the same memory, with its photo.
    const happened = second.locator('.card.last');
    await expectText(happened, RELIVED[lang]);
    await eventually(() => happened.locator('img.memory-photo').evaluate((el) => el.complete && el.naturalWidth === 1280), { message: 'the photo shown on the second phone' });
    await firstScreen(second, `relive-second-phone-${lang}`);
    for (const { ctx } of phones) {
      assert.deepEqual(ctx.errors, [], 'no script errors');
      await ctx.close();
    }
  }
}));

test('UI-RELIVE-DRAWER-FORM on the drawer\'s phone the card-correction form opened for an unchecked card pushes neither the memory it brings back nor the next decision off the first screen, on every phone size, in en/fr/ro', () => withBrowser(async ({ server, browser }) => {
  const failures = [];
  await everySizeAndLang(async ({ size, lang, label, options }) => {
    const c = await campaign(server.base, { pin: false }); // the box unchecked, as a new group has it
    await withPhone(browser, options, async (page) => {
      await page.goto(c.url);
      await page.goto(c.table);
      await page.locator('[id="draw-journal-2"]').click();
      const happened = page.locator('.card.last');
      await eventually(async () => (await happened.innerText()).includes(RELIVED[lang]), { message: `${label}: ${RELIVED[lang]}` });
      // The drawer's phone asks what the card says, its correction form open.
      const form = happened.locator('.fact-check form');
      await form.waitFor();
      await page.locator('#die1-1').waitFor();
      // Its words wholly on the first screen; on the smallest phone, where twelve dice
      // and the card drawn take most of it, they start there (their first line).
      const words = happened.locator('.relived p').first();
      let why = size.height >= 640 && size.width > 320 ? await onScreen(words) : await firstLineOnScreen(words);
      if (why) failures.push(`${label}: the memory's words are not on the first screen: ${why}`);
      const before = await page.evaluate(() => {
        const m = document.querySelector('.card.last .relived');
        const f = document.querySelector('.card.last .fact-check');
        return Boolean(m && f && (m.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING));
      });
      if (!before) failures.push(`${label}: the correction form comes before the memory`);
      for (let i = 1; i <= 2; i++) {
        for (let v = 1; v <= 6; v++) {
          why = await onScreen(page.locator(`#die${i}-${v}`));
          if (why) { failures.push(`${label}: die ${i}-${v} is not on the first screen: ${why}`); break; }
        }
      }
      why = await overflow(page);
      if (why) failures.push(`${label}: ${why}`);
      await firstScreen(page, `relive-drawer-form-${label}`);
    });
  });
  assert.deepEqual(failures, [], 'the memory and the decision on the first screen, the form below');
}));

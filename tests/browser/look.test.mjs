// look.test.mjs -- the UI's look and reach (issue 15): the table in English, French and
// Romanian (lang on the document, messages and money by locale, switchable), dark mode
// from prefers-color-scheme, a QR code beside each share link, the web app manifest and
// a service worker serving the shell offline, the tab bar at 200 % text, and charts that
// colour by player, keep their labels and draw a negative payout as negative. Saves the
// table's screenshots in the three languages and both themes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  phoneSession, phoneContext, shot, api, expectText, expectVisible, eventually, pinBox, contrastProblems,
} from './helpers.mjs';

let server;
let browser;
let page;
phoneSession((s) => ({ server, browser, page } = s));

const others = [];
process.on('exit', () => { for (const c of others) c.close().catch(() => {}); });

/** A campaign with Ana and Bo and a banker game in which Ana bought Brown 2. */
async function table() {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Look', edition: 'travel-world-tour' } });
  const cid = made.campaign.id;
  const { key } = made;
  await pinBox(server.base, cid, key);
  const ids = [];
  for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'banker', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 'scottie' }] } });
  const post = (body) => api(server.base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  await post({ type: 'roll', d1: 1, d2: 2 });
  await post({ type: 'buy' });
  return { cid, key, ids, gid: g.game.id, join: `${server.base}/#/join/${cid}/${encodeURIComponent(key)}` };
}

/** A new table() opened at page (or on a new phone() with options), its heading
 * saying heading; returns the page. */
async function atTable(heading, { page: at, options } = {}) {
  const g = await table();
  const p = at || await phone(options);
  await p.goto(g.join);
  await expectVisible(p.getByRole('heading', { level: 1, name: heading }));
  return p;
}

/** A page in a new phone context with these options (locale, colorScheme…). */
async function phone(options) {
  const ctx = await phoneContext(browser, options);
  others.push(ctx);
  const p = await ctx.newPage();
  p.ctx = ctx;
  return p;
}

test('I18N-FR a French browser gets lang="fr", French messages and French money (fr-FR); rule texts stay as typed', async () => {
  const p = await atTable('À Bo de lancer les dés', { options: { locale: 'fr-FR' } });
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'fr');
  // 1 440 with the narrow no-break space of fr-FR (Intl.NumberFormat), not "1,440".
  const cash = p.locator('.strip li').first().locator('.strip-cash');
  await expectText(cash, '1\u202f440');
  await expectText(p.locator('#waiting-for'), 'Le tour d’Ana est fini\u00a0: Bo lance ensuite.');
  await expectText(p.getByRole('navigation', { name: 'Campagne' }), 'Plateau');
  await expectText(p.getByRole('region', { name: 'Soldes' }), '★ 0/4');
  await p.locator('summary', { hasText: 'Journal des événements' }).click();
  await expectText(p.locator('#event-log'), /Ana paie 60 à la Banque \(achat\)\./);
  await shot(p, 'look-table-fr-light');
  // The box's own texts are not translated.
  await p.getByRole('navigation', { name: 'Campagne' }).getByRole('link', { name: 'Journal' }).click();
  await expectVisible(p.getByRole('heading', { level: 1, name: 'Carnet de voyage' }));
  await expectVisible(p.getByRole('heading', { name: 'Market day' }));
  await expectText(p.getByRole('article', { name: /Market day/ }), 'chaque tampon reçoit 50 de la Banque');
  assert.deepEqual(p.ctx.errors, []);
});

test('I18N-RO a Romanian browser gets lang="ro", Romanian messages and money (ro-RO)', async () => {
  const p = await atTable('Bo aruncă zarurile', { options: { locale: 'ro-RO' } });
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'ro');
  await expectText(p.locator('.strip li').first().locator('.strip-cash'), '1.440');
  await expectText(p.getByRole('region', { name: 'Solduri' }), '★ 0/4');
  await shot(p, 'look-table-ro-light');
  await p.emulateMedia({ colorScheme: 'dark' });
  await shot(p, 'look-table-ro-dark');
  assert.deepEqual(p.ctx.errors, []);
});

test('I18N-SWITCH the language is switchable, kept on the phone, and the screen re-draws in place', async () => {
  const p = await atTable('Bo rolls the dice', { options: { locale: 'en-GB' } });
  await p.getByLabel('Language').selectOption('fr');
  await expectVisible(p.getByRole('heading', { level: 1, name: 'À Bo de lancer les dés' }));
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await p.getByRole('link', { name: 'Aller au contenu' }).count(), 1, 'the page shell is translated too');
  await p.reload();
  await expectVisible(p.getByRole('heading', { level: 1, name: 'À Bo de lancer les dés' }));
  await p.getByLabel('Langue').selectOption('ro');
  await expectVisible(p.getByRole('heading', { level: 1, name: 'Bo aruncă zarurile' }));
  await p.getByLabel('Limba').selectOption('en');
  await expectVisible(p.getByRole('heading', { level: 1, name: 'Bo rolls the dice' }));
  assert.deepEqual(p.ctx.errors, []);
});

test('UI-DARK prefers-color-scheme dark gives a dark background and AA contrast in both themes', async () => {
  const p = await atTable('Bo rolls the dice', { options: { locale: 'en-GB' } });
  const luminance = () => p.evaluate(() => {
    const bg = (el) => getComputedStyle(el).backgroundColor;
    const c = bg(document.body) === 'rgba(0, 0, 0, 0)' ? bg(document.documentElement) : bg(document.body);
    const m = c.match(/\d+(\.\d+)?/g).map(Number);
    const f = (v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]);
  });
  assert.ok(await luminance() > 0.8, 'light by default');
  assert.deepEqual(await contrastProblems(p), [], 'light: AA');
  await shot(p, 'look-table-en-light');
  await p.emulateMedia({ colorScheme: 'dark' });
  assert.ok(await luminance() < 0.02, 'dark background with the dark scheme');
  assert.deepEqual(await contrastProblems(p), [], 'dark: AA');
  await shot(p, 'look-table-en-dark');
  await p.getByLabel('Language').selectOption('fr');
  await expectVisible(p.getByRole('heading', { level: 1, name: 'À Bo de lancer les dés' }));
  await shot(p, 'look-table-fr-dark');
  await p.getByLabel('Langue').selectOption('en');
  for (const tab of ['Campaign', 'Journal', 'Board', 'Stats']) {
    await p.getByRole('navigation', { name: 'Campaign', exact: true }).getByRole('link', { name: tab }).click();
    await expectVisible(p.getByRole('heading', { level: 1 }));
    await p.waitForTimeout(200);
    assert.deepEqual(await contrastProblems(p), [], `dark ${tab}: AA`);
  }
  assert.deepEqual(p.ctx.errors, []);
});

test('UI-QR each share link on the campaign screen has a QR code beside it', async () => {
  await atTable('Bo rolls the dice', { page });
  await page.getByRole('navigation', { name: 'Campaign', exact: true }).getByRole('link', { name: 'Campaign' }).click();
  await page.locator('summary', { hasText: 'Share links' }).click();
  // This phone joined with the read-write link: it shares that one (the creator's phone
  // also has the view-only link, with its own code).
  assert.equal(await page.locator('svg.qr').count(), await page.locator('.share input').count(), 'one code a link');
  for (const name of [/^QR code to join and play/]) {
    const qr = page.getByRole('img', { name });
    await expectVisible(qr);
    const box = await qr.boundingBox();
    assert.ok(box.width >= 150 && Math.abs(box.width - box.height) < 1, 'a square big enough to scan');
    // A QR symbol of version v has 17 + 4v modules a side; the viewBox adds a 4-module quiet zone.
    const side = Number((await qr.getAttribute('viewBox')).split(' ')[2]) - 8;
    assert.ok(side >= 21 && (side - 17) % 4 === 0, `module count ${side}`);
    assert.ok((await qr.locator('path').getAttribute('d')).length > 500, 'modules drawn');
  }
  const links = page.getByLabel('Read-write link');
  assert.match(await links.inputValue(), /#\/join\//, 'copy/share stay as they were');
  await expectVisible(page.getByRole('button', { name: 'Copy' }).first());
  assert.ok(!(await page.evaluate(() => [...document.scripts].some((s) => s.src && !s.src.startsWith(location.origin)))), 'no CDN');
  await shot(page, 'look-campaign-qr');
});

test('UI-INSTALL the manifest and its icons are served, and a service worker serves the shell offline', async () => {
  const res = await fetch(`${server.base}/manifest.webmanifest`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^application\/manifest\+json/);
  const m = await res.json();
  assert.equal(m.display, 'standalone');
  assert.ok(m.start_url && m.name && m.short_name);
  for (const size of [192, 512]) {
    const icon = m.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
    assert.ok(icon, `a ${size} px PNG icon`);
    const r = await fetch(new URL(icon.src, `${server.base}/manifest.webmanifest`));
    assert.equal(r.status, 200);
    const png = Buffer.from(await r.arrayBuffer());
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.equal(png.readUInt32BE(16), size, 'the PNG is as wide as it says');
  }
  await page.goto(`${server.base}/`);
  assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), 'manifest.webmanifest');
  const sw = await fetch(`${server.base}/sw.js`);
  assert.match(sw.headers.get('content-type'), /^text\/javascript/);

  const p = await phone({ serviceWorkers: 'allow' });
  await p.goto(`${server.base}/`);
  await expectVisible(p.getByRole('heading', { level: 1, name: 'Stampbook' }));
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await eventually(() => p.evaluate(async () => (await caches.keys()).length > 0 && (await (await caches.open((await caches.keys())[0])).keys()).length > 20), { message: 'the shell cached' });
  await p.ctx.setOffline(true);
  await p.reload();
  await expectVisible(p.getByRole('heading', { level: 1, name: 'Stampbook' }));
  await expectVisible(p.getByRole('heading', { name: 'New campaign' }));
  await p.ctx.setOffline(false);
  assert.deepEqual(p.ctx.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)), []);
});

test('UI-TABS at 200 % text the bottom tabs keep apart: no label runs into the next', async () => {
  await atTable('Bo rolls the dice', { page });
  await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
  const boxes = await page.locator('#tabs a span').evaluateAll((spans) => spans.map((s) => {
    const r = s.getBoundingClientRect();
    return { left: r.left, right: r.right, clipped: s.scrollWidth > s.clientWidth + 1 || s.parentElement.scrollWidth > s.parentElement.clientWidth + 1 };
  }));
  assert.equal(boxes.length, 5);
  for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i].left >= boxes[i - 1].right, `tab ${i} starts after tab ${i - 1} ends`);
  assert.ok(boxes.every((b) => !b.clipped), 'no label is cut');
  await page.locator('#tabs').evaluate((n) => { n.scrollLeft = n.scrollWidth; });
  assert.ok(await page.getByRole('link', { name: 'Stats' }).isVisible(), 'the last tab can be scrolled to');
  await page.evaluate(() => { document.documentElement.style.fontSize = ''; });
});

test('UI-CHARTS bars are coloured by player, not rank; labels fit; a negative payout is drawn as negative', async () => {
  const made = await api(server.base, 'POST', '/campaigns', { body: { name: 'Charts' } });
  const { key } = made;
  const cid = made.campaign.id;
  await pinBox(server.base, cid, key);
  await api(server.base, 'PUT', `/campaigns/${cid}/board/journal/journal-4`, { key, body: { title: 'Souvenir shopping spree', slots: 2, effect: { per_stamp: { pay: 50 } } } });
  const ids = [];
  for (const name of ['Ana', 'Bo']) ids.push((await api(server.base, 'POST', `/campaigns/${cid}/players`, { key, body: { name } })).id);
  const g = await api(server.base, 'POST', `/campaigns/${cid}/games`, { key, body: { mode: 'journal', seats: [{ player: ids[0], token: 'hazel' }, { player: ids[1], token: 'scottie' }] } });
  const post = (body) => api(server.base, 'POST', `/campaigns/${cid}/games/${g.game.id}/events`, { key, body });
  await post({ type: 'draw_journal', card: 'journal-4', player: ids[1] }); // Bo: a stamp that costs
  await post({ type: 'draw_journal', card: 'journal-1', player: ids[1] });
  await post({ type: 'end', winner: ids[0] }); // Ana wins; Bo has the stamps
  await page.goto(`${server.base}/#/join/${cid}/${encodeURIComponent(key)}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Charts' })); // joined: the campaign (no game is active)
  await page.getByRole('navigation', { name: 'Campaign', exact: true }).getByRole('link', { name: 'Stats' }).click();
  await eventually(async () => (await page.locator('svg.chart').count()) > 2, { message: 'charts' });
  const bars = await page.evaluate(() => [...document.querySelectorAll('figure')].map((f) => {
    const svg = f.querySelector('svg.chart');
    const W = Number(svg.getAttribute('viewBox').split(' ')[2]);
    const rows = [];
    const kids = [...svg.children];
    kids.forEach((el, i) => {
      const title = el.tagName === 'text' && el.querySelector('title');
      if (!title) return;
      const rect = kids[i + 1];
      const value = kids[i + 2];
      rows.push({ label: title.textContent, fill: rect.getAttribute('fill'), x: Number(rect.getAttribute('x')), width: Number(rect.getAttribute('width')), value: value.textContent });
    });
    const texts = [...svg.querySelectorAll('text')].map((tx) => { const b = tx.getBBox(); return { x: b.x, right: b.x + b.width }; });
    const zero = svg.querySelector(':scope > line');
    return { title: f.querySelector('figcaption').textContent, rows, fits: texts.every((b) => b.x >= 0 && b.right <= W + 0.5), zero: zero ? Number(zero.getAttribute('x1')) : null, texts };
  }));
  const wins = bars.find((b) => b.title === 'Players: wins');
  const stamps = bars.find((b) => b.title === 'Players: journal stamps');
  assert.ok(wins && stamps, `charts: ${bars.map((b) => b.title).join(', ')}`);
  assert.deepEqual(wins.rows.map((r) => r.label), ['Ana', 'Bo'], 'Ana leads the wins');
  assert.deepEqual(stamps.rows.map((r) => r.label), ['Bo', 'Ana'], 'Bo leads the stamps');
  const colour = (chart, name) => chart.rows.find((r) => r.label === name).fill;
  assert.equal(colour(wins, 'Ana'), colour(stamps, 'Ana'), 'Ana keeps her colour whatever her rank');
  assert.equal(colour(wins, 'Bo'), colour(stamps, 'Bo'));
  assert.notEqual(colour(wins, 'Ana'), colour(wins, 'Bo'));
  const paid = bars.find((b) => b.title === 'Journal cards: paid out');
  assert.ok(paid, 'a chart of what each card paid');
  const neg = paid.rows.find((r) => r.label === 'Souvenir shopping spree');
  const pos = paid.rows.find((r) => r.label === 'Market day');
  assert.equal(neg.value, '-50');
  assert.ok(paid.zero !== null && neg.x + neg.width <= paid.zero + 0.01, 'the negative bar ends at the zero line, to its left');
  assert.ok(pos.x >= paid.zero - 0.01, 'the positive bar starts at the zero line');
  assert.equal(neg.fill, 'url(#neg-hatch)', 'hatched: a loss never looks like a gain');
  assert.deepEqual(bars.filter((b) => !b.fits).map((b) => b.title), [], 'no label or value is clipped');
  await shot(page, 'look-stats-charts');
});

test('UI-SHELL the service worker keeps every file of the UI shell (a new module must be listed in sw.js)', async () => {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const path = await import('node:path');
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'static');
  const files = [];
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|mjs|css|html|svg|png|webmanifest)$/.test(f) && f !== 'sw.js') files.push(path.relative(root, p));
    }
  };
  walk(root);
  const sw = readFileSync(path.join(root, 'sw.js'), 'utf8');
  const listed = new Set([...sw.matchAll(/'([^']+\.(?:js|mjs|css|html|svg|png|webmanifest))'/g)].map((m) => m[1]));
  assert.deepEqual(files.filter((f) => !listed.has(f)).sort(), [], 'files missing from the shell list');
  assert.deepEqual([...listed].filter((f) => !files.includes(f)).sort(), [], 'listed files that do not exist');
});

test('I18N-TABLES every language has every message, with the same placeholders and its plural forms', async () => {
  const load = async (l) => (await import(`../../static/js/i18n/${l}.js`)).default;
  const en = await load('en');
  const holes = (m) => {
    if (typeof m === 'function') return null; // a function builds its own sentence
    const text = typeof m === 'string' ? m : Object.values(m).join(' ');
    return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]))].sort();
  };
  for (const [l, locale] of [['fr', 'fr-FR'], ['ro', 'ro-RO']]) {
    const tab = await load(l);
    assert.deepEqual(Object.keys(tab).sort(), Object.keys(en).sort(), `${l} has exactly the English keys`);
    const cats = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [k, m] of Object.entries(tab)) {
      assert.equal(typeof m, typeof en[k], `${l} ${k}: the same kind of message`);
      const mine = holes(m);
      const theirs = holes(en[k]);
      // A plural may leave {n} out of a form ("Drawn once"); every other placeholder stays.
      if (mine && theirs) assert.deepEqual(mine.filter((x) => x !== 'n'), theirs.filter((x) => x !== 'n'), `${l} ${k}: placeholders`);
      if (m && typeof m === 'object') {
        assert.ok('other' in m, `${l} ${k}: an "other" form`);
        for (const c of Object.keys(m)) assert.ok(cats.includes(c), `${l} ${k}: "${c}" is a plural category of ${locale}`);
      }
    }
  }
});

test('I18N-PICK the language: a saved choice wins, else the first preferred language we have, keeping its region', async () => {
  const { pickLanguage } = await import('../../static/js/i18n.js');
  assert.deepEqual(pickLanguage(null, ['de-DE', 'fr-CA', 'en-US']), { lang: 'fr', locale: 'fr-CA' });
  assert.deepEqual(pickLanguage(null, ['ro']), { lang: 'ro', locale: 'ro-RO' });
  assert.deepEqual(pickLanguage(null, ['de', 'it']), { lang: 'en', locale: 'en-GB' });
  assert.deepEqual(pickLanguage('ro', ['fr-FR']), { lang: 'ro', locale: 'ro-RO' });
  assert.deepEqual(pickLanguage('en', ['en-US', 'fr-FR']), { lang: 'en', locale: 'en-US' });
  assert.deepEqual(pickLanguage('xx', ['fr-FR']), { lang: 'fr', locale: 'fr-FR' }, 'an unknown saved value is ignored');
});

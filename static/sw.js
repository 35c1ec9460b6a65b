// sw.js -- the service worker: keeps the UI shell (HTML, CSS, scripts, icons) so the
// app opens without the server, e.g. when the Wi-Fi drops mid-game. Network first,
// so a server that answers always serves its current files; the cache is the fallback.
// The API (/api/) is never cached: game state always comes from the server, and taps
// made offline wait in the page's queue (js/queue.js).

const CACHE = 'stampbook-shell-v7';
const SHELL = [
  './', 'index.html', 'css/app.css', 'css/check.css', 'favicon.svg', 'manifest.webmanifest',
  'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png',
  'js/app.js', 'js/api.js', 'js/bgstats.js', 'js/board.js', 'js/charts.js', 'js/i18n.js', 'js/live.js', 'js/model.js',
  'js/qr.js', 'js/queue.js', 'js/store.js', 'js/tokens.js', 'js/ui.js', 'js/words.js', 'js/words-banker.js',
  'js/facts.js', 'js/facteditor.js', 'js/factfields.js', 'js/houserules.js', 'js/memories.js', 'js/boxes.js',
  'js/i18n/en.js', 'js/i18n/fr.js', 'js/i18n/ro.js',
  'js/classic-box.js', 'js/words-classic.js', 'js/views/classic.js', 'js/views/classic-hooks.js',
  'css/deeds.css', 'js/classic_facts.js', 'js/views/classic_deeds.js', 'js/views/classic_trade.js', 'js/views/wonders.js', 'js/views/classic_sheets.js', 'js/views/classic_deal.js',
  'js/views/backup.js', 'js/views/banker.js', 'js/views/boardview.js', 'js/views/box.js', 'js/views/campaign.js', 'js/views/cardgrid.js',
  'js/views/boxfile.js', 'js/views/check.js', 'js/views/factcheck.js',
  'js/views/home.js', 'js/views/journal.js', 'js/views/journalmode.js', 'js/views/newgame.js',
  'js/views/results.js', 'js/views/stats.js', 'js/views/table.js',
  'vendor/qrcode-generator/qrcode.mjs',
];

self.addEventListener('install', (ev) => {
  // One missing file must not keep the others out of the cache.
  ev.waitUntil(caches.open(CACHE).then((c) => Promise.all(SHELL.map((u) => c.add(u).catch(() => null)))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (ev) => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.includes('/api/')) return;
  ev.respondWith(fetch(ev.request).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(ev.request, copy)).catch(() => {});
    }
    return res;
  }).catch(() => caches.match(ev.request, { ignoreSearch: true })
    .then((hit) => hit || (ev.request.mode === 'navigate' ? caches.match('index.html') : Response.error()))));
});

// app.js -- the entry point: hash routing, per-campaign context, the bottom tabs.
//   #/                        home: known campaigns, create, open a link
//   #/join/{cid}/{key}        share link (the key never leaves the browser)
//   #/c/{cid}                 campaign: share links, players, games
//   #/c/{cid}/new             new game
//   #/c/{cid}/table           the active game (or the new-game form)
//   #/c/{cid}/game/{gid}      the table of one game
//   #/c/{cid}/journal         the ten Travel Journal cards
//   #/c/{cid}/board           the board of the active or latest game
//   #/c/{cid}/game/{gid}/board
//   #/c/{cid}/stats           charts
//   #/c/{cid}/box             the box editor
//   #/c/{cid}/check[/{ed}]    "Check your box", the guided walk (of the box of edition ed)

import { ApiError, CampaignApi, editions as fetchEditions } from './api.js';
import { getCampaign, touchCampaign, forgetCampaign } from './store.js';
import { kindOf } from './model.js';
import { h, s, mount, clearAlert, showError, select } from './ui.js';
import { t, LANGUAGES, currentLanguage, setLanguage, onLanguage, translateShell } from './i18n.js';
import { startQueue } from './queue.js';
import * as home from './views/home.js';
import * as campaign from './views/campaign.js';
import * as newgame from './views/newgame.js';
import * as table from './views/table.js';
import * as journal from './views/journal.js';
import * as boardView from './views/boardview.js';
import * as stats from './views/stats.js';
import * as box from './views/box.js';
import * as check from './views/check.js';

const routes = [
  [/^\/?$/, home.render, null],
  [/^\/join\/(\d+)\/([^/]+)$/, home.join, null],
  [/^\/c\/(\d+)$/, campaign.render, 'campaign'],
  [/^\/c\/(\d+)\/new$/, newgame.render, 'table'],
  [/^\/c\/(\d+)\/table$/, table.resolve, 'table'],
  [/^\/c\/(\d+)\/game\/(\d+)$/, table.render, 'table'],
  [/^\/c\/(\d+)\/journal$/, journal.render, 'journal'],
  [/^\/c\/(\d+)\/board$/, boardView.resolve, 'board'],
  [/^\/c\/(\d+)\/game\/(\d+)\/board$/, boardView.render, 'board'],
  [/^\/c\/(\d+)\/stats$/, stats.render, 'stats'],
  [/^\/c\/(\d+)\/box$/, box.render, 'campaign'],
  [/^\/c\/(\d+)\/check(?:\/([a-z0-9-]+))?$/, check.render, 'campaign'],
];

/** What the router keeps from one screen to the next, in one place: this module owns it
 * (route(), focusHeading(), `app` and Context below); no screen reads or writes it. */
const router = {
  serial: 0, // the number of the latest route(): an older one still loading draws nothing
  cleanup: null, // what the screen on show returned, to stop its streams and timers
  first: true, // no screen drawn since the page loaded (the browser places the focus)
  title: ['', ''], // the page and the campaign named in the header, again after a language switch
  editions: null, // GET /editions, read once per page load
  boards: new Map(), // each campaign's board, until the box editor invalidates it
};

/** Everything a screen needs to know about one campaign. */
class Context {
  constructor(entry) {
    this.entry = entry;
    this.cid = Number(entry.id);
    this.api = new CampaignApi(entry.id, entry.key);
    this.readOnly = !!entry.readOnly;
  }

  /** The campaign's own board (cached until invalidated by the box editor). */
  async board(fresh = false) {
    if (!fresh && router.boards.has(this.cid)) return router.boards.get(this.cid);
    const b = await this.api.board();
    router.boards.set(this.cid, b);
    return b;
  }

  invalidateBoard() { router.boards.delete(this.cid); }

  /** The edition record ({id, name, engine, kind, modes, players_min, players_max}); the campaign's
   * own when eid is not given, the default edition (the server's first) when it has none. */
  async edition(eid) {
    const list = await app.editions();
    const id = eid || this.entry.edition || list[0].id;
    return list.find((e) => e.id === id) || { id, name: id, kind: 'results', modes: ['results'], players_min: 2, players_max: 8 };
  }
}

export const app = {
  /** The context of campaign cid, or null when this browser does not know it. */
  context(cid) {
    const entry = getCampaign(cid);
    if (!entry) return null;
    touchCampaign(cid);
    return new Context(entry);
  },

  async editions() {
    if (router.editions) return router.editions;
    try {
      router.editions = await fetchEditions();
    } catch {
      router.editions = [];
    }
    if (!router.editions.length) {
      router.editions = [{ id: 'travel-world-tour', name: 'Monopoly Travel World Tour', engine: 'full', kind: 'twt', modes: ['banker', 'journal'], players_min: 2, players_max: 4 }];
    }
    return router.editions;
  },

  go(hash, { replace = false } = {}) {
    if (replace) {
      history.replaceState(null, '', hash);
      route();
    } else if (location.hash === hash) {
      route();
    } else {
      location.hash = hash;
    }
  },

  /** Re-render the current route. */
  refresh() { route(); },

  /** Set the document title and the campaign name in the header. */
  title(page, campaignName) {
    document.title = page ? `${page} · Stampbook` : 'Stampbook';
    router.title = [page, campaignName];
    const top = document.getElementById('top-campaign');
    if (top) top.textContent = campaignName || '';
  },

  /** Show the bottom tabs for campaign cid with `current` highlighted; board: its edition has a board
   * of its own (kindOf()), with the board and journal tabs. */
  tabs(cid, current, board = true) {
    const nav = document.getElementById('tabs');
    if (!nav) return;
    if (!cid) { nav.hidden = true; nav.replaceChildren(); return; }
    const items = [
      ['campaign', `#/c/${cid}`, t('tab.campaign'), 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z'],
      ['table', `#/c/${cid}/table`, board ? t('tab.table') : t('tab.play'), 'M4 4h16v16H4zM8 8h.01M16 8h.01M12 12h.01M8 16h.01M16 16h.01'],
    ];
    if (board) {
      items.push(['journal', `#/c/${cid}/journal`, t('tab.journal'), 'M5 3h11l3 3v15H5zM9 8h6M9 12h6M9 16h4']);
      items.push(['board', `#/c/${cid}/board`, t('tab.board'), 'M3 3h18v18H3zM7 7h10v10H7z']);
    }
    items.push(['stats', `#/c/${cid}/stats`, t('tab.stats'), 'M4 20V10M10 20V4M16 20v-7M22 20H2']);
    nav.replaceChildren(...items.map(([key, href, label, d]) => h('a', {
      href, 'aria-current': key === current ? 'page' : null,
    }, icon(d), h('span', null, label))));
    nav.hidden = false;
  },
};

function icon(d) {
  return s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
}

async function route() {
  const my = ++router.serial;
  if (typeof router.cleanup === 'function') {
    try { router.cleanup(); } catch { /* ignore */ }
  }
  router.cleanup = null;
  const main = document.getElementById('main');
  const path = decodeURIComponent(location.hash.replace(/^#/, '')) || '/';
  clearAlert();
  for (const [re, fn, tab] of routes) {
    const m = path.match(re);
    if (!m) continue;
    const params = m.slice(1);
    if (tab && params[0]) {
      const ctx = app.context(params[0]);
      if (!ctx) { unknownCampaign(main, params[0]); return; }
      let board = true;
      try { board = kindOf(await ctx.edition()).board; } catch { /* default */ }
      if (my !== router.serial) return;
      app.tabs(ctx.cid, tab, board);
    } else {
      app.tabs(null);
    }
    try {
      const done = await fn({ main, params, app, isCurrent: () => my === router.serial });
      if (my !== router.serial) {
        if (typeof done === 'function') done();
        return;
      }
      router.cleanup = done || null;
      focusHeading(main);
    } catch (e) {
      if (my !== router.serial) return;
      if (tab && e instanceof ApiError && e.status === 401) { keyRefused(main, params[0]); return; }
      mount(main, h('h1', { tabindex: '-1' }, t('err.title')), h('p', null, t('err.page')),
        h('p', null, h('a', { class: 'btn', href: '#/' }, t('back.start'))));
      showError(e);
    }
    return;
  }
  app.tabs(null);
  mount(main, h('h1', { tabindex: '-1' }, t('err.notfound')), h('p', null, h('a', { class: 'btn', href: '#/' }, t('back.start'))));
}

/** After a screen change: the focus on its heading, and the heading in view at the top. */
function focusHeading(main) {
  const h1 = main.querySelector('h1');
  if (router.first) { router.first = false; return; }
  if (h1) {
    if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
    h1.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'instant' });
  }
}

/** The language picker in the header: switching re-draws the screen in place. */
function languagePicker() {
  const box = document.getElementById('lang-box');
  if (!box) return;
  const sel = select(LANGUAGES, { id: 'lang', class: 'lang', 'aria-label': t('lang.label') }, currentLanguage());
  sel.addEventListener('change', () => setLanguage(sel.value));
  box.replaceChildren(sel);
}

onLanguage(() => {
  translateShell();
  languagePicker();
  app.title(...router.title);
  route();
});
/** Keep --top-h at the sticky header's height: the strip and alerts stick right under it. */
function keepTopHeight() {
  const top = document.querySelector('.top');
  if (top) document.documentElement.style.setProperty('--top-h', `${top.offsetHeight}px`);
}
window.addEventListener('resize', keepTopHeight);
onLanguage(keepTopHeight);
/** html.big-text when the phone's text is set large (about 150 % and more): the table
 * screen then folds what it repeats, so the decision keeps its place on the first screen. */
function keepTextSize() {
  const big = parseFloat(getComputedStyle(document.documentElement).fontSize) >= 25;
  document.documentElement.classList.toggle('big-text', big);
  keepTopHeight();
}
if (typeof ResizeObserver === 'function') new ResizeObserver(keepTextSize).observe(document.documentElement);

translateShell();
languagePicker();
keepTopHeight();
startQueue();
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('sw.js').catch(() => { /* the app works without it */ });
}

/** The key this phone keeps no longer opens campaign cid: new links were made. */
function keyRefused(main, cid) {
  app.tabs(null);
  app.title(t('refused.title'));
  const forget = h('button', { class: 'btn', type: 'button' }, t('camp.forget'));
  forget.addEventListener('click', () => { forgetCampaign(cid); app.go('#/'); });
  mount(main,
    h('h1', { tabindex: '-1' }, t('refused.h1')),
    h('p', null, t('refused.text')),
    h('div', { class: 'row' }, h('a', { class: 'btn primary', href: '#/' }, t('go.start')), forget));
}

function unknownCampaign(main, cid) {
  app.tabs(null);
  app.title(t('unknown.title'));
  mount(main,
    h('h1', { tabindex: '-1' }, t('unknown.h1')),
    h('p', null, t('unknown.text', { cid: String(cid) })),
    h('p', null, h('a', { class: 'btn primary', href: '#/' }, t('go.start'))));
}

window.addEventListener('hashchange', route);
if (document.readyState === 'loading') window.addEventListener('DOMContentLoaded', route, { once: true });
else route();

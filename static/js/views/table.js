// views/table.js -- the table screen of one game: loads it, follows the event stream,
// sends events (If-Match + Idempotency-Key; queued on the phone while the server is
// unreachable), shows each answer's effects in words. Everything the table asks sits
// at the top: the heading names who acts now and what the game waits for, the
// balances strip shows every player, "What happened" has Undo beside it, and a toast
// with Undo follows each action. The mode screens (banker, journal, results) draw the
// decisions, the player cards and "More".

import { ApiError, etagOf, uuid } from '../api.js';
import { h, mount, showAlert, showError, clearAlert, announce, confirmDialog, busy } from '../ui.js';
import { t, money, timeText } from '../i18n.js';
import { touchCampaign } from '../store.js';
import { activeGameId, kindOf, latestGame } from '../model.js';
import { Names, eventText, eventSentences, eventActor, turnHeading, gameLabel } from '../words.js';
import { tokenPicture } from '../tokens.js';
import { follow } from '../live.js';
import { enqueue, queued } from '../queue.js';
import * as banker from './banker.js';
import * as journalMode from './journalmode.js';
import * as results from './results.js';
import * as classic from './classic.js';
import { afterEvent, refreshBoard } from './factcheck.js';
import { houseRulesNote } from '../houserules.js';
import { memoryForm, relived, withMemories, gameMemories, nightCardButton } from '../memories.js';
import { boxContext } from '../boxes.js';

/** The width at which the table and its log stand side by side (app.css). */
const LAPTOP = '(min-width: 1000px) and (min-height: 521px)';

/** Board stamps that win a game (TWT-WIN), as the engine's state says ('?' for a state
 * saved before it said). */
const goalsToWin = (st) => (st && st.win_stamps) ?? '?';

/** #/c/{cid}/table: the active game, else the latest one (view only) or a new game. */
export async function resolve({ params, app }) {
  const ctx = app.context(params[0]);
  const doc = await ctx.api.get();
  const gid = activeGameId(doc.campaign);
  if (gid) { app.go(`#/c/${ctx.cid}/game/${gid}`, { replace: true }); return; }
  const last = latestGame(doc.games);
  if (ctx.readOnly && last) { app.go(`#/c/${ctx.cid}/game/${last.id}`, { replace: true }); return; }
  app.go(`#/c/${ctx.cid}/new`, { replace: true });
}

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const gid = Number(params[1]);
  const [g, cdoc] = await Promise.all([ctx.api.game(gid), ctx.api.get()]);
  const { game, state } = g.data;
  const c = cdoc.campaign || {};
  // The game is of its own box (API.md "Every box of the group"), not always the campaign's.
  const eid = (game && game.edition) || c.edition;
  const ed = await ctx.edition(eid);
  const box = boxContext(ctx, c, eid);
  const board = kindOf(ed).boxBoard ? await box.board().catch(() => ({})) : {};
  const scr = new TableScreen({ ctx: box, app, main, gid, game, state, etag: g.etag || etagOf(state), board, ed, campaign: c, people: cdoc.players || [] });
  app.title(gameLabel(game, gid), c.name);
  if ((state && state.status) === 'active') touchCampaign(ctx.cid, { lastGame: gid });
  scr.mount();
  scr.rebuildLast();
  const stop = follow(ctx.api.stream(gid), (st) => scr.remote(st), (st) => scr.liveStatus(st), () => app.refresh());
  const onSent = (ev) => scr.queuedSent(ev.detail);
  const onRefused = (ev) => scr.queuedRefused(ev.detail);
  window.addEventListener('stampbook-sent', onSent);
  window.addEventListener('stampbook-refused', onRefused);
  // A phone following an ended game moves to the next one once it starts.
  const nextTimer = setInterval(() => scr.lookForNext(), 3000);
  return () => {
    stop();
    clearInterval(nextTimer);
    scr.destroyed = true;
    hideToast();
    window.removeEventListener('stampbook-sent', onSent);
    window.removeEventListener('stampbook-refused', onRefused);
  };
}

export class TableScreen {
  constructor(o) {
    Object.assign(this, o);
    this.mode = (this.game && this.game.mode) || (this.state && this.state.mode) || 'banker';
    this.names = new Names(this.board, this.people, this.campaign && this.campaign.stamp_owner);
    this.names.addPlayers(this.game.seats.map((st) => ({ id: st.player, name: st.name, token: st.token })));
    this.names.addPlayers(this.state && this.state.players);
    this.names.seat((this.state && this.state.players) || []);
    this.screen = kindOf(this.ed).screen(this.mode);
    this.view = { log: results, journal: journalMode, bank: banker, classic }[this.screen];
    this.last = null; // {title, sentences, at, undone}
    this.mine = new Set(); // seqs of events this phone logged (not "logged on another phone")
    this.sending = false;
    this.destroyed = false;
    this.etagVerified = !!(this.etag && this.etag === etagOf(this.state));
  }

  get readOnly() { return this.ctx.readOnly; }
  /** The decisions of this game tapped offline and not yet answered (oldest first). */
  waitingTaps() { return queued(this.ctx.cid, this.gid).filter((x) => isDecision(x.event && x.event.type)); }
  get active() { return this.state && this.state.status === 'active'; }
  player(pid) { return ((this.state && this.state.players) || []).find((p) => String(p.id) === String(pid)) || null; }

  mount() {
    this.bannerBox = h('div', { class: 'banner-box' });
    this.stripBox = h('div', { class: 'strip-box' });
    this.liveEl = h('span', { class: 'badge off' }, t('live.connecting'));
    this.lastBox = h('section', { class: 'card last', 'aria-labelledby': 'last-h' });
    // The decision dock: what the game waits for now, right under the heading and the
    // balances, so no other panel (what happened, a box check, the players) pushes it down.
    this.actionsBox = h('div', { class: 'dock', id: 'dock' });
    // A second tap (the auction, the flight, the ticket) opens under the first: the whole
    // opened part is brought between the header and strip and the toast or tabs.
    this.actionsBox.addEventListener('toggle', (ev) => {
      const det = ev.target;
      if (det instanceof HTMLDetailsElement && det.open) requestAnimationFrame(() => bringIntoView(det.querySelector(':scope > .body') || det));
    }, true);
    // What the table begins in the dock (a die tapped, a bid typed, a card opened) is
    // kept across a note: see draw().
    for (const type of ['click', 'input', 'change']) this.actionsBox.addEventListener(type, () => { this.dockTouched = true; });
    this.playersBox = h('section', { class: 'players-box', 'aria-labelledby': 'players-h' });
    this.moreBox = h('div', { class: 'more-box' });
    this.footBox = h('div', { class: 'table-side' });
    mount(this.main, h('div', { class: 'table' },
      this.bannerBox,
      this.stripBox,
      this.houseBox = h('div', { class: 'house-box' }),
      // In journal mode what a card just did (who pays whom) is the news: above the pickers.
      this.mode === 'journal' ? [this.lastBox, this.actionsBox] : [this.actionsBox, this.lastBox],
      h('div', { class: 'live-line' }, h('span', null, gameLabel(this.game, this.gid), this.readOnly ? ` · ${t('view_only')}` : ''), this.liveEl),
      this.playersBox,
      this.moreBox,
      this.footBox));
    this.draw();
  }

  /**
   * Draw the table from this.state when it changed since it was last drawn: a new version
   * of the game (every event and every undo makes one, this phone's, another phone's or a
   * tap sent from the offline queue) or other decisions waiting in that queue. The same
   * version again (a stream message repeated, a reload that found nothing new) draws
   * nothing: the focus, what is typed and the page stay. Open forms in "More" are kept,
   * and the focus and the scroll. redraw() draws it all again.
   */
  draw() {
    if (this.destroyed) return;
    const st = this.state || {};
    // A decision tapped while the server was unreachable waits in the queue: the dock
    // stays locked (one tap per decision) until that tap is answered or dropped.
    const waiting = this.readOnly ? [] : this.waitingTaps();
    const was = this.drawn;
    const now = { state: st, version: st.version, waiting: waiting.map((x) => x.idem).join(' ') };
    if (was && was.version === now.version && was.waiting === now.waiting) return;
    this.drawn = now;
    const y = window.scrollY; // a redraw never moves the page (showTop() does, on purpose)
    const focused = document.activeElement;
    const focusedId = focused && this.main.contains(focused) ? focused.id : '';
    const hadFocus = !!(focused && focused !== this.main && this.main.contains(focused));
    mount(this.bannerBox, this.banner());
    this.bannerBox.dataset.version = String(st.version ?? '');
    mount(this.stripBox, this.strip());
    if (this.houseBox) mount(this.houseBox, houseRulesNote((this.game && this.game.house_rules) || this.state?.house_rules, this.state?.pot) || []);
    // The dock, unless the table has begun something in it and the new version only
    // added a note (the state is the same but for its version and seq).
    if (!(was && was.waiting === now.waiting && this.dockTouched && onlyNoted(was.state, st))) {
      this.dockTouched = false;
      mount(this.actionsBox, this.readOnly ? [] : this.view.actions(this));
      if (waiting.length) lockDock(this.actionsBox, waiting[waiting.length - 1].title);
    }
    this.drawLast();
    mount(this.playersBox, this.view.players(this));
    const open = this.moreBox.querySelector('details[open]');
    if (!open || this.moreStatus !== st.status) {
      this.moreStatus = st.status;
      mount(this.moreBox, this.readOnly ? [] : [].concat(this.view.more(this) || [], memoryForm(this) || []));
    }
    mount(this.footBox, this.footer());
    if (hadFocus && !this.main.contains(document.activeElement)) {
      const again = focusedId && document.getElementById(focusedId);
      const h1 = this.bannerBox.querySelector('h1');
      if (again) again.focus({ preventScroll: true });
      else if (h1) h1.focus({ preventScroll: true });
    }
    if (window.scrollY !== y) window.scrollTo({ top: y, behavior: 'instant' });
  }

  /** Draw it all again, the state unchanged: what it is drawn with changed (the board fixed,
   * the options read again for the same version, a winner worked out on the phone). */
  redraw() {
    this.drawn = null;
    this.draw();
  }

  /** The heading: who acts now (turn.next) and what the game waits for; the final standing once over. */
  banner() {
    const st = this.state || {};
    if (this.screen === 'log' || this.screen === 'classic' || (this.screen === 'journal' && st.status === 'active')) return this.view.banner(this);
    if (st.status !== 'active') return finishedBanner(this);
    const head = turnHeading(st, this.names);
    const actor = this.player(head.actor);
    return h('div', { class: 'turn-banner' },
      actor ? tokenPicture(this.board, actor.token, { size: 'lg' }) : null,
      h('div', null,
        h('h1', { tabindex: '-1', id: 'turn-h' }, head.title),
        h('p', { id: 'waiting-for' }, head.detail)));
  }

  /** Every player at a glance: token, name, cash, board stamps n/4, Jail, ticket. */
  strip() {
    const st = this.state || {};
    const ps = st.players || [];
    if (this.screen === 'log' || !ps.length) return null;
    if (this.view.strip) return this.view.strip(this); // the classic bank's own
    const tk = st.ticket || {};
    const win = goalsToWin(st);
    const now = st.status === 'active' ? turnHeading(st, this.names).actor : null;
    return h('section', { class: 'strip', 'aria-labelledby': 'strip-h', style: `--n:${ps.length}` },
      h('h2', { id: 'strip-h', class: 'visually-hidden' }, t('strip.title')),
      h('ul', null, ps.map((pl) => {
        const n = (pl.stamped || []).length;
        const flags = [];
        if (pl.in_jail) flags.push(h('span', { class: 'flag jail' }, t('strip.jail')));
        if (!tk.used && tk.holder !== null && tk.holder !== undefined && String(tk.holder) === String(pl.id)) flags.push(h('span', { class: 'flag ticket' }, t('strip.ticket')));
        const cash = pl.cash !== null && pl.cash !== undefined;
        return h('li', {
          class: String(pl.id) === String(now) ? 'now' : null,
          dataset: { player: pl.id },
          'aria-label': [pl.name, this.names.token(pl.token), cash ? t('strip.cash', { amount: pl.cash }) : null,
            t('strip.stamps.long', { n, of: win }), pl.in_jail ? t('strip.jail') : null,
            flags.length > (pl.in_jail ? 1 : 0) ? t('strip.ticket') : null].filter(Boolean).join(', '),
        },
        h('div', { class: 'strip-who', 'aria-hidden': 'true' }, tokenPicture(this.board, pl.token, { size: 'sm', decorative: true }), h('span', { class: 'strip-name' }, pl.name)),
        cash ? h('div', { class: 'strip-cash', 'aria-hidden': 'true' }, money(pl.cash)) : null,
        h('div', { class: 'strip-meta', 'aria-hidden': 'true' }, h('span', { class: 'strip-stamps' }, t('strip.stamps', { n, of: win })), flags));
      })));
  }

  drawLast() {
    const y = window.scrollY;
    this.drawLastBox();
    if (window.scrollY !== y) window.scrollTo({ top: y, behavior: 'instant' });
  }

  drawLastBox() {
    const l = this.last;
    const undo = this.undoButton('undo');
    const head = h('div', { class: 'last-head' }, h('h2', { id: 'last-h' }, t('last.title')), undo);
    if (!l) {
      this.lastBox.hidden = !undo;
      mount(this.lastBox, head);
      return;
    }
    this.lastBox.hidden = false;
    const items = (l.sentences || []).map((x) => h('li', { class: x.cls || null }, x.text));
    // mount(), not replaceChildren(): the DOM would write a null child as the word "null".
    // At a banker table the memories a card brings back come first, under what was
    // drawn: the money lines and the box check (on the drawer's phone, a tall form)
    // follow and push nothing of them off the first screen, under the dock. In journal
    // mode, with no dock above, who pays whom stays first and the memories follow.
    const fx = items.length ? h('ul', { class: 'effects' }, items) : null;
    const back = relived(this, l.effects);
    mount(this.lastBox, head,
      h('p', { class: 'last-title' }, l.at ? `${timeText(l.at)} · ` : '', l.title),
      ...(this.mode === 'journal' ? [fx, back] : [back, fx]),
      afterEvent(this));
  }

  /** The Undo button (id), or null when there is nothing this phone may undo. */
  undoButton(id) {
    if (this.readOnly || !this.state || !(Number(this.state.seq) > 0)) return null;
    const b = h('button', { class: 'btn danger small', type: 'button', id }, t('undo'));
    b.addEventListener('click', () => this.undo(b));
    return b;
  }

  footer() {
    const wrap = h('div', { class: 'stack' });
    // A finished game's night card, and every memory of the game (with Edit and Delete).
    if (this.state && this.state.status === 'finished' && this.mode !== 'results') {
      wrap.append(h('div', { class: 'row' }, nightCardButton(this.ctx, { id: this.gid, number: this.game && this.game.number })));
    }
    if (this.mode !== 'results') wrap.append(gameMemories(this));
    wrap.append(this.historyPanel());
    return wrap;
  }

  /** One logged event as a log entry: time, the player's token, what happened in full sentences. */
  logEntry(ev) {
    const actor = eventActor(ev, ev.effects);
    const pl = actor !== null ? this.names.players.get(String(actor)) : null;
    const sentences = eventSentences(ev, ev.effects || [], this.names, { mode: this.mode });
    const title = `${ev.seq}. ${eventText({ ...ev, player: ev.player ?? actor ?? undefined }, this.names)}`;
    return h('li', { value: ev.seq, class: ev.voided ? 'voided' : null },
      h('div', { class: 'log-head' },
        h('span', { class: 'log-time' }, timeText(ev.at)),
        pl && pl.token ? tokenPicture(this.board, pl.token, { size: 'sm' }) : null,
        ev.voided ? h('s', null, title) : h('strong', null, title),
        ev.voided ? h('span', { class: 'badge' }, t('log.undone')) : null),
      sentences.length ? h('ul', { class: 'log-fx' }, sentences.map((x) => h('li', null, x.text))) : null);
  }

  historyPanel() {
    const list = h('ol', { class: 'list log', reversed: true });
    const det = h('details', { class: 'more', id: 'event-log' }, h('summary', null, t('log.title')), h('div', { class: 'body' }, list));
    det.addEventListener('toggle', async () => {
      if (!det.open) return;
      list.replaceChildren(h('li', { class: 'muted' }, t('loading')));
      try {
        const evs = await this.ctx.api.events(this.gid, 0);
        const rows = [...evs].sort((a, b) => b.seq - a.seq).slice(0, 200).map((ev) => this.logEntry(ev));
        list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, t('log.empty'))]));
      } catch (e) {
        list.replaceChildren(h('li', null, e.message));
      }
    });
    // At laptop width the log stands open beside the table (app.css, two columns).
    if (window.matchMedia && window.matchMedia(LAPTOP).matches) queueMicrotask(() => { det.open = true; });
    return det;
  }

  liveStatus(st) {
    if (!this.liveEl) return;
    this.liveEl.className = st === 'live' ? 'badge live' : 'badge off';
    this.liveEl.textContent = st === 'live' ? t('live.live') : st === 'connecting' ? t('live.connecting') : t('live.offline');
  }

  /** After a change: the heading and the new decision in view, under the header and strip. */
  showTop() {
    if (this.destroyed || !this.bannerBox.isConnected) return;
    this.bannerBox.scrollIntoView({ block: 'start', behavior: 'instant' });
  }

  /**
   * Send one event; shows its effects and a toast with Undo. A 412 (lost race)
   * refreshes and says so; an unreachable server queues the tap on the phone.
   */
  async send(event, title, button) {
    if (this.sending) return null;
    // One tap per decision: the queued one is sent first (or dropped), never a second.
    if (isDecision(event.type) && this.waitingTaps().length) { showAlert(t('queue.locked'), 'info'); return null; }
    this.sending = true;
    if (button) button.disabled = true;
    clearAlert();
    const idem = uuid();
    try {
      const res = await this.ctx.api.postEvent(this.gid, event, this.etag, idem);
      const d = res.data || {};
      if (d.event && d.event.seq !== undefined) this.mine.add(Number(d.event.seq));
      const before = this.state;
      this.apply(d.state, res.etag);
      this.setLast(title || eventText(event, this.names), d.event || event, d.effects || [], d.state || before);
      // A note changes nothing at the table: the page stays at its form in "More".
      if (event.type !== 'note') this.showTop();
      return d;
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) {
        await this.reload();
        await this.rebuildLast();
        showAlert(t('race.event'), 'info');
        return null;
      }
      if (e instanceof ApiError && e.status === 0 && !this.readOnly) {
        enqueue({ cid: this.ctx.cid, gid: this.gid, key: this.ctx.api.key, event, ifMatch: this.etag, idem, title: title || eventText(event, this.names), screen: this.screen });
        showAlert(t('queue.queued'), 'info');
        this.draw(); // the dock locks on the queued decision
        return null;
      }
      showError(e, this.screen);
      return null;
    } finally {
      this.sending = false;
      if (button && button.isConnected) button.disabled = false;
    }
  }

  /** Show what an event did in "What happened", announce it and offer Undo in a toast. */
  setLast(title, ev, effects, state, { toast = true } = {}) {
    const sentences = eventSentences(ev, effects, this.names, { mode: this.mode, state });
    this.last = { title, sentences, at: ev.at || new Date().toISOString(), event: ev, effects };
    this.drawLast();
    const said = sentences.map((x) => x.text).join(' ');
    announce(`${title}. ${said}`);
    if (!toast) return;
    // The toast's Undo undoes this event only: once another phone has logged after it,
    // the toast goes (remote()) and a late tap on it does nothing but say so.
    const seq = Number(state && state.seq);
    this.toastSeq = seq;
    showToast(title, sentences[0] && sentences[0].text, this.readOnly ? null : () => {
      if (Number(this.state && this.state.seq) !== seq) { hideToast(); showAlert(t('toast.stale'), 'info'); return; }
      this.undo(null);
    });
  }

  /**
   * "What happened" from the log: the last event still standing, its sentence and its
   * effects (on load, and after another phone logged first). Kept when this phone has
   * said something meanwhile.
   */
  async rebuildLast() {
    const seq = Number(this.state && this.state.seq) || 0;
    if (!seq || this.destroyed) return;
    const before = this.last;
    let evs;
    try { evs = await this.ctx.api.events(this.gid, Math.max(0, seq - 5)); } catch { return; }
    const ev = evs.filter((e) => !e.voided).pop();
    if (!ev || this.last !== before || this.destroyed) return;
    const actor = eventActor(ev, ev.effects);
    const title = eventText({ ...ev, player: ev.player ?? actor ?? undefined }, this.names);
    this.last = { title, sentences: eventSentences(ev, ev.effects || [], this.names, { mode: this.mode, state: Number(ev.seq) === seq ? this.state : undefined }), at: ev.at, event: ev, effects: ev.effects || [] };
    this.drawLast();
    this.relive(this.last);
  }

  /** Fill the memories a card's payouts bring back into last (shown) when the answer did
   * not carry them: the draw came through the stream or the log. */
  async relive(last) {
    const fx = await withMemories(this.ctx.api, last.effects, (this.campaign && this.campaign.stamp_owner) === 'player');
    if (fx === last.effects || this.last !== last || this.destroyed) return;
    last.effects = fx;
    this.drawLast();
  }

  /** On an ended game: has the campaign started another one? Then go there. */
  async lookForNext() {
    if (this.destroyed || this.active || this.lookingForNext) return;
    this.lookingForNext = true;
    try {
      const doc = await this.ctx.api.get();
      const gid = activeGameId(doc.campaign);
      if (gid && String(gid) !== String(this.gid) && !this.destroyed) {
        announce(t('next.game'));
        this.app.go(`#/c/${this.ctx.cid}/game/${gid}`);
      }
    } catch { /* the next look tries again */ } finally {
      this.lookingForNext = false;
    }
  }

  /** A tap queued while offline has been logged: show the game as it is now. */
  async queuedSent({ item, data }) {
    if (this.destroyed || String(item.gid) !== String(this.gid) || String(item.cid) !== String(this.ctx.cid)) return;
    if (data && data.event && data.event.seq !== undefined) this.mine.add(Number(data.event.seq));
    clearAlert(); // "the server is unreachable" is over: the tap went out
    await this.reload();
    this.setLast(t('queue.sent', { title: item.title }), (data && data.event) || item.event, (data && data.effects) || [], this.state, { toast: false });
  }

  async queuedRefused({ item }) {
    if (this.destroyed || String(item.gid) !== String(this.gid)) return;
    await this.reload();
  }

  async undo(button) {
    if (queued(this.ctx.cid, this.gid).length) { showAlert(t('queue.first'), 'info'); return; }
    let what = t('undo.last');
    let short = '';
    try {
      const seq = Number(this.state.seq);
      const evs = await this.ctx.api.events(this.gid, Math.max(0, seq - 1));
      const ev = evs.find((x) => Number(x.seq) === seq && !x.voided) || evs.filter((x) => !x.voided).pop();
      if (ev) {
        const said = eventSentences(ev, ev.effects || [], this.names, { mode: this.mode }).map((x) => x.text).join(' ');
        const actor = eventActor(ev, ev.effects);
        const text = eventText({ ...ev, player: ev.player ?? actor ?? undefined }, this.names);
        what = t('undo.what', { seq: ev.seq, time: timeText(ev.at), text, said });
        short = t('undo.done.short', { seq: ev.seq, text });
      }
    } catch { /* the confirmation still works */ }
    const ok = await confirmDialog(t('undo.confirm.title'), t('undo.confirm.text', { what }), t('undo.confirm.ok'), { cancel: t('undo.keep'), focusCancel: true });
    if (!ok) return;
    hideToast();
    await busy(button, async () => {
      try {
        const res = await this.ctx.api.undo(this.gid, this.etag);
        const d = res.data || {};
        this.apply(d.state, res.etag);
        this.last = { title: short || t('undo.done', { what }), sentences: [{ text: t('undo.back'), cls: 'event' }], at: new Date().toISOString() };
        this.drawLast();
        announce(t('undo.done', { what }));
        this.showTop();
      } catch (e) {
        if (e instanceof ApiError && e.status === 412) {
          await this.reload();
          showAlert(t('race.undo'), 'info');
          return;
        }
        throw e;
      }
    });
  }

  async reload() {
    try {
      const g = await this.ctx.api.game(this.gid);
      const { game, state } = g.data;
      this.game = game;
      this.apply(state, g.etag);
    } catch (e) {
      showError(e);
    }
  }

  apply(state, etag) {
    if (!state) { this.reload(); return; }
    this.state = state;
    this.names.addPlayers(state.players);
    this.names.seat(state.players);
    if (etag) {
      this.etag = etag;
      this.etagVerified = etag === etagOf(state);
    } else {
      this.etag = etagOf(state);
    }
    this.draw();
  }

  /** A state from the event stream. */
  async remote(state) {
    if (this.destroyed || !state) return;
    const cur = this.state || {};
    if (state.version !== undefined && cur.version !== undefined && Number(state.version) <= Number(cur.version)) return;
    if (this.sending) { await new Promise((r) => setTimeout(r, 150)); if (this.state && Number(state.version) <= Number(this.state.version)) return; }
    const prevSeq = Number(cur.seq) || 0;
    this.state = state;
    this.names.addPlayers(state.players);
    this.names.seat(state.players);
    if (this.etagVerified) this.etag = etagOf(state);
    else {
      try { const g = await this.ctx.api.game(this.gid); this.etag = g.etag || etagOf(state); this.state = g.data.state; } catch { this.etag = etagOf(state); }
    }
    const seq = Number(this.state.seq) || 0;
    if (seq !== this.toastSeq) hideToast(); // its Undo would now undo another phone's event
    // This phone's own tap from the offline queue, answered meanwhile: queuedSent() says so.
    if (queued(this.ctx.cid, this.gid).length) { this.draw(); return; }
    if (seq <= prevSeq) {
      const line = seq < prevSeq ? t('remote.undone') : t('remote.updated');
      this.last = { title: t('remote.changed'), sentences: [{ text: line }] };
      this.draw();
      announce(line);
      return;
    }
    const shown = this.last;
    const pending = { title: t('remote.logged'), sentences: [] };
    this.last = pending;
    this.draw();
    try {
      const evs = await this.ctx.api.events(this.gid, prevSeq);
      const live = evs.filter((e) => !e.voided && Number(e.seq) > prevSeq && Number(e.seq) <= seq);
      if (live.some((e) => e.type === 'correct')) await refreshBoard(this); // the box was fixed
      // Said meanwhile by this phone (an answer, a tap sent from the queue): keep that.
      if (this.last !== pending) return;
      // A box fix this phone saved comes back as a correct event: this phone's own too.
      const fixes = live.filter((e) => e.type === 'correct' && !this.mine.has(Number(e.seq))).length;
      if (fixes && this.ownFixes >= fixes) {
        this.ownFixes -= fixes;
        live.filter((e) => e.type === 'correct').forEach((e) => this.mine.add(Number(e.seq)));
      }
      if (live.length && live.every((e) => this.mine.has(Number(e.seq)))) { this.last = shown; this.drawLast(); return; } // this phone's own
      const sentences = [];
      for (const e of live) {
        sentences.push({ text: eventText(e, this.names), cls: 'event' });
        sentences.push(...eventSentences(e, e.effects || [], this.names, { mode: this.mode, state: e === live[live.length - 1] ? this.state : undefined }));
      }
      this.last = { title: t('remote.logged'), sentences, at: live.length ? live[live.length - 1].at : undefined, effects: live.flatMap((e) => e.effects || []) };
      this.drawLast();
      this.relive(this.last);
      announce(`${t('remote.logged')}: ${live.map((e) => eventText(e, this.names)).join('; ')}`);
    } catch { /* the state is already shown */ }
  }
}

/** The events sent from elsewhere than the dock (More, the box check): they may still be
 * queued behind a decision. Every other type is a decision of the dock, one a page older
 * than its engine offers through a plain button included. */
const NOT_DOCK = new Set(['note', 'trade', 'adjust', 'end', 'correct']);
const isDecision = (type) => !!type && !NOT_DOCK.has(type);

/** Whether state b is state a with notes added: equal but for the version and the seq. */
const onlyNoted = (a, b) => JSON.stringify({ ...a, version: 0, seq: 0 }) === JSON.stringify({ ...b, version: 0, seq: 0 });

/** Lock the dock's controls while its decision waits in the offline queue, saying so. */
function lockDock(box, title) {
  box.querySelectorAll('button, input, select, textarea').forEach((el) => { el.disabled = true; });
  box.setAttribute('aria-busy', 'true');
  box.prepend(h('p', { class: 'hint dock-locked', id: 'dock-locked', role: 'status' }, t('queue.locked.dock', { title })));
}

/**
 * Scroll the page the least so that el lies between what stays on top (the sticky header,
 * and the balances strip above it) and what covers the bottom (the toast, the tabs); when
 * it is taller than that room, its top is shown.
 */
export function bringIntoView(el) {
  if (!el.isConnected) return;
  const r = el.getBoundingClientRect();
  const over = (sel) => {
    const x = document.querySelector(sel);
    if (!x || x.hidden) return null;
    const b = x.getBoundingClientRect();
    return b.height && b.left < r.right && b.right > r.left ? b : null;
  };
  const header = over('.top');
  const strip = over('.strip-box');
  // The strip sticks under the header once the page scrolls: count it where it will be.
  const top = (header ? header.bottom : 0) + (strip ? strip.height : 0) + 6;
  const bottom = window.innerHeight - Math.max(...[over('#toast'), over('#tabs')].map((b) => (b ? window.innerHeight - b.top : 0))) - 6;
  let dy = 0;
  if (r.bottom > bottom) dy = Math.min(r.bottom - bottom, r.top - top);
  else if (r.top < top) dy = r.top - top;
  if (dy) window.scrollBy({ top: dy, behavior: 'instant' });
}

/** The heading of an ended game with its final standing (stamps, then cash). */
function finishedBanner(scr) {
  const st = scr.state;
  const w = st.winner !== null && st.winner !== undefined ? scr.player(st.winner) : null;
  const win = goalsToWin(st);
  const why = st.status === 'abandoned' ? t('over.abandoned')
    : w && typeof win === 'number' && (w.stamped || []).length >= win ? t('over.four', { n: win }) : t('over.early');
  const rows = [...(st.players || [])].sort((a, b) => (String(b.id) === String(st.winner)) - (String(a.id) === String(st.winner))
    || (b.stamped || []).length - (a.stamped || []).length || (Number(b.cash) || 0) - (Number(a.cash) || 0));
  return h('div', { class: 'turn-banner finished' },
    w ? tokenPicture(scr.board, w.token, { size: 'lg' }) : null,
    h('div', { class: 'grow' },
      h('h1', { tabindex: '-1', id: 'turn-h' }, w ? t('over.wins', { who: w.name }) : t('over.title')),
      h('p', null, why),
      h('ol', { class: 'final', 'aria-label': t('over.standing') }, rows.map((pl) => h('li', null,
        h('strong', null, pl.name), ' · ', t('strip.stamps.long', { n: (pl.stamped || []).length, of: win }),
        pl.cash !== null && pl.cash !== undefined ? ` · ${money(pl.cash)}` : ''))),
      // What the table does next, in the first screen.
      scr.readOnly ? null : h('a', { class: 'btn primary block', id: 'game-new', href: `#/c/${scr.ctx.cid}/new` }, t('game.new'))));
}

let toastTimer = null;
/** A toast above the tabs: what was just logged, with Undo, for a few seconds. */
function showToast(title, first, onUndo) {
  const box = document.getElementById('toast');
  if (!box) return;
  clearTimeout(toastTimer);
  const undo = onUndo ? h('button', { class: 'btn small', type: 'button', id: 'toast-undo' }, t('undo')) : null;
  if (undo) undo.addEventListener('click', () => onUndo());
  mount(box, h('div', { class: 'toast-text', title: first || title }, title), undo);
  box.hidden = false;
  toastTimer = setTimeout(hideToast, 6000);
}

function hideToast() {
  clearTimeout(toastTimer);
  const box = document.getElementById('toast');
  if (box) { box.hidden = true; box.replaceChildren(); }
}

export { hideToast };

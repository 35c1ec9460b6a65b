// views/table.js -- the table screen of one game: loads it, follows the event stream,
// sends events (If-Match + Idempotency-Key), shows each answer's effects in words,
// undo with a confirmation. The mode screens (banker, journal, results) draw the rest.

import { ApiError, etagOf } from '../api.js';
import { h, mount, showAlert, showError, clearAlert, announce, confirmDialog, busy } from '../ui.js';
import { touchCampaign } from '../store.js';
import { activeGameId, latestGame, splitGame } from '../model.js';
import { Names, effectText, eventText } from '../words.js';
import { follow } from '../live.js';
import * as banker from './banker.js';
import * as journalMode from './journalmode.js';
import * as results from './results.js';
import { afterEvent, refreshBoard } from './factcheck.js';

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
  const { game, state } = splitGame(g.data);
  const c = cdoc.campaign || {};
  const ed = await ctx.edition(c.edition);
  const board = ed.engine === 'full' ? await ctx.board().catch(() => ({})) : {};
  const scr = new TableScreen({ ctx, app, main, gid, game, state, etag: g.etag || etagOf(state), board, ed, campaign: c, people: cdoc.players || [] });
  app.title(`Game ${gid}`, c.name);
  if ((state && state.status) === 'active') touchCampaign(ctx.cid, { lastGame: gid });
  scr.mount();
  const stop = follow(ctx.api.streamUrl(gid), (st) => scr.remote(st), (st) => scr.liveStatus(st));
  return () => { stop(); scr.destroyed = true; };
}

export class TableScreen {
  constructor(o) {
    Object.assign(this, o);
    this.mode = (this.game && this.game.mode) || (this.state && this.state.mode) || 'banker';
    this.names = new Names(this.board, this.people, this.campaign && this.campaign.stamp_owner);
    this.names.addPlayers(this.state && this.state.players);
    if (this.game && Array.isArray(this.game.seats)) {
      this.names.addPlayers(this.game.seats.map((st) => ({ id: st.player?.id ?? st.player, name: st.player?.name ?? st.name, token: st.token })));
    }
    this.view = this.mode === 'results' ? results : this.mode === 'journal' ? journalMode : banker;
    this.last = null; // {title, effects, lines, remote}
    this.sending = false;
    this.destroyed = false;
    this.etagVerified = !!(this.etag && this.etag === etagOf(this.state));
  }

  get readOnly() { return this.ctx.readOnly; }
  get active() { return this.state && this.state.status === 'active'; }
  player(pid) { return ((this.state && this.state.players) || []).find((p) => String(p.id) === String(pid)) || null; }

  mount() {
    this.bannerBox = h('div');
    this.liveEl = h('span', { class: 'badge off' }, 'connecting');
    this.lastBox = h('section', { class: 'card last', 'aria-labelledby': 'last-h' });
    this.actionsBox = h('div');
    this.playersBox = h('section', { 'aria-labelledby': 'players-h' });
    this.moreBox = h('div');
    this.footBox = h('div');
    mount(this.main,
      this.bannerBox,
      h('div', { class: 'live-line' }, h('span', null, `Game ${this.gid}`, this.readOnly ? ' · view only' : ''), this.liveEl),
      this.lastBox,
      this.actionsBox,
      this.playersBox,
      this.moreBox,
      this.footBox);
    this.draw();
  }

  /** Redraw from this.state, keeping open forms in "More" and the focus where it was. */
  draw() {
    if (this.destroyed) return;
    const focused = document.activeElement;
    const focusedId = focused && this.main.contains(focused) ? focused.id : '';
    const hadFocus = !!(focused && focused !== this.main && this.main.contains(focused));
    this.bannerBox.replaceChildren(this.view.banner(this));
    // Actions depend on the game, not on notes: keep half-filled forms when only a note came in.
    const st = this.state || {};
    const sig = JSON.stringify([st.status, st.turn, st.ticket, st.players, st.destinations, st.journal, st.winner, st.result]);
    if (sig !== this.actionsSig) {
      this.actionsSig = sig;
      this.actionsBox.replaceChildren(...[].concat(this.readOnly ? [] : this.view.actions(this) || []));
    }
    this.drawLast();
    this.playersBox.replaceChildren(...[].concat(this.view.players(this) || []));
    const open = this.moreBox.querySelector('details[open]');
    if (!open || this.moreStatus !== st.status) {
      this.moreStatus = st.status;
      this.moreBox.replaceChildren(...[].concat(this.readOnly ? [] : this.view.more(this) || []));
    }
    this.footBox.replaceChildren(this.footer());
    if (hadFocus && !this.main.contains(document.activeElement)) {
      const again = focusedId && document.getElementById(focusedId);
      const h1 = this.bannerBox.querySelector('h1');
      if (again) again.focus({ preventScroll: true });
      else if (h1) h1.focus({ preventScroll: true });
    }
  }

  drawLast() {
    const l = this.last;
    if (!l) {
      this.lastBox.hidden = true;
      this.lastBox.replaceChildren(h('h2', { id: 'last-h' }, 'What happened'));
      return;
    }
    this.lastBox.hidden = false;
    const items = [];
    for (const line of l.lines || []) items.push(h('li', { class: 'event' }, line));
    for (const e of withoutEchoes(l.effects || [])) {
      const t = effectText(e, this.names);
      items.push(h('li', { class: t.cls || null }, t.text));
    }
    if (!items.length) items.push(h('li', null, 'Nothing else happened.'));
    this.lastBox.replaceChildren(
      h('h2', { id: 'last-h', class: 'visually-hidden' }, 'What happened'),
      h('p', { class: 'last-title' }, l.title),
      h('ul', { class: 'effects' }, items),
      afterEvent(this) || '');
  }

  footer() {
    const wrap = h('div', { class: 'stack' });
    if (!this.readOnly && this.state && this.state.status !== 'active') {
      wrap.append(h('a', { class: 'btn primary block', href: `#/c/${this.ctx.cid}/new` }, 'Start a new game'));
    }
    if (!this.readOnly && this.state && Number(this.state.seq) > 0) {
      const undo = h('button', { class: 'btn danger block', type: 'button', id: 'undo' }, 'Undo last event');
      undo.addEventListener('click', () => this.undo(undo));
      wrap.append(undo);
    }
    wrap.append(this.historyPanel());
    return wrap;
  }

  historyPanel() {
    const list = h('ol', { class: 'list', reversed: true });
    const det = h('details', { class: 'more' }, h('summary', null, 'Event log'), h('div', { class: 'body' }, list));
    det.addEventListener('toggle', async () => {
      if (!det.open) return;
      list.replaceChildren(h('li', { class: 'muted' }, 'Loading…'));
      try {
        const evs = await this.ctx.api.events(this.gid, 0);
        const rows = [...evs].sort((a, b) => b.seq - a.seq).slice(0, 200).map((ev) => h('li', { value: ev.seq },
          ev.voided ? h('s', null, `${ev.seq}. ${eventText(ev, this.names)}`) : `${ev.seq}. ${eventText(ev, this.names)}`,
          ev.voided ? h('span', { class: 'badge' }, 'undone') : null));
        list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, 'Nothing logged yet.')]));
      } catch (e) {
        list.replaceChildren(h('li', null, e.message));
      }
    });
    return det;
  }

  liveStatus(st) {
    if (!this.liveEl) return;
    this.liveEl.className = st === 'live' ? 'badge live' : 'badge off';
    this.liveEl.textContent = st === 'live' ? 'live' : st === 'connecting' ? 'connecting' : 'offline';
  }

  /** Send one event; shows its effects; a 412 (lost race) refreshes and says so. */
  async send(event, title, button) {
    if (this.sending) return null;
    this.sending = true;
    if (button) button.disabled = true;
    clearAlert();
    try {
      const res = await this.ctx.api.postEvent(this.gid, event, this.etag);
      const d = res.data || {};
      this.last = { title: title || eventText(event, this.names), effects: d.effects || [], event };
      this.apply(d.state, res.etag);
      const said = withoutEchoes(d.effects || []).map((e) => effectText(e, this.names).text).join(' ');
      announce(`${this.last.title}. ${said}`);
      return d;
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) {
        await this.reload();
        showAlert('Another phone logged something first, so yours was not saved. The table is up to date now: check it and try again.', 'info');
        return null;
      }
      showError(e);
      return null;
    } finally {
      this.sending = false;
      if (button && button.isConnected) button.disabled = false;
    }
  }

  async undo(button) {
    let what = 'the last event';
    try {
      const seq = Number(this.state.seq);
      const evs = await this.ctx.api.events(this.gid, Math.max(0, seq - 1));
      const ev = evs.find((x) => Number(x.seq) === seq && !x.voided) || evs.filter((x) => !x.voided).pop();
      if (ev) what = `event ${ev.seq}: ${eventText(ev, this.names)}`;
    } catch { /* the confirmation still works */ }
    const ok = await confirmDialog('Undo the last event?', `This takes back ${what}. Everyone's phone will follow.`, 'Undo');
    if (!ok) return;
    await busy(button, async () => {
      try {
        const res = await this.ctx.api.undo(this.gid, this.etag);
        const d = res.data || {};
        this.last = { title: `Undone: ${what}`, effects: [], lines: ['The game is back to how it was before that event.'] };
        this.apply(d.state, res.etag);
        announce(`Undone: ${what}.`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 412) {
          await this.reload();
          showAlert('Another phone changed the game just now, so nothing was undone. Check the table and try again.', 'info');
          return;
        }
        throw e;
      }
    });
  }

  async reload() {
    try {
      const g = await this.ctx.api.game(this.gid);
      const { game, state } = splitGame(g.data);
      if (game) this.game = game;
      this.apply(state, g.etag);
    } catch (e) {
      showError(e);
    }
  }

  apply(state, etag) {
    if (!state) { this.reload(); return; }
    this.state = state;
    this.names.addPlayers(state.players);
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
    if (this.etagVerified) this.etag = etagOf(state);
    else {
      try { const g = await this.ctx.api.game(this.gid); this.etag = g.etag || etagOf(state); this.state = splitGame(g.data).state || state; } catch { this.etag = etagOf(state); }
    }
    const seq = Number(this.state.seq) || 0;
    if (seq < prevSeq || (seq === prevSeq)) {
      this.last = { title: 'Changed on another phone', effects: [], lines: [seq < prevSeq ? 'The last event was undone on another phone.' : 'The game was updated on another phone.'] };
      this.draw();
      announce(this.last.lines[0]);
      return;
    }
    this.last = { title: 'Logged on another phone', effects: [], lines: [] };
    this.draw();
    try {
      const evs = await this.ctx.api.events(this.gid, prevSeq);
      const live = evs.filter((e) => !e.voided && Number(e.seq) > prevSeq && Number(e.seq) <= seq);
      if (live.some((e) => e.type === 'correct')) await refreshBoard(this); // the box was fixed
      this.last = {
        title: 'Logged on another phone',
        lines: live.map((e) => eventText(e, this.names)),
        effects: live.flatMap((e) => Array.isArray(e.effects) ? e.effects : []),
      };
      this.drawLast();
      announce(`Another phone logged: ${this.last.lines.join('; ')}`);
    } catch { /* the state is already shown */ }
  }
}

/**
 * The effects without the Bank payments that merely repeat a journal payout (the
 * server lists both: the payment and, with who and why, the payout).
 */
export function withoutEchoes(effects) {
  const out = [...effects];
  for (const e of effects) {
    if (e.kind !== 'journal_payout') continue;
    const amount = Math.abs(Number(e.amount));
    const i = out.findIndex((x) => x.kind === 'pay' && x.reason === 'journal' && Number(x.amount) === amount
      && ((x.from === 'bank' && String(x.to) === String(e.player)) || (x.to === 'bank' && String(x.from) === String(e.player))));
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

// views/campaign.js -- one campaign: resume or start a game, share links, players,
// past games, settings.

import { h, mount, field, busy, showAlert, announce, confirmDialog, select } from '../ui.js';
import { t, dateText } from '../i18n.js';
import { gameLabel } from '../words.js';
import { qrSvg } from '../qr.js';
import { saveCampaign, forgetCampaign } from '../store.js';
import { activeGameId, kindOf } from '../model.js';
import { checkOffer, boxCheckOffer } from './check.js';
import { downloadButton } from './boxfile.js';
import { bgStatsLink, playUuidOf } from '../bgstats.js';
import { backupPanel } from './backup.js';
import { houseRulesPanel } from '../houserules.js';
import { recapCard } from '../memories.js';
import { boxesOf } from '../boxes.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, players] = await Promise.all([ctx.api.get(), ctx.api.players().catch(() => null)]);
  // The BG Stats file (every play) only when there is a finished game to send.
  const bgs = (doc.games || []).some((g) => g.status === 'finished') ? await ctx.api.bgStats().catch(() => null) : null;
  const c = doc.campaign || {};
  saveCampaign({ ...ctx.entry, name: c.name, edition: c.edition });
  const ed = await ctx.edition(c.edition);
  const full = kindOf(ed).board;
  const board = full ? await ctx.board(true).catch(() => null) : null;
  app.title(c.name, c.name);
  const gid = activeGameId(c);
  const games = [...(doc.games || [])].sort((a, b) => Number(b.id) - Number(a.id));
  const people = players || doc.players || [];
  const nameOf = (pid) => (people.find((p) => String(p.id) === String(pid)) || {}).name || t('player.n', { id: pid });
  const activeGame = games.find((g) => String(g.id) === String(gid));
  const editions = await app.editions();
  // Every box may have its game going: each active one resumes; a new game picks its box.
  const others = boxesOf(c).map((b) => b.active_game).filter((a) => a && String(a) !== String(gid));
  const resume = (id) => h('a', { class: `btn ${String(id) === String(gid) ? 'primary ' : ''}block`, href: `#/c/${ctx.cid}/game/${id}` },
    t('camp.resume', { game: gameLabel(games.find((g) => String(g.id) === String(id)), id) }));

  const start = gid
    ? h('div', { class: 'stack' }, resume(gid), ...others.map(resume),
      ctx.readOnly ? null : h('a', { class: 'btn block', href: `#/c/${ctx.cid}/new` }, t('camp.new_game')))
    : ctx.readOnly
      ? h('p', { class: 'muted' }, t('camp.no_game'))
      : h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/new` }, t('camp.new_game'));

  mount(main,
    h('h1', null, c.name || t('camp.n', { id: ctx.cid })),
    h('p', { class: 'muted' }, ed.name || c.edition,
      full ? ` · ${t(c.stamp_owner === 'player' ? 'camp.owner.player' : 'camp.owner.token')}` : '',
      ctx.readOnly ? ` · ${t('view_only')}` : ''),
    full ? checkOffer(ctx, board) : null,
    // Each classic or Wonders box of the group has its own check (deeds, cards, spaces).
    boxesOf(c).filter((b) => (editions.find((e) => e.id === b.edition) || {}).kind === 'classic')
      .map((b) => boxCheckOffer(ctx, b, (editions.find((e) => e.id === b.edition) || {}).name || b.edition)),
    start,
    // "Last time…" under the button that starts tonight's game: it loads a moment later
    // and is long (standings, memories, a photo), so above it would push the button down.
    recapCard(ctx, board, editions),
    sharePanel(ctx, app, games.length === 0 || renewed === ctx.cid),
    playersPanel(ctx, people, app),
    gamesPanel(ctx, games, nameOf, full, bgs, (g) => (g.edition && g.edition !== c.edition ? (editions.find((e) => e.id === g.edition) || {}).name || g.edition : null)),
    full ? h('nav', { class: 'card', 'aria-label': t('camp.pages') },
      h('div', { class: 'btn-grid' },
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/journal` }, t('tab.journal')),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/board` }, t('tab.board')),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/stats` }, t('tab.stats')),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/box` }, t('camp.box')),
        downloadButton(ctx, c.name))) : null,
    full ? houseRulesPanel(ctx, c, app) : null,
    settingsPanel(ctx, c, full, app),
    backupPanel(ctx, c, app));
}

function shareLink(cid, key) {
  return `${location.origin}${location.pathname}#/join/${cid}/${encodeURIComponent(key)}`;
}

// The campaign whose links this phone has just renewed: its share panel opens on them.
let renewed = null;

/** "Make new links": a new key pair, the old links closed on every phone at once. */
function renewLinks(ctx, app) {
  const btn = h('button', { class: 'btn small danger', type: 'button' }, t('share.renew'));
  btn.addEventListener('click', async () => {
    if (!(await confirmDialog(t('share.renew.title'), t('share.renew.text'), t('share.renew.ok')))) return;
    busy(btn, async () => {
      const pair = await ctx.api.newKeys();
      saveCampaign({ ...ctx.entry, key: pair.key, writeKey: pair.key, viewKey: pair.view_key, readOnly: false });
      renewed = ctx.cid;
      announce(t('share.renewed'));
      app.refresh();
    });
  });
  return h('div', { class: 'stack' }, h('p', { class: 'hint' }, t('share.renew.hint')), h('div', { class: 'row' }, btn));
}

function sharePanel(ctx, app, open) {
  const rows = [];
  if (renewed === ctx.cid) renewed = null;
  const e = ctx.entry;
  const add = (label, key, hint, qrLabel) => {
    const input = h('input', { type: 'text', readonly: true, value: shareLink(ctx.cid, key), 'aria-describedby': null });
    const copy = h('button', { class: 'btn small', type: 'button' }, t('share.copy'));
    copy.addEventListener('click', async () => {
      const text = input.value;
      try {
        await navigator.clipboard.writeText(text);
        copy.textContent = t('share.copied');
      } catch {
        input.focus();
        input.select();
        copy.textContent = t('share.selected');
      }
      announce(t('share.copied.say', { label }));
      setTimeout(() => { if (copy.isConnected) copy.textContent = t('share.copy'); }, 2500);
    });
    const buttons = [copy];
    if (navigator.share) {
      buttons.push(h('button', {
        class: 'btn small', type: 'button',
        onclick: () => navigator.share({ title: t('share.title'), url: input.value }).catch(() => {}),
      }, t('share.share')));
    }
    rows.push(h('div', { class: 'share' }, field(label, input, hint),
      h('div', { class: 'share-row' }, qrSvg(input.value, qrLabel), h('div', { class: 'row' }, buttons))));
  };
  if (e.writeKey || (!e.readOnly && e.key)) add(t('share.rw'), e.writeKey || e.key, t('share.rw.hint'), t('share.qr.rw'));
  if (e.viewKey) add(t('share.ro'), e.viewKey, t('share.ro.hint'), t('share.qr.ro'));
  return h('details', { class: 'more', open },
    h('summary', null, t('share.title.links')),
    h('div', { class: 'body' },
      h('p', { class: 'hint' }, t('share.hint')),
      rows.length ? rows : h('p', { class: 'empty' }, t('share.none')),
      ctx.readOnly ? null : renewLinks(ctx, app)));
}

function playersPanel(ctx, players, app) {
  const list = h('ul', { class: 'list' }, players.length ? players.map((p) => playerRow(ctx, p, app))
    : h('li', { class: 'empty' }, t('camp.players.none')));
  const input = h('input', { type: 'text', maxlength: 80, autocomplete: 'off', name: 'player' });
  const addBtn = h('button', { class: 'btn primary', type: 'submit' }, t('camp.players.add'));
  const form = h('form', { class: 'stack' }, field(t('camp.players.new'), input), addBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) { showAlert(t('camp.players.empty')); input.focus(); return; }
    busy(addBtn, async () => {
      const p = await ctx.api.addPlayer(name);
      const row = playerRow(ctx, { id: p.id, name: p.name || name, games: 0, wins: 0 }, app);
      const empty = list.querySelector('.empty');
      if (empty) empty.remove();
      list.append(row);
      input.value = '';
      input.focus();
      announce(t('camp.players.added', { name: p.name || name }));
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'players-h' },
    h('h2', { id: 'players-h' }, t('players')),
    list,
    ctx.readOnly ? null : form);
}

function playerRow(ctx, p, app) {
  const nameEl = h('span', { class: 'grow' }, h('strong', null, p.name));
  const meta = h('span', { class: 'muted small' }, p.games !== undefined ? `${t('camp.games', { n: p.games })} · ${t('camp.wins', { n: p.wins ?? 0 })}` : '');
  const li = h('li', { dataset: { player: p.id } });
  const view = h('div', { class: 'row' }, nameEl, meta);
  li.append(view);
  if (!ctx.readOnly) {
    const input = h('input', { type: 'text', maxlength: 80, value: p.name });
    const save = h('button', { class: 'btn small primary', type: 'submit' }, t('save'));
    const form = h('form', { class: 'stack' }, field(t('camp.rename.field', { name: p.name }), input), h('div', { class: 'row' }, save));
    const formId = `rename-${p.id}`;
    form.id = formId;
    form.hidden = true;
    const toggle = h('button', { class: 'btn small', type: 'button', 'aria-label': t('camp.rename.label', { name: p.name }), 'aria-expanded': 'false', 'aria-controls': formId }, t('camp.rename'));
    toggle.addEventListener('click', () => {
      form.hidden = !form.hidden;
      toggle.setAttribute('aria-expanded', String(!form.hidden));
      if (!form.hidden) { input.focus(); input.select(); }
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (!name) { showAlert(t('camp.rename.empty')); return; }
      busy(save, async () => {
        await ctx.api.renamePlayer(p.id, name);
        announce(t('camp.renamed', { old: p.name, name }));
        app.refresh();
      });
    });
    view.append(toggle);
    li.append(form);
  }
  return li;
}

/** The "Send to BG Stats" link of a finished game, or null. */
function bgStatsButton(bgs, games, g) {
  if (!bgs || g.status !== 'finished') return null;
  const url = bgStatsLink(bgs, playUuidOf(bgs, games, g.id));
  return url ? h('a', { class: 'btn', href: url, rel: 'noopener noreferrer', 'data-bgstats': g.id,
    'aria-label': t('camp.bgstats_label', { n: g.number ?? g.id }) }, t('camp.bgstats')) : null;
}

/** The campaign's games; boxOf(g): the name of the box of a game of another box than
 * the campaign's own, else null. */
function gamesPanel(ctx, games, nameOf, full, bgs, boxOf) {
  if (!games.length) return null;
  return h('section', { class: 'card', 'aria-labelledby': 'games-h' },
    h('h2', { id: 'games-h' }, t('camp.games.title')),
    h('ul', { class: 'list' }, games.map((g) => {
      const winner = g.winner !== null && g.winner !== undefined ? t('camp.won_by', { who: nameOf(g.winner?.id ?? g.winner) }) : t(`status.${g.status}`);
      const extra = [g.location, g.duration_min !== undefined && g.duration_min !== null ? t('camp.minutes', { n: g.duration_min }) : null].filter(Boolean).join(' · ');
      return h('li', null, h('a', { href: `#/c/${ctx.cid}/game/${g.id}`, class: 'game-link' },
        h('span', { class: 'grow' }, h('strong', null, gameLabel(g, g.id)), h('span', { class: 'muted small' }, ` · ${dateText(g.played_at || g.started_at)}${extra ? ` · ${extra}` : ''}`)),
        boxOf(g) ? h('span', { class: 'badge' }, boxOf(g)) : null,
        h('span', { class: 'badge' }, t(`mode.${g.mode}`)),
        h('span', { class: g.status === 'active' ? 'badge live' : 'badge' }, g.status === 'active' ? t('camp.playing') : winner)),
        bgStatsButton(bgs, games, g));
    })));
}

function settingsPanel(ctx, c, full, app) {
  const body = h('div', { class: 'body' });
  if (!ctx.readOnly) {
    const name = h('input', { type: 'text', maxlength: 80, value: c.name || '' });
    const pol = select([['token', t('camp.pol.token')], ['player', t('camp.pol.player')]], {}, c.stamp_owner || 'token');
    const save = h('button', { class: 'btn primary', type: 'submit' }, t('camp.settings.save'));
    const form = h('form', null, field(t('camp.name'), name), full ? field(t('camp.pol'), pol) : null, save);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const patch = {};
      if (name.value.trim() && name.value.trim() !== c.name) patch.name = name.value.trim();
      if (full && pol.value !== (c.stamp_owner || 'token')) patch.stamp_owner = pol.value;
      if (!Object.keys(patch).length) { announce(t('camp.settings.same')); return; }
      busy(save, async () => {
        await ctx.api.patch(patch);
        announce(t('camp.settings.saved'));
        app.refresh();
      });
    });
    body.append(form);
  }
  const forget = h('button', { class: 'btn danger', type: 'button' }, t('camp.forget'));
  forget.addEventListener('click', async () => {
    const ok = await confirmDialog(t('camp.forget.title'), t('camp.forget.text'), t('camp.forget.ok'));
    if (!ok) return;
    forgetCampaign(ctx.cid);
    app.go('#/');
  });
  body.append(h('p', null, forget));
  return h('details', { class: 'more' }, h('summary', null, t('camp.settings')), body);
}

// views/campaign.js -- one campaign: resume or start a game, share links, players,
// past games, settings.

import { h, mount, field, busy, showAlert, announce, confirmDialog, dateText, select, plural } from '../ui.js';
import { saveCampaign, forgetCampaign } from '../store.js';
import { activeGameId } from '../model.js';
import { bgStatsLink, playUuidOf } from '../bgstats.js';
import { backupPanel } from './backup.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, players, bgs] = await Promise.all([ctx.api.get(), ctx.api.players().catch(() => null),
    ctx.api.bgStats().catch(() => null)]);
  const c = doc.campaign || {};
  saveCampaign({ ...ctx.entry, name: c.name, edition: c.edition });
  const ed = await ctx.edition(c.edition);
  const full = ed.engine === 'full';
  app.title(c.name, c.name);
  const gid = activeGameId(c);
  const games = [...(doc.games || [])].sort((a, b) => Number(b.id) - Number(a.id));
  const people = players || doc.players || [];
  const nameOf = (pid) => (people.find((p) => String(p.id) === String(pid)) || {}).name || `Player ${pid}`;

  const start = gid
    ? h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/game/${gid}` }, `Resume game ${gid}`)
    : ctx.readOnly
      ? h('p', { class: 'muted' }, 'No game is being played right now.')
      : h('a', { class: 'btn primary block', href: `#/c/${ctx.cid}/new` }, 'New game');

  mount(main,
    h('h1', null, c.name || `Campaign ${ctx.cid}`),
    h('p', { class: 'muted' }, ed.name || c.edition,
      full ? ` · stamps belong to the ${c.stamp_owner === 'player' ? 'person who stamped' : 'token'}` : '',
      ctx.readOnly ? ' · view only' : ''),
    start,
    sharePanel(ctx, games.length === 0),
    playersPanel(ctx, people, app),
    gamesPanel(ctx, games, nameOf, full, bgs),
    full ? h('nav', { class: 'card', 'aria-label': 'Campaign pages' },
      h('div', { class: 'btn-grid' },
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/journal` }, 'Journal'),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/board` }, 'Board'),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/stats` }, 'Stats'),
        h('a', { class: 'btn', href: `#/c/${ctx.cid}/box` }, 'Box editor'))) : null,
    settingsPanel(ctx, c, full, app),
    backupPanel(ctx, c, app));
}

function shareLink(cid, key) {
  return `${location.origin}${location.pathname}#/join/${cid}/${encodeURIComponent(key)}`;
}

function sharePanel(ctx, open) {
  const rows = [];
  const e = ctx.entry;
  const add = (label, key, hint) => {
    const input = h('input', { type: 'text', readonly: true, value: shareLink(ctx.cid, key), 'aria-describedby': null });
    const copy = h('button', { class: 'btn small', type: 'button' }, 'Copy');
    copy.addEventListener('click', async () => {
      const text = input.value;
      try {
        await navigator.clipboard.writeText(text);
        copy.textContent = 'Copied';
      } catch {
        input.focus();
        input.select();
        copy.textContent = 'Selected: copy it';
      }
      announce(`${label} copied.`);
      setTimeout(() => { if (copy.isConnected) copy.textContent = 'Copy'; }, 2500);
    });
    const buttons = [copy];
    if (navigator.share) {
      buttons.push(h('button', {
        class: 'btn small', type: 'button',
        onclick: () => navigator.share({ title: 'Stampbook campaign', url: input.value }).catch(() => {}),
      }, 'Share…'));
    }
    rows.push(h('div', { class: 'share' }, field(label, input, hint), h('div', { class: 'row' }, buttons)));
  };
  if (e.writeKey || (!e.readOnly && e.key)) add('Read-write link', e.writeKey || e.key, 'For the players at the table: they can log the game.');
  if (e.viewKey) add('View-only link', e.viewKey, 'For anyone who only follows along.');
  return h('details', { class: 'more', open },
    h('summary', null, 'Share links'),
    h('div', { class: 'body' },
      h('p', { class: 'hint' }, 'Anyone with a link can open this campaign; the key stays in the link and is never sent to the server logs.'),
      rows.length ? rows : h('p', { class: 'empty' }, 'This phone has no key to share.')));
}

function playersPanel(ctx, players, app) {
  const list = h('ul', { class: 'list' }, players.length ? players.map((p) => playerRow(ctx, p, app))
    : h('li', { class: 'empty' }, 'No players yet: add everyone who plays with this box.'));
  const input = h('input', { type: 'text', maxlength: 80, autocomplete: 'off', name: 'player' });
  const addBtn = h('button', { class: 'btn primary', type: 'submit' }, 'Add player');
  const form = h('form', { class: 'stack' }, field('New player name', input), addBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) { showAlert('Type the player’s name first.'); input.focus(); return; }
    busy(addBtn, async () => {
      const p = await ctx.api.addPlayer(name);
      const row = playerRow(ctx, { id: p.id, name: p.name || name, games: 0, wins: 0 }, app);
      const empty = list.querySelector('.empty');
      if (empty) empty.remove();
      list.append(row);
      input.value = '';
      input.focus();
      announce(`${p.name || name} added.`);
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'players-h' },
    h('h2', { id: 'players-h' }, 'Players'),
    list,
    ctx.readOnly ? null : form);
}

function playerRow(ctx, p, app) {
  const nameEl = h('span', { class: 'grow' }, h('strong', null, p.name));
  const meta = h('span', { class: 'muted small' }, p.games !== undefined ? `${plural(p.games, 'game', 'games')} · ${plural(p.wins ?? 0, 'win', 'wins')}` : '');
  const li = h('li', { dataset: { player: p.id } });
  const view = h('div', { class: 'row' }, nameEl, meta);
  li.append(view);
  if (!ctx.readOnly) {
    const input = h('input', { type: 'text', maxlength: 80, value: p.name });
    const save = h('button', { class: 'btn small primary', type: 'submit' }, 'Save');
    const form = h('form', { class: 'stack' }, field(`New name for ${p.name}`, input), h('div', { class: 'row' }, save));
    const formId = `rename-${p.id}`;
    form.id = formId;
    form.hidden = true;
    const toggle = h('button', { class: 'btn small', type: 'button', 'aria-label': `Rename ${p.name}`, 'aria-expanded': 'false', 'aria-controls': formId }, 'Rename');
    toggle.addEventListener('click', () => {
      form.hidden = !form.hidden;
      toggle.setAttribute('aria-expanded', String(!form.hidden));
      if (!form.hidden) { input.focus(); input.select(); }
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (!name) { showAlert('A name cannot be empty.'); return; }
      busy(save, async () => {
        await ctx.api.renamePlayer(p.id, name);
        announce(`${p.name} is now ${name}.`);
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
    'aria-label': `Send game ${g.id} to BG Stats` }, 'Send to BG Stats') : null;
}

function gamesPanel(ctx, games, nameOf, full, bgs) {
  if (!games.length) return null;
  const modeText = { banker: 'Banker', journal: 'Journal', results: 'Result' };
  return h('section', { class: 'card', 'aria-labelledby': 'games-h' },
    h('h2', { id: 'games-h' }, 'Games'),
    h('ul', { class: 'list' }, games.map((g) => {
      const winner = g.winner !== null && g.winner !== undefined ? `won by ${nameOf(g.winner?.id ?? g.winner)}` : g.status;
      return h('li', null, h('a', { href: `#/c/${ctx.cid}/game/${g.id}`, class: 'game-link' },
        h('span', { class: 'grow' }, h('strong', null, `Game ${g.id}`), h('span', { class: 'muted small' }, ` · ${dateText(g.started_at)}`)),
        h('span', { class: 'badge' }, modeText[g.mode] || g.mode),
        h('span', { class: g.status === 'active' ? 'badge live' : 'badge' }, g.status === 'active' ? 'playing' : winner)),
        bgStatsButton(bgs, games, g));
    })));
}

function settingsPanel(ctx, c, full, app) {
  const body = h('div', { class: 'body' });
  if (!ctx.readOnly) {
    const name = h('input', { type: 'text', maxlength: 80, value: c.name || '' });
    const pol = select([['token', 'The token on the card (official)'], ['player', 'The person who stamped it']], {}, c.stamp_owner || 'token');
    const save = h('button', { class: 'btn primary', type: 'submit' }, 'Save settings');
    const form = h('form', null, field('Campaign name', name), full ? field('Stamps belong to', pol) : null, save);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const patch = {};
      if (name.value.trim() && name.value.trim() !== c.name) patch.name = name.value.trim();
      if (full && pol.value !== (c.stamp_owner || 'token')) patch.stamp_owner = pol.value;
      if (!Object.keys(patch).length) { announce('Nothing changed.'); return; }
      busy(save, async () => {
        await ctx.api.patch(patch);
        announce('Settings saved.');
        app.refresh();
      });
    });
    body.append(form);
  }
  const forget = h('button', { class: 'btn danger', type: 'button' }, 'Forget on this phone');
  forget.addEventListener('click', async () => {
    const ok = await confirmDialog('Forget this campaign?', 'It stays on the server; you will need its share link to open it again.', 'Forget');
    if (!ok) return;
    forgetCampaign(ctx.cid);
    app.go('#/');
  });
  body.append(h('p', null, forget));
  return h('details', { class: 'more' }, h('summary', null, 'Settings'), body);
}

// views/home.js -- the start screen: campaigns this browser knows, a new campaign,
// opening a share link; and the #/join/{cid}/{key} route those links lead to.

import { createCampaign, CampaignApi, ApiError } from '../api.js';
import { listCampaigns, saveCampaign } from '../store.js';
import { h, mount, field, busy, showAlert, announce } from '../ui.js';
import { t } from '../i18n.js';
import { activeGameId, kindOf } from '../model.js';
import { boxSource } from './boxfile.js';
import { importForm } from './backup.js';

export async function render({ main, app }) {
  app.title('');
  const editions = await app.editions();
  const known = listCampaigns();

  const list = known.length
    ? h('ul', { class: 'list' }, known.map((c) => h('li', null,
      h('a', { class: 'btn block', href: `#/c/${c.id}` },
        h('span', { class: 'grow', style: 'text-align:left' }, c.name || t('camp.n', { id: c.id })),
        c.readOnly ? h('span', { class: 'badge' }, t('view_only')) : null,
        h('span', { class: 'badge' }, editionName(editions, c.edition))))))
    : h('p', { class: 'empty' }, t('home.none'));

  // New campaign.
  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 80, autocomplete: 'off', placeholder: t('home.name.eg') });
  const edSel = h('select', { name: 'edition' }, editions.map((e) => h('option', { value: e.id }, e.name || e.id)));
  const policy = h('fieldset', { class: 'policy' },
    h('legend', null, t('home.pol')),
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'stamp_owner', value: 'token', checked: true }),
      h('span', null, t('home.pol.token'))),
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'stamp_owner', value: 'player' }),
      h('span', null, t('camp.pol.player'))));
  const syncPolicy = () => {
    const ed = editions.find((e) => e.id === edSel.value);
    policy.hidden = ed && !kindOf(ed).board;
    if (source) source.el.hidden = policy.hidden;
  };
  const source = boxSource();
  edSel.addEventListener('change', syncPolicy);
  syncPolicy();
  const createBtn = h('button', { class: 'btn primary block', type: 'submit' }, t('home.create'));
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-campaign' },
    h('h2', { id: 'new-campaign' }, t('home.new')),
    field(t('camp.name'), name),
    field(t('home.edition'), edSel),
    policy,
    source.el,
    createBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = name.value.trim();
    if (!n) { showAlert(t('home.name.empty')); name.focus(); return; }
    const ed = editions.find((e) => e.id === edSel.value);
    const body = { name: n, edition: edSel.value };
    if (!ed || kindOf(ed).board) body.stamp_owner = form.querySelector('input[name=stamp_owner]:checked').value;
    busy(createBtn, async () => {
      const box = !ed || kindOf(ed).board ? await source.board() : null;
      if (box) body.board = box;
      const res = await createCampaign(body);
      const c = res.campaign || {};
      saveCampaign({
        id: c.id, name: c.name || n, edition: c.edition || body.edition,
        key: res.key, writeKey: res.key, viewKey: res.view_key, readOnly: false,
      });
      announce(t('home.created', { name: c.name || n }));
      app.go(`#/c/${c.id}`);
    });
  });

  // Open a share link.
  const link = h('input', { type: 'url', name: 'link', autocomplete: 'off', placeholder: 'https://…/#/join/…' });
  const openForm = h('form', { class: 'card', 'aria-labelledby': 'open-link' },
    h('h2', { id: 'open-link' }, t('home.join')),
    field(t('home.link'), link, t('home.link.hint')),
    h('button', { class: 'btn block', type: 'submit' }, t('home.open')));
  openForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const m = link.value.trim().match(/#\/join\/(\d+)\/([^/\s]+)/);
    if (!m) { showAlert(t('home.link.bad')); link.focus(); return; }
    app.go(`#/join/${m[1]}/${m[2]}`);
  });

  mount(main,
    h('h1', null, 'Stampbook'),
    h('p', { class: 'muted' }, t('home.intro')),
    h('section', { 'aria-labelledby': 'known' }, h('h2', { id: 'known' }, t('home.yours')), list),
    form,
    openForm,
    // A backup restored on a new server, without a throwaway campaign first.
    h('details', { class: 'more card', id: 'home-restore' }, h('summary', null, t('home.restore')),
      h('div', { class: 'body' }, h('p', { class: 'hint' }, t('home.restore.hint')), importForm(app, 'home-import-file'))));
}

function editionName(editions, id) {
  const e = editions.find((x) => x.id === id);
  if (!e) return id || 'Travel World Tour';
  return (e.name || e.id).replace(/^Monopoly\s+/i, '');
}

/** #/join/{cid}/{key}: check the key, remember the campaign, drop the key from the URL. */
export async function join({ main, params, app }) {
  const [cid, rawKey] = params;
  const key = decodeURIComponent(rawKey);
  app.title(t('join.title'));
  mount(main, h('h1', null, t('join.h1')));
  const api = new CampaignApi(cid, key);
  let data;
  try {
    data = await api.get();
  } catch (e) {
    history.replaceState(null, '', '#/');
    mount(main, h('h1', null, t('join.bad')),
      h('p', null, e instanceof ApiError && (e.status === 401 || e.status === 404) ? t('join.unknown') : t('join.unreachable')),
      h('p', null, h('a', { class: 'btn primary', href: '#/' }, t('go.start'))));
    throw e;
  }
  // A view key is refused for writes (403); an empty PATCH changes nothing otherwise.
  let readOnly = false;
  try {
    await api.patch({});
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) readOnly = true;
  }
  const c = data.campaign || {};
  saveCampaign({
    id: c.id ?? cid, name: c.name, edition: c.edition, key,
    writeKey: readOnly ? undefined : key, viewKey: readOnly ? key : undefined, readOnly,
  });
  announce(t(readOnly ? 'join.done.ro' : 'join.done', { name: c.name || '' }));
  const gid = activeGameId(c);
  app.go(gid ? `#/c/${c.id ?? cid}/game/${gid}` : `#/c/${c.id ?? cid}`, { replace: true });
}

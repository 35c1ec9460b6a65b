// views/home.js -- the start screen: campaigns this browser knows, a new campaign,
// opening a share link; and the #/join/{cid}/{key} route those links lead to.

import { createCampaign, CampaignApi, ApiError } from '../api.js';
import { listCampaigns, saveCampaign } from '../store.js';
import { h, mount, field, busy, showAlert, announce } from '../ui.js';
import { activeGameId } from '../model.js';
import { boxSource } from './boxfile.js';

export async function render({ main, app }) {
  app.title('');
  const editions = await app.editions();
  const known = listCampaigns();

  const list = known.length
    ? h('ul', { class: 'list' }, known.map((c) => h('li', null,
      h('a', { class: 'btn block', href: `#/c/${c.id}` },
        h('span', { class: 'grow', style: 'text-align:left' }, c.name || `Campaign ${c.id}`),
        c.readOnly ? h('span', { class: 'badge' }, 'view only') : null,
        h('span', { class: 'badge' }, editionName(editions, c.edition))))))
    : h('p', { class: 'empty' }, 'No campaigns on this phone yet. Create one below, or open a share link from your group.');

  // New campaign.
  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 80, autocomplete: 'off', placeholder: 'e.g. The Tuesday table' });
  const edSel = h('select', { name: 'edition' }, editions.map((e) => h('option', { value: e.id }, e.name || e.id)));
  const policy = h('fieldset', { class: 'policy' },
    h('legend', null, 'Who collects a stamp in later games?'),
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'stamp_owner', value: 'token', checked: true }),
      h('span', null, 'The token on the card (the official rule)')),
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'stamp_owner', value: 'player' }),
      h('span', null, 'The person who stamped it')));
  const syncPolicy = () => {
    const ed = editions.find((e) => e.id === edSel.value);
    policy.hidden = ed && ed.engine !== 'full';
    if (source) source.el.hidden = policy.hidden;
  };
  const source = boxSource();
  edSel.addEventListener('change', syncPolicy);
  syncPolicy();
  const createBtn = h('button', { class: 'btn primary block', type: 'submit' }, 'Create campaign');
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-campaign' },
    h('h2', { id: 'new-campaign' }, 'New campaign'),
    field('Campaign name', name),
    field('Edition', edSel),
    policy,
    source.el,
    createBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = name.value.trim();
    if (!n) { showAlert('Give the campaign a name.'); name.focus(); return; }
    const ed = editions.find((e) => e.id === edSel.value);
    const body = { name: n, edition: edSel.value };
    if (!ed || ed.engine === 'full') body.stamp_owner = form.querySelector('input[name=stamp_owner]:checked').value;
    busy(createBtn, async () => {
      const box = !ed || ed.engine === 'full' ? await source.board() : null;
      if (box) body.board = box;
      const res = await createCampaign(body);
      const c = res.campaign || {};
      saveCampaign({
        id: c.id, name: c.name || n, edition: c.edition || body.edition,
        key: res.key, writeKey: res.key, viewKey: res.view_key, readOnly: false,
      });
      announce(`Campaign ${c.name || n} created.`);
      app.go(`#/c/${c.id}`);
    });
  });

  // Open a share link.
  const link = h('input', { type: 'url', name: 'link', autocomplete: 'off', placeholder: 'https://…/#/join/…' });
  const openForm = h('form', { class: 'card', 'aria-labelledby': 'open-link' },
    h('h2', { id: 'open-link' }, 'Join with a share link'),
    field('Share link', link, 'Paste the link someone at the table shared.'),
    h('button', { class: 'btn block', type: 'submit' }, 'Open'));
  openForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const m = link.value.trim().match(/#\/join\/(\d+)\/([^/\s]+)/);
    if (!m) { showAlert('That does not look like a Stampbook share link.'); link.focus(); return; }
    app.go(`#/join/${m[1]}/${m[2]}`);
  });

  mount(main,
    h('h1', null, 'Stampbook'),
    h('p', { class: 'muted' }, 'The campaign book of your Monopoly Travel World Tour box: journal stamps, game nights, and the bank.'),
    h('section', { 'aria-labelledby': 'known' }, h('h2', { id: 'known' }, 'Your campaigns'), list),
    form,
    openForm);
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
  app.title('Joining');
  mount(main, h('h1', null, 'Joining the campaign…'));
  const api = new CampaignApi(cid, key);
  let data;
  try {
    data = await api.get();
  } catch (e) {
    history.replaceState(null, '', '#/');
    mount(main, h('h1', null, 'This link did not work'),
      h('p', null, e instanceof ApiError && (e.status === 401 || e.status === 404)
        ? 'The campaign or its key is not known to this server. Ask for a fresh link.'
        : 'The server could not be reached.'),
      h('p', null, h('a', { class: 'btn primary', href: '#/' }, 'Go to start')));
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
  announce(`Joined ${c.name || 'the campaign'}${readOnly ? ' (view only)' : ''}.`);
  const gid = activeGameId(c);
  app.go(gid ? `#/c/${c.id ?? cid}/game/${gid}` : `#/c/${c.id ?? cid}`, { replace: true });
}

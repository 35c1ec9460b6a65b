// views/backup.js -- the campaign screen's backup panel: export the campaign as one
// JSON file (everything: players, every game and event, the box), or import such a file
// as a new campaign with new keys.

import { h, field, busy, showAlert, announce } from '../ui.js';
import { request } from '../api.js';
import { saveCampaign } from '../store.js';

/** A file name for campaign c's export: stampbook-<name>-<date>.json. */
function fileName(c, cid) {
  const slug = String(c.name || `campaign-${cid}`).toLowerCase().normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || `campaign-${cid}`;
  return `stampbook-${slug}-${new Date().toISOString().slice(0, 10)}.json`;
}

/** Hand text to the browser as a download named name. */
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function backupPanel(ctx, c, app) {
  const exportBtn = h('button', { class: 'btn block', type: 'button' }, 'Export this campaign');
  exportBtn.addEventListener('click', () => busy(exportBtn, async () => {
    const r = await ctx.api.req('GET', '/export');
    download(fileName(c, ctx.cid), JSON.stringify(r.data));
    announce('The campaign was exported: keep the file somewhere safe.');
  }));
  const file = h('input', { type: 'file', accept: 'application/json,.json', name: 'import-file', style: 'min-height: 48px; width: 100%' });
  const importBtn = h('button', { class: 'btn block', type: 'submit' }, 'Import as a new campaign');
  const form = h('form', { class: 'stack' }, field('Campaign file to import', file,
    'A file exported by Stampbook: it becomes a new campaign with new links.'), importBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = file.files && file.files[0];
    if (!f) { showAlert('Choose an exported campaign file first.'); file.focus(); return; }
    busy(importBtn, async () => {
      let doc;
      try { doc = JSON.parse(await f.text()); } catch { showAlert('That file is not a Stampbook export.'); return; }
      const res = (await request('POST', '/campaigns/import', { body: doc })).data;
      const made = res.campaign || {};
      saveCampaign({ id: made.id, name: made.name, edition: made.edition, key: res.key, writeKey: res.key, viewKey: res.view_key, readOnly: false });
      announce(`Campaign ${made.name} imported.`);
      app.go(`#/c/${made.id}`);
    });
  });
  return h('details', { class: 'more' }, h('summary', null, 'Backup'),
    h('div', { class: 'body' },
      h('p', { class: 'hint' }, 'One file holds the whole campaign: players, every game and event, the box.'),
      exportBtn, form));
}

// views/backup.js -- the campaign screen's backup panel: export the campaign as one
// JSON file (everything: players, every game and event, the box), or import such a file
// as a new campaign with new keys.

import { h, field, busy, showAlert, announce } from '../ui.js';
import { t } from '../i18n.js';
import { request, ApiError } from '../api.js';
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

/** The format an export names itself with (API.md, export version 1 to 4). */
export const EXPORT_FORMAT = 'stampbook-campaign';

/** A box file (GET …/board) rather than a campaign export: the board's own lists. */
export const looksLikeBox = (doc) => !!doc && typeof doc === 'object' && doc.format !== EXPORT_FORMAT
  && (Array.isArray(doc.spaces) || Array.isArray(doc.destinations));

/**
 * "Import as a new campaign": a campaign file chosen on this phone, checked here first
 * (not JSON, a box file picked by mistake, not an export) and refused in the phone's
 * language; on the campaign screen's backup panel and on the home screen.
 */
export function importForm(app, id = 'import-file') {
  const file = h('input', { type: 'file', accept: 'application/json,.json', name: 'import-file', id, style: 'min-height: 48px; width: 100%' });
  const importBtn = h('button', { class: 'btn block', type: 'submit' }, t('camp.backup.import'));
  const form = h('form', { class: 'stack' }, field(t('camp.backup.file'), file, t('camp.backup.file_hint')), importBtn);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = file.files && file.files[0];
    if (!f) { showAlert(t('camp.backup.choose')); file.focus(); return; }
    busy(importBtn, async () => {
      let doc;
      try { doc = JSON.parse(await f.text()); } catch { showAlert(t('camp.backup.not_export')); return; }
      if (looksLikeBox(doc)) { showAlert(t('camp.backup.is_box')); return; }
      if (!doc || doc.format !== EXPORT_FORMAT) { showAlert(t('camp.backup.not_export')); return; }
      let res;
      try {
        res = (await request('POST', '/campaigns/import', { body: doc })).data;
      } catch (e) {
        if (e instanceof ApiError && (e.status === 400 || e.status === 422)) { showAlert(t('camp.backup.refused')); return; }
        throw e;
      }
      const made = res.campaign || {};
      saveCampaign({ id: made.id, name: made.name, edition: made.edition, key: res.key, writeKey: res.key, viewKey: res.view_key, readOnly: false });
      announce(t('camp.backup.imported', { name: made.name }));
      app.go(`#/c/${made.id}`);
    });
  });
  return form;
}

export function backupPanel(ctx, c, app) {
  const exportBtn = h('button', { class: 'btn block', type: 'button' }, t('camp.backup.export'));
  exportBtn.addEventListener('click', () => busy(exportBtn, async () => {
    const r = await ctx.api.req('GET', '/export');
    download(fileName(c, ctx.cid), JSON.stringify(r.data));
    announce(t('camp.backup.exported'));
  }));
  return h('details', { class: 'more' }, h('summary', null, t('camp.backup')),
    h('div', { class: 'body' },
      h('p', { class: 'hint' }, t('camp.backup.hint')),
      exportBtn, importForm(app)));
}

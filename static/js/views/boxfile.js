// views/boxfile.js -- box files: a campaign's board as GET …/board answers it, to
// download, and to start another campaign from (a file picked on this phone, or the box
// of another campaign this phone knows). POST /campaigns with "board" checks it like an
// edition and refuses a damaged one.

import { h, field, select, busy, announce } from '../ui.js';
import { t } from '../i18n.js';
import { CampaignApi } from '../api.js';
import { listCampaigns } from '../store.js';

/** A "Download box file" button for the campaign of ctx. */
export function downloadButton(ctx, campaignName) {
  const b = h('button', { class: 'btn', type: 'button', id: 'box-download' }, t('boxfile.download'));
  b.addEventListener('click', () => busy(b, async () => {
    const board = await ctx.board(true);
    const blob = new Blob([JSON.stringify(board, null, 2)], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: `${slug(campaignName || `campaign-${ctx.cid}`)}-box.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    announce(t('boxfile.downloaded'));
  }));
  return b;
}

function slug(s) {
  return String(s).toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'stampbook';
}

/**
 * The "Start from" choice of the new-campaign form: the edition's default box, a box
 * file, or the box of another campaign this phone knows. {el, board()}: board()
 * resolves the box file to send (null for the default) or throws an Error to show.
 */
export function boxSource() {
  const known = listCampaigns().filter((c) => !c.edition || c.edition === 'travel-world-tour');
  const radio = (value, label, checked = false) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'box_source', value, checked }), h('span', null, label));
  const file = h('input', { type: 'file', id: 'box-file', accept: 'application/json,.json' });
  const other = select(known.map((c) => [c.id, c.name || t('camp.n', { id: c.id })]), { id: 'box-campaign' });
  const fileField = field(t('boxfile.field'), file, t('boxfile.hint'));
  const otherField = field(t('boxfile.campaign'), other);
  const el = h('fieldset', { class: 'box-source' }, h('legend', null, t('boxfile.legend')),
    radio('default', t('boxfile.default'), true),
    radio('file', t('boxfile.file')),
    known.length ? radio('campaign', t('boxfile.other')) : null,
    fileField, known.length ? otherField : null);
  const sync = () => {
    const v = el.querySelector('input[name=box_source]:checked').value;
    fileField.hidden = v !== 'file';
    otherField.hidden = v !== 'campaign';
  };
  el.addEventListener('change', sync);
  sync();
  const board = async () => {
    const v = el.querySelector('input[name=box_source]:checked').value;
    if (v === 'file') {
      if (!file.files || !file.files[0]) throw new Error(t('boxfile.nofile'));
      let doc;
      try { doc = JSON.parse(await file.files[0].text()); } catch { throw new Error(t('boxfile.notjson')); }
      if (doc && doc.format === 'stampbook-campaign') throw new Error(t('boxfile.is_backup'));
      if (!doc || typeof doc !== 'object' || !(Array.isArray(doc.spaces) || Array.isArray(doc.destinations))) throw new Error(t('boxfile.notbox'));
      return doc;
    }
    if (v === 'campaign') {
      const c = known.find((x) => String(x.id) === other.value);
      if (!c) throw new Error(t('boxfile.nocampaign'));
      return new CampaignApi(c.id, c.key).board();
    }
    return null;
  };
  return { el, board };
}

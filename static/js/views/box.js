// views/box.js -- the box editor: correct destinations, Chance and Travel Journal
// cards so they match the group's own box (PUT …/board/…). Facts whose source is
// not the rulebook or the group itself are marked "unverified". The editor of each fact is
// the one of facteditor.js, as in the check walk and at the table.

import { h, mount, busy, announce, showAlert, setColour } from '../ui.js';
import { t } from '../i18n.js';
import { chanceEffectText, journalEffectText, Names } from '../words.js';
import { activeGameId } from '../model.js';
import { isUnverified } from '../factfields.js';
import { factEditor, bodyOrSay } from '../facteditor.js';

export async function render({ main, params, app }) {
  const ctx = app.context(params[0]);
  const [doc, board] = await Promise.all([ctx.api.get(), ctx.board(true)]);
  const c = doc.campaign || {};
  app.title(t('box.title'), c.name);
  const names = new Names(board);
  const dests = [...(board.destinations || [])].sort((a, b) => (a.space ?? 0) - (b.space ?? 0));
  const all = [...dests, ...(board.chance || []), ...(board.journal || [])];
  const unverified = all.filter(isUnverified).length;
  const onSaved = () => { ctx.invalidateBoard(); };

  mount(main,
    h('h1', null, t('box.title')),
    h('p', null, t('box.intro'), ' ', h('a', { href: `#/c/${ctx.cid}/check` }, t('check.title')), '.'),
    h('p', { class: unverified ? 'alert info' : 'muted', style: 'position:static' },
      unverified ? t('box.unverified', { n: unverified, of: all.length }) : t('box.verified')),
    ctx.readOnly ? h('p', { class: 'muted' }, t('box.readonly')) : null,
    section(t('stats.destinations'), 'box-dest', [
      activeGameId(c) ? h('p', { class: 'hint' }, t('box.playing')) : null,
      ...dests.map((d) => destinationItem(ctx, board, names, d, onSaved))]),
    section(t('cards.chance'), 'box-chance', (board.chance || []).map((x) => chanceItem(ctx, board, names, x, onSaved))),
    section(t('cards.journal'), 'box-journal', (board.journal || []).map((x) => journalItem(ctx, board, names, x, onSaved))));
}

function section(title, id, items) {
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), items.length ? items : h('p', { class: 'empty' }, t('box.none')));
}

function sourceBadge(x) {
  return isUnverified(x)
    ? h('span', { class: 'badge unverified', title: t('box.source', { source: x.source || '?' }) }, t('box.badge.unverified'))
    : h('span', { class: 'badge ok' }, x.source === 'group' ? t('box.badge.group') : t('box.badge.rulebook'));
}

function item(summaryChildren, body) {
  return h('details', { class: 'more' }, h('summary', null, h('span', { class: 'grow row' }, summaryChildren)), h('div', { class: 'body' }, body));
}

/**
 * The form of one fact (part: destinations, chance or journal) with the one editor of
 * facteditor.js: saving PUTs only what changed (the fact is then edited by the group);
 * after(saved) updates the summary. Returns the form.
 */
function factForm(ctx, board, names, part, x, head, after) {
  const f = { part, id: x.id, obj: { ...x } };
  const ed = factEditor(f, board, names, { base: `${part[0]}-${x.id}`, marks: true });
  const button = h('button', { class: 'btn primary block', type: 'submit' }, t('save'));
  const form = h('form', { novalidate: true }, head, ed.el, ctx.readOnly ? null : button);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (ctx.readOnly) { showAlert(t('box.readonly.short')); return; }
    const body = bodyOrSay(ed);
    if (!body) return;
    if (!Object.keys(body).length) { announce(t('camp.settings.same')); showAlert(t('camp.settings.same'), 'info'); return; }
    busy(button, async () => {
      const saved = await PUT[part](ctx.api, x.id, body);
      Object.assign(f.obj, saved || body);
      after(f.obj);
      announce(t('box.saved.say'));
      button.textContent = t('box.saved');
      setTimeout(() => { if (button.isConnected) button.textContent = t('save'); }, 2000);
    });
  });
  return form;
}

const PUT = {
  destinations: (api, id, body) => api.putDestination(id, body),
  chance: (api, id, body) => api.putChance(id, body),
  journal: (api, id, body) => api.putJournal(id, body),
};

/** The summary line of an item and its badge, which a save turns to "your box". */
function saved(badge, title, text, onSaved) {
  return (obj) => {
    title.textContent = text(obj);
    badge.replaceWith(sourceBadge({ source: 'group' }));
    onSaved();
  };
}

function destinationItem(ctx, board, names, d, onSaved) {
  const sw = h('span', { class: 'sw', style: `display:inline-block;width:14px;height:22px;border-radius:3px;border:1px solid #333;background:${setColour(d.colour)}`, 'aria-hidden': 'true' });
  const badge = sourceBadge(d);
  const title = h('span', { class: 'grow' }, d.name);
  const head = h('p', { class: 'muted small' }, `${t('box.space', { n: String(d.space ?? '?') })} · ${t('box.source', { source: d.source || '?' })}`);
  return item([sw, title, badge], factForm(ctx, board, names, 'destinations', d, head, saved(badge, title, (o) => o.name, onSaved)));
}

function chanceItem(ctx, board, names, card, onSaved) {
  const badge = sourceBadge(card);
  const title = h('span', { class: 'grow' }, shorten(card.text || card.id));
  const head = h('p', { class: 'muted small' }, `${t('box.now', { text: chanceEffectText(card.effect, names) })} · ${t('box.source', { source: card.source || '?' })}`);
  return item([title, badge], factForm(ctx, board, names, 'chance', card, head, saved(badge, title, (o) => shorten(o.text || o.id), onSaved)));
}

function journalItem(ctx, board, names, card, onSaved) {
  const badge = sourceBadge(card);
  const heading = h('span', { class: 'grow' }, card.title || card.id);
  const head = h('p', { class: 'muted small' }, `${t('box.now', { text: journalEffectText(card.effect, names) || t('box.no_effect') })} · ${t('box.source', { source: card.source || '?' })}`);
  return item([heading, badge], factForm(ctx, board, names, 'journal', card, head, saved(badge, heading, (o) => o.title || o.id, onSaved)));
}

function shorten(t) {
  const str = String(t || '');
  return str.length > 60 ? `${str.slice(0, 59)}…` : str;
}

// views/classic_deal.js -- the deal of a short or timed classic game (RULES.md CLASSIC-SHORT,
// CLASSIC-TIMED): before the first roll each player is dealt two title deeds from the
// Bank and pays their prices. The `deal` option the engine lists names the player and
// the deeds still with the Bank; the table picks the two drawn. Names come from the box.
//
// renderDeal(container, state, act, board): the picker for the first player still to be
// dealt, or nothing; act(event, title, button) sends.

import { h, mount, field, select, showAlert } from '../ui.js';
import { t } from '../i18n.js';
import { deedOf } from '../classic-box.js';

/** Draw the deal's picker into container while a `deal` option is listed. */
export function renderDeal(container, state, act, board) {
  const opt = ((state && state.options) || []).find((o) => o.type === 'deal');
  const pl = opt && (state.players || []).find((p) => String(p.id) === String(opt.player));
  if (!opt || !pl || (opt.spaces || []).length < 2) { mount(container); return container; }
  const named = opt.spaces.map((sp) => {
    const d = deedOf(board, sp) || { name: String(sp), price: 0 };
    return { space: sp, name: d.name, price: d.price };
  });
  const choices = named.map((d) => [d.space, t('dl.choice', { deed: d.name, price: d.price })]);
  const first = select(choices, { id: 'deal-1' }, named[0].space);
  const second = select(choices, { id: 'deal-2' }, named[1].space);
  const price = (sp) => (named.find((d) => String(d.space) === String(sp)) || {}).price || 0;
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'act-deal' });
  const say = () => { go.textContent = t('dl.go', { who: pl.name, amount: price(first.value) + price(second.value) }); };
  first.addEventListener('change', say);
  second.addEventListener('change', say);
  say();
  const form = h('form', { class: 'stack', novalidate: true }, h('div', { class: 'field-row' }, field(t('dl.first'), first), field(t('dl.second'), second)), go);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (first.value === second.value) { showAlert(t('dl.same')); second.focus(); return; }
    const a = Number(first.value);
    const b = Number(second.value);
    const nameOf = (sp) => named.find((d) => d.space === sp).name;
    act({ type: 'deal', player: pl.id, spaces: [a, b] }, t('dl.sent', { who: pl.name, a: nameOf(a), b: nameOf(b) }), go);
  });
  mount(container, h('div', { class: 'card deal', role: 'group', 'aria-labelledby': 'deal-h' },
    h('h2', { id: 'deal-h' }, t('dl.title', { who: pl.name })),
    h('p', { class: 'muted' }, t('dl.hint', { who: pl.name })),
    form));
  return container;
}

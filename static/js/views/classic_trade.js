// views/classic_trade.js -- a trade at a classic or Wonders table (issue 38, RULES.md
// CLASSIC-TRADE): deeds, Get Out of Jail Free cards and cash between two players, any
// time, out of turn too. A mortgaged deed says what its receiver pays, as the state's
// deed says it (`receiver_pays`: the 10 % fee to the Bank at once, or the lift now), and
// the receiver's choice to lift goes with the trade (`lift`). The engine checks the rest
// (a group with buildings, the cash): its refusal is shown as any other. "Record the
// trade" stays at the bottom of the screen while the form is on it (deeds.css).
//
// renderTrade(container, state, act, board, {a, b}) draws the form into container; a, b:
// the players it opens with (default: the first two still playing); act(event, title,
// button): sends the event, a promise of the answer (null when refused).

import { h, mount, field, select, showAlert } from '../ui.js';
import { t } from '../i18n.js';
import { deedOf, groupColour } from '../classic-box.js';

const same = (x, y) => x !== null && x !== undefined && String(x) === String(y);

/** Draw the trade form into container (see the file's comment). */
export function renderTrade(container, state, act, board, { a, b } = {}) {
  const ps = ((state && state.players) || []).filter((p) => !p.bankrupt);
  if (ps.length < 2) { mount(container); return container; }
  const pick = (want, not) => (ps.find((p) => same(p.id, want) && !same(p.id, not)) || ps.find((p) => !same(p.id, not))).id;
  const aId = pick(container.dataset.a ?? a, null);
  const bId = pick(container.dataset.b ?? b, aId);
  const aSel = select(ps.map((p) => [p.id, p.name]), { id: 'trade-a' }, aId);
  const bSel = select(ps.map((p) => [p.id, p.name]), { id: 'trade-b' }, bId);
  const redraw = () => {
    container.dataset.a = aSel.value;
    container.dataset.b = bSel.value;
    renderTrade(container, state, act, board);
  };
  aSel.addEventListener('change', redraw);
  bSel.addEventListener('change', redraw);
  const player = (id) => ps.find((p) => same(p.id, id));
  const A = side(state, board, player(aId), player(bId), 'a');
  const B = side(state, board, player(bId), player(aId), 'b');
  const go = h('button', { class: 'btn primary block', type: 'submit', id: 'trade-go' }, t('tr.record'));
  const form = h('form', { class: 'card trade', novalidate: true, 'aria-labelledby': 'trade-h' },
    h('h2', { id: 'trade-h' }, t('tr.title')),
    h('div', { class: 'field-row' }, field(t('tr.a'), aSel), field(t('tr.b'), bSel)),
    A.box, B.box, h('div', { class: 'trade-go' }, go));
  form.noValidate = true;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (aSel.value === bSel.value) { showAlert(t('tr.same')); return; }
    const aGives = A.gives();
    const bGives = B.gives();
    if (!aGives || !bGives) return;
    const lift = [...A.lifts(), ...B.lifts()];
    const e = { type: 'trade', a: Number(aSel.value), b: Number(bSel.value), a_gives: aGives, b_gives: bGives };
    if (lift.length) e.lift = lift;
    act(e, t('tr.sent', { a: player(aId).name, b: player(bId).name }), go);
  });
  mount(container, form);
  return container;
}

/** One side of the trade: what giver gives receiver. {box, gives(), lifts()}. */
function side(state, board, giver, receiver, key) {
  const cash = h('input', { type: 'number', id: `trade-${key}-cash`, min: 0, max: giver.cash, step: 1, inputmode: 'numeric', value: '0' });
  const deeds = (state.deeds || []).filter((d) => same(d.owner, giver.id));
  const lifts = [];
  const rows = deeds.map((d) => {
    const deed = deedOf(board, d.space) || { name: String(d.space), group: '' };
    const box = h('input', { type: 'checkbox', id: `trade-deed-${d.space}`, value: d.space });
    // What the receiver pays for a mortgaged deed is the server's (CLASSIC-TRADE).
    const pays = d.mortgaged ? d.receiver_pays : null;
    const label = h('label', { class: 'choice', for: box.id }, box,
      h('span', null,
        h('span', { class: 'sw', style: `display:inline-block;width:10px;height:16px;margin-right:6px;vertical-align:middle;border-radius:2px;background:${groupColour(deed)}`, 'aria-hidden': 'true' }),
        deed.name,
        pays ? h('span', { class: 'mortgage-note muted' }, t('tr.mortgaged', { who: receiver.name, fee: pays.fee, lift: pays.lift })) : null));
    if (!pays) return label;
    // The receiver of a mortgaged deed lifts it now, or pays the 10 % (the default).
    const lift = h('input', { type: 'checkbox', id: `trade-lift-${d.space}`, value: d.space });
    const liftRow = h('label', { class: 'choice', for: lift.id, hidden: true }, lift, h('span', null, t('tr.lift', { who: receiver.name, deed: deed.name, lift: pays.lift })));
    box.addEventListener('change', () => { liftRow.hidden = !box.checked; if (!box.checked) lift.checked = false; });
    lifts.push(lift);
    return [label, liftRow];
  });
  const cards = ['chance', 'community'].filter((k) => giver.jail_cards && giver.jail_cards[k] > 0).map((k) => {
    const c = h('input', { type: 'checkbox', id: `trade-${key}-card-${k}`, value: k });
    return h('label', { class: 'choice', for: c.id }, c, h('span', null, t(`tr.card.${k}`)));
  });
  const box = h('fieldset', null, h('legend', null, t('tr.gives', { who: giver.name })),
    field(t('tr.cash'), cash),
    rows.length || cards.length ? h('div', { role: 'group', 'aria-label': t('tr.deeds') }, rows, cards) : h('p', { class: 'muted small' }, t('tr.nothing')));
  const gives = () => {
    const n = Number(cash.value || 0);
    if (!Number.isInteger(n) || n < 0 || n > giver.cash) {
      showAlert(t('tr.cash.bad', { who: giver.name, cash: giver.cash }));
      cash.focus();
      return null;
    }
    const checked = (sel) => [...box.querySelectorAll(sel)].filter((x) => x.checked);
    const held = new Set(checked('input[id^="trade-' + key + '-card-"]').map((x) => x.value));
    return {
      cash: n,
      deeds: checked('input[id^="trade-deed-"]').map((x) => Number(x.value)),
      jail_cards: { chance: held.has('chance') ? 1 : 0, community: held.has('community') ? 1 : 0 },
    };
  };
  return { box, gives, lifts: () => lifts.filter((x) => x.checked).map((x) => Number(x.value)) };
}

// houserules.js -- a campaign's house rules (RULES.md 1b, API.md "House rules"): the
// "House rules" section of the campaign screen and of the new-game screen (each switch
// with its official reading named and one line saying what changes), and the line on
// the table screen's header naming what a game plays by when it is not the rulebook.
// The server is the only judge of the values: this module only offers its choices.

import { h, field, select, busy, announce } from './ui.js';
import { t, money } from './i18n.js';

/** The switches in the server's order, each with its official value and its choices. */
export const SWITCHES = [
  { id: 'goal_jump', official: 'next_turn', choices: ['next_turn', 'any_turn'] },
  { id: 'travel_pays_go', official: true, choices: [true, false] },
  { id: 'go_landing', official: 200, choices: [200, 400] },
  { id: 'free_parking', official: 'nothing', choices: ['nothing', 'jackpot'] },
  { id: 'auction', official: true, choices: [true, false] },
  { id: 'fees', official: 'ask', choices: ['ask', 'automatic'] },
  { id: 'stamps_to_win', official: 4, choices: [3, 4, 5, 6] },
  { id: 'starting_cash', official: 1500, number: { min: 500, max: 5000, step: 10 } },
];

/** The classic bank's switches (RULES.md 3b) offered beside its variant and starting
 * cash, in the server's order, each with its official value and its choices. */
export const CLASSIC_SWITCHES = [
  { id: 'free_parking', official: 'nothing', choices: ['nothing', 'jackpot'] },
  { id: 'auction', official: true, choices: [true, false] },
  { id: 'go_landing', official: 200, choices: [200, 400] },
  { id: 'jail_double', official: 'move', choices: ['move', 'roll_again'] },
  { id: 'rent', official: 'ask', choices: ['ask', 'automatic'] },
];
/** The classic switches only a classic game has; with SWITCHES, what the header names. */
const NOTE_SWITCHES = [...SWITCHES,
  { id: 'jail_double', official: 'move' }, { id: 'rent', official: 'ask' }, { id: 'variant', official: 'standard' }];

/** Every switch: the given ones over the official readings. */
export function withOfficial(rules) {
  const out = {};
  for (const s of SWITCHES) out[s.id] = rules && rules[s.id] !== undefined ? rules[s.id] : s.official;
  return out;
}

/** How a value of a switch reads ("Jackpot", "1,500", "3 stamps"). */
export function valueText(id, v) {
  if (id === 'starting_cash') return money(v);
  if (id === 'stamps_to_win') return t('hr.stamps_to_win.n', { n: v });
  return t(`hr.${id}.${String(v)}`);
}

/** The switches of rules that are not the official reading: [{id, value}]. */
export function changed(rules) {
  if (!rules) return [];
  // null: the box's own value (a classic game's starting_cash), as official as the default.
  return NOTE_SWITCHES.filter((s) => rules[s.id] !== undefined && rules[s.id] !== null && rules[s.id] !== s.official)
    .map((s) => ({ id: s.id, value: rules[s.id] }));
}

/** How a non-official switch reads in the table's header, in a few words ("automatic
 * fees", "3 stamps to win"); the jackpot carries the pot when it is known. */
function shortText(id, v, pot) {
  if (id === 'stamps_to_win') return t('hr.short.stamps_to_win', { n: v });
  if (id === 'starting_cash') return t('hr.short.starting_cash', { amount: money(v) });
  if (id === 'free_parking' && v === 'jackpot' && pot !== undefined && pot !== null) return t('hr.short.pot', { amount: money(pot) });
  return t(`hr.short.${id}.${String(v)}`);
}

/** One short line naming the game's non-official switches (and the pot on Free Parking
 * under the jackpot), for the table's header; null when the game plays by the rulebook.
 * It stays short so the decision under it keeps its place on the first screen. */
export function houseRulesNote(rules, pot) {
  const diff = changed(rules);
  if (!diff.length) return null;
  const items = diff.map((d) => (d.id === 'free_parking'
    ? h('span', { class: 'house-pot', id: 'house-pot' }, shortText(d.id, d.value, pot))
    : h('span', null, shortText(d.id, d.value))));
  const parts = [];
  items.forEach((x, i) => parts.push(i ? ' · ' : '', x));
  return h('p', { class: 'house-note', id: 'house-note' }, h('strong', null, t('hr.note')), ' ', parts);
}

/** The inputs of every switch, set to rules; .value() reads them back (every switch). */
function switchInputs(rules, prefix, disabled) {
  const now = withOfficial(rules);
  const inputs = {};
  const rows = SWITCHES.map((s) => {
    const id = `${prefix}-${s.id}`;
    let input;
    if (s.number) {
      input = h('input', { type: 'number', inputmode: 'numeric', id, min: s.number.min, max: s.number.max, step: s.number.step, value: now[s.id], disabled });
    } else {
      input = select(s.choices.map((c) => [String(c), valueText(s.id, c)]), { id, disabled }, String(now[s.id]));
    }
    inputs[s.id] = input;
    const hint = `${t('hr.official', { value: valueText(s.id, s.official) })} ${t(`hr.${s.id}.change`)}`;
    return h('div', { class: 'house-switch', dataset: { switch: s.id } }, field(t(`hr.${s.id}`), input, hint));
  });
  const value = () => {
    const out = {};
    for (const s of SWITCHES) {
      const raw = inputs[s.id].value;
      if (s.number) out[s.id] = Number(raw);
      else if (typeof s.official === 'boolean') out[s.id] = raw === 'true';
      else if (typeof s.official === 'number') out[s.id] = Number(raw);
      else out[s.id] = raw;
    }
    return out;
  };
  return { rows, value, inputs };
}

/** A summary line: "Official rules" or how many switches differ. */
function summaryText(rules) {
  const n = changed(rules).length;
  return n ? t('hr.summary.changed', { n }) : t('hr.summary.official');
}

/** The "House rules" section of the campaign screen: a PATCH changes later games only. */
export function houseRulesPanel(ctx, campaign, app) {
  const rules = withOfficial(campaign.house_rules);
  const inputs = switchInputs(rules, 'hr-camp', ctx.readOnly);
  const body = h('div', { class: 'body' }, h('p', { class: 'hint' }, t('hr.campaign.hint')), inputs.rows);
  if (!ctx.readOnly) {
    const save = h('button', { class: 'btn primary', type: 'submit' }, t('hr.save'));
    const form = h('form', { class: 'stack' }, save);
    body.append(form);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const next = inputs.value();
      const patch = {};
      for (const s of SWITCHES) if (next[s.id] !== rules[s.id]) patch[s.id] = next[s.id];
      if (!Object.keys(patch).length) { announce(t('camp.settings.same')); return; }
      busy(save, async () => {
        await ctx.api.patch({ house_rules: patch });
        announce(t('hr.saved'));
        app.refresh();
      });
    });
  }
  return h('details', { class: 'more', id: 'house-rules' },
    h('summary', null, t('hr.title'), h('span', { class: 'muted small house-sum' }, summaryText(rules))),
    body);
}

/** The "House rules" section of the new-game screen, set to the campaign's; .value()
 * gives this game's house_rules for POST …/games. */
export function houseRulesChooser(campaign) {
  const rules = withOfficial(campaign.house_rules);
  const inputs = switchInputs(rules, 'hr-game', false);
  const el = h('details', { class: 'more', id: 'house-rules' },
    h('summary', null, t('hr.title'), h('span', { class: 'muted small house-sum' }, summaryText(rules))),
    h('div', { class: 'body' }, h('p', { class: 'hint' }, t('hr.game.hint')), inputs.rows));
  return { el, value: inputs.value };
}

/** How a value of a classic switch reads: its classic wording where it differs from
 * Travel World Tour's ("a deed", the box's own GO salary), else the shared one. */
function classicValueText(id, v, salary) {
  if (id === 'go_landing') return t(`hr.cl.go_landing.${v}`, { amount: money(v === 200 ? salary : 2 * salary) });
  return t(`hr.${id}.${String(v)}`);
}

/** The classic bank's house rules on the new-game screen (RULES.md 3b): the switches
 * besides the variant and the starting cash, folded under one line saying how many
 * differ from the rulebook, so the start button stays near on a phone. box: the
 * edition's document (its GO salary). .value(): every switch, for POST …/games. */
export function classicRulesChooser(box) {
  const salary = (box && box.go_salary) || 200;
  const inputs = {};
  const rows = CLASSIC_SWITCHES.map((s) => {
    const id = `hr-cl-${s.id}`;
    const input = select(s.choices.map((c) => [String(c), classicValueText(s.id, c, salary)]), { id }, String(s.official));
    inputs[s.id] = input;
    const hint = `${t('hr.official', { value: classicValueText(s.id, s.official, salary) })} ${t(`hr.cl.${s.id}.change`)}`;
    return h('div', { class: 'house-switch', dataset: { switch: s.id } }, field(t(`hr.${s.id}`), input, hint));
  });
  const value = () => {
    const out = {};
    for (const s of CLASSIC_SWITCHES) {
      const raw = inputs[s.id].value;
      out[s.id] = typeof s.official === 'boolean' ? raw === 'true' : typeof s.official === 'number' ? Number(raw) : raw;
    }
    return out;
  };
  const sum = h('span', { class: 'muted small house-sum', 'aria-live': 'polite' });
  const count = () => { sum.textContent = summaryText(value()); };
  const el = h('details', { class: 'more house-classic', id: 'classic-house' },
    h('summary', null, t('hr.title'), sum),
    h('div', { class: 'body' }, rows));
  el.addEventListener('change', count);
  count();
  return { el, value };
}

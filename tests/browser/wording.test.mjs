// wording.test.mjs -- one message table per language is the single source of the UI's
// words (issue 21): every key of each table is in the others, with the plural forms its
// language needs, and no view writes a user-visible English word of its own. (The
// screens themselves are read for "null", "undefined", raw ids and rule codes by
// dock.test.mjs at every decision of a game, in the three languages.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

const JS = path.join(ROOT, 'static', 'js');
const load = async (l) => (await import(path.join(JS, 'i18n', `${l}.js`))).default;

/** The plural categories a language needs (Intl.PluralRules), besides "other". */
const PLURALS = { en: ['one'], fr: ['one'], ro: ['one', 'few'] };

test('I18N-KEYS every message key of each table is in the other two, with its plural forms', async () => {
  const tables = { en: await load('en'), fr: await load('fr'), ro: await load('ro') };
  const problems = [];
  for (const [l, table] of Object.entries(tables)) {
    for (const [o, other] of Object.entries(tables)) {
      if (o === l) continue;
      for (const key of Object.keys(other)) if (!(key in table)) problems.push(`${l} lacks ${key} (in ${o})`);
    }
    for (const [key, m] of Object.entries(table)) {
      if (m && typeof m === 'object') for (const form of [...PLURALS[l], 'other']) if (!(form in m)) problems.push(`${l} ${key} lacks its "${form}" form`);
      if (typeof m === 'string' && /\bnull\b|\bundefined\b/.test(m)) problems.push(`${l} ${key} says null/undefined`);
    }
  }
  assert.deepEqual(problems, []);
});

test('I18N-VIEWS no view writes a user-visible English word itself: every word comes through t()', () => {
  const files = [...readdirSync(path.join(JS, 'views')).map((f) => path.join('views', f)), ...readdirSync(JS).filter((f) => f.endsWith('.js'))];
  const literal = [
    // h('p', null, 'Some words') / h('p', {…}, 'Some words'): a text child written as is
    /\bh\('[a-z0-9]+', (?:null|\{[^{}]*\}), '([^']*[A-Za-z]{2,}[^']*)'/g,
    /\bh\('[a-z0-9]+', (?:null|\{[^{}]*\}), `([^`]*)`/g,
    /'aria-label': '([^']*[A-Za-z]{2,}[^']*)'/g,
    /\b(?:placeholder|title|alt): '([^']*[A-Za-z]{2,}[^']*)'/g,
    /\.textContent = '([^']*[A-Za-z]{2,}[^']*)'/g,
    // Quotation marks: each language quotes its own way (“…”, « … », „…”), through t('quote').
    /[`'][^`'\n]*([“”«»„])[^`'\n]*[`']/g,
  ];
  const allowed = new Set(['Stampbook']); // the name, in every language
  const found = [];
  for (const f of files) {
    if (f.startsWith('i18n')) continue;
    const src = readFileSync(path.join(JS, f), 'utf8').split('\n').filter((x) => !/^\s*(\/\/|\*|\/\*\*)/.test(x)).join('\n');
    for (const re of literal) {
      for (const m of src.matchAll(re)) {
        // Placeholders are t()'s or data; a template cut at a nested one ends in code.
        const words = m[1].replace(/\$\{[^}]*\}/g, '').replace(/\$\{.*$/, '').replace(/https?:\/\/\S*/g, '');
        if ((!/[A-Za-z]{2,}/.test(words) && !/[“”«»„]/.test(words)) || allowed.has(words.trim())) continue;
        found.push(`${f}: ${m[0].slice(0, 80)}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

// Romanian addresses the phone's user one way, "tu" (issue 40: "Verifică" beside
// "Verificați", "cutia dumneavoastră" beside "cutia ta"), the group's things too: "cutia
// ta", "regulile tale", "grupul tău", never "voi" ("cutiei voastre", "grupul vostru").
// A request to the reader is never in the plural.
test('I18N-RO-ADDRESS Romanian speaks to the reader as "tu" throughout: no "dumneavoastră", no plural request, no "voi" for the group', async () => {
  const ro = await load('ro');
  const plural = /(?<![\p{L}])(voi|voastră|voastre|vostru|voștri|dumneavoastră|Alegeți|Verificați|verificați|Jucați|Scrieți|Găsiți|Păstrați|Porniți|Înregistrați|Adăugați|Salvați|Continuați|continuați|Corectați|corectați|Numărați|Săriți|Opriți-vă|Priviți|Descărcați|Distribuiți|Încercați|Atingeți|Folosiți|ați rămas)(?![\p{L}])/iu;
  const found = Object.entries(ro).filter(([, m]) => typeof m === 'string' || (m && typeof m === 'object'))
    .flatMap(([k, m]) => (typeof m === 'string' ? [m] : Object.values(m)).filter((x) => typeof x === 'string' && plural.test(x)).map((x) => `${k}: ${x.slice(0, 80)}`));
  assert.deepEqual(found, []);
});

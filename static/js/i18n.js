// i18n.js -- the language of the UI: English, French or Romanian, chosen from the
// browser (navigator.languages) or by the person (saved in localStorage). Every UI
// string comes from one message table per language (i18n/en.js, fr.js, ro.js) through
// t(); plurals follow Intl.PluralRules, money and dates Intl.NumberFormat and
// Intl.DateTimeFormat of the chosen locale. Rule texts and box data are never
// translated: they stay as the group typed them.

import en from './i18n/en.js';
import fr from './i18n/fr.js';
import ro from './i18n/ro.js';

const TABLES = { en, fr, ro };
const DEFAULT_LOCALE = { en: 'en-GB', fr: 'fr-FR', ro: 'ro-RO' };
const STORE_KEY = 'stampbook.lang';

/** The languages offered, each in its own name. */
export const LANGUAGES = [['en', 'English'], ['fr', 'Français'], ['ro', 'Română']];

let lang = 'en';
let locale = 'en-GB';
let numberFmt = new Intl.NumberFormat(locale);
let pluralRules = new Intl.PluralRules(locale);
const listeners = new Set();

/**
 * The language and locale for a saved choice and the browser's preferences: the saved
 * language wins; else the first preferred tag whose language we have. The locale keeps
 * the browser's region when it matches the language (fr-CA stays fr-CA).
 */
export function pickLanguage(saved, preferred = []) {
  const prefs = [...preferred].filter(Boolean).map(String);
  const primary = (tag) => tag.toLowerCase().split(/[-_]/)[0];
  const localeFor = (l) => prefs.find((tag) => primary(tag) === l && tag.includes('-')) || DEFAULT_LOCALE[l];
  if (saved && TABLES[saved]) return { lang: saved, locale: localeFor(saved) };
  for (const tag of prefs) {
    const l = primary(tag);
    if (TABLES[l]) return { lang: l, locale: localeFor(l) };
  }
  return { lang: 'en', locale: DEFAULT_LOCALE.en };
}

function savedLanguage() {
  try { return localStorage.getItem(STORE_KEY); } catch { return null; }
}

function use(choice) {
  lang = choice.lang;
  try {
    locale = Intl.getCanonicalLocales(choice.locale)[0];
  } catch {
    locale = DEFAULT_LOCALE[lang];
  }
  numberFmt = new Intl.NumberFormat(locale);
  pluralRules = new Intl.PluralRules(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Choose the language at start-up (saved choice, else the browser's). */
export function initLanguage() {
  const prefs = typeof navigator !== 'undefined' ? (navigator.languages || [navigator.language]) : [];
  use(pickLanguage(savedLanguage(), prefs));
  return lang;
}

/** Switch to language l, remember it on this phone, and tell the listeners. */
export function setLanguage(l) {
  if (!TABLES[l]) return;
  try { localStorage.setItem(STORE_KEY, l); } catch { /* private mode */ }
  const prefs = typeof navigator !== 'undefined' ? (navigator.languages || [navigator.language]) : [];
  use(pickLanguage(l, prefs));
  for (const fn of listeners) fn(lang);
}

/** Call fn(lang) after every switch of language. */
export function onLanguage(fn) { listeners.add(fn); }

export const currentLanguage = () => lang;
export const currentLocale = () => locale;

// The names a box prints for its buildings (a classic or Wonders box's `buildings`:
// {lang: {house, houses, hotel, hotels}}), set by the table of that box; null: the
// language's own words (bw.* in each table).
let boxBuildings = null;

/** Speak of houses and hotels by the names of byLang (a box's `buildings`), in the
 * languages it names them in; null (or a box without them): the language's own words. */
export function useBuildingNames(byLang) {
  boxBuildings = byLang && typeof byLang === 'object' ? byLang : null;
}

/** A building's name in the current language ('house', 'houses', 'hotel', 'hotels'):
 * the box's (useBuildingNames()), else the language's. */
export function buildingName(form) {
  const own = boxBuildings && boxBuildings[lang] && boxBuildings[lang][form];
  return typeof own === 'string' && own.trim() ? own : t(`bw.${form}`);
}

/** {~house}, {~houses}, {~hotel}, {~hotels} in text (capitalised: {~House}…) as
 * buildingName() says them. */
function buildingWords(text) {
  return text.replace(/\{~(\w+)\}/g, (_, k) => {
    const w = buildingName(k.toLowerCase());
    return k[0] === k[0].toUpperCase() ? w.charAt(0).toLocaleUpperCase(locale) + w.slice(1) : w;
  });
}

function param(v) {
  if (typeof v === 'number' && Number.isFinite(v)) return numberFmt.format(v);
  if (v === null || v === undefined) return '';
  return String(v);
}

/**
 * The message `key` in the current language with {name} placeholders filled from p
 * (numbers in the locale's format). A message may be a string, a plural object
 * ({one, few, other…}, chosen by p.n) or a function of p. Falls back to English,
 * then to the key itself.
 */
export function t(key, p = {}) {
  let m = TABLES[lang][key];
  if (m === undefined) m = en[key];
  if (m === undefined) return key;
  if (typeof m === 'function') return m(p, helpers);
  if (m && typeof m === 'object') {
    const n = Number(p.n);
    m = m[pluralRules.select(Number.isFinite(n) ? n : 0)] ?? m.other;
  }
  let text = String(m);
  if (text.includes('{~')) text = buildingWords(text);
  // French elides "de" and "que" before a name that starts with a vowel: "d’Ana".
  if (lang === 'fr') text = text.replace(/\b([dD]e|[qQ]ue) \{(\w+)\}/g, (all, w, k) => (/^[aeiouyàâæéèêëîïôœùûü]/i.test(param(p[k])) ? `${w.slice(0, -1)}’{${k}}` : all));
  // Romanian: "lui {who}" takes a feminine name's own genitive-dative: "Anei", "Băncii".
  if (lang === 'ro') text = text.replace(/\blui \{(\w+)\}/g, (all, k) => roGenitive(param(p[k])) ?? all);
  text = text.replace(/\{(\w+)\}/g, (_, k) => param(p[k]));
  return lang === 'fr' ? frenchSpaces(text) : text;
}

/**
 * French typography: a no-break space inside « » and before a colon (U+00A0), a narrow
 * one before ; ! ? (U+202F), where the text had a plain space or none; "12:30" and
 * "?lang=" are left alone (nothing follows their sign but more of the word).
 */
export function frenchSpaces(text) {
  return text
    .replace(/\u00ab[ \u00a0\u202f]?/g, '\u00ab\u00a0')
    .replace(/[ \u00a0\u202f]?\u00bb/g, '\u00a0\u00bb')
    .replace(/(?<=[^\s:;!?\u00ab])[ \u00a0\u202f]?:(?=\s|$)/g, '\u00a0:')
    .replace(/(?<=[^\s;!?\u00ab])[ \u00a0\u202f]?([;!?])(?=[\s\u00bb)\u2019\u201d.,]|$)/g, '\u202f$1');
}

// Romanian names ending in -a that are men's, which keep "lui": "lui Luca".
const RO_MEN_IN_A = new Set(['luca', 'toma', 'mihnea', 'horia', 'costea', 'sava', 'ilia', 'nicola', 'mircea', 'voicu']);

/**
 * The Romanian genitive-dative of a name that takes no "lui": "Ana" → "Anei", "Andreea" →
 * "Andreei", "Olga" → "Olgăi", "Banca" → "Băncii"; null when "lui {name}" is right (men's
 * names, names not ending in -a, "Bo", "Hazel").
 */
export function roGenitive(name) {
  const n = String(name);
  if (n === 'Banca') return 'Băncii';
  if (!/^\p{Lu}[\p{L}-]*a$/u.test(n) || RO_MEN_IN_A.has(n.toLowerCase())) return null;
  if (/ea$/.test(n)) return `${n.slice(0, -1)}i`;
  if (/[cg]a$/.test(n)) return `${n.slice(0, -1)}ăi`;
  return `${n.slice(0, -1)}ei`;
}

/** True when the table of the current language (or English) has `key`. */
export function has(key) { return TABLES[lang][key] !== undefined || en[key] !== undefined; }

/** A money amount in the locale's format ("1,500", "1 500"); — when unknown. */
export function money(n) {
  return n === null || n === undefined || Number.isNaN(Number(n)) ? '—' : numberFmt.format(Number(n));
}

/** "Ana, Ben and Dev" in the current language. */
export function list(items) {
  const xs = items.map(String);
  try { return new Intl.ListFormat(locale, { type: 'conjunction' }).format(xs); } catch { return xs.join(', '); }
}

/** "pink or orange" in the locale: a choice between items. */
export function listOr(items) {
  const xs = items.map(String);
  try { return new Intl.ListFormat(locale, { type: 'disjunction' }).format(xs); } catch { return xs.join(' / '); }
}

/** A date ("1 Dec 2026") in the locale. */
export function dateText(iso) {
  const d = toDate(iso);
  if (!d) return iso ? String(iso) : '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

/** A time of day ("20:14") in the locale. */
export function timeText(iso) {
  const d = toDate(iso);
  if (!d) return '';
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d);
}

/** A date and time ("1 Dec 2026, 20:14") in the locale. */
export function dateTimeText(iso) {
  const d = toDate(iso);
  if (!d) return iso ? String(iso) : '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}

function toDate(iso) {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

const helpers = { money, list, param };

/** Fill every [data-i18n] element of root with its message (the static page shell). */
export function translateShell(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
}

initLanguage();

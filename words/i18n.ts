import type { MessageRef } from '../engine';
/** Message files of one locale: the common file first, then the calculator's (later ones win). */
export type Messages = Record<string, Record<string, unknown>[]>;

/** Messages in one language: `t` a key with its parameters, whether a key `exists`, the `language`. */
export interface Translator {
  /** the message at a dotted key, its `{{x}}` parameters filled; the key itself when it is missing */
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  language: string;
}

const FALLBACKS = ['en', 'fr'];

/**
 * A translator over the given message files (the i18next JSON v4 format the files are written in): a key
 * missing in `lng` is looked up in English, then French; `{{x}}` parameters are filled as they are (React
 * escapes), `{{x, number(maximumFractionDigits: 1)}}` through Intl.NumberFormat in `lng`, `{{x, message}}`
 * as the message at the key `x` holds (a unit: 'units.m2' reads m²); with a numeric
 * `count`, `key_one`, `key_other`… are chosen by the language's plural rules; with a `context`, `key_<context>`
 * (and its plurals) comes first when the file has it. A list is read item by item (listOf).
 */
export function createI18n(messages: Messages, lng: string): Translator {
  const trees = Object.fromEntries(
    Object.entries(messages).map(([locale, files]) => [
      locale,
      files.reduce<Record<string, unknown>>((acc, f) => deepMerge(acc, f), {}),
    ]),
  );
  const order = [lng, ...FALLBACKS.filter((l) => l !== lng)].filter((l) => trees[l]);
  const plurals = new Intl.PluralRules(lng);
  const seen = new Map<string, unknown>();
  const lookup = (key: string): unknown => {
    if (seen.has(key)) return seen.get(key);
    const v = find(key);
    seen.set(key, v);
    return v;
  };
  // each key is looked up once: labels are asked for on every render
  const find = (key: string): unknown => {
    for (const l of order) {
      const v = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], trees[l]);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const t = (key: string, params: Record<string, unknown> = {}): string => {
    const count = params.count;
    const pick = (k: string): unknown =>
      (typeof count === 'number' ? lookup(`${k}_${plurals.select(count)}`) : undefined) ?? lookup(k);
    const context = params.context;
    const found =
      (typeof context === 'string' && context ? pick(`${key}_${context}`) : undefined) ?? pick(key);
    if (typeof found !== 'string') return key;
    return found.replace(PARAM, (_, name: string, format: string | undefined) =>
      format?.trim() === 'message' && typeof params[name] === 'string'
        ? t(params[name])
        : fill(params[name], format, lng),
    );
  };
  return { t, exists: (key) => lookup(key) !== undefined, language: lng };
}

/**
 * A list of messages stored as an array (a note's references): its items in order, each read as any
 * message (`key.0`, `key.1`… until one is missing); empty when the key holds none.
 */
export function listOf(t: (key: string) => string, key: string): string[] {
  const items: string[] = [];
  for (let i = 0; ; i += 1) {
    const k = `${key}.${i}`;
    const text = t(k);
    if (text === k) return items;
    items.push(text);
  }
}

const PARAM = /\{\{\s*([^,}\s]+)\s*(?:,\s*([^}]+?))?\s*\}\}/g;
const formats = new Map<string, Intl.NumberFormat>();

/** A parameter as text: `number(option: value; …)` formats a number; a missing parameter is empty. */
function fill(value: unknown, format: string | undefined, lng: string): string {
  if (value === undefined || value === null) return '';
  const m = format ? /^number(?:\((.*)\))?$/.exec(format.trim()) : null;
  if (!m || typeof value !== 'number') return String(value);
  const id = `${lng}|${m[1] ?? ''}`;
  let f = formats.get(id);
  if (!f) {
    const options = Object.fromEntries(
      (m[1] ?? '')
        .split(/[;,]/)
        .map((o) => o.split(':').map((x) => x.trim()))
        .filter(([k, v]) => k && v !== undefined)
        .map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)]),
    ) as Intl.NumberFormatOptions;
    f = new Intl.NumberFormat(lng, options);
    formats.set(id, f);
  }
  return f.format(value);
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object'
        ? deepMerge(cur as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

/** Translates a message reference (a key and its parameters); '' when there is none. */
export function tr(
  t: (key: string, params?: Record<string, unknown>) => string,
  m: MessageRef | undefined,
): string {
  return m ? t(m.key, m.params) : '';
}

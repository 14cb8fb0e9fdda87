import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../engine';
import { createI18n, type Translator } from '../words/i18n';
import { bundleOfProduct, dirOfProduct, SCHEMAS_DIR, type ProductType } from './projects/products';

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * Translators made, by product, locale and reading: the message files are read once, as the bundles are
 * (projects/products.ts), not at every note, workbook or verification asked (six files read and parsed,
 * about 1.3 ms of the server's thread each time: helper attack13). A translator only looks words up.
 */
const made = new Map<string, { i18n: Translator; locale: string }>();

/**
 * The languages a product's notes are read in: its bundle's, and those its folder has messages for (the
 * verification page reads a French-only calculator's note in English: issue 37).
 */
export function readingLocales(type: ProductType): string[] {
  const own = bundleOfProduct(type).locales;
  return [
    ...own,
    ...LOCALES.filter((l) => !own.includes(l) && existsSync(join(dirOfProduct(type), `messages.${l}.json`))),
  ];
}

/**
 * The messages of a product's calculator (common and its own files) in `wanted` when its bundle has that
 * locale (with `reading`, when its folder has messages in it), else French: what the server writes for
 * people (notes, workbooks, the verification page) speaks their language.
 */
export function i18nOf(
  type: ProductType,
  wanted: string | undefined,
  opts: { reading?: boolean } = {},
): { i18n: Translator; locale: string } {
  const locales = opts.reading ? readingLocales(type) : bundleOfProduct(type).locales;
  const locale = wanted && locales.includes(wanted) ? wanted : 'fr';
  const key = `${type}|${locale}|${opts.reading ? 'reading' : ''}`;
  const known = made.get(key);
  if (known) return known;
  const messages = Object.fromEntries(
    locales.map((l) => [
      l,
      [
        readJson(join(SCHEMAS_DIR, 'common', `messages.${l}.json`)),
        // the note's own words (method, parameters, references, cover): the PDF's, never the browser's
        readJson(join(SCHEMAS_DIR, 'common', `note.${l}.json`)),
        readJson(join(dirOfProduct(type), `messages.${l}.json`)),
      ],
    ]),
  );
  const answer = { i18n: createI18n(messages, locale), locale };
  made.set(key, answer);
  return answer;
}

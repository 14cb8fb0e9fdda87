import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createI18n, type Translator } from '../words/i18n';
import { bundleOfProduct, dirOfProduct, SCHEMAS_DIR, type ProductType } from './projects/products';

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * The messages of a product's calculator (common and its own files) in `wanted` when its bundle has that
 * locale, else French: what the server writes for people (notes, workbooks) speaks their language.
 */
export function i18nOf(type: ProductType, wanted: string | undefined): { i18n: Translator; locale: string } {
  const bundle = bundleOfProduct(type);
  const locale = wanted && bundle.locales.includes(wanted) ? wanted : 'fr';
  const messages = Object.fromEntries(
    bundle.locales.map((l) => [
      l,
      [
        readJson(join(SCHEMAS_DIR, 'common', `messages.${l}.json`)),
        // the note's own words (method, parameters, references, cover): the PDF's, never the browser's
        readJson(join(SCHEMAS_DIR, 'common', `note.${l}.json`)),
        readJson(join(dirOfProduct(type), `messages.${l}.json`)),
      ],
    ]),
  );
  return { i18n: createI18n(messages, locale), locale };
}

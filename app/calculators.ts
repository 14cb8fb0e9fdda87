import type { Bundle } from '../engine';
import type { Messages } from '../renderers';
// Each calculator's productType and locales, read from its bundle.json when the app was built
// (vite.config.ts): the project and the messages are fetched beside the bundle, not after it.
import FACTS from 'virtual:calculator-facts';

/** A calculator as the app needs it: its bundle and its message files in the locale it was loaded in. */
export interface Calculator {
  bundle: Bundle;
  messages: Messages;
  /** /api/{productType}: where its projects live */
  api: string;
}

type Json = Record<string, unknown>;

/**
 * Every calculator is a folder: schemas/<id>/ (and, for a build made with EXTRA_BUNDLES, that folder's
 * own <id>/ folders, vite.config.ts). Bundles and messages are found by Vite at build time and each is
 * its own chunk, so a page downloads only its calculator.
 */
// (each checked against the meta-schema when the build is made, vite.config.ts: a Bundle)
const BUNDLES = import.meta.glob<Bundle>(['/schemas/*/bundle.json', '@extra-bundles/*/bundle.json'], {
  import: 'default',
});
// Each calculator's keyword validators, precompiled when the bundles were built (npm run bundles:build).
const VALIDATORS = import.meta.glob<Json>([
  '/schemas/*/generated/validators.js',
  '@extra-bundles/*/generated/validators.js',
]);
const MESSAGES = import.meta.glob<Json>(['/schemas/*/messages.*.json', '@extra-bundles/*/messages.*.json'], {
  import: 'default',
});

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));
const idOf = (path: string): string => folderOf(path).slice(folderOf(path).lastIndexOf('/') + 1);

const bundlePaths = new Map(Object.keys(BUNDLES).map((p) => [idOf(p), p]));

/** Calculator ids the app knows (route prefixes): the folders holding a bundle.json. */
export const CALCULATOR_IDS: readonly string[] = [...bundlePaths.keys()];

const messagesAt = (path: string | undefined): Promise<Json> =>
  path && MESSAGES[path] ? MESSAGES[path]() : Promise.resolve({});

const bundles = new Map<string, Promise<Bundle>>();
const calculators = new Map<string, Promise<Calculator>>();

/**
 * A calculator's bundle alone (once per id): what a frame, a home page and a loader reaching its API need.
 * The production build checked every bundle when it was made (vite.config.ts), so the page takes it as it
 * is and the checks' code stays out; the development server checks each bundle as it loads.
 */
export function loadBundle(id: string): Promise<Bundle> {
  let p = bundles.get(id);
  if (!p) {
    p = BUNDLES[bundlePaths.get(id)!]!().then(async (json) => {
      const bundle = import.meta.env.DEV ? (await import('../engine')).prepareBundle(json) : json;
      if (bundle.id !== id) throw new Error(`the bundle in folder '${id}' says its id is '${bundle.id}'`);
      return bundle;
    });
    bundles.set(id, p);
  }
  return p;
}

const engines = new Map<string, Promise<Bundle>>();

/**
 * A calculator's bundle ready for the engine (once per id): the engine's code, the bundle's keyword
 * validators precompiled at build (npm run bundles:build) registered with it, the bundle compiled. What the
 * wizard's pages and their loaders wait for (app/routes.tsx); a calculator's home page does without, and
 * does not download them.
 */
export function loadEngineBundle(id: string): Promise<Bundle> {
  let p = engines.get(id);
  if (!p) {
    const validators = VALIDATORS[`${folderOf(bundlePaths.get(id)!)}/generated/validators.js`];
    p = Promise.all([loadBundle(id), validators ? validators() : {}, import('./engineReady')]).then(
      ([bundle, fns, { engineReady }]) => engineReady(bundle, fns),
    );
    engines.set(id, p);
  }
  return p;
}

/** /api/{productType} of a known calculator, without its bundle (the build read it). */
export function apiOf(id: string): string {
  const type = FACTS[id]?.productType;
  if (!type) throw new Error(`unknown calculator '${id}'`);
  return `/api/${type}`;
}

async function withMessages(id: string, locale: string): Promise<Calculator> {
  const folder = folderOf(bundlePaths.get(id)!);
  const [bundle, ...files] = await Promise.all([
    loadBundle(id),
    messagesAt(`/schemas/common/messages.${locale}.json`),
    messagesAt(`${folder}/messages.${locale}.json`),
  ]);
  const api = apiOf(id);
  if (`/api/${bundle.productType}` !== api)
    throw new Error(`the bundle of '${id}' changed its productType since the build`);
  return { bundle, messages: { [locale]: files }, api };
}

/**
 * Loads a calculator by id with its messages in one locale, the one `pick` chooses among the bundle's
 * (its first by default): a page downloads only the language it shows. Each bundle and each calculator in
 * a locale loads once; an unknown id is refused.
 */
export async function loadCalculator(
  id: string,
  pick: (locales: string[]) => string = (locales) => locales[0] ?? 'fr',
): Promise<Calculator> {
  if (!bundlePaths.has(id)) throw new Error(`unknown calculator '${id}'`);
  const locales = FACTS[id]?.locales ?? ['fr'];
  const wanted = pick(locales);
  const locale = locales.includes(wanted) ? wanted : (locales[0] ?? 'fr');
  const key = `${id}|${locale}`;
  let p = calculators.get(key);
  if (!p) {
    p = withMessages(id, locale);
    calculators.set(key, p);
  }
  return p;
}

/**
 * Starts loading a calculator before the deployment's configuration is known: its bundle, and its messages
 * when it speaks one language (otherwise the configuration and the user's choice decide which).
 */
export function preloadCalculator(id: string): void {
  const locales = FACTS[id]?.locales ?? [];
  const loading = locales.length === 1 ? loadCalculator(id) : loadBundle(id);
  // a failure is the loader's to show, when it asks for the same promise
  loading.catch(() => undefined);
}

/**
 * The other languages a calculator's message files are written in, beside `locale` (a French-only
 * calculator may still have English labels): what a pasted spreadsheet's headings may be read in.
 */
export function otherMessageLocales(id: string, locale: string): string[] {
  const path = bundlePaths.get(id);
  if (!path) return [];
  const prefix = `${folderOf(path)}/messages.`;
  return Object.keys(MESSAGES)
    .filter((p) => p.startsWith(prefix) && p.endsWith('.json'))
    .map((p) => p.slice(prefix.length, -'.json'.length))
    .filter((l) => l !== locale);
}

/** A calculator's messages in one locale (the common file and its own), whether or not its pages speak it. */
export async function loadMessages(id: string, locale: string): Promise<Messages> {
  const path = bundlePaths.get(id);
  if (!path) throw new Error(`unknown calculator '${id}'`);
  const files = await Promise.all([
    messagesAt(`/schemas/common/messages.${locale}.json`),
    messagesAt(`${folderOf(path)}/messages.${locale}.json`),
  ]);
  return { [locale]: files };
}

/** The locale a calculator's messages were loaded in. */
export const localeOfCalculator = (c: Calculator): string => Object.keys(c.messages)[0] ?? 'fr';

/** Fills an API path of a bundle: `{api}` is the calculator's /api/{productType}, `{id}` the project. */
export function apiPath(calculator: Pick<Calculator, 'api'>, template: string, id: string): string {
  return template.replace('{api}', calculator.api).replace('{id}', encodeURIComponent(id));
}

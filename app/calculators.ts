import { compileBundle, prepareBundle, type Bundle } from '../engine';
import type { Messages } from '../renderers';

/** A calculator as the app needs it: its bundle and its message files per locale. */
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
const BUNDLES = import.meta.glob<Json>(['/schemas/*/bundle.json', '@extra-bundles/*/bundle.json'], {
  import: 'default',
});
const MESSAGES = import.meta.glob<Json>(['/schemas/*/messages.*.json', '@extra-bundles/*/messages.*.json'], {
  import: 'default',
});
// The production build checked every bundle when it was made (vite.config.ts): it only compiles them, and
// the checks' code stays out of the page. The development server checks each bundle as it loads.
const prepare = import.meta.env.DEV ? prepareBundle : compileBundle;

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));
const idOf = (path: string): string => folderOf(path).slice(folderOf(path).lastIndexOf('/') + 1);

const bundlePaths = new Map(Object.keys(BUNDLES).map((p) => [idOf(p), p]));

/** Calculator ids the app knows (route prefixes): the folders holding a bundle.json. */
export const CALCULATOR_IDS: readonly string[] = [...bundlePaths.keys()];

const messagesAt = (path: string | undefined): Promise<Json> =>
  path && MESSAGES[path] ? MESSAGES[path]() : Promise.resolve({});

async function load(id: string): Promise<Calculator> {
  const path = bundlePaths.get(id)!;
  const bundle = prepare(await BUNDLES[path]!());
  if (bundle.id !== id) throw new Error(`the bundle in folder '${id}' says its id is '${bundle.id}'`);
  const common = (l: string) => Object.keys(MESSAGES).find((p) => p === `/schemas/common/messages.${l}.json`);
  const entries = await Promise.all(
    bundle.locales.map(
      async (l) =>
        [
          l,
          await Promise.all([messagesAt(common(l)), messagesAt(`${folderOf(path)}/messages.${l}.json`)]),
        ] as const,
    ),
  );
  return { bundle, messages: Object.fromEntries(entries), api: `/api/${bundle.productType}` };
}

const cache = new Map<string, Promise<Calculator>>();

/** Loads a calculator by id (once); an unknown id is refused. */
export function loadCalculator(id: string): Promise<Calculator> {
  if (!bundlePaths.has(id)) return Promise.reject(new Error(`unknown calculator '${id}'`));
  let p = cache.get(id);
  if (!p) {
    p = load(id);
    cache.set(id, p);
  }
  return p;
}

/** Fills an API path of a bundle: `{api}` is the calculator's /api/{productType}, `{id}` the project. */
export function apiPath(calculator: Calculator, template: string, id: string): string {
  return template.replace('{api}', calculator.api).replace('{id}', encodeURIComponent(id));
}

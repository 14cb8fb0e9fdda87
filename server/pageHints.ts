import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json): a source file's chunk and its imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  /** the stylesheets the chunk's modules import, which Vite's loader waits for before the chunk runs */
  css?: string[];
}

/** What a calculator's wizard needs announced: its id and its API (/api/{productType}). */
export interface HintedCalculator {
  id: string;
  productType: string;
}

/** The calculator of a wizard's page address (/client/:calc/calculator[/:step]), or undefined. */
export const wizardOf = (path: string): string | undefined =>
  /^\/client\/([^/]+)\/calculator(?:\/\d+)?\/?$/.exec(path)?.[1];

const LOCALE = 'fr'; // the app's language when the visitor chose none (app/state/appAtoms.ts localeOf)

/**
 * The <link> tags that announce, in the page itself, what a calculator's wizard will ask for once its
 * first script runs: the wizard's code, the engine's, the calculator's bundle, validators and messages
 * (modulepreload: fetched and compiled, not run), the configuration and the stored project of ?id=
 * (preload as fetch, which the app's own fetch then takes), and the wizard's stylesheets (a stylesheet
 * link: Vite's loader finds it in the page and does not wait for one of its own, which it asked for
 * only once the wizard's code had arrived: one more round trip before the first field). They arrive
 * together, beside the first script, instead of one round trip after it (npm run bench:open: 150 ms
 * each on a phone). Read from Vite's build manifest; none without it, or for another page. The messages
 * announced are the French ones, the language of a visitor who chose none (another language's are
 * fetched as before).
 */
export function pageHints(
  distDir: string,
  calculators: HintedCalculator[],
): (path: string, query: URLSearchParams, drawn?: boolean) => string {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const base = '/client/';
  // a source file's chunk and every chunk it imports statically, with their stylesheets
  const chunks = (key: string | undefined, into: Set<string>): Set<string> => {
    const c = key === undefined ? undefined : manifest[key];
    if (!c || into.has(c.file)) return into;
    into.add(c.file);
    for (const css of c.css ?? []) into.add(css);
    for (const i of c.imports ?? []) chunks(i, into);
    return into;
  };
  const keyEnding = (end: string) => Object.keys(manifest).find((k) => k.endsWith(end));
  // what the first script already brings (index.html's own modulepreloads)
  const first = chunks(keyEnding('index.html'), new Set());
  // each calculator's wizard, as the app loads it (`undrawn`) and as it takes over a page the server
  // drew, with the code of its own that does that (app/ssr/takeOver.tsx)
  const wizard = new Map<string, { undrawn: string; drawn: string }>();
  const links = (files: Set<string>) => {
    const own = [...files].filter((f) => !first.has(f));
    return [
      ...own.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" href="${base}${f}">`),
      ...own
        .filter((f) => f.endsWith('.js'))
        .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
    ].join('');
  };
  for (const calc of calculators) {
    const files = new Set<string>();
    for (const key of [
      keyEnding('app/pages/CalculatorPage.tsx'),
      keyEnding('app/engineReady.ts'),
      keyEnding(`/${calc.id}/bundle.json`),
      keyEnding(`/${calc.id}/generated/validators.js`),
      keyEnding(`/${calc.id}/messages.${LOCALE}.json`),
      keyEnding(`/common/messages.${LOCALE}.json`),
    ])
      chunks(key, files);
    const undrawn = links(files);
    wizard.set(calc.id, { undrawn, drawn: links(chunks(keyEnding('app/ssr/takeOver.tsx'), files)) });
  }
  const api = new Map(calculators.map((c) => [c.id, `/api/${c.productType}`]));
  const fetched = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;
  return (path, query, drawn = false) => {
    const calc = wizardOf(path);
    if (!calc || !wizard.has(calc)) return '';
    // a page the server drew carries the configuration and the project in itself (server/ssr.ts)
    if (drawn) return wizard.get(calc)!.drawn;
    const id = query.get('id');
    return (
      fetched('/api/config') +
      (id ? fetched(`${api.get(calc)}/project/${encodeURIComponent(id)}`) : '') +
      wizard.get(calc)!.undrawn
    );
  };
}

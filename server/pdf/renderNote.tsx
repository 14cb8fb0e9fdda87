import { renderToBuffer } from '@react-pdf/renderer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { derive, fromServer, type ServerProject } from '../../engine';
import { createI18n } from '../../renderers/i18n';
import { bundleOfProduct, PRODUCT_TYPES, type ProductType } from '../projects/products';
import { NoteDocument, type NoteEntry } from './noteDocument';

/** Everything a note is drawn from: plain data, so that it can cross to a worker thread. */
export interface NoteInput {
  type: ProductType;
  locale: string;
  project: { id: string; name: string; content: string; results: string | null };
  entries: NoteEntry[];
  charts: { pluviometrie: string | null; toitures: (string | null)[] };
  date: string;
}

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas', path), 'utf8')) as Record<
    string,
    unknown
  >;

const STEP_OF: Record<string, string> = {
  client: 'Client',
  project: 'Chantier',
  roofs: 'Toiture',
  grounds: 'Sol',
  spills: 'Deversement',
};

/** The calculation note of a stored project as PDF bytes, in `locale` when its bundle has it (else French). */
export async function renderNote(input: NoteInput): Promise<Uint8Array> {
  const bundle = bundleOfProduct(input.type);
  const calc = PRODUCT_TYPES[input.type];
  const locale = bundle.locales.includes(input.locale) ? input.locale : 'fr';
  const messages = Object.fromEntries(
    bundle.locales.map((l) => [
      l,
      [readJson(`common/messages.${l}.json`), readJson(`${calc}/messages.${l}.json`)],
    ]),
  );
  const i18n = createI18n(messages, locale);
  const project = { id: input.project.id, steps: JSON.parse(input.project.content) } as ServerProject;
  const { data } = fromServer(bundle, project);
  const state = derive(bundle, data);
  const results = input.project.results
    ? (JSON.parse(input.project.results) as Record<string, unknown>)
    : null;
  // The orifice diameter is not communicated outside the admin pages (seed 000 section 9).
  if (results && 'diameter' in results) delete results.diameter;
  const keys =
    calc === 'sl'
      ? ['client', 'project', 'roofs', 'results']
      : ['client', 'project', 'roofs', 'grounds', 'spills', 'results'];
  const hasGround = state.steps.find((s) => s.key === 'Sol')?.cards.length ?? 0;
  const sections = keys
    .filter((k) => k !== 'grounds' || hasGround > 0)
    .map((k) => ({ key: k, title: i18n.t(`app.note_page.sections.${k}`), step: STEP_OF[k] ?? null }));
  const pdf = await renderToBuffer(
    <NoteDocument
      i18n={i18n}
      title={i18n.t(`${calc}.title`)}
      projectName={input.project.name || input.project.id}
      date={input.date}
      state={state}
      sections={sections}
      entries={input.entries}
      results={results}
      charts={input.charts}
    />,
  );
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

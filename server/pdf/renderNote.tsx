import { renderToBuffer } from '@react-pdf/renderer';
import { derive, fromServer, type ServerProject } from '../../engine';
import { i18nOf } from '../i18n';
import { withoutAdminOnly } from '../projects/adminOnly';
import { optionLabels } from '../projects/optionLabels';
import { bundleOfProduct, type ProductType } from '../projects/products';
import { qrPng } from '../verify/address';
import { fitImageUrl } from './fitImage';
import { asTables } from './noteAnswers';
import { NoteDocument, type NoteEntry } from './noteDocument';
import { isAbattementResults, type Results } from '../../words/results';

/** Everything a note is drawn from: plain data, so that it can cross to a worker thread. */
export interface NoteInput {
  type: ProductType;
  locale: string;
  project: {
    id: string;
    name: string;
    city: string;
    postcode: string;
    company: string;
    content: string;
    results: string | null;
    /** the readable number (null: none) */
    number?: number | null;
    /** which member of its group of variants (null: a lone project) */
    variant?: { no: number; label: string | null } | null;
  };
  entries: NoteEntry[];
  charts: { pluviometrie: string | null; toitures: (string | null)[] };
  attachments: { filename: string; size: number }[];
  date: string;
  /**
   * the verification code and its page's address (drawn as a QR code on the cover, here on the worker);
   * `fromRequest`: the address is the request's (no PUBLIC_URL, development), and the cover says so
   */
  verification?: { code: string; url: string; fromRequest?: boolean } | null;
}

/**
 * The calculation note of a stored project as PDF bytes, in `locale` when its bundle has it (else French).
 * Every PNG is first brought down to the pixels of its printed place (fitImage.ts), one at a time, so
 * that the renderer decodes small images only.
 */
export async function renderNote(input: NoteInput): Promise<Uint8Array> {
  const fit = (url: string | null) => (url === null ? null : fitImageUrl(url));
  const entries = input.entries.map((e) => ({ ...e, image: fit(e.image) }));
  const bundle = bundleOfProduct(input.type);
  const { i18n } = i18nOf(input.type, input.locale);
  const project = { id: input.project.id, steps: JSON.parse(input.project.content) } as ServerProject;
  const { data } = fromServer(bundle, project);
  const unitSystem = data.unit_system === 'IMPERIAL' ? 'IMPERIAL' : 'METRIC';
  const state = derive(bundle, data, { unitSystem });
  // what the bundle keeps for the admin pages (the orifice diameter, seed 000 section 9) is not printed
  const stored: Results | null = input.project.results ? JSON.parse(input.project.results) : null;
  const results = stored && withoutAdminOnly(bundle, stored);
  // the roofs' charts are drawn for a few roofs only; more are listed month by month (noteResults.tsx)
  const drawn = !(isAbattementResults(results) && asTables(results.toitureResults.length));
  const charts = {
    pluviometrie: fit(input.charts.pluviometrie),
    toitures: drawn ? input.charts.toitures.map(fit) : [],
  };
  // The bundle's sections; a step's section is left out when the step has no card (no grounds).
  const sections = bundle.note.sections
    .filter((sec) => !sec.step || (state.steps.find((st) => st.key === sec.step)?.cards.length ?? 0) > 0)
    .map((sec) => ({
      title: i18n.t(sec.title),
      step: sec.step ?? null,
      mirrored: bundle.steps.some((st) => st.key === sec.step && st.repeat?.mirror !== undefined),
      // a step whose choices are drawn as a picture (the spills): the note draws it too
      diagram: bundle.steps.find((st) => st.key === sec.step && st.diagram) ?? null,
      results: sec.results === true,
    }));
  const options = optionLabels(bundle);
  const pdf = await renderToBuffer(
    <NoteDocument
      i18n={i18n}
      product={i18n.t(bundle.title)}
      calculation={bundle.results.calculation}
      figures={bundle.figures}
      project={input.project}
      date={input.date}
      state={state}
      sections={sections}
      entries={entries}
      results={results}
      charts={charts}
      attachments={input.attachments}
      verification={
        input.verification
          ? {
              code: input.verification.code,
              qr: await qrPng(input.verification.url),
              fromRequest: input.verification.fromRequest ?? false,
            }
          : null
      }
      optionLabel={(value) => {
        const o = options.get(value);
        return o ? (o.literal ? o.label : i18n.t(o.label)) : null;
      }}
    />,
  );
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

import '@fastify/swagger';
import { renderToBuffer } from '@react-pdf/renderer';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { derive, fromServer, type ServerProject } from '../../engine';
import { createI18n } from '../../renderers/i18n';
import type { Access } from '../auth/access';
import type { Db } from '../db/database';
import { contentDisposition } from '../files/contentDisposition';
import { HttpError } from '../http/HttpError';
import { bundleOfProduct, isProductType, PRODUCT_TYPES } from '../projects/products';
import { getProject, patchProject } from '../projects/repository';
import { NoteDocument, type NoteEntry } from './noteDocument';

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas', path), 'utf8')) as Record<
    string,
    unknown
  >;

const IMAGE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;

/** A chart image of the payload: a PNG or JPEG data URL, or null. */
function chartImage(v: unknown, field: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || !IMAGE.test(v))
    throw new HttpError(400, `${field}: a PNG or JPEG data URL`, field);
  return v;
}

/** The chart images the page sends (seed 001 §3: pluviometrie and toitures). */
function chartsOf(body: unknown): { pluviometrie: string | null; toitures: (string | null)[] } {
  const parsed = JSON.parse((body as { data: string }).data) as {
    pluviometrie?: unknown;
    toitures?: unknown;
  };
  const toitures = parsed.toitures ?? [];
  if (!Array.isArray(toitures) || toitures.length > 200)
    throw new HttpError(400, 'data.toitures: a list of images', 'data.toitures');
  return {
    pluviometrie: chartImage(parsed.pluviometrie, 'data.pluviometrie'),
    toitures: toitures.map((x, i) => chartImage(x, `data.toitures.${i}`)),
  };
}

/** Reads the note payload: {data: JSON text} holding `informations`, six {text, image} entries. */
function entriesOf(body: unknown): NoteEntry[] {
  const raw = (body as { data?: unknown } | null)?.data;
  if (typeof raw !== 'string') throw new HttpError(400, 'data: the serialized note is required', 'data');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'data: not valid JSON', 'data');
  }
  const list = (parsed as { informations?: unknown }).informations ?? [];
  if (!Array.isArray(list) || list.length > 6)
    throw new HttpError(400, 'data.informations: a list of at most 6 entries', 'data.informations');
  return list.map((e, i) => {
    const x = (e ?? {}) as { text?: unknown; image?: unknown };
    if (x.text !== null && x.text !== undefined && (typeof x.text !== 'string' || x.text.length > 10_000))
      throw new HttpError(
        400,
        `data.informations.${i}.text: text of 10,000 characters at most`,
        `data.informations.${i}.text`,
      );
    if (x.image !== null && x.image !== undefined && (typeof x.image !== 'string' || !IMAGE.test(x.image)))
      throw new HttpError(
        400,
        `data.informations.${i}.image: a PNG or JPEG data URL`,
        `data.informations.${i}.image`,
      );
    return { text: (x.text as string | undefined) ?? null, image: (x.image as string | undefined) ?? null };
  });
}

/** POST /api/{type}/pdf_download/{id}?locale=: the calculation note as a PDF, from the stored project. */
export function pdfRoutes(app: FastifyInstance, db: Db, access: Access): void {
  app.post(
    '/api/:type/pdf_download/:id',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags: ['projects'],
        querystring: { type: 'object', properties: { locale: { type: 'string', enum: ['fr', 'en'] } } },
      },
    },
    async (request, reply) => {
      const { type, id } = request.params as { type: string; id: string };
      if (!isProductType(type)) throw new HttpError(404, `Unknown product type '${type}'`);
      const row = access.check(request, reply, await getProject(db, type, id));
      const entries = entriesOf(request.body);
      const charts = chartsOf(request.body);
      const bundle = bundleOfProduct(type);
      const calc = PRODUCT_TYPES[type];
      const wanted = (request.query as { locale?: string }).locale ?? 'fr';
      const locale = bundle.locales.includes(wanted) ? wanted : 'fr';
      const messages = Object.fromEntries(
        bundle.locales.map((l) => [
          l,
          [readJson(`common/messages.${l}.json`), readJson(`${calc}/messages.${l}.json`)],
        ]),
      );
      const i18n = createI18n(messages, locale);
      const project = { id: row.id, steps: JSON.parse(row.content) } as ServerProject;
      const { data } = fromServer(bundle, project);
      const state = derive(bundle, data);
      const results = row.results ? (JSON.parse(row.results) as Record<string, unknown>) : null;
      if (results && 'diameter' in results) delete results.diameter;
      const keys =
        calc === 'sl'
          ? ['client', 'project', 'roofs', 'results']
          : ['client', 'project', 'roofs', 'grounds', 'spills', 'results'];
      const stepOf: Record<string, string> = {
        client: 'Client',
        project: 'Chantier',
        roofs: 'Toiture',
        grounds: 'Sol',
        spills: 'Deversement',
      };
      const hasGround = state.steps.find((s) => s.key === 'Sol')?.cards.length ?? 0;
      const sections = keys
        .filter((k) => k !== 'grounds' || hasGround > 0)
        .map((k) => ({ key: k, title: i18n.t(`app.note_page.sections.${k}`), step: stepOf[k] ?? null }));
      const pdf = await renderToBuffer(
        <NoteDocument
          i18n={i18n}
          title={i18n.t(`${calc}.title`)}
          projectName={row.name || row.id}
          date={new Date().toISOString().slice(0, 10)}
          state={state}
          sections={sections}
          entries={entries}
          results={results}
          charts={charts}
        />,
      );
      const ext = JSON.parse(row.extended_properties ?? '{}') as Record<string, unknown>;
      await patchProject(db, row.id, {
        extended_properties: JSON.stringify({ ...ext, note_generated: true }),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(`note-${row.name || row.id}.pdf`, 'inline'))
        .send(pdf);
    },
  );
}

import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { adminOf } from '../auth/identity';
import { contentDisposition } from '../files/contentDisposition';
import { answers, fileBody, noContent } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { assertFewValues, turnFor } from '../http/turns';
import { visitorOf } from '../http/visitor';
import { getProject, variantsOf, patchProject } from '../projects/repository';
import { assertShown, assertStoredCalculable, shownVersion } from '../projects/refusal';
import { imageSize } from './imageSize';
import type { NoteEntry } from './noteDocument';
import { costOfBytes } from '../workers/pool';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { newCode } from '../verify/codes';
import { verifyAddress } from '../verify/address';
import { issuedBytes, recordIssued } from '../verify/issued';
import { bundleOfProduct } from '../projects/products';

const IMAGE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/;
/** The base64 of an image's first 64 KB, where its header is (a JPEG's frame follows its EXIF block). */
const HEAD_BASE64 = 4 * Math.ceil((64 * 1024) / 3);
/** PNGs are decoded pixel by pixel to be printed: their size is held to what a chart or a drawing needs. */
const PNG_MAX = { side: 4096, pixels: 8_000_000 };
/** JPEGs are embedded as they are (never decoded): a phone photo of 12 to 50 megapixels is fine. */
const JPEG_MAX = { side: 12_000, pixels: 60_000_000 };

/** An image of the payload, a PNG or JPEG data URL of a sensible pixel size, with its pixel count. */
function image(v: unknown, field: string): { url: string; pixels: number } | null {
  if (v === null || v === undefined) return null;
  const m = typeof v === 'string' ? IMAGE.exec(v) : null;
  if (!m) throw new HttpError(400, `${field}: a PNG or JPEG data URL`, field);
  // the header from the first bytes; the whole image only when they do not hold it
  const size =
    imageSize(Buffer.from(m[2]!.slice(0, HEAD_BASE64), 'base64')) ?? imageSize(Buffer.from(m[2]!, 'base64'));
  const max = m[1] === 'png' ? PNG_MAX : JPEG_MAX;
  if (!size || size.width === 0 || size.height === 0)
    throw new HttpError(400, `${field}: not a readable ${m[1]!.toUpperCase()} image`, field);
  if (size.width > max.side || size.height > max.side || size.width * size.height > max.pixels)
    throw new HttpError(
      400,
      `${field}: ${size.width} x ${size.height} pixels is too large (at most ${max.side} a side and ${max.pixels / 1e6} megapixels)`,
      field,
    );
  return { url: v as string, pixels: size.width * size.height };
}

/**
 * Reads the note payload: {data: JSON text} holding `informations` (six {text, image}) and the charts.
 * The images' pixels together, read from their headers before anything decodes them, are held to
 * `megapixels` (NOTE_MEGAPIXELS): 413 past it, with the limit in words.
 */
export function payloadOf(
  body: unknown,
  megapixels: number,
): {
  /** the serialized note as it came */
  data: string;
  entries: NoteEntry[];
  charts: { pluviometrie: string | null; toitures: (string | null)[] };
} {
  const raw = body !== null && typeof body === 'object' && 'data' in body ? body.data : undefined;
  if (typeof raw !== 'string') throw new HttpError(400, 'data: the serialized note is required', 'data');
  // the note's JSON inside the body's string, its own values counted (escaped, they were not the body's)
  assertFewValues(raw, 'data');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'data: not valid JSON', 'data');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new HttpError(400, 'data: a JSON object holding the note', 'data');
  const p = parsed as { informations?: unknown; pluviometrie?: unknown; toitures?: unknown };
  const list = p.informations ?? [];
  if (!Array.isArray(list) || list.length > 6)
    throw new HttpError(400, 'data.informations: a list of at most 6 entries', 'data.informations');
  let pixels = 0;
  const counted = (img: { url: string; pixels: number } | null): string | null => {
    pixels += img?.pixels ?? 0;
    return img?.url ?? null;
  };
  const entries = list.map((e, i) => {
    if (e !== null && (typeof e !== 'object' || Array.isArray(e)))
      throw new HttpError(400, `data.informations.${i}: an object`, `data.informations.${i}`);
    const x = (e ?? {}) as { text?: unknown; image?: unknown };
    if (x.text !== null && x.text !== undefined && (typeof x.text !== 'string' || x.text.length > 10_000))
      throw new HttpError(
        400,
        `data.informations.${i}.text: text of 10,000 characters at most`,
        `data.informations.${i}.text`,
      );
    return {
      text: (x.text as string | undefined) ?? null,
      image: counted(image(x.image, `data.informations.${i}.image`)),
    };
  });
  const toitures = p.toitures ?? [];
  if (!Array.isArray(toitures) || toitures.length > 200)
    throw new HttpError(400, 'data.toitures: a list of images', 'data.toitures');
  const charts = {
    pluviometrie: counted(image(p.pluviometrie, 'data.pluviometrie')),
    toitures: toitures.map((x, i) => counted(image(x, `data.toitures.${i}`))),
  };
  if (pixels > megapixels * 1e6) {
    const found = Math.ceil(pixels / 1e5) / 10;
    throw new HttpError(
      413,
      `data: the note's images hold ${found} megapixels together; at most ${megapixels}`,
      'data',
      { limit: megapixels, megapixels: found },
      'note_pixels',
    );
  }
  return { data: raw, entries, charts };
}

/**
 * GET and PUT /api/{type}/note_draft/{id}: the note's free texts and images, kept with the project so
 * that leaving the note page (Modify, a reload, another device) loses nothing. Checked as the PDF's
 * payload is.
 */
const params = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string', maxLength: 40 }, id: { type: 'string', maxLength: 64 } },
} as const;

export const noteDraftRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, quotas } = app;
  const limits = { draftMb: app.config.noteDraftMb, megapixels: app.config.noteMegapixels };
  const draft = answers({
    200: { type: 'object', required: ['data'], properties: { data: { type: ['string', 'null'] } } },
  } as const);
  app.get(
    '/api/:type/note_draft/:id',
    { schema: { tags: ['projects'], params, response: draft } },
    async (request, reply) => {
      const { type, id } = request.params;
      const row = access.check(request, reply, await getProject(db, access.product(type), id));
      const draft = await db
        .selectFrom('note_drafts')
        .select('content')
        .where('project_id', '=', row.id)
        .executeTakeFirst();
      return { data: draft ? (JSON.parse(draft.content) as { data: string }).data : null };
    },
  );
  app.put(
    '/api/:type/note_draft/:id',
    {
      bodyLimit: limits.draftMb * 1024 * 1024,
      schema: { tags: ['projects'], params, response: answers({ 204: noContent }) },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const row = access.check(request, reply, await getProject(db, access.product(type), id));
      // A draft keeps what the page cannot make again: the sections' texts and images, not the charts.
      // (Its JSON text, up to NOTE_DRAFT_MB, is parsed in its turn: turns.ts.)
      await turnFor((request.body as { data?: unknown } | null)?.data);
      const { charts, data } = payloadOf(request.body, limits.megapixels);
      if (charts.pluviometrie !== null || charts.toitures.length)
        throw new HttpError(400, 'data: a note draft keeps the sections (informations) only', 'data');
      const content = JSON.stringify({ data });
      const t = new Date().toISOString();
      const before = await db
        .selectFrom('note_drafts')
        .select(sql<number>`octet_length(content)`.as('bytes'))
        .where('project_id', '=', row.id)
        .executeTakeFirst();
      const target = {
        project: row,
        added: Buffer.byteLength(content) - Number(before?.bytes ?? 0),
        file: false,
        admin: adminOf(request) !== null,
      };
      await quotas.store(request, reply, target, (trx) =>
        trx
          .insertInto('note_drafts')
          .values({ project_id: row.id, content, updated_at: t })
          .onConflict((oc) => oc.column('project_id').doUpdateSet({ content, updated_at: t }))
          .execute(),
      );
      return reply.status(204).send();
    },
  );
};

/**
 * POST /api/{type}/pdf_download/{id}?locale=&version=: the calculation note as a PDF, from the stored
 * project (409 when it changed since the page that asks showed it, its version). The
 * payload is checked here, and the project's answers (422 when the bundle's rules block them); the note
 * is drawn on a worker thread (pool.ts), so the server keeps answering while it prints: 429 with
 * Retry-After when the visitor already has its note in flight (each visitor is served in turn), 503 with
 * Retry-After when every worker is busy and the queue is full.
 */
export const pdfRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, quotas, pdfPool: pool } = app;
  const megapixels = app.config.noteMegapixels;
  app.post(
    '/api/:type/pdf_download/:id',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags: ['projects'],
        params,
        querystring: {
          type: 'object',
          properties: { locale: { type: 'string', enum: ['fr', 'en'] }, version: shownVersion },
        },
        response: answers({ 200: fileBody }),
      },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const product = access.product(type);
      // a visitor whose note is being printed is refused before its project is read again
      try {
        pool.refuseEarly(visitorOf(request));
      } catch (e) {
        return poolRefusal(e, reply, 'note');
      }
      const row = access.check(request, reply, await getProject(db, product, id));
      // the page's charts and sections go with the results it shows, never with a newer project's
      assertShown(row, request.query.version);
      await turnFor((request.body as { data?: unknown } | null)?.data);
      const { entries, charts } = payloadOf(request.body, megapixels);
      // a project whose answers the bundle's rules block is no more noted than calculated
      assertStoredCalculable(request, product, row);
      // Every printed note is issued under its own code (issue 30): kept with what it was printed from.
      const code = newCode();
      const locale = request.query.locale ?? 'fr';
      const date = new Date().toISOString().slice(0, 10);
      // The note is kept as issued: counted in storage before it is printed, taken back if it is not.
      const undo = await quotas.issue(request, reply, {
        project: row,
        bytes: issuedBytes(row),
        admin: adminOf(request) !== null,
      });
      let pdf: Uint8Array;
      try {
        pdf = await pool.render(
          {
            type: product,
            locale,
            verification: { code, ...verifyAddress(app.config.publicUrl, request, code) },
            project: {
              id: row.id,
              name: row.name,
              city: row.city,
              postcode: row.postcode,
              company: row.company,
              content: row.content,
              results: row.results,
              number: row.number,
              variant:
                row.variant_of !== null || (await variantsOf(db, row)).length > 1
                  ? { no: row.variant_no ?? 1, label: row.variant_label }
                  : null,
            },
            entries,
            charts,
            attachments: await db
              .selectFrom('files')
              .select(['filename', 'size'])
              .where('project_id', '=', row.id)
              .orderBy('created_at')
              .execute(),
            date,
          },
          {
            visitor: visitorOf(request),
            // what the printer reads: the project, its results and the page's sections and charts
            cost: costOfBytes(
              row.content.length +
                (row.results?.length ?? 0) +
                Number(request.headers['content-length'] ?? 0),
            ),
            signal: closedSignal(reply),
          },
        );
      } catch (e) {
        await undo();
        return poolRefusal(e, reply, 'note');
      }
      const calculation = bundleOfProduct(product).results.calculation;
      await recordIssued(db, { code, row, calculation, locale, date, pdf }).catch(async (e: unknown) => {
        await undo();
        throw e;
      });
      const ext = JSON.parse(row.extended_properties ?? '{}') as Record<string, unknown>;
      await patchProject(db, row.id, {
        extended_properties: JSON.stringify({ ...ext, note_generated: true }),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('X-Verification-Code', code)
        .header('Content-Disposition', contentDisposition(`note-${row.name || row.id}.pdf`, 'inline'))
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
};

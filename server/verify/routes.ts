import '@fastify/rate-limit';
import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminOf, OWNER_COOKIE } from '../auth/identity';
import type { IssuedNoteTable } from '../db/database';
import { answers, noContent } from '../http/answers';
import { issuedNotesSchema, pdfCheckSchema, verificationSchema } from '../../words/apiContract';
import { addDigestParser, type BodyDigest } from '../http/digestBody';
import { HttpError } from '../http/HttpError';
import { visitorOf } from '../http/visitor';
import { getProject } from '../projects/repository';
import { idParams } from '../projects/routes';
import { isProductType, type ProductType } from '../projects/products';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { CODE_PATTERN, normalCode } from './codes';
import { verificationView } from './issued';

/** What one address may ask of the public verification page a minute (guessing codes meets it). */
export const VERIFY_PER_MINUTE = 30;
/** The largest PDF the page checks (a note with many photographs). */
const PDF_MAX = 40 * 1024 * 1024;

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 64 } },
} as const;
const limited = { rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute' } };

/**
 * Issued notes (issue 30). Public, no account, rate-limited per address:
 * - GET /api/verify/{code}?locale=: the note as issued (site, answers but the client's unless the author
 *   chose to show them, method and version, climate data, key figures) and the same answers calculated
 *   with today's method: the same figures, or each difference with the method changes between the two
 *   versions; a withdrawn code says so and nothing more. An unknown code answers 404.
 * - POST /api/verify/{code}/pdf (the PDF's bytes, application/pdf): whether they are the issued note's,
 *   byte for byte (their SHA-256 and length, taken as the bytes arrive: the body is never kept whole); an
 *   unknown code is answered 404 before the body is read.
 * For the author (who may see the project):
 * - GET /api/{type}/project/{id}/notes: the project's issued notes, newest first;
 * - PATCH /api/{type}/note/{code} {show_client?, withdrawn?}: shows or hides the client's details on the
 *   page, withdraws the code (for good). A note whose project was deleted with its notes kept stays the
 *   deleted project's owner's (and the admins') to change, by its code (issue 35.6);
 * - GET /api/verify/{code} names `author` {api, show_client} when the reader may change the note.
 */
export const verifyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, calculations, verifyViews } = app;
  addDigestParser(app, 'application/pdf');
  /** The note a PDF is checked against: looked up before its body is read (preParsing). */
  const checked = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof noteOf>>>();
  const noteOf = async (text: string) => {
    const code = normalCode(text);
    const note = code
      ? await db.selectFrom('issued_notes').selectAll().where('code', '=', code).executeTakeFirst()
      : undefined;
    if (!note || !isProductType(note.product_type))
      throw new HttpError(404, 'Unknown verification code', 'code');
    return note;
  };

  /**
   * Whether the caller may change an issued note (show or hide the client, withdraw it): whoever may see
   * its project now (its owner, its link's holders, an admin); once the project is deleted with its notes
   * kept, its owner then and the admins.
   */
  const mayChange = async (
    request: FastifyRequest,
    reply: FastifyReply,
    note: Pick<IssuedNoteTable, 'project_id' | 'product_type' | 'owner' | 'project_deleted_at'>,
  ): Promise<boolean> => {
    const project = await getProject(db, note.product_type as ProductType, note.project_id);
    const owner = access.listOwner(request, reply); // admin mode: admins only (401)
    if (project) {
      access.check(request, reply, project);
      return true;
    }
    return note.project_deleted_at !== null && (owner === null || owner === note.owner);
  };
  /** The same, asked by the public page: false for a visitor without a session or cookie, never an error. */
  const isAuthor = async (request: FastifyRequest, reply: FastifyReply, note: IssuedNoteTable) => {
    if (!adminOf(request) && !request.cookies[OWNER_COOKIE]) return false;
    try {
      return await mayChange(request, reply, note);
    } catch {
      return false;
    }
  };

  app.get(
    '/api/verify/:code',
    {
      config: limited,
      schema: {
        tags: ['verify'],
        params: codeParams,
        querystring: { type: 'object', properties: { locale: { type: 'string', enum: ['fr', 'en'] } } },
        // the note as issued and as calculated today (issued.ts, verificationView)
        response: answers({ 200: verificationSchema }),
      },
    },
    async (request, reply) => {
      const note = await noteOf(request.params.code);
      const locale = request.query.locale;
      reply.header('Cache-Control', 'no-store');
      // the author reading the page is offered its choices there (a deleted project's notes included)
      const author =
        !note.withdrawn_at && (await isAuthor(request, reply, note))
          ? { author: { api: `/api/${note.product_type}`, show_client: note.show_client === 1 } }
          : {};
      if (note.withdrawn_at) return verificationView(note, { ok: false }, locale);
      if (note.results === 'null') return { ...verificationView(note, { ok: false }, locale), ...author };
      const key = verifyViews.keyOf(note, locale);
      const held = verifyViews.get(key);
      if (held) return { ...held, ...author };
      let today;
      try {
        today = await calculations.run(
          note.product_type,
          note.content,
          { stress: true },
          { visitor: visitorOf(request), signal: closedSignal(reply) },
        );
      } catch (e) {
        return poolRefusal(e, reply, 'calculation');
      }
      const view = verificationView(
        note,
        today.ok ? { ok: true, results: today.results } : { ok: false },
        locale,
      );
      // a calculation refused today may be answered tomorrow (a rain series stored since): not kept
      if (today.ok) verifyViews.set(key, view);
      return { ...view, ...author };
    },
  );

  app.post(
    '/api/verify/:code/pdf',
    {
      config: limited,
      bodyLimit: PDF_MAX,
      preParsing: async (request: FastifyRequest) => {
        checked.set(request, await noteOf((request.params as { code: string }).code));
      },
      schema: {
        tags: ['verify'],
        params: codeParams,
        response: answers({ 200: pdfCheckSchema }),
      },
    },
    async (request) => {
      const note = checked.get(request) ?? (await noteOf(request.params.code));
      const body = request.body as BodyDigest | undefined;
      if (!body || typeof body.sha256 !== 'string' || body.size === 0)
        throw new HttpError(400, 'body: the PDF file (application/pdf) is required', 'body');
      return {
        issued: body.size === note.pdf_size && body.sha256 === note.pdf_sha256,
        withdrawn: note.withdrawn_at !== null,
      };
    },
  );

  app.get(
    '/api/:type/project/:id/notes',
    {
      schema: {
        tags: ['verify'],
        params: idParams,
        response: answers({ 200: issuedNotesSchema }),
      },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const row = access.check(request, reply, await getProject(db, access.product(type), id));
      const notes = await db
        .selectFrom('issued_notes')
        .select(['code', 'issued_on', 'created_at', 'method_version', 'show_client', 'withdrawn_at'])
        .where('project_id', '=', row.id)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return {
        notes: notes.map((n) => ({
          code: n.code,
          issued_on: n.issued_on,
          method_version: n.method_version,
          show_client: n.show_client === 1,
          withdrawn: n.withdrawn_at !== null,
        })),
      };
    },
  );

  app.patch(
    '/api/:type/note/:code',
    {
      schema: {
        tags: ['verify'],
        params: {
          type: 'object',
          required: ['type', 'code'],
          properties: {
            type: { type: 'string', maxLength: 40 },
            code: { type: 'string', pattern: CODE_PATTERN },
          },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { show_client: { type: 'boolean' }, withdrawn: { type: 'boolean', const: true } },
        },
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const { type, code } = request.params;
      const product: ProductType = access.product(type);
      access.listOwner(request, reply); // admin mode: admins only, as for every project call
      const note = await db
        .selectFrom('issued_notes')
        .select(['code', 'project_id', 'product_type', 'withdrawn_at', 'owner', 'project_deleted_at'])
        .where('code', '=', code)
        .executeTakeFirst();
      if (!note || note.product_type !== product || !(await mayChange(request, reply, note)))
        throw new HttpError(404, 'Unknown verification code', 'code');
      const body = request.body;
      const change = {
        ...(body.show_client === undefined ? {} : { show_client: body.show_client ? 1 : 0 }),
        ...(body.withdrawn && !note.withdrawn_at ? { withdrawn_at: new Date().toISOString() } : {}),
      };
      if (Object.keys(change).length)
        await db.updateTable('issued_notes').set(change).where('code', '=', code).execute();
      return reply.status(204).send();
    },
  );
};

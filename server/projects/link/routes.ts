import '@fastify/rate-limit';
import '@fastify/swagger';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminOf } from '../../auth/identity';
import { contentDisposition } from '../../files/contentDisposition';
import { answers, fileBody } from '../../http/answers';
import { HttpError } from '../../http/HttpError';
import { bundleOfProduct, isProductType } from '../products';
import { createProject, getProject } from '../repository';
import { assertWithinBounds } from '../refusal';
import { checkBody, idParams, typeParam } from '../routes';
import { grant } from './grants';

/** The project file's format name and version: what "Open a project file" recognizes. */
export const FILE_FORMAT = 'roof-rainwater-project';
export const FILE_VERSION = 1;
/** Links one address may try a minute (guessing tokens meets it). */
export const OPEN_PER_MINUTE = 30;

/** A link token: 128 random bits, base64url. */
const newToken = (): string => randomBytes(16).toString('base64url');

/**
 * A project that follows its author (issue 30):
 * - GET /api/{type}/project/{id}/link: the project's secret link token, or null when it has none;
 * - POST /api/{type}/project/{id}/link: a new token (the first, or a renewal: the old link and the access
 *   it gave end);
 * - POST /api/project_link/{token}: opens a project by its link in this browser (a signed grant cookie),
 *   answering its calculator and id; rate-limited, 404 for any token that is not a current link;
 * - GET /api/{type}/project/{id}/file: the project as a JSON file (its answers), to move it between
 *   installations;
 * - POST /api/{type}/project/file: a project file opened as a new project of this browser, validated as
 *   a save is (400 naming the field; 422 naming each answer beyond its bounds).
 */
const tokenAnswer = answers({
  200: { type: 'object', required: ['token'], properties: { token: { type: ['string', 'null'] } } },
  201: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
} as const);
const opened = answers({
  200: {
    type: 'object',
    required: ['id', 'type', 'calc'],
    properties: { id: { type: 'string' }, type: { type: 'string' }, calc: { type: 'string' } },
  },
} as const);
const created = answers({
  201: {
    type: 'object',
    required: ['id', 'version'],
    properties: { id: { type: 'string' }, version: { type: 'integer' } },
  },
} as const);

export const projectLinkRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, quotas } = app;
  /** The project the route's {type, id} names, when the caller may see it (404 otherwise). */
  const projectOf = async (
    request: FastifyRequest<{ Params: { type: string; id: string } }>,
    reply: FastifyReply,
  ) => {
    const { type, id } = request.params;
    return access.check(request, reply, await getProject(db, access.product(type), id));
  };

  app.get(
    '/api/:type/project/:id/link',
    { schema: { tags: ['projects'], params: idParams, response: tokenAnswer } },
    async (req, rep) => {
      const row = await projectOf(req, rep);
      return { token: row.link ?? null };
    },
  );

  app.post(
    '/api/:type/project/:id/link',
    { schema: { tags: ['projects'], params: idParams, response: tokenAnswer } },
    async (req, rep) => {
      const row = await projectOf(req, rep);
      const token = newToken();
      await db.updateTable('projects').set({ link: token }).where('id', '=', row.id).execute();
      // the browser renewing keeps its way in (it may hold the project by its old link only)
      grant(req, rep, row.id, token);
      return rep.status(201).send({ token });
    },
  );

  app.post(
    '/api/project_link/:token',
    {
      config: { rateLimit: { max: OPEN_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        params: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', maxLength: 64 } },
        },
        response: opened,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const row = /^[A-Za-z0-9_-]{22}$/.test(token)
        ? await db
            .selectFrom('projects')
            .select(['id', 'product_type', 'link'])
            .where('link', '=', token)
            .executeTakeFirst()
        : undefined;
      if (!row || !isProductType(row.product_type)) throw new HttpError(404, 'Unknown project link', 'token');
      const type = access.product(row.product_type); // 404 when this deployment does not offer it
      access.listOwner(request, reply); // admin mode: admins only, as every project call
      grant(request, reply, row.id, token);
      return { id: row.id, type, calc: bundleOfProduct(type).id };
    },
  );

  app.get(
    '/api/:type/project/:id/file',
    { schema: { tags: ['projects'], params: idParams, response: answers({ 200: fileBody }) } },
    async (req, rep) => {
      const row = await projectOf(req, rep);
      const file = {
        format: FILE_FORMAT,
        version: FILE_VERSION,
        product_type: row.product_type,
        name: row.name,
        exported_at: new Date().toISOString(),
        steps: JSON.parse(row.content) as unknown,
      };
      return rep
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`${row.name || 'project'}.json`))
        .send(JSON.stringify(file, null, 1));
    },
  );

  app.post(
    '/api/:type/project/file',
    {
      schema: {
        tags: ['projects'],
        params: typeParam,
        // the file's own checks below name each member at fault (format, version, product_type, steps)
        body: { type: 'object', additionalProperties: true },
        response: created,
      },
    },
    async (request, reply) => {
      const type = access.product(request.params.type);
      const owner = access.newOwner(request, reply);
      const file: Record<string, unknown> | null = request.body;
      if (file === null || typeof file !== 'object' || Array.isArray(file) || file.format !== FILE_FORMAT)
        throw new HttpError(400, 'format: not a project file of this application', 'format');
      if (file.version !== FILE_VERSION)
        throw new HttpError(400, `version: a project file of version ${FILE_VERSION} is expected`, 'version');
      if (file.product_type !== type)
        throw new HttpError(
          400,
          'product_type: the file holds a project of another calculator',
          'product_type',
        );
      // validated as any save: the product's server schema, 400 naming the first bad field
      const { steps } = checkBody(type, { steps: file.steps });
      // and, as any save, no answer beyond its bounds (422 naming each, in the request's language)
      assertWithinBounds(request, type, steps);
      const undo = await quotas.projectCreated(request, reply, owner);
      try {
        const charge = quotas.charge(request, reply, owner, adminOf(request) !== null);
        const r = await createProject(db, { type, owner, steps }, charge);
        return reply.status(201).send({ id: r.id, version: r.version });
      } catch (e) {
        await undo();
        throw e;
      }
    },
  );
};

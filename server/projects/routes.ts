import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { adminOf } from '../auth/identity';
import { isEmail } from '../../engine/rules/isEmail';
import { answers, noContent } from '../http/answers';
import {
  historyPageSchema,
  newVariantSchema,
  savedSchema,
  storedProjectSchema,
  variantNameSchema,
  variantsSchema,
} from '../../words/apiContract';
import { HttpError } from '../http/HttpError';
import { visitorOf } from '../http/visitor';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { presentProject } from './present';
import { bytesOfHeads } from './servedAnswers';
import { bundleOfProduct, products, type ProductType } from './products';
import {
  createProject,
  createVariant,
  bytesOfProject,
  deleteProject,
  getProject,
  getProjectHead,
  groupHeadsOf,
  nameVariant,
  NOTES_CHOICES,
  type NotesChoice,
  PAGE_SIZE,
  SEARCH_WORD_LENGTH_MAX,
  SEARCH_WORDS_MAX,
  searchRefusal,
  SORTS,
  updateProject,
  variantsOf,
  VARIANTS_MAX,
  type Sort,
  type Steps,
} from './repository';
import { assertWithinBounds } from './refusal';
import { serverSchema } from './serverSchema';

const ajv = new Ajv({ allErrors: false, strict: false });
// The same e-mail shape as the wizard's check (engine/rules/isEmail); an empty answer is not an address.
ajv.addFormat('email', { type: 'string', validate: (v: string) => v.trim() === '' || isEmail(v) });
/** A project as a save sends it: its steps, and for an update its id and the version it was read at. */
export interface ProjectBody {
  id?: string | null;
  version?: number | null;
  steps: Steps;
}

/**
 * The 400 naming the first field a project body has wrong, in the words of its server schema (Fastify's
 * schemaErrorFormatter of the project routes, and the check of an imported project file).
 */
function bodyError(
  errors: readonly Pick<ErrorObject, 'instancePath' | 'keyword' | 'params' | 'message'>[] | null | undefined,
): HttpError {
  const e = errors?.[0];
  const params = (e?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  const at = (e?.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean);
  if (params.missingProperty) at.push(params.missingProperty);
  if (params.additionalProperty) at.push(params.additionalProperty);
  const field = at.join('.') || 'body';
  const why = params.additionalProperty
    ? 'is not a field of this form'
    : e?.keyword === 'maxItems'
      ? `at most ${String((e.params as { limit: number }).limit)} per project`
      : e?.keyword === 'format'
        ? `is not an e-mail address`
        : (e?.message ?? 'invalid');
  return new HttpError(400, `${field}: ${why}`, field, undefined, 'bad_request');
}

const validators = new Map<ProductType, ValidateFunction<ProjectBody>>();
/** The server schema's validator of a product, compiled on first use. */
function validatorOf(type: ProductType): ValidateFunction<ProjectBody> {
  let v = validators.get(type);
  if (!v) {
    v = ajv.compile<ProjectBody>(serverSchema(bundleOfProduct(type)));
    validators.set(type, v);
  }
  return v;
}

/** Checks a project body against its product's server schema; 400 naming the first bad field. */
export function checkBody(type: ProductType, body: unknown): ProjectBody {
  const validate = validatorOf(type);
  if (!validate(body)) throw bodyError(validate.errors);
  return body;
}

/**
 * The options of a route whose body is a project of one calculator: Fastify checks the body against the
 * calculator's server schema (so the OpenAPI page documents it), with the product's ajv (an empty e-mail
 * answer is no error, nothing coerced or removed) and answers the product's 400 naming the field. The
 * caller's access is checked before, in the route's onRequest/preValidation hooks: a visitor the mode
 * refuses learns nothing of the schema.
 */
export function projectBodyRoute(type: ProductType) {
  return {
    body: serverSchema(bundleOfProduct(type)),
    // the project routes have a body and nothing else to check (no params, no query string)
    validatorCompiler: ({ httpPart }: { httpPart?: string }) => {
      if (httpPart !== 'body') throw new Error(`a project route checks its body only, not its ${httpPart}`);
      return validatorOf(type);
    },
    schemaErrorFormatter: (errors: FastifySchemaValidationError[]) => bodyError(errors),
  };
}

/** The id a project body names, when it is a well-formed one (the schema refuses the rest later). */
export function bodyIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  const { id } = body;
  return typeof id === 'string' && id !== '' && id.length <= 64 ? id : null;
}

/** The route parameter `type`: an API product type. */
export const typeParam = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', maxLength: 40 } },
} as const;
export const idParams = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: typeParam.properties.type, id: { type: 'string', maxLength: 64 } },
} as const;
const saved = answers({ 200: savedSchema });

/** The project routes shared by every product type (DESIGN.md section 4). */
export const projectRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, dialect, access, quotas, history, served } = app;
  const search = async (
    request: FastifyRequest<{
      Params: { type: string; page: number; query?: string };
      Querystring: { sort?: Sort; order?: string };
    }>,
    reply: FastifyReply,
  ) => {
    const type = access.product(request.params.type);
    const { page, query = '' } = request.params;
    const { sort = 'updated_at' } = request.query;
    const order = request.query.order?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
    const owner = access.listOwner(request, reply);
    // each word is one more condition every candidate row is read for (a helper's attack, round 6)
    const refused = searchRefusal(query);
    if (refused)
      throw new HttpError(
        400,
        refused === 'words'
          ? `query: at most ${SEARCH_WORDS_MAX} words`
          : `query: words of at most ${SEARCH_WORD_LENGTH_MAX} characters`,
        'query',
        { words: SEARCH_WORDS_MAX, length: SEARCH_WORD_LENGTH_MAX },
        'search_too_long',
      );
    let r;
    try {
      r = await history.search(
        { dialect, type, owner, query, page, sort, order },
        { visitor: visitorOf(request), signal: closedSignal(reply) },
      );
    } catch (e) {
      return poolRefusal(e, reply, 'search');
    }
    return {
      projects: r.items,
      totalPages: Math.ceil(r.total / PAGE_SIZE),
      total: r.total,
    };
  };
  const listed = answers({ 200: historyPageSchema });
  const searchSchema = (withQuery: boolean) => ({
    tags: ['projects'],
    response: listed,
    params: {
      type: 'object',
      required: ['type', 'page'],
      properties: {
        type: typeParam.properties.type,
        page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        ...(withQuery ? { query: { type: 'string', maxLength: 255 } } : {}),
      },
    },
    querystring: {
      type: 'object',
      properties: {
        sort: { type: 'string', enum: [...SORTS] },
        order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      },
    },
  });
  app.get('/api/:type/project/search/:page', { schema: searchSchema(false) }, search);
  app.get('/api/:type/project/search/:page/:query', { schema: searchSchema(true) }, search);

  /** The project a route's :type and :id name, when the caller may see it (404 otherwise). */
  const projectOf = async (
    request: FastifyRequest<{ Params: { type: string; id: string } }>,
    reply: FastifyReply,
  ) => {
    const { type, id } = request.params;
    return access.check(request, reply, await getProject(db, access.product(type), id));
  };

  app.get(
    '/api/:type/project/:id',
    { schema: { tags: ['projects'], params: idParams, response: answers({ 200: storedProjectSchema }) } },
    async (request, reply) => {
      const { type, id } = request.params;
      const product = access.product(type);
      // its small columns first: who may read it, and its size, before its answers and results are read
      const head = access.check(request, reply, await getProjectHead(db, product, id));
      await app.countLargeRead(request, reply, bytesOfHeads([head]));
      const admin = adminOf(request) !== null;
      return served.answer(request, reply, 'project', [head], admin, async () => {
        const row = await getProject(db, product, id);
        if (!row) throw new HttpError(404, 'Unknown project');
        return { rows: [row], answer: presentProject(row, { admin }) };
      });
    },
  );

  const create = async (
    type: ProductType,
    body: ProjectBody,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (body.id) {
      // A body that names an existing project is an update (the seeds' clients POST new ones only).
      return save(type, body, request, reply);
    }
    const owner = access.newOwner(request, reply);
    assertWithinBounds(request, type, body.steps);
    const undo = await quotas.projectCreated(request, reply, owner);
    try {
      const charge = quotas.charge(request, reply, owner, adminOf(request) !== null);
      const r = await createProject(db, { type, owner, steps: body.steps }, charge);
      return { id: r.id, changed: true, version: r.version };
    } catch (e) {
      await undo();
      throw e;
    }
  };

  const save = async (type: ProductType, body: ProjectBody, request: FastifyRequest, reply: FastifyReply) => {
    if (!body.id) throw new HttpError(400, 'id: an existing project id is required to update', 'id');
    let row = access.check(request, reply, await getProject(db, type, body.id));
    assertWithinBounds(request, type, body.steps);
    const charge = quotas.charge(request, reply, row.owner, adminOf(request) !== null);
    let r = await updateProject(db, row, body.steps, body.version ?? null, charge);
    // Without a version the caller asks for its content to win: a concurrent save is retried, not refused.
    for (
      let attempt = 0;
      r === 'conflict' && (body.version === null || body.version === undefined) && attempt < 5;
      attempt += 1
    ) {
      row = access.check(request, reply, await getProject(db, type, body.id));
      r = await updateProject(db, row, body.steps, null, charge);
    }
    if (r === 'conflict')
      throw new HttpError(409, 'The project was changed elsewhere; reload it before saving', 'version', {
        version: (await getProject(db, type, row.id))?.version,
      });
    return {
      id: row.id,
      changed: r.changed,
      version: r.version,
      ...(r.resultsKept ? { results_kept: true } : {}),
    };
  };
  // POST and PUT /api/{type}/project, one route per calculator so that Fastify checks the body against
  // that calculator's server schema (a static path wins over the parametric ones). Who may save is
  // decided first: the mode and the session on the request (onRequest), then, when the body names a
  // project, that it exists and is the caller's (preValidation: 404); only then the body's shape (400).
  for (const type of products().keys()) {
    const { body, ...checked } = projectBodyRoute(type);
    const options = {
      schema: { tags: ['projects'], body, response: saved },
      ...checked,
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        access.product(type);
        access.newOwner(request, reply);
      },
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        const id = bodyIdOf(request.body);
        if (id) access.check(request, reply, await getProject(db, type, id));
      },
    };
    app.post<{ Body: ProjectBody }>(`/api/${type}/project`, options, (request, reply) =>
      create(type, request.body, request, reply),
    );
    app.put<{ Body: ProjectBody }>(`/api/${type}/project`, options, (request, reply) =>
      save(type, request.body, request, reply),
    );
  }

  app.post(
    '/api/:type/project/:id/variant',
    { schema: { tags: ['projects'], params: idParams, response: answers({ 201: newVariantSchema }) } },
    async (request, reply) => {
      const row = await projectOf(request, reply);
      const admin = adminOf(request) !== null;
      const undo = await quotas.projectCreated(request, reply, admin ? null : row.owner);
      let r: Awaited<ReturnType<typeof createVariant>>;
      let uncharge = async () => undefined as void;
      try {
        // the copy's answers and results, charged as a new project's
        uncharge = await quotas.charge(request, reply, row.owner, admin)(bytesOfProject(row));
        r = await createVariant(db, dialect, row);
      } catch (e) {
        await uncharge();
        await undo();
        throw e;
      }
      if (typeof r === 'string') {
        await uncharge();
        await undo();
      }
      if (r === 'gone') throw new HttpError(404, 'Unknown project');
      if (r === 'full')
        throw new HttpError(
          409,
          `A project has at most ${VARIANTS_MAX} variants`,
          'id',
          { max: VARIANTS_MAX },
          'variants_full',
        );
      return reply.status(201).send(r);
    },
  );

  app.patch(
    '/api/:type/project/:id/variant',
    {
      schema: {
        tags: ['projects'],
        params: idParams,
        body: {
          type: 'object',
          required: ['label'],
          additionalProperties: false,
          properties: { label: { type: ['string', 'null'], maxLength: 80 } },
        },
        response: answers({ 200: variantNameSchema }),
      },
    },
    async (request, reply) => {
      const row = await projectOf(request, reply);
      await nameVariant(db, row.id, request.body.label);
      const named = await getProject(db, row.product_type, row.id);
      return { id: row.id, label: named?.variant_label ?? null };
    },
  );

  app.get(
    '/api/:type/project/:id/variants',
    {
      schema: {
        tags: ['projects'],
        params: idParams,
        response: answers({ 200: variantsSchema }),
      },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const product = access.product(type);
      const head = access.check(request, reply, await getProjectHead(db, product, id));
      const heads = await groupHeadsOf(db, head);
      // counted, and refused past the limit, before the group's answers and results are read
      await app.countLargeRead(request, reply, bytesOfHeads(heads));
      const admin = adminOf(request) !== null;
      return served.answer(request, reply, 'group', heads, admin, async () => {
        const rows = await variantsOf(db, head);
        return { rows, answer: { variants: rows.map((v) => presentProject(v, { admin })) } };
      });
    },
  );

  // The body, when the project has issued notes still standing: what becomes of them (issue 35.6).
  app.delete(
    '/api/:type/project/:id',
    {
      schema: {
        tags: ['projects'],
        params: idParams,
        querystring: { type: 'object', properties: { notes: { type: 'string', enum: [...NOTES_CHOICES] } } },
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const row = await projectOf(request, reply);
      const body = request.body as { notes?: unknown } | null | undefined;
      const said = request.query.notes ?? (typeof body === 'object' && body ? body.notes : undefined);
      if (said !== undefined && !NOTES_CHOICES.includes(said as NotesChoice))
        throw new HttpError(400, `notes: one of ${NOTES_CHOICES.join(', ')}`, 'notes');
      const r = await deleteProject(db, dialect, row.id, said as NotesChoice | undefined);
      if (r === 'choose')
        throw new HttpError(
          400,
          `notes: the project has issued notes; say whether they are kept as issued or withdrawn (${NOTES_CHOICES.join(', ')})`,
          'notes',
        );
      return reply.status(204).send();
    },
  );
};

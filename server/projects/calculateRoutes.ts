import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import { adminOf } from '../auth/identity';
import { previewValues } from '../../engine';
import { answers } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { visitorOf } from '../http/visitor';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { CALCULATIONS, type StoredProject } from '../calc';
import { withoutAdminOnly } from './adminOnly';
import { bundleOfProduct, products, type ProductType } from './products';
import { canonicalJson } from './projectText';
import { projectBodyRoute, typeParam, type ProjectBody } from './routes';
import { getProject, getProjectContent, saveResults } from './repository';
import { localeOf, refusal } from './refusal';
import { grantsOf } from './link/grants';
import { seriesIdIn, usableBy } from '../rain/store';

/**
 * GET /api/{type}/calculate/{id} (and the path a bundle names: sl's /api/sl/calculate/{id}, as seed 000
 * writes it): loads the project, refuses with 422 listing every reason it cannot be calculated (the
 * answers the bundle's rules block, derived by the engine as the form derives them, then the
 * calculation's own reasons; each in the request's language: `?locale=`, else Accept-Language), else
 * computes, stores the results with the project (state calculated) and answers them. The bundle's
 * admin-only results (the orifice diameter) go to admins only. The calculation runs on a worker thread
 * and is remembered by content (calculations.ts); storing makes the GET a state change, refused from
 * another site (http/sameOrigin.ts).
 */
export const calculateRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, calculations, quotas } = app;
  /**
   * The bundle's calculation of a project's steps (canonical JSON), on the calculation pool for the
   * requesting visitor (its address); 422 listing every reason it cannot be done, in the request's
   * language, 429 or 503 when the pool cannot take it now.
   */
  const run = async (
    request: FastifyRequest,
    reply: FastifyReply,
    type: ProductType,
    content: string,
    opts: { stress: boolean; owner: string | null },
  ) => {
    let out;
    try {
      out = await calculations.run(type, content, opts, {
        visitor: visitorOf(request),
        signal: closedSignal(reply),
      });
    } catch (e) {
      return poolRefusal(e, reply, 'calculation');
    }
    if (!out.ok) {
      const project: StoredProject = { id: 'project', steps: JSON.parse(content) as StoredProject['steps'] };
      throw refusal(type, project, out.reasons, localeOf(request, type));
    }
    return out;
  };
  /** What the caller may see of results: the bundle's admin-only keys (the orifice diameter) to admins only. */
  const forCaller = (request: FastifyRequest, type: ProductType, results: object): Record<string, unknown> =>
    (adminOf(request) ? results : withoutAdminOnly(bundleOfProduct(type), results)) as Record<
      string,
      unknown
    >;
  const handler =
    (type: ProductType) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { id } = request.params;
      const row = access.check(request, reply, await getProjectContent(db, type, id));
      // the project's owner: a measured series only that owner holds (another's is missing)
      const { results, text } = await run(request, reply, type, row.content, {
        stress: true,
        owner: row.owner,
      });
      const charge = quotas.charge(request, reply, row.owner, adminOf(request) !== null);
      if (!(await saveResults(db, type, row, text, charge)))
        throw new HttpError(
          409,
          'The project was changed while it was calculated; calculate it again',
          'version',
          { version: (await getProject(db, type, row.id))?.version },
        );
      if (adminOf(request) || !('diameter' in results))
        return reply.header('Content-Type', 'application/json; charset=utf-8').send(text);
      return forCaller(request, type, results);
    };
  // The results of any calculation, as its schema declares them: Fastify serialises the answer by it and
  // /api/docs shows each calculation's. The schemas are found at run time (server/calc's folders), so the
  // type provider reads no type from them: the results' types are words/results', generated from them.
  const resultsAnswer: JSONSchema = {
    description: 'the results of the calculation',
    anyOf: [...CALCULATIONS.values()].map((c) => c.resultsSchema),
  };
  const schema = {
    tags: ['projects'],
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
    // the results of the product's calculation, as its schema declares them (server/calc/*/results.schema.json)
    response: answers({ 200: resultsAnswer }),
  } as const;
  const typedSchema = {
    ...schema,
    params: {
      type: 'object',
      required: ['type', 'id'],
      properties: { type: typeParam.properties.type, id: { type: 'string', maxLength: 64 } },
    },
  } as const;
  // Storing results is a state change: a GET from another site is refused, as send-project is.
  const config = { changesState: true };
  // POST /api/{type}/preview: the bundle's preview figures of a project as it is being typed, computed
  // and not stored (the wizard's live preview, without the climate-stress runs): { site: [values],
  // cards: [[values] per card] }. The body is a project as a save sends it; 422 lists what is missing
  // (the answers the calculation does not read, the bundle's preview.ignores, hold nothing back).
  // One route per calculator: Fastify checks the body against its server schema (routes.ts), after the
  // mode and the session (onRequest: admin mode answers admins only, as for every project call).
  for (const type of products().keys()) {
    const { body, ...checked } = projectBodyRoute(type);
    app.post<{ Body: ProjectBody }>(
      `/api/${type}/preview`,
      {
        schema: {
          tags: ['projects'],
          body,
          // the bundle's preview figures (json-logic over the results): one value each, null when none
          response: answers({
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['site', 'cards'],
              properties: {
                site: { type: 'array', items: {} },
                cards: { type: 'array', items: { type: 'array', items: {} } },
              },
            },
          } as const),
        },
        ...checked,
        onRequest: async (request, reply) => {
          access.product(type);
          access.listOwner(request, reply);
        },
      },
      async (request, reply) => {
        const { steps } = request.body;
        const content = canonicalJson(steps);
        // a series this visitor may use (its own, or that of a project this browser opened by its link)
        // is calculated as its owner's; another's as missing
        const owner = access.listOwner(request, reply);
        const series = seriesIdIn(content);
        const usable =
          owner === null || series === null || (await usableBy(db, series, owner, grantsOf(request)));
        const { results } = await run(request, reply, type, content, {
          stress: false,
          owner: usable ? null : owner,
        });
        return previewValues(bundleOfProduct(type), forCaller(request, type, results));
      },
    );
  }
  // a calculator whose bundle names a calculate path of its own (sl's /api/sl/calculate/{id}, as seed 000
  // writes it, which the page calls): answered there too
  for (const [type, p] of products()) {
    const own = p.bundle.results.path;
    if (!own || own === `/api/${type}/calculate/{id}`) continue;
    app.get(own.replace('{id}', ':id'), { schema, config }, (request, reply) =>
      handler(access.product(type))(request, reply),
    );
  }
  app.get('/api/:type/calculate/:id', { schema: typedSchema, config }, (request, reply) =>
    handler(access.product(request.params.type))(request, reply),
  );
};

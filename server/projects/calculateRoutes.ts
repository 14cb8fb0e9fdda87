import '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import { adminOf } from '../auth/identity';
import { previewValues } from '../../engine';
import { calculate, type CalculateOptions, type StoredProject } from '../calc';
import type { Db } from '../db/database';
import { HttpError } from '../http/HttpError';
import { bundleOfProduct, type ProductType } from './products';
import { checkBody, typeParam } from './routes';
import { getProject, saveResults } from './repository';
import { localeOf, refusal } from './refusal';

/**
 * GET /api/{type}/calculate/{id} (and /api/sl/calculate/{id}, as seed 000 writes it): loads the project,
 * refuses with 422 listing every reason it cannot be calculated (the answers the bundle's rules block,
 * derived by the engine as the form derives them, then the calculation's own reasons; each in the
 * request's language: `?locale=`, else Accept-Language), else computes, stores the results with the
 * project (state calculated) and answers them. The orifice diameter goes to admins only.
 */
export function calculateRoutes(app: FastifyInstance, db: Db, access: Access): void {
  /** The bundle's calculation of a project, or 422 listing every reason it cannot be done. */
  const run = (
    request: FastifyRequest,
    type: ProductType,
    project: StoredProject,
    opts: CalculateOptions,
  ) => {
    const out = calculate(bundleOfProduct(type), project, opts);
    if (!out.ok) throw refusal(type, project, out.reasons, localeOf(request, type));
    return out.results;
  };
  /** What the caller may see of results: the orifice diameter goes to admins only. */
  const forCaller = (request: FastifyRequest, results: object): Record<string, unknown> => {
    const shown = { ...results } as Record<string, unknown>;
    if (!adminOf(request)) delete shown.diameter;
    return shown;
  };
  const handler = (type: ProductType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const row = access.check(request, reply, await getProject(db, type, id));
    const project: StoredProject = { id: row.id, steps: JSON.parse(row.content) as StoredProject['steps'] };
    const results = run(request, type, project, {});
    if (!(await saveResults(db, row.id, row.version, results)))
      throw new HttpError(
        409,
        'The project was changed while it was calculated; calculate it again',
        'version',
        { version: (await getProject(db, type, row.id))?.version },
      );
    return forCaller(request, results);
  };
  const schema = {
    tags: ['projects'],
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  };
  // POST /api/{type}/preview: the bundle's preview figures of a project as it is being typed, computed
  // and not stored (the wizard's live preview, without the climate-stress runs): { site: [values],
  // cards: [[values] per card] }. The body is a project as a save sends it; 422 lists what is missing
  // (the answers the calculation does not read, the bundle's preview.ignores, hold nothing back).
  app.post(
    '/api/:type/preview',
    { schema: { tags: ['projects'], params: typeParam } },
    async (request, reply) => {
      const type = access.product((request.params as { type: string }).type);
      access.listOwner(request, reply); // admin mode: admins only, as for every project call
      const { steps } = checkBody(type, request.body);
      const project = { id: 'preview', steps: steps as StoredProject['steps'] };
      const bundle = bundleOfProduct(type);
      const results = run(request, type, project, {
        stress: false,
        ignore: new Set(bundle.preview?.ignores ?? []),
      });
      return previewValues(bundle, forCaller(request, results));
    },
  );
  app.get('/api/sl/calculate/:id', { schema }, (request, reply) =>
    handler(access.product('slowli'))(request, reply),
  );
  app.get('/api/:type/calculate/:id', { schema }, (request, reply) =>
    handler(access.product((request.params as { type: string }).type))(request, reply),
  );
}

import '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import { adminOf } from '../auth/identity';
import { calculate, type StoredProject } from '../calc';
import type { Db } from '../db/database';
import { HttpError } from '../http/HttpError';
import { bundleOfProduct, type ProductType } from './products';
import { checkBody } from './routes';
import { getProject, saveResults } from './repository';

/**
 * GET /api/{type}/calculate/{id} (and /api/sl/calculate/{id}, as seed 000 writes it): loads the project,
 * refuses with 422 listing every reason it cannot be calculated, else computes, stores the results with
 * the project (state calculated) and answers them. The orifice diameter goes to admins only.
 */
export function calculateRoutes(app: FastifyInstance, db: Db, access: Access): void {
  const handler = (type: ProductType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const row = access.check(request, reply, await getProject(db, type, id));
    const project: StoredProject = { id: row.id, steps: JSON.parse(row.content) as StoredProject['steps'] };
    const out = calculate(bundleOfProduct(type), project);
    if (!out.ok)
      throw new HttpError(422, 'The project cannot be calculated', out.reasons[0]?.field, out.reasons);
    if (!(await saveResults(db, row.id, row.version, out.results)))
      throw new HttpError(
        409,
        'The project was changed while it was calculated; calculate it again',
        'version',
        { version: (await getProject(db, type, row.id))?.version },
      );
    const results = { ...out.results } as Record<string, unknown>;
    if (!adminOf(request)) delete results.diameter;
    return results;
  };
  const schema = {
    tags: ['projects'],
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  };
  // POST /api/{type}/preview: the results of a project as it is being typed, computed and not stored
  // (the wizard's live preview). The body is a project as a save sends it; 422 lists what is missing.
  app.post(
    '/api/:type/preview',
    {
      schema: {
        tags: ['projects'],
        params: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', maxLength: 40 } },
        },
      },
    },
    async (request, reply) => {
      const type = access.product((request.params as { type: string }).type);
      access.listOwner(request, reply); // admin mode: admins only, as for every project call
      const body = checkBody(type, request.body);
      const out = calculate(
        bundleOfProduct(type),
        { id: 'preview', steps: body.steps as StoredProject['steps'] },
        { stress: false },
      );
      if (!out.ok)
        throw new HttpError(422, 'The project cannot be calculated yet', out.reasons[0]?.field, out.reasons);
      const results = { ...out.results } as Record<string, unknown>;
      if (!adminOf(request)) delete results.diameter;
      return results;
    },
  );
  app.get('/api/sl/calculate/:id', { schema }, (request, reply) =>
    handler(access.product('slowli'))(request, reply),
  );
  app.get('/api/:type/calculate/:id', { schema }, (request, reply) =>
    handler(access.product((request.params as { type: string }).type))(request, reply),
  );
}

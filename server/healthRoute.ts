import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { answers } from './http/answers';
import { HttpError } from './http/HttpError';

/**
 * GET /api/health: whether this copy of the server can serve, for a load balancer, a container's health
 * check or a supervisor. 200 once the database answers a query; 503 when it does not (and while the server
 * stops, as Fastify answers every request then). Kept out of the request log and the rate limits, which a
 * probe every few seconds would fill.
 */
export const healthRoute: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/api/health',
    {
      logLevel: 'silent',
      config: { rateLimit: false },
      schema: {
        tags: ['config'],
        response: answers({
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
        }),
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw new HttpError(503, 'The database does not answer', undefined, undefined, 'unavailable');
      }
      return { status: 'ok' };
    },
  );
};

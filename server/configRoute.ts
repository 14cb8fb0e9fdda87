import '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { adminOf } from './auth/identity';
import type { AppMode, Config } from './config';

/** Calculators each mode offers (seed 000 section 1). */
export const CALCULATORS: Record<AppMode, string[]> = {
  admin: ['sm', 'sl'],
  canada: ['smca'],
  canada_prod: ['smca'],
  client: ['sl'],
};

/** GET /api/config: what the page needs to know about this deployment, read at run time. */
export function configRoute(app: FastifyInstance, config: Config): void {
  const canadian = config.mode === 'canada' || config.mode === 'canada_prod';
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        response: {
          200: {
            type: 'object',
            properties: {
              mode: { type: 'string' },
              calculators: { type: 'array', items: { type: 'string' } },
              locales: { type: 'array', items: { type: 'string' } },
              unitSystems: { type: 'array', items: { type: 'string' } },
              admin: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => ({
      mode: config.mode,
      calculators: CALCULATORS[config.mode],
      locales: canadian ? ['fr', 'en'] : ['fr'],
      unitSystems: canadian ? ['METRIC', 'IMPERIAL'] : ['METRIC'],
      admin: adminOf(request) !== null,
    }),
  );
}

import '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../http/HttpError';
import { adminOf, endAdminSession, startAdminSession } from './identity';
import { verifyPassword } from './password';

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes(app: FastifyInstance, config: Config, db: Db): void {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: {
          type: 'object',
          required: ['password'],
          properties: {
            name: { type: 'string', maxLength: 100 },
            password: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: { type: 'object', properties: { admin: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const { name = 'admin', password } = request.body as { name?: string; password: string };
      let ok = false;
      const row = await db.selectFrom('admins').selectAll().where('name', '=', name).executeTakeFirst();
      if (row) ok = await verifyPassword(password, row.password_hash);
      else if (config.adminPassword !== null && name === 'admin') ok = password === config.adminPassword;
      if (!ok) throw new HttpError(401, 'Wrong name or password', 'password');
      startAdminSession(reply, name);
      return { admin: name };
    },
  );
  app.post('/api/auth/logout', { schema: { tags: ['auth'] } }, async (_request, reply) => {
    endAdminSession(reply);
    return reply.status(204).send();
  });
  app.get('/api/auth/me', { schema: { tags: ['auth'] } }, async (request) => ({ admin: adminOf(request) }));
}

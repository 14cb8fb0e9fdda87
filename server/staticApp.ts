import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web application under /client/ with a fallback to its index.html for the app's own
 * routes (/client/sl/history ...), and redirects / to /client/.
 */
export async function serveApp(app: FastifyInstance, distDir: string): Promise<void> {
  app.get('/', (_request, reply) => reply.redirect('/client/'));
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`no built app in ${distDir}: run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/client/',
    wildcard: false,
    index: ['index.html'],
  });
  const spa = (_request: unknown, reply: { sendFile: (f: string) => unknown }) =>
    reply.sendFile('index.html');
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  app.get('/client/*', spa);
}

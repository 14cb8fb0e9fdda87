import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
    // The build writes .br and .gz beside each file (vite.config.ts): sent as they are to browsers that
    // take them. Hashed assets never change: cached for a year; the page itself is checked each time.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const spa = (_request: unknown, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  app.get('/client/*', spa);
}

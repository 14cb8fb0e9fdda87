import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageHints } from './pageHints';
import { products } from './projects/products';

/**
 * Serves the built web application under /client/ with a fallback to its index.html for the app's own
 * routes (/client/sl/history ...), and redirects / to /client/. A wizard's page announces what its script
 * will ask for (server/pageHints.ts).
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
    // the build's source maps (vite.config.ts) stay on the machine
    allowedPath: (path) => !path.endsWith('.map'),
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const page = readFileSync(join(distDir, 'index.html'), 'utf8');
  const hints = pageHints(
    distDir,
    [...products().values()].map((p) => ({ id: p.bundle.id, productType: p.bundle.productType })),
  );
  const spa = (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://app');
    const links = hints(url.pathname, url.searchParams);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return links ? reply.send(page.replace('</head>', `${links}</head>`)) : reply.sendFile('index.html');
  };
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  app.get('/client/*', spa);
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageHints, wizardOf } from './pageHints';
import { pageDrawer, stampOf } from './ssr';
import { products } from './projects/products';

/**
 * Serves the built web application under /client/ with a fallback to its index.html for the app's own
 * routes (/client/sl/history ...), and redirects / to /client/. A wizard's page announces what its script
 * will ask for (server/pageHints.ts); a stored project's wizard page is drawn by the server when it can,
 * within `drawPagesMs` of its thread a second (server/ssr.ts; 0: never).
 */
export async function serveApp(
  app: FastifyInstance,
  distDir: string,
  drawPagesMs = 0,
): Promise<{ warmPages: () => Promise<void> }> {
  app.get('/', (_request, reply) => reply.redirect('/client/'));
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`no built app in ${distDir}: run npm run build`);
    return { warmPages: async () => undefined };
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/client/',
    wildcard: false,
    // the app's own address (/client/) is the page's route below, as every other page: served from disk,
    // it was a 404 while a build under the running server had emptied dist/
    index: false,
    // The build writes .br and .gz beside each file (vite.config.ts): sent as they are to browsers that
    // take them. Hashed assets never change: cached for a year; the page itself is checked each time.
    preCompressed: true,
    // the build's source maps (vite.config.ts) stay on the machine
    // (nor the server's drawing code, server/ssr.ts)
    allowedPath: (path) => !path.endsWith('.map') && !/(^|[\\/])\.ssr([\\/]|$)/.test(path),
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The page and its hints as the build on disk has them: read again when a build made while the server
  // runs (npx vite build) replaces index.html, whose scripts then have new names. Kept from the start,
  // the old page named scripts the build had deleted: every wizard's page loaded blank until a restart.
  const index = join(distDir, 'index.html');
  const calculators = [...products().values()].map((p) => ({
    id: p.bundle.id,
    productType: p.bundle.productType,
  }));
  let built = {
    stamp: '',
    page: '',
    hints: (_path: string, _query: URLSearchParams, _drawn?: boolean) => '',
  };
  const manifest = join(distDir, '.vite', 'manifest.json');
  const current = () => {
    const page = stampOf(index);
    // a build under way (its folder emptied): the last one read, until its page is written
    if (page === '-') return built;
    const stamp = `${page}/${stampOf(manifest)}`;
    if (stamp === built.stamp) return built;
    try {
      built = { stamp, page: readFileSync(index, 'utf8'), hints: pageHints(distDir, calculators) };
    } catch (e) {
      // a manifest caught half written: the last build read serves (its stamp kept, it is read again at
      // the next page); at the start, there is none to serve
      if (!built.page) throw e;
    }
    return built;
  };
  current();
  const pages = pageDrawer(app, distDir, drawPagesMs);
  const spa = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://app');
    // a script or style of a build made after the start (fastify-static lists the folder once): sent as
    // itself, a missing one a 404; never the page in its place, which a browser refuses as a module
    // script (the page blank until a restart, although it names the new scripts)
    const asset = url.pathname.slice('/client/'.length);
    if (asset.startsWith('assets/')) {
      const readable = /^[\w./-]+$/.test(asset) && !asset.includes('..') && !asset.endsWith('.map');
      if (readable && existsSync(join(distDir, asset))) return reply.sendFile(asset);
      return reply.callNotFound();
    }
    const { page, hints } = current();
    // a stored project's wizard, drawn by the server when it can (server/ssr.ts): the visitor's own
    // answers in the page, which no shared cache keeps
    const drawn = wizardOf(url.pathname) ? await pages.draw(request, url) : null;
    const links = hints(url.pathname, url.searchParams, drawn !== null);
    if (drawn) {
      reply.header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
      return reply.send(
        page
          .replace('</head>', `${links}</head>`)
          .replace('<html lang="fr">', `<html lang="${drawn.lang}">`)
          // its buttons, links and folds wait for the app to take the page over (app/styles.css, takeOver.tsx)
          .replace('<div id="root"></div>', `<div id="root" data-taking-over="">${drawn.html}</div>`)
          .replace('</body>', `${drawn.state}</body>`),
      );
    }
    // the page as last read, never the file: while a build has emptied dist/ (npm run build under the
    // running server) the file is gone, and its 404 sent as text/html was a 500
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(links ? page.replace('</head>', `${links}</head>`) : page);
  };
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  app.get('/client/', spa);
  app.get('/client/*', spa);
  return { warmPages: pages.warm };
}

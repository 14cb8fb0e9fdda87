import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a GET that changes stored data (the seed's send-project and deny_project): guarded like a POST */
    changesState?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses requests that change stored data when a browser says they come from another site: a
 * Sec-Fetch-Site of cross-site or same-site, or an Origin that is not this server's. Requests made by
 * the app itself (same-origin, inside an iframe too) and by non-browser clients (no such headers) pass.
 * This is what stops a page elsewhere from ordering, refusing or sending a project with the visitor's
 * cookies, whatever the cookies' SameSite.
 */
export function installSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) && !request.routeOptions.config?.changesState) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      throw new HttpError(403, 'Refused: this request came from another site');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string | null;
    try {
      host = origin === 'null' ? null : new URL(origin).host;
    } catch {
      host = null;
    }
    // Compared as URLs, so that an explicit default port (localhost:80) equals none.
    const own = new URL(`${request.protocol}://${request.host}`).host;
    if (host !== own) throw new HttpError(403, 'Refused: this request came from another site');
  });
}

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
 *
 * The server's own origin is the one the request names (its Host, or X-Forwarded-Host from a trusted
 * proxy) and PUBLIC_URL's: a reverse proxy that passes on another Host (nginx's default is the upstream's
 * name, and `$host` drops a port) would otherwise have every save refused as coming from another site.
 */
export function installSameOriginGuard(app: FastifyInstance, publicUrl: string | null = null): void {
  const publicHost = publicUrl ? new URL(publicUrl).host : null;
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
    if (host !== own && (host === null || host !== publicHost)) {
      // Said in the log, for the operator whose proxy passes on another Host than the browser's.
      request.log.warn({ origin, host: request.host }, 'refused: Origin is neither Host nor PUBLIC_URL');
      throw new HttpError(403, 'Refused: this request came from another site');
    }
  });
}

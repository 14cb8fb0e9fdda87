import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

/**
 * The paths whose next segment is a secret: a project link's token (/api/project_link/{token}, the page
 * /client/open/{token}) and a note's verification code (/api/verify/{code}, /api/{type}/note/{code}, the
 * page /client/verify/{code}), however the slashes are doubled or the letters cased.
 * tests/server/logRedaction.test.ts holds every API route with a {token} or {code} to this list.
 */
const SECRET_SEGMENT =
  /(\/+(?:api\/+project_link|client\/+open|api\/+verify|client\/+verify|api\/+[^/?#]+\/+note)\/+)[^/?#]+/gi;

/** A URL as the log may keep it: tokens and codes replaced by [redacted] (issue 35, item 8). */
export const redactedUrl = (url: string): string => url.replace(SECRET_SEGMENT, '$1[redacted]');

/**
 * The logger's serializers: Fastify's own request fields (method, url, host, client address and port),
 * the URL redacted, so that no log reader can open a project by its link or read a note by its code.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(request.socket?.remotePort === undefined ? {} : { remotePort: request.socket.remotePort }),
  }),
} satisfies NonNullable<FastifyLoggerOptions['serializers']>;

import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Answers shorter than this go as they are: a header's bytes would eat what compression saves. */
export const COMPRESS_FROM = 1024;

/**
 * The encoding an Accept-Encoding header takes among ours, brotli first, then gzip; null for none (a
 * coding refused with q=0 is not taken).
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) taken.add(name.trim());
  }
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
}

/**
 * The API's JSON answers of COMPRESS_FROM bytes and more are sent compressed to a client that takes it
 * (brotli at quality 5, else gzip), off the event loop (zlib's thread pool). The app's files are already
 * sent compressed (vite.config.ts writes a .br and a .gz of each); its answers were not: a stored
 * 100-roof project is 22 KB of JSON and 1.3 KB compressed, which a phone at 1.6 Mbit/s downloads before
 * its first field (npm run bench:open, issue 40).
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_FROM) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? '')))
      return payload;
    // a cache keeps the answer by the encodings asked for, compressed or not
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
            },
          })
        : await gzipped(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    // Fastify counts the body it is given after this hook
    reply.removeHeader('content-length');
    return body;
  });
}

import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { HttpError } from './HttpError';

/**
 * How JSON answers are compressed (@fastify/compress's options in app.ts, and the answers kept
 * compressed, projects/servedAnswers.ts): answers of 1 KB and more, brotli first (a stored 100-roof
 * project: 22 KB, 1.3 KB compressed, which a phone at 1.6 Mbit/s downloads before its first field: issue
 * 40), at a quality that costs a 1.6 MB group of variants some 15-25 ms.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  },
};

export type Encoding = 'br' | 'gzip' | 'identity';

/** The coding @fastify/compress would answer a request in (its negotiation: x-gzip and `*` read as gzip). */
export function encodingOf(request: Pick<FastifyRequest, 'headers'>): Encoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return 'identity';
  const said = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), COMPRESSION.encodings);
  return said === 'br' || said === 'gzip' ? said : 'identity';
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `text` in that coding (on libuv's threads, not the server's). */
export async function compressed(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(text, {
      params: {
        ...COMPRESSION.brotliOptions.params,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
  if (encoding === 'gzip') return gzip(text);
  return Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
}

/**
 * Refuses a request whose body is compressed (Content-Encoding other than identity): 415, before a byte
 * of it is read, and after the rate limits counted it (a preParsing hook: the rate limit's own hook is a
 * route's onRequest, which runs after every global one; in onRequest the refusals went uncounted, and an
 * address could send them without end, a connection each: a helper's attack, round 10). @fastify/compress would inflate it (its request decompression, on by default, is turned
 * off in app.ts), and every bound on bodies counts what a request announces: 12 KB of gzip inflated to
 * the 12 MB a note may send, and passed as a small body, outside LARGE_BODIES_PER_MINUTE and the bodies'
 * memory (a helper's attack, round 8). The app's pages never compress what they send.
 */
export function refuseCodedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, reply) => {
    const coding = request.headers['content-encoding'];
    if (coding === undefined || coding.trim().toLowerCase() === 'identity') return;
    reply.header('connection', 'close');
    throw new HttpError(
      415,
      'content-encoding: request bodies are not accepted compressed',
      'content-encoding',
      undefined,
      'unsupported_type',
    );
  });
}

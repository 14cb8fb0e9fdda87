import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressed, encodingOf } from '../http/compression';
import { LruCache } from './lruCache';
import type { ProjectTable } from '../db/database';
import { HEAD_COLUMNS, headOf, type ProjectHead } from './repository';

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

/** What a read of these projects answers (JSON, before compression), in bytes: what large reads count. */
export const bytesOfHeads = (heads: readonly ProjectHead[]): number =>
  heads.reduce((n, h) => n + Number(h.content_bytes) + Math.max(0, Number(h.results_bytes)), 0);

/** A read of projects over this (their answers and results, in bytes) is large: its answer is kept. */
export const LARGE_READ = 64 * 1024;

/**
 * The fingerprint of what a read of these projects presents (repository.ts HEAD_COLUMNS, in any order
 * of the rows), for an admin or not: a hash of their small columns and sizes. Not a key alone: each route
 * puts its name before it (a project alone and its group of one have the same rows, not the same answer).
 */
export const fingerprintOf = (heads: readonly ProjectHead[], admin: boolean): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        admin,
        [...heads]
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((h) => [
            ...HEAD_COLUMNS.map((c) => h[c] ?? null),
            Number(h.content_bytes),
            Number(h.results_bytes),
          ]),
      ]),
    )
    .digest('base64url');

/** What the answers kept may hold: some 100 SWMM models, or thousands of groups of variants, in brotli. */
export const SERVED_ANSWERS_MB = 32;

/** An answer as it is kept: its bytes in one coding and its headers. */
interface Kept {
  bytes: Buffer;
  headers: Record<string, string>;
}

/** What a maker answers: the body, its headers, and the key of what it read (its rows may have changed). */
export interface Made {
  key: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * Large answers made from stored projects, kept as sent: compressed in the coding each client takes,
 * under a key their caller derives from what they present (fingerprintOf: the rows' small columns,
 * read without their answers and results), in at most `maxBytes` (least recently used dropped first).
 *
 * A group of four calculated 200-roof variants is 1.6 MB of JSON: reading its rows, parsing, presenting,
 * serialising and compressing it took the server 75-125 ms a read at a load of 5 (a helper's attack,
 * round 7: six addresses reading one in a loop within every limit held an honest visitor's /api/config at
 * 470 ms p50, 1.4 s p95); its SWMM model is some 2 MB written on a calculation worker on each export (the
 * same six addresses exporting held an honest visitor's preview at 1.0 s p50, 5.4 s max). Served again,
 * either costs a query of the rows' small columns and a hash.
 */
export class ServedAnswers {
  private readonly cache: LruCache<Kept>;
  private readonly making = new Map<string, Promise<Kept>>();
  /** answers made (not found kept) since the start: read by the tests */
  made = 0;

  constructor(maxBytes: number) {
    this.cache = new LruCache(maxBytes);
  }

  /**
   * The answer of a read of these projects (`heads`, their small columns) by a route: as `read` makes it
   * when their answers and results are small; else kept, under the route's name and their fingerprint
   * (a project alone and its group of one have the same rows, not the same answer).
   */
  async answer<A>(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    heads: readonly ProjectHead[],
    admin: boolean,
    read: () => Promise<{ rows: ProjectTable[]; answer: A }>,
  ): Promise<A | FastifyReply> {
    if (bytesOfHeads(heads) <= LARGE_READ) return (await read()).answer;
    return this.send(request, reply, `${route}:${fingerprintOf(heads, admin)}`, async () => {
      const { rows, answer } = await read();
      return {
        key: `${route}:${fingerprintOf(rows.map(headOf), admin)}`,
        body: reply.serialize(answer) as string,
        headers: JSON_TYPE,
      };
    });
  }

  /**
   * Sends the answer kept under `key`, else `make`'s, kept under the key it answers. Readers of the same
   * key while it is made wait for the same answer; a maker's error is theirs too (nothing is kept).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: () => Promise<Made>,
  ): Promise<FastifyReply> {
    const encoding = encodingOf(request);
    const at = (k: string) => `${encoding}:${k}`;
    let kept = this.cache.get(at(key));
    if (!kept) {
      let pending = this.making.get(at(key));
      if (!pending) {
        pending = (async () => {
          const made = await make();
          this.made += 1;
          const answer = { bytes: await compressed(made.body, encoding), headers: made.headers };
          this.cache.set(at(made.key), answer, answer.bytes.length + 256);
          return answer;
        })().finally(() => this.making.delete(at(key)));
        this.making.set(at(key), pending);
      }
      kept = await pending;
    }
    for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(kept.bytes);
  }
}

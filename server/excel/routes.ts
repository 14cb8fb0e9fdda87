import '@fastify/swagger';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { answers, fileBody } from '../http/answers';
import { contentDisposition } from '../files/contentDisposition';
import { HttpError } from '../http/HttpError';
import { i18nOf } from '../i18n';
import { getProject } from '../projects/repository';
import { assertCalculable, assertShown, shownVersion } from '../projects/refusal';
import type { StoredProject } from '../calc';
import { fromServer, type UnitSystem } from '../../engine';
import type { Translator } from '../../words/i18n';
import { serverProjectOf } from '../calc/types';
import { bundleOfProduct, type ProductType } from '../projects/products';
import { isAbattementResults } from '../../words/results';
import { costOfBytes } from '../workers/pool';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { visitorOf } from '../http/visitor';
import { LruCache } from '../projects/lruCache';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The stored results of an abattement project: 409 before its first calculation, 404 for another product's. */
function calculatedResults(stored: string | null): string {
  const results: unknown = stored ? JSON.parse(stored) : null;
  if (!stored || !results)
    throw new HttpError(
      409,
      'The project has no results yet: calculate it first',
      undefined,
      undefined,
      'not_calculated',
    );
  if (!isAbattementResults(results)) throw new HttpError(404, 'This product has no results workbook');
  return stored;
}

/**
 * What a workbook needs checked of a stored project, once per content: its answers calculable, its
 * results an abattement project's, its unit system. The check derives the whole project as the form
 * does, on the server's thread: about 50 ms for 200 roofs (a helper's attack, 2026-11-30: six addresses
 * asking a 200-roof project's workbook in a loop held the thread 24 s of 43, 16 s of it in that check,
 * most for requests then refused 503 by the full queue), now a lookup by the SHA-256 of the product, the
 * answers and the results. Only what passed is kept: a refusal is worded in the request's language.
 */
const checked = new LruCache<UnitSystem>(1024 * 1024);
const CHECK_ENTRY_BYTES = 128;

function checkedForWorkbook(
  request: FastifyRequest,
  product: ProductType,
  row: { id: string; content: string; results: string | null },
): { results: string; system: UnitSystem } {
  const key = createHash('sha256')
    .update(product)
    .update('\0')
    .update(row.content)
    .update('\0')
    .update(row.results ?? '')
    .digest('base64');
  const known = checked.get(key);
  if (known) return { results: row.results!, system: known };
  const project = { id: row.id, steps: JSON.parse(row.content) as StoredProject['steps'] };
  assertCalculable(request, product, project);
  const results = calculatedResults(row.results);
  const system = unitSystemOf(product, project);
  checked.set(key, system, CHECK_ENTRY_BYTES);
  return { results, system };
}

/** The project's unit system where the bundle keeps it, read as the form reads it. */
function unitSystemOf(product: string, project: StoredProject): UnitSystem {
  const { data } = fromServer(bundleOfProduct(product), serverProjectOf(project));
  return data.unit_system === 'IMPERIAL' ? 'IMPERIAL' : 'METRIC';
}

/** The project by its name and readable number (never its random id). */
function projectTitle(row: { name: string; number: number | null }, i18n: Translator): string {
  return [row.name, row.number ? i18n.t('app.note_cover.id', { id: row.number }) : '']
    .filter(Boolean)
    .join(' · ');
}

/**
 * GET /api/{type}/results_xlsx/{id}?locale=&version=: the stored results of an abattement project as a
 * workbook; 409 when the project changed since the page that asks showed it (version) or holds no results, 422 when the project's answers are ones the bundle's rules block. Written on a worker thread of its own
 * (pdf/pool.ts, the print workers' code: 429 when the visitor has two in flight, 503 when the worker is
 * busy and the queue is full), not on the server's thread.
 */
export const excelRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, workbookPool: pool } = app;
  app.get(
    '/api/:type/results_xlsx/:id',
    {
      schema: {
        tags: ['projects'],
        params: {
          type: 'object',
          required: ['type', 'id'],
          properties: { type: { type: 'string', maxLength: 40 }, id: { type: 'string', maxLength: 64 } },
        },
        querystring: {
          type: 'object',
          properties: { locale: { type: 'string', enum: ['fr', 'en'] }, version: shownVersion },
        },
        response: answers({ 200: fileBody }),
      },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const product = access.product(type);
      const visitor = visitorOf(request);
      // a visitor with its workbooks being written is refused before its project is read again
      try {
        pool.refuseEarly(visitor);
      } catch (e) {
        return poolRefusal(e, reply, 'workbook');
      }
      const row = access.check(request, reply, await getProject(db, product, id));
      assertShown(row, request.query.version);
      const { results: stored, system } = checkedForWorkbook(request, product, row);
      const { i18n } = i18nOf(product, request.query.locale);
      let xlsx: Uint8Array;
      try {
        xlsx = await pool.workbook(
          {
            type: product,
            locale: request.query.locale,
            results: stored,
            system,
            project: projectTitle(row, i18n),
            created: new Date(row.updated_at).toISOString(),
          },
          {
            visitor,
            cost: costOfBytes(stored.length),
            signal: closedSignal(reply),
          },
        );
      } catch (e) {
        return poolRefusal(e, reply, 'workbook');
      }
      return reply
        .header('Content-Type', XLSX)
        .header(
          'Content-Disposition',
          contentDisposition(`${i18n.t('app.results')}-${row.name || String(row.number ?? row.id)}.xlsx`),
        )
        .send(Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength));
    },
  );
};

import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { evaluate, truthy } from '../../engine';
import { adminOf } from '../auth/identity';
import { EXPORTS, type StoredProject } from '../calc';
import { contentDisposition } from '../files/contentDisposition';
import { answers, fileBody } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { closedSignal, poolRefusal } from '../workers/refusals';
import { bundleOfProduct } from './products';
import { assertShown, localeOf, refusal, shownVersion } from './refusal';
import { getProject, getProjectHead, headOf, type ProjectHead } from './repository';
import { bytesOfHeads, fingerprintOf } from './servedAnswers';

/**
 * GET /api/{type}/export/{format}/{id}?locale=: a project as the file its calculation exports in
 * `format` (issue 39: `swmm`, an EPA SWMM 5.2 model), for any calculation that declares one
 * (server/calc EXPORTS) and any bundle that offers it (`results.exports`). Read as the project's other
 * reads are (404 for another visitor's project, 401 in admin mode without a session), and only by whom
 * the bundle's `when` (json-logic over {admin}) admits (403 otherwise: the sl model holds the orifice
 * diameter, which seed 000 keeps from clients). The project is calculated as it stands (the calculation
 * pool, remembered by content): 422 with every reason when it cannot be, 429 or 503 when the pool
 * cannot take it now.
 */
export const exportRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, calculations, served } = app;
  app.get(
    '/api/:type/export/:format/:id',
    {
      schema: {
        tags: ['projects'],
        params: {
          type: 'object',
          required: ['type', 'format', 'id'],
          properties: {
            type: { type: 'string', maxLength: 40 },
            format: { type: 'string', maxLength: 40 },
            id: { type: 'string', maxLength: 64 },
          },
        },
        querystring: {
          type: 'object',
          properties: { locale: { type: 'string', enum: ['fr', 'en'] }, version: shownVersion },
        },
        response: answers({ 200: fileBody }),
      },
    },
    async (request, reply) => {
      const { type, format, id } = request.params;
      const product = access.product(type);
      // its small columns first: who may export it, and its size, before its answers are read
      const head = access.check(request, reply, await getProjectHead(db, product, id));
      assertShown(head, request.query.version);
      // a 200-roof model is some 2 MB written and compressed: counted as a large read
      await app.countLargeRead(request, reply, bytesOfHeads([head]));
      const bundle = bundleOfProduct(product);
      const offered = bundle.results.exports?.find((e) => e.format === format);
      const exporter = EXPORTS[bundle.results.calculation]?.[format];
      if (!offered || !exporter) throw new HttpError(404, `No '${format}' export for this product`);
      const admin = !!adminOf(request);
      if (offered.when !== undefined && !truthy(evaluate(offered.when, { admin })))
        throw new HttpError(403, 'This export is not offered to you');
      const locale = localeOf(request, product);
      // a file is the same for the same rows (their answers by their version), format and language
      const keyOf = (h: ProjectHead) => `export:${format}:${locale}:${fingerprintOf([h], admin)}`;
      return served.send(request, reply, keyOf(head), async () => {
        const row = await getProject(db, product, id);
        if (!row) throw new HttpError(404, 'Unknown project');
        const job = { visitor: request.ip, signal: closedSignal(reply) };
        let out, text;
        try {
          out = await calculations.run(product, row.content, { stress: false, owner: row.owner }, job);
          // written on the calculations' pool: the file of a 100-year series is some 1.8 MB of text
          if (out.ok)
            text = await calculations.exportFile(
              product,
              row.content,
              { format, locale, id: row.id, name: row.name, number: row.number ?? null, results: out.text },
              job,
              row.owner,
            );
        } catch (e) {
          return poolRefusal(e, reply, 'calculation');
        }
        if (!out.ok || text === undefined) {
          const project: StoredProject = {
            id: row.id,
            steps: JSON.parse(row.content) as StoredProject['steps'],
          };
          throw refusal(product, project, out.ok ? [] : out.reasons, locale);
        }
        const name = row.name || String(row.number ?? row.id);
        return {
          key: keyOf(headOf(row)),
          body: text,
          headers: {
            'Content-Type': exporter.mediaType,
            'Content-Disposition': contentDisposition(`${name}.${exporter.extension}`),
          },
        };
      });
    },
  );
};

import '@fastify/multipart';
import '@fastify/swagger';
import { join } from 'node:path';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminOf } from '../auth/identity';
import type { Bundle } from '../../engine';
import type { Db, ProjectTable } from '../db/database';
import { answers } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { cut, withoutControls } from '../projects/projectText';
import { products } from '../projects/products';
import { getProject, newId } from '../projects/repository';
import type { RainFile, RainProblem } from '../calc/abattement/rain/read';
import { WorkerPool } from '../workers/pool';
import { closedSignal, poolRefusal } from '../workers/refusals';
import type { RainAnswer, RainJob } from './readJob';
import { grantsOf } from '../projects/link/grants';
import { SERIES_ID, usableBy } from './store';

/** The bytes of one upload of rain files, all files together (a département's file, gzipped). */
export const RAIN_UPLOAD_MB = 40;
const RAIN_UPLOAD = RAIN_UPLOAD_MB * 1024 * 1024;
/** Files in one upload at most (ECCC: one per year). */
const RAIN_FILES = 200;

/**
 * A part's bytes as they arrive, at most `left` of them: a RangeError past it, so that an upload never
 * holds more than its 40 MB whatever its parts announce (a helper's attack, 2026-11-28: two parts of 39
 * MB each were held whole before the total was checked).
 */
async function readUpTo(file: AsyncIterable<Buffer>, left: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > left) throw new RangeError('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Whether a bundle asks for measured rain: one of its fields is drawn by the `rainSeries` widget. */
export function takesRain(bundle: Bundle): boolean {
  return bundle.steps.some((s) => Object.values(s.ui.fields).some((f) => f['ui:widget'] === 'rainSeries'));
}

/** Text, gzip or zip, judged by the first bytes: a text file has no NUL byte in its first 8 KB. */
function plausible(data: Uint8Array): boolean {
  if (data.length === 0) return false;
  if (data[0] === 0x1f && data[1] === 0x8b) return true;
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) return true;
  return !data.subarray(0, 8192).includes(0);
}

/** A refusal's first problems in words (the page shows each in the user's language from `details`). */
function refusalText(problems: RainProblem[]): string {
  return problems
    .slice(0, 3)
    .map((p) =>
      [p.code, p.file, p.line === null ? '' : `line ${p.line}`, p.column === null ? '' : `column ${p.column}`]
        .filter(Boolean)
        .join(' '),
    )
    .join('; ');
}

const fileName = (name: string) => cut(withoutControls(name).trim() || 'rain.csv', 200);
const mimeOf = (data: Uint8Array) =>
  data[0] === 0x1f && data[1] === 0x8b
    ? 'application/gzip'
    : data[0] === 0x50 && data[1] === 0x4b
      ? 'application/zip'
      : 'text/csv';

const summaryAnswer = {
  type: 'object',
  required: ['id', 'summary'],
  // the upload's summary (server/calc/abattement/rain/assemble.ts RainSummary)
  properties: { id: { type: 'string' }, summary: {} },
} as const;
const uploadAnswer = answers({
  200: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'object',
        required: ['id', 'filename', 'size'],
        properties: { id: { type: 'string' }, filename: { type: 'string' }, size: { type: 'integer' } },
      },
      // the series read, or the stations a file holds, for the user to pick one (Météo-France)
      series: summaryAnswer,
      // (assemble.ts StationChoice)
      stations: { type: 'array', items: {} },
    },
  },
} as const);
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/**
 * Measured daily rain (issue 39.3), for each calculator whose bundle draws a `rainSeries` field:
 * - POST /api/{type}/project/{id}/rain (multipart: `file` once or more, `station` and `timezone`
 *   optionally: the station's IANA zone or UTC offset, which a logger's readings in UTC need): the files
 *   as the station's service provides them (ECCC yearly CSVs, a Météo-France département file, gzipped or
 *   not, a plain date,mm CSV, or a zip of them), 40 MB at most together. They are read on a worker
 *   thread; refused with 422 (413 past a bound, 415 when no known format) and every problem with its file,
 *   line and column in `details.problems`. Else kept with the project (its `files`, kind `rain`, held to
 *   the storage quotas, replacing its earlier upload) with the series they give, answered with its id and
 *   summary; a file naming several stations answers them instead, for the user to pick one:
 * - POST /api/{type}/project/{id}/rain/{file} {station}: the series of that station of the kept file;
 * - GET /api/{type}/rain/{series}: a stored series' summary (what the wizard shows of the project's), to
 *   a visitor who uploaded it to one of its projects (404 otherwise, as for an unknown series), any to an
 *   admin. A project naming a series its owner does not hold is calculated as if it were not stored.
 */
/**
 * The rain files' reader: one worker thread, four uploads waiting, one in flight a visitor (what the rain
 * routes run on, and what rainFiles.test sends its bombs to).
 */
export const rainPool = () =>
  new WorkerPool<RainJob, RainAnswer>({
    module: join(import.meta.dirname, 'readWorker.ts'),
    size: 1,
    queue: 4,
    perVisitor: 1,
    timeoutMs: 120_000,
    memoryMb: 768,
    expectedMs: 3000,
  });

export const rainRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, quotas } = app;
  const pool = rainPool();
  app.addHook('onClose', async () => pool.close());

  /** Reads files on the rain worker; refusals as the client's errors. */
  const read = async (request: FastifyRequest, reply: FastifyReply, job: RainJob) => {
    let answer: RainAnswer;
    try {
      answer = await pool.run(job, { visitor: request.ip, signal: closedSignal(reply) });
    } catch (e) {
      return poolRefusal(e, reply, 'calculation');
    }
    if (!answer.ok)
      throw new HttpError(
        answer.status,
        `The rain files are refused: ${refusalText(answer.problems)}`,
        'file',
        { problems: answer.problems },
        'rain_refused',
      );
    return answer;
  };

  /**
   * The bytes a series read adds to its project's owner's storage: its gzipped days and its summary, when
   * the owner does not hold it yet (quota/quotas.ts counts the series an owner holds). Uploading the same
   * days again under another file name, or choosing another station of a kept file, makes another series:
   * each was stored outside every quota (a helper's attack, 2026-11-30: six addresses stored 915 series
   * in a minute, about 55,000 an hour, uncounted, which the hourly sweep deleted a hundred at a time).
   */
  const seriesCharge = async (project: ProjectTable, answer: RainAnswer): Promise<number> => {
    if (!('id' in answer) || project.owner === null) return 0;
    const held = await db
      .selectFrom('rain_series_owners')
      .select('series_id')
      .where('series_id', '=', answer.id)
      .where('owner', '=', project.owner)
      .executeTakeFirst();
    return held ? 0 : answer.data.byteLength + Buffer.byteLength(JSON.stringify(answer.summary));
  };

  /** Stores a series read (once per content: a new upload of the same days renews its date). */
  const saveSeries = async (db: Db, project: ProjectTable, answer: Extract<RainAnswer, { id: string }>) => {
    const now = new Date().toISOString();
    const summary = JSON.stringify(answer.summary);
    await db
      .insertInto('rain_series')
      .values({
        id: answer.id,
        project_id: project.id,
        data: Buffer.from(answer.data),
        summary,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ created_at: now }))
      .execute();
    // the project's owner holds it (an admin's project has none: admins read every series)
    if (project.owner !== null)
      await db
        .insertInto('rain_series_owners')
        .values({ series_id: answer.id, owner: project.owner })
        .onConflict((oc) => oc.columns(['series_id', 'owner']).doNothing())
        .execute();
    return { id: answer.id, summary: answer.summary };
  };

  for (const { bundle } of products().values()) {
    if (!takesRain(bundle)) continue;
    const type = bundle.productType;
    app.post(
      `/api/${type}/project/:id/rain`,
      {
        // what http/bodies.ts reserves for an upload while it arrives: the files and their multipart frame
        config: { bodyMax: RAIN_UPLOAD + 1024 * 1024 },
        schema: { tags: ['files'], params: idParams, response: uploadAnswer },
      },
      async (request, reply) => {
        const project = access.check(
          request,
          reply,
          await getProject(db, access.product(type), request.params.id),
        );
        if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data', 'file');
        const files: RainFile[] = [];
        let station: string | undefined;
        let timezone: string | undefined;
        let total = 0;
        try {
          const parts = request.parts({
            limits: { files: RAIN_FILES, fileSize: RAIN_UPLOAD, fields: 3, parts: RAIN_FILES + 3 },
          });
          for await (const part of parts) {
            if (part.type === 'field') {
              if (part.fieldname === 'station' && typeof part.value === 'string')
                station = cut(part.value, 64);
              if (part.fieldname === 'timezone' && typeof part.value === 'string' && part.value.trim())
                timezone = cut(part.value, 64);
              continue;
            }
            const data = await readUpTo(part.file, RAIN_UPLOAD - total);
            total += data.length;
            if (part.fieldname !== 'file') continue;
            if (!plausible(data))
              throw new HttpError(
                415,
                `file: ${part.filename} is not a CSV file (nor gzip, nor zip)`,
                'file',
                { file: part.filename },
                'unsupported_type',
              );
            files.push({ name: fileName(part.filename), data });
          }
        } catch (e) {
          if (e instanceof HttpError) throw e;
          const code = (e as { code?: string }).code;
          if (e instanceof RangeError || code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(
              413,
              `The rain files are too large: ${RAIN_UPLOAD_MB} MB at most together`,
              'file',
              { limit: RAIN_UPLOAD_MB },
              'body_too_large',
            );
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
            throw new HttpError(
              413,
              `At most ${RAIN_FILES} files at once`,
              'file',
              { limit: RAIN_FILES },
              'too_large',
            );
          const status = (e as { statusCode?: number }).statusCode;
          if (status && status < 500) throw e;
          throw new HttpError(400, 'file: the upload is not a complete multipart/form-data body', 'file');
        }
        if (files.length === 0) throw new HttpError(400, 'file: at least one file is required', 'file');
        const answer = await read(request, reply, {
          files,
          ...(station ? { station } : {}),
          ...(timezone ? { timezone } : {}),
        });
        const kept = answer.archive ?? files[0]!.data;
        const filename = answer.archive
          ? `${fileName(files[0]!.name.replace(/\.[^.]*$/, ''))}.zip`
          : files[0]!.name;
        const fileId = newId();
        const added = kept.byteLength + (await seriesCharge(project, answer));
        const target = { project, added, file: true, admin: adminOf(request) !== null };
        const series = await quotas.store(request, reply, target, async (trx) => {
          // the project keeps its last upload of rain files: the one before goes (its series stays while named)
          await trx
            .deleteFrom('files')
            .where('project_id', '=', project.id)
            .where('kind', '=', 'rain')
            .execute();
          await trx
            .insertInto('files')
            .values({
              id: fileId,
              project_id: project.id,
              kind: 'rain',
              filename,
              mime: mimeOf(kept),
              size: kept.byteLength,
              data: Buffer.from(kept),
              created_at: new Date().toISOString(),
            })
            .execute();
          return 'choose' in answer ? undefined : saveSeries(trx, project, answer);
        });
        const file = { id: fileId, filename, size: kept.byteLength };
        if (series) return { file, series };
        return { file, stations: 'choose' in answer ? answer.choose : [] };
      },
    );

    app.post(
      `/api/${type}/project/:id/rain/:file`,
      {
        schema: {
          tags: ['files'],
          params: {
            type: 'object',
            required: ['id', 'file'],
            properties: { id: { type: 'string', maxLength: 64 }, file: { type: 'string', maxLength: 64 } },
          },
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['station'],
            properties: { station: { type: 'string', minLength: 1, maxLength: 64 } },
          },
          response: uploadAnswer,
        },
      },
      async (request, reply) => {
        const project = access.check(
          request,
          reply,
          await getProject(db, access.product(type), request.params.id),
        );
        const row = await db
          .selectFrom('files')
          .select(['id', 'filename', 'size', 'data'])
          .where('id', '=', request.params.file)
          .where('project_id', '=', project.id)
          .where('kind', '=', 'rain')
          .executeTakeFirst();
        if (!row) throw new HttpError(404, 'Unknown rain file', 'file');
        const answer = await read(request, reply, {
          files: [{ name: row.filename, data: new Uint8Array(row.data) }],
          station: request.body.station,
        });
        const file = { id: row.id, filename: row.filename, size: row.size };
        if ('choose' in answer) return { file, stations: answer.choose };
        // the file was counted when it was uploaded; the series it now gives is counted as it is stored
        const target = {
          project,
          added: await seriesCharge(project, answer),
          file: false,
          admin: adminOf(request) !== null,
        };
        return {
          file,
          series: await quotas.store(request, reply, target, (trx) => saveSeries(trx, project, answer)),
        };
      },
    );

    app.get(
      `/api/${type}/rain/:id`,
      { schema: { tags: ['files'], params: idParams, response: answers({ 200: summaryAnswer }) } },
      async (request, reply) => {
        access.product(type);
        // admin mode: admins only, as for every project call; a visitor reads the series it may use only
        // (its own, or that of a project this browser opened by its link)
        const owner = access.listOwner(request, reply);
        const { id } = request.params;
        const row =
          SERIES_ID.test(id) && (owner === null || (await usableBy(db, id, owner, grantsOf(request))))
            ? await db
                .selectFrom('rain_series')
                .select(['id', 'summary'])
                .where('id', '=', id)
                .executeTakeFirst()
            : undefined;
        if (!row) throw new HttpError(404, 'Unknown rain series', 'id');
        return { id: row.id, summary: JSON.parse(row.summary) as Record<string, unknown> };
      },
    );
  }
};

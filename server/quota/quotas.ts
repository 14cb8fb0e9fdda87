import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Config } from '../config';
import type { Database, Db, Dialect, ProjectTable } from '../db/database';
import { HttpError } from '../http/HttpError';
import { visitorOf } from '../http/visitor';
import type { Charge } from '../projects/repository';
import { countAgainst, takeBack, type Exceeded } from './counters';

type Tx = Transaction<Database>;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/**
 * What a visitor's address (an IPv6 address by its /48: http/visitor.ts) still takes in a day once every visitor
 * together has spent the service's day (SERVICE_PROJECTS_PER_DAY, SERVICE_STORAGE_PER_DAY_MB), from a
 * reserve as large as that day's budget: its first projects, and its first megabytes.
 */
export const RESERVE_PROJECTS = 10;
export const RESERVE_MB = 20;

type Limit = { name: string; key: string; max: number; windowMs: number };

/** Megabytes as words: 50 MB, 0.5 MB. */
const mb = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * What one visitor may take from the server (issue 26): the projects it creates per hour and per day,
 * and the bytes it stores (files, note drafts and issued notes) per project, in all and per day. A
 * visitor is counted twice, by its browser (the owner cookie) and by its address (an IPv6 /48), so that
 * a client dropping its cookies gains nothing; and every visitor together has a daily budget of projects
 * and of bytes (SERVICE_*), so that many addresses gain no more than the service gives its public in a
 * day (issue 35). Admins are not limited (the per-project limits apply to everyone). The counts live in
 * the database: every copy of the server sharing it counts the same. Every refusal is a 429 (a rate:
 * Retry-After says when) or a 413 (a size), with the limit in words and in `details`.
 */
export class Quotas {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly config: Config,
  ) {}

  private keys(request: FastifyRequest, owner: string, what: string) {
    return { owner: `${what}|owner|${owner}`, address: `${what}|address|${visitorOf(request)}` };
  }

  /**
   * Counts a project `owner` creates (a new one or a variant); 429 past PROJECTS_PER_HOUR or
   * PROJECTS_PER_DAY. Answers a function that takes the count back (the creation failed after all).
   */
  async projectCreated(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: string | null,
  ): Promise<() => Promise<void>> {
    if (owner === null) return async () => undefined;
    const k = this.keys(request, owner, 'projects');
    const own = [
      { name: 'hour', key: `${k.owner}|hour`, max: this.config.projectsPerHour, windowMs: HOUR },
      { name: 'hour', key: `${k.address}|hour`, max: this.config.projectsPerHour, windowMs: HOUR },
      { name: 'day', key: `${k.owner}|day`, max: this.config.projectsPerDay, windowMs: DAY },
      { name: 'day', key: `${k.address}|day`, max: this.config.projectsPerDay, windowMs: DAY },
    ];
    const { over, keys } = await withReserve(this.db, request, 1, 'projects', own, {
      budget: this.config.serviceProjectsPerDay,
      reserve: RESERVE_PROJECTS,
    });
    if (over) {
      reply.header('Retry-After', String(over.retryAfter));
      const minutes = Math.ceil(over.retryAfter / 60);
      const hours = Math.ceil(over.retryAfter / 3600);
      const words = {
        hour: [
          `At most ${over.limit} new projects an hour; try again in ${minutes} min`,
          'projects_per_hour',
        ],
        day: [`At most ${over.limit} new projects a day; try again in ${hours} h`, 'projects_per_day'],
        service: [
          `The service takes at most ${over.limit} new projects a day; try again in ${hours} h`,
          'service_projects_per_day',
        ],
      } as const;
      const [message, code] = words[over.name as keyof typeof words];
      throw new HttpError(
        429,
        message,
        undefined,
        { limit: over.limit, retryAfter: over.retryAfter, minutes, hours },
        code,
      );
    }
    return async () => {
      for (const key of keys) await takeBack(this.db, key, 1);
    };
  }

  /**
   * Stores `added` more bytes on `project` with `write`, in one transaction that holds the project's row
   * (PostgreSQL: locked; SQLite: one writer at a time), so that uploads at once cannot pass a limit
   * together: 413 past FILES_PER_PROJECT (`file`: the bytes are one more file), PROJECT_STORAGE_MB or
   * VISITOR_STORAGE_MB, 429 past STORAGE_PER_DAY_MB (a note draft counts its growth only). 404 when the
   * project was deleted meanwhile.
   */
  async store<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    target: { project: ProjectTable; added: number; file: boolean; admin: boolean },
    write: (trx: Tx, held: { files: number; bytes: number }) => Promise<T>,
  ): Promise<T> {
    const c = this.config;
    const { project, added, file } = target;
    const field = file ? 'file' : 'data';
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('projects').select('id').where('id', '=', project.id);
      if (this.dialect === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) throw new HttpError(404, 'Unknown project');
      const held = await bytesOf(trx, 'project', project.id);
      if (file && c.filesPerProject > 0 && held.files + 1 > c.filesPerProject)
        throw new HttpError(
          413,
          `A project holds at most ${c.filesPerProject} files`,
          field,
          { limit: c.filesPerProject },
          'files_per_project',
        );
      const perProject = c.projectStorageMb * MB;
      if (perProject > 0 && added > 0 && held.bytes + added > perProject)
        throw new HttpError(
          413,
          `A project holds at most ${mb(perProject)} of files and note`,
          field,
          { limit: c.projectStorageMb },
          'project_storage',
        );
      if (!target.admin) await this.countStored(trx, request, reply, project.owner, added, field);
      return write(trx, held);
    });
  }

  /**
   * Counts an issued note about to be printed (issue 35: the answers and results it keeps, `bytes`)
   * against its visitor's storage in all (413) and a day, and the service's day (429), before the
   * printer is asked; admins apart. Answers a function that takes the count back (the note was not
   * printed after all). 404 when the project was deleted meanwhile.
   */
  async issue(
    request: FastifyRequest,
    reply: FastifyReply,
    target: { project: ProjectTable; bytes: number; admin: boolean },
  ): Promise<() => Promise<void>> {
    const { project, bytes, admin } = target;
    if (admin) return async () => undefined;
    const keys = await this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('projects').select('id').where('id', '=', project.id);
      if (this.dialect === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) throw new HttpError(404, 'Unknown project');
      return this.countStored(trx, request, reply, project.owner, bytes, 'data');
    });
    return async () => {
      for (const key of keys) await takeBack(this.db, key, bytes);
    };
  }

  /**
   * The charge (projects/repository's Charge) of a project's answers and results to its visitor's storage
   * (a helper's attack, 2026-11-29: they were counted nowhere, and a few addresses could store ~1.5 GB
   * a day of 200-roof projects): 413 past VISITOR_STORAGE_MB, 429 past STORAGE_PER_DAY_MB or the
   * service's day, as files and notes; admins' writes are not charged.
   */
  charge(request: FastifyRequest, reply: FastifyReply, owner: string | null, admin: boolean): Charge {
    return async (added) => {
      if (admin || added <= 0) return async () => undefined;
      const keys = await this.db
        .transaction()
        .execute((trx) => this.countStored(trx, request, reply, owner, added, 'steps'));
      return async () => {
        for (const key of keys) await takeBack(this.db, key, added);
      };
    };
  }

  /**
   * Counts `added` bytes a visitor stores: 413 past VISITOR_STORAGE_MB (its projects' files, note
   * drafts and issued notes in all), 429 past STORAGE_PER_DAY_MB (by browser and by address) or
   * SERVICE_STORAGE_PER_DAY_MB (every visitor together). Answers the counters' keys it counted on.
   */
  private async countStored(
    trx: Tx,
    request: FastifyRequest,
    reply: FastifyReply,
    owner: string | null,
    added: number,
    field: string,
  ): Promise<string[]> {
    const c = this.config;
    if (added <= 0) return [];
    const perVisitor = c.visitorStorageMb * MB;
    if (owner !== null && perVisitor > 0 && (await bytesOf(trx, 'owner', owner)).bytes + added > perVisitor)
      throw new HttpError(
        413,
        `Your projects hold at most ${mb(perVisitor)} of answers, results, files and notes in all`,
        field,
        { limit: c.visitorStorageMb },
        'visitor_storage',
      );
    const k = this.keys(request, owner ?? '', 'bytes');
    const own = [
      ...(owner === null ? [] : [{ name: 'day', key: `${k.owner}|day`, max: c.storagePerDayMb * MB }]),
      { name: 'day', key: `${k.address}|day`, max: c.storagePerDayMb * MB },
    ].map((l) => ({ ...l, windowMs: DAY }));
    const { over, keys } = await withReserve(trx, request, added, 'bytes', own, {
      budget: c.serviceStoragePerDayMb * MB,
      reserve: RESERVE_MB * MB,
    });
    if (over) {
      reply.header('Retry-After', String(over.retryAfter));
      const hours = Math.ceil(over.retryAfter / 3600);
      const limit = over.limit / MB;
      throw over.name === 'service'
        ? new HttpError(
            429,
            `The service stores at most ${mb(over.limit)} of projects, files and notes a day; try again in ${hours} h`,
            field,
            { limit, retryAfter: over.retryAfter, hours },
            'service_storage_per_day',
          )
        : new HttpError(
            429,
            `At most ${mb(over.limit)} of projects, files and notes stored a day; try again in ${hours} h`,
            field,
            { limit, retryAfter: over.retryAfter, hours },
            'storage_per_day',
          );
    }
    return keys;
  }
}

/**
 * Counts `amount` against a visitor's own limits and the service's day budget, answering the limit
 * exceeded, or the counters counted on (to take the count back). Once every visitor together has spent
 * the budget, an address (visitorOf) still takes its first `reserve` of the day from a reserve as large as
 * the budget: a few addresses spending the service's day (17 did, in 9 s, a helper's attack on
 * 2026-11-28) no longer shut it to every other visitor until the day is over; spending the reserve too
 * takes budget / reserve addresses more, and the service never takes more than twice its budget a day.
 * Refused by the reserve, a visitor is told of the service's budget.
 */
async function withReserve(
  db: Db | Tx,
  request: FastifyRequest,
  amount: number,
  what: 'projects' | 'bytes',
  own: Limit[],
  service: { budget: number; reserve: number },
): Promise<{ over: Exceeded | null; keys: string[] }> {
  const counted = (limits: Limit[]) => limits.filter((l) => l.max > 0).map((l) => l.key);
  if (service.budget <= 0) {
    const over = await countAgainst(db, amount, own);
    return { over, keys: over ? [] : counted(own) };
  }
  const day = (name: string, key: string, max: number): Limit => ({ name, key, max, windowMs: DAY });
  // what the address took today, counted whenever a budget is set (without a limit of its own until the
  // budget is spent)
  const taken = `${what}|taken|${visitorOf(request)}|day`;
  const first = [
    ...own,
    day('taken', taken, Number.MAX_SAFE_INTEGER),
    day('service', `${what}|service|day`, service.budget),
  ];
  const over = await countAgainst(db, amount, first);
  if (!over) return { over, keys: counted(first) };
  if (over.name !== 'service') return { over, keys: [] };
  const spare = [
    ...own,
    day('taken', taken, service.reserve),
    day('service', `${what}|service-reserve|day`, service.budget),
  ];
  const again = await countAgainst(db, amount, spare);
  if (!again) return { over: null, keys: counted(spare) };
  return { over: again.name === 'taken' || again.name === 'service' ? over : again, keys: [] };
}

/** A stored rain series' bytes: its gzipped days and its summary. */
const seriesBytes = sql<number>`octet_length(data) + octet_length(summary)`;

/**
 * The files and bytes of a project (files and note draft), or of all an owner's projects (their issued
 * notes, answers and results too) and the measured rain series it holds. Bytes are UTF-8 bytes, read
 * with `octet_length`, which both databases answer from the value's header: `length` counted
 * characters, reading every stored text in whole on each growing save (a helper's attack, 2026-11-28:
 * with 100 MB of drafts stored, 60 ms of the server's thread a save, and six addresses saving in a loop
 * held every visitor 500 ms).
 */
async function bytesOf(
  db: Tx,
  of: 'project' | 'owner',
  id: string,
): Promise<{ files: number; bytes: number }> {
  const mine = (q: 'files' | 'note_drafts' | 'issued_notes') =>
    of === 'project'
      ? sql<boolean>`${sql.ref(`${q}.project_id`)} = ${id}`
      : sql<boolean>`${sql.ref(`${q}.project_id`)} in (select id from projects where owner = ${id})`;
  const f = await db
    .selectFrom('files')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(size), 0)`.as('bytes')])
    .where(mine('files'))
    .executeTakeFirstOrThrow();
  const d = await db
    .selectFrom('note_drafts')
    .select(sql<number>`coalesce(sum(octet_length(content)), 0)`.as('bytes'))
    .where(mine('note_drafts'))
    .executeTakeFirstOrThrow();
  if (of === 'project') return { files: Number(f.n), bytes: Number(f.bytes) + Number(d.bytes) };
  // An owner's issued notes count too (what each keeps: the answers and results as printed), and its
  // projects' answers and results, as charged (each project's mark).
  const n = await db
    .selectFrom('issued_notes')
    .select(sql<number>`coalesce(sum(octet_length(content) + octet_length(results)), 0)`.as('bytes'))
    .where(mine('issued_notes'))
    .executeTakeFirstOrThrow();
  const p = await db
    .selectFrom('projects')
    .select(sql<number>`coalesce(sum(counted_bytes), 0)`.as('bytes'))
    .where('owner', '=', id)
    .executeTakeFirstOrThrow();
  // and the measured rain series it holds (rain/routes.ts charges each when it first holds it), until
  // the sweep deletes them (rain/store.ts sweepSeries)
  const r = await db
    .selectFrom('rain_series')
    .select(sql<number>`coalesce(sum(${seriesBytes}), 0)`.as('bytes'))
    .where('id', 'in', (q) => q.selectFrom('rain_series_owners').select('series_id').where('owner', '=', id))
    .executeTakeFirstOrThrow();
  const bytes = Number(f.bytes) + Number(d.bytes) + Number(n.bytes) + Number(p.bytes) + Number(r.bytes);
  return { files: Number(f.n), bytes };
}

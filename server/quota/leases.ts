import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import type { SharedShare } from '../workers/pool';

/** How long a lease lives unless its server renews it (a stopped server's jobs free their visitors' share). */
const LEASE_MS = 2 * 60 * 1000;

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Each visitor's jobs in flight (calculations, notes) counted in the database, so that a visitor's share
 * of the worker pools (CALC_PER_VISITOR, PDF_PER_VISITOR) holds across every copy of the server sharing
 * it (issue 35, item 5): one lease row a job, taken before the job is queued and given back when it is
 * over. A lease is taken under a lock on its visitor's key (PostgreSQL: a transaction's advisory lock;
 * SQLite: one writer at a time), so that two copies asking at once never pass the share together. Each
 * server renews its leases every LEASE_MS / 3 and deletes the lapsed ones of servers that stopped.
 */
export class JobLeases {
  /** this process's id on its leases */
  private readonly server = randomUUID();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {
    this.timer = setInterval(() => void this.renew().catch(() => undefined), LEASE_MS / 3);
    this.timer.unref();
  }

  /** The share of one pool (`kind`: calc, pdf), as a WorkerPool reads it. */
  share(kind: string): SharedShare {
    return {
      take: (visitor, max) => this.take(`${kind}|${visitor}`, max),
      give: (lease) => this.give(lease),
    };
  }

  /** A lease on one more job under `key`, or null when `max` are in flight already. */
  private take(key: string, max: number): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      const now = Date.now();
      const { n } = await trx
        .selectFrom('job_leases')
        .select(sql<number>`count(*)`.as('n'))
        .where('key', '=', key)
        .where('until', '>', iso(now))
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return null;
      const id = randomUUID();
      await trx
        .insertInto('job_leases')
        .values({ id, key, server: this.server, until: iso(now + LEASE_MS) })
        .execute();
      return id;
    });
  }

  private async give(id: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('id', '=', id).execute();
  }

  /** Extends this server's leases; deletes the lapsed ones (of servers that stopped). */
  private async renew(): Promise<void> {
    const now = Date.now();
    await this.db
      .updateTable('job_leases')
      .set({ until: iso(now + LEASE_MS) })
      .where('server', '=', this.server)
      .execute();
    await this.db.deleteFrom('job_leases').where('until', '<=', iso(now)).execute();
  }

  /** Stops renewing and gives back this server's leases (its pools are closed). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.db.deleteFrom('job_leases').where('server', '=', this.server).execute();
  }
}

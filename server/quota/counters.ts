import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database';

/** A counter as it stands after a count: how much its window holds, and when the window ends (ms). */
export interface Count {
  count: number;
  until: number;
}

/**
 * Adds `amount` to the counter `key` and answers what its window holds now. A window opens with the
 * first count and lasts `windowMs`; a count after its end opens a new one. One statement (insert or
 * update), so concurrent counts never slip past each other, and the rows of every copy of the server
 * are the same. Every row whose window is over is deleted first (unless `prune` is false: the request
 * rate limit, counted on every request, leaves that to pruneCounters), so the table holds live windows.
 */
export async function addTo(
  db: Db | Transaction<Database>,
  key: string,
  amount: number,
  windowMs: number,
  now: number,
  prune = true,
): Promise<Count> {
  const t = new Date(now).toISOString();
  const end = new Date(now + windowMs).toISOString();
  // Windows that are over are deleted (their index finds them: usually none).
  if (prune) await pruneCounters(db, now);
  const open = sql<boolean>`counters.until <= ${t}`;
  const row = await db
    .insertInto('counters')
    .values({ key, count: amount, since: t, until: end })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${open} then ${amount} else counters.count + ${amount} end`,
        since: sql<string>`case when ${open} then ${t} else counters.since end`,
        until: sql<string>`case when ${open} then ${end} else counters.until end`,
      }),
    )
    .returning(['count', 'until'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), until: Date.parse(row.until) };
}

/** Deletes the counters whose window is over at `now`. */
export async function pruneCounters(db: Db | Transaction<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('counters').where('until', '<=', new Date(now).toISOString()).execute();
}

/** Takes `amount` back from a counter (a count refused after all, or a sign-in that succeeded). */
export async function takeBack(db: Db | Transaction<Database>, key: string, amount: number): Promise<void> {
  await db
    .updateTable('counters')
    .set({ count: sql<number>`case when count > ${amount} then count - ${amount} else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** Forgets a counter. */
export async function forget(db: Db | Transaction<Database>, key: string): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', key).execute();
}

/** A limit a count went past: which one, and in how many seconds its window ends. */
export interface Exceeded {
  name: string;
  limit: number;
  retryAfter: number;
}

/**
 * Counts `amount` against each limit (its key, its maximum, its window); a limit of 0 is no limit. When
 * any count goes past its maximum, every count just made is taken back and the first limit exceeded is
 * answered (nothing is counted for a refused request); otherwise null.
 */
export async function countAgainst(
  db: Db | Transaction<Database>,
  amount: number,
  limits: { name: string; key: string; max: number; windowMs: number }[],
  now = Date.now(),
): Promise<Exceeded | null> {
  const made: string[] = [];
  let exceeded: Exceeded | null = null;
  for (const l of limits) {
    if (l.max <= 0) continue;
    const c = await addTo(db, l.key, amount, l.windowMs, now);
    made.push(l.key);
    if (c.count > l.max) {
      exceeded = { name: l.name, limit: l.max, retryAfter: Math.max(1, Math.ceil((c.until - now) / 1000)) };
      break;
    }
  }
  if (exceeded) for (const key of made) await takeBack(db, key, amount);
  return exceeded;
}

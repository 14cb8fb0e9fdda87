/**
 * A group of variants is read by its members' indexes, whatever the number of projects: as one
 * condition (`id = root or variant_of = root` and the product type), SQLite walked every project of the
 * type, reading each row as far as its `variant_of`, past its answers and results (a helper's attack,
 * round 7: 250-670 ms for a group of two among 20,000 calculated projects, on the server's thread, for
 * any visitor reading its own group; 2.5-6 ms since). Judged by its plan, as the history's pages are
 * (tests/reliability/history.test.ts).
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { groupOf } from '../../server/projects/repository';
import { freshPlace, serverOn, type Place } from './harness';

describe("a group's query on SQLite", () => {
  let place: Place;
  let server: Server;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('finds its first project by id and the others by variant_of, never by the product type alone', async () => {
    for (const row of [
      { id: 'first', variant_of: null, product_type: 'smca' },
      { id: 'second', variant_of: 'first', product_type: 'smca' },
    ]) {
      const { sql, parameters } = groupOf(server.db, row, (q) => q.selectAll()).compile();
      const plan = (
        await server.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
        )
      ).rows.map((r) => r.detail);
      const reads = plan.filter((d) => /^(SEARCH|SCAN) /.test(d));
      expect(reads, plan.join('\n')).toHaveLength(2);
      for (const read of reads)
        expect(read, plan.join('\n')).toMatch(/^SEARCH projects .*\((?:id|.*variant_of)=\?/);
    }
  });
});

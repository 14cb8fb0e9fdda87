/**
 * Issue 26, item 7: deleting a group's first project while variants of it are copied. The copy and the
 * hand-over of the group take turns, so no copy is left naming a group that no longer exists (it would
 * be unreachable from the history: acknowledged work lost), and no request answers 500. Shown on
 * PostgreSQL, where the two ran side by side; SQLite too.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { size } from './support/common';

const TRIALS = size(20, 100);

describe.each(DIALECTS)('variants copied while their group changes hands, on %s', (dialect) => {
  let place: Place;
  let server: Server;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it(`leaves no orphan and answers no 500 in ${TRIALS} trials`, async () => {
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const cookie = cookiesOf(made);
    const post = (url: string) => server.app.inject({ method: 'POST', url, headers: { cookie } });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const root = (
        await server.app.inject({
          method: 'POST',
          url: '/api/slowli/project',
          payload: projectBody('sl'),
          headers: { cookie },
        })
      ).json<{ id: string }>().id;
      const first = await post(`/api/slowli/project/${root}/variant`);
      expect(first.statusCode).toBe(201);
      const variant = first.json<{ id: string }>().id;
      // Copies of the first project and of its variant, and the first project deleted, all at once.
      const answers = await Promise.all([
        post(`/api/slowli/project/${root}/variant`),
        post(`/api/slowli/project/${variant}/variant`),
        server.app.inject({ method: 'DELETE', url: `/api/slowli/project/${root}`, headers: { cookie } }),
        post(`/api/slowli/project/${variant}/variant`),
      ]);
      answers.forEach((a, i) => {
        statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
        // The deletion succeeds; a refused copy says why: its project is gone (404), its group full (409).
        const expected = i === 2 ? [204] : [201, 404, 409];
        if (!expected.includes(a.statusCode))
          failures.push(`trial ${trial}, request ${i}: ${a.statusCode} ${a.payload.slice(0, 200)}`);
      });
    }
    const { rows } = await sql<{ id: string; variant_of: string }>`select id, variant_of from projects
      where variant_of is not null and variant_of not in (select id from projects)`.execute(server.db);
    // Every group reads whole from the history: its first project, then its variants numbered apart.
    const groups = await sql<{ variant_of: string; n: number; numbers: number }>`select variant_of,
        count(*) as n, count(distinct variant_no) as numbers from projects where variant_of is not null
        group by variant_of`.execute(server.db);
    console.info(
      `${dialect}: ${TRIALS} trials, answers ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${rows.length} orphans, ${failures.length} unexpected answers`,
    );
    expect(failures).toEqual([]);
    expect(rows).toEqual([]);
    for (const g of groups.rows) expect(Number(g.numbers)).toBe(Number(g.n));
  });
});

/**
 * Concurrent writers on one project (issue 12), on SQLite and on PostgreSQL: 10 writers (50 in the full
 * variant) save different changes to the same project at once with the version they read, retrying on
 * 409. No acknowledged save may be lost: every writer's change is in the final project, and every
 * acknowledged save made a version of its own (two acknowledgements of one version would mean one
 * silently overwrote the other).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { size } from './support/common';
import { concurrentWriters, roofOf } from './support/writers';

const WRITERS = size(10, 50);

describe.each(DIALECTS)('concurrent writers on %s', (dialect) => {
  let place: Place;
  let server: Server;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server?.close();
    await place?.drop();
  });

  const newProject = async () => {
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    expect(made.statusCode).toBe(200);
    return { id: made.json<{ id: string }>().id, cookie: cookiesOf(made) };
  };

  it(`${WRITERS} writers saving with versions: every acknowledged change is kept`, async () => {
    const { id, cookie } = await newProject();
    const t0 = performance.now();
    const out = await concurrentWriters({ n: WRITERS, id, cookie, inject: (_i, o) => server.app.inject(o) });
    const ms = performance.now() - t0;
    console.info(
      `${dialect}: ${WRITERS} writers, ${out.acks.length} saves acknowledged, ${out.conflicts} answers 409 retried, ${Math.round(ms)} ms`,
    );
    expect(out.acks).toHaveLength(WRITERS);
    expect(out.acks.every((a) => a.changed)).toBe(true);
    // Each acknowledged save made its own version: 2, 3 ... WRITERS + 1, none twice.
    expect(out.acks.map((a) => a.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: WRITERS }, (_, i) => i + 2),
    );
    // Every writer's roof is in the final project, once; the original roof too.
    expect(out.final.version).toBe(WRITERS + 1);
    expect([...out.final.roofs].sort()).toEqual(
      ['Toiture A', ...Array.from({ length: WRITERS }, (_, i) => roofOf(i))].sort(),
    );
    // All read version 1 before any saved: one save landed, the others were refused and retried.
    expect(out.conflicts).toBeGreaterThanOrEqual(WRITERS - 1);
    const row = await server.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(WRITERS + 1);
  });

  it('a save with a stale version is refused with 409 and the current version, and overwrites nothing', async () => {
    const { id, cookie } = await newProject();
    const steps = (name: string) =>
      projectBody('sl', (d) => {
        (d.project as Record<string, unknown>).name = name;
      }).steps;
    const put = (version: number, name: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/slowli/project',
        payload: { id, version, steps: steps(name) },
        headers: { cookie },
      });
    const [a, b] = await Promise.all([put(1, 'Premier'), put(1, 'Second')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(won.json()).toMatchObject({ changed: true, version: 2 });
    expect(lost.json()).toMatchObject({ code: 'conflict', field: 'version', details: { version: 2 } });
    const name = a === won ? 'Premier' : 'Second';
    const now = await server.app.inject({
      method: 'GET',
      url: `/api/slowli/project/${id}`,
      headers: { cookie },
    });
    expect(now.json()).toMatchObject({ version: 2 });
    expect(JSON.stringify(now.json().steps)).toContain(name);
  });
});

/**
 * Issue 26, items 1 and 9: a calculation never stops the server. Calculations run on worker threads,
 * with a queue (503 past it), a share per visitor (429 past it), an outcome remembered by content, a
 * preview whose request closed dropped while it waits, and a GET that stores results refused from
 * another site. On SQLite and PostgreSQL where the database is involved.
 */
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { FULL, p99, size, sleep, timingGoal, waitFor } from './support/common';

/** A 200-roof smca project (the schema's maximum), named so that its content is its own. */
const bigProject = (name: string) =>
  projectBody('smca', (d) => {
    const roofs = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
    (d.project as Record<string, unknown>).name = name;
  });

/** How often /api/config is probed during a burst. */
const EVERY_MS = FULL ? 100 : 25;

/** A visitor: its address and its cookie. */
interface Visitor {
  address: string;
  cookie: string;
}

describe.each(DIALECTS)('calculations on %s', (dialect) => {
  let place: Place;
  const servers: Server[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const s = (await serverOn(place, { APP_MODE: 'canada', ...env })).server;
    servers.push(s);
    return s;
  };
  const as = (s: Server, v: Visitor, o: InjectOptions): Promise<LightMyRequestResponse> =>
    s.app.inject({ ...o, remoteAddress: v.address, headers: { ...o.headers, cookie: v.cookie } });
  /** A new project of visitor `v` (its cookie set on the first). */
  const create = async (s: Server, v: Visitor, body: unknown): Promise<string> => {
    const r = await as(s, v, { method: 'POST', url: '/api/smca/project', payload: body as object });
    expect(r.statusCode, r.payload).toBe(200);
    v.cookie = cookiesOf(r, v.cookie);
    return r.json<{ id: string }>().id;
  };
  const calculate = (s: Server, v: Visitor, id: string) =>
    as(s, v, { method: 'GET', url: `/api/smca/calculate/${id}` });

  beforeAll(async () => {
    place = await freshPlace(dialect);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await place.drop();
  });

  it('keeps answering /api/config while one visitor asks 20 calculations of a 200-roof project at once', async () => {
    const server = await start();
    const visitor = { address: '203.0.113.10', cookie: '' };
    // The worker started first, so that a burst's calculations run as soon as they are asked.
    const small = await create(server, visitor, projectBody('smca'));
    expect((await calculate(server, visitor, small)).statusCode).toBe(200);
    const probes: number[] = [];
    const bursts = size(1, 3);
    let answered = 0;
    for (let b = 0; b < bursts; b += 1) {
      const id = await create(server, visitor, bigProject(`Rafale ${b}`));
      let done = false;
      const started = performance.now();
      const burst = Promise.all(Array.from({ length: 20 }, () => calculate(server, visitor, id))).finally(
        () => (done = true),
      );
      // A probe is due every 100 ms (25 in the short run, for more of them in a shorter burst), and
      // timed from when it was due: a server thread busy when the probe should start makes it late,
      // and that lateness is what a user arriving then waits.
      // Each probe is counted when a worker was still calculating as its answer arrived (the pool's own
      // count): the server's thread answered while the calculation ran, instead of after it.
      let before = 0;
      for (let k = 0; !done; k += 1) {
        const due = started + k * EVERY_MS;
        if (due > performance.now()) await sleep(due - performance.now());
        const r = await server.app.inject({ method: 'GET', url: '/api/config' });
        probes.push(performance.now() - due);
        expect(r.statusCode).toBe(200);
        if (!done && server.calculations.stats.running > 0) before += 1;
      }
      const answers = await burst;
      const lasted = performance.now() - started;
      // The visitor gets its results, 20 times the same.
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.payload)).size).toBe(1);
      expect(answers[0]!.json()).toMatchObject({ site: expect.any(Object) });
      answered += before;
      console.info(
        `${dialect}: burst ${b + 1}: 20 calculations answered in ${Math.round(lasted)} ms, ${before} probes answered while a worker calculated`,
      );
    }
    console.info(
      `${dialect}: GET /api/config during the bursts: p99 ${p99(probes).toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms over ${probes.length} probes [${probes.map((p) => p.toFixed(0)).join(' ')}]`,
    );
    // The probes answered while the calculations ran on a worker: on the server's own thread, no probe
    // is answered while a calculation runs. Judged by that state, not by comparing durations, so that
    // a busy machine, which slows everything, does not decide (the full run prints the p99 beside its goal).
    expect(answered).toBeGreaterThanOrEqual(bursts);
    if (FULL) timingGoal(`${dialect}: GET /api/config during the bursts, p99`, p99(probes), 250);
  });

  // A helper's attack (2026-11-28): a 200-roof project's results workbook took 246 ms of the server's
  // thread; one address asking it 1.6 times a second took another visitor's p95 from 26 ms to 1.7 s.
  it('writes results workbooks on a print worker: /api/config is answered while they are written', async () => {
    const server = await start();
    const visitor = { address: '203.0.113.30', cookie: '' };
    const id = await create(server, visitor, bigProject('Classeur'));
    expect((await calculate(server, visitor, id)).statusCode).toBe(200);
    const workbook = () => as(server, visitor, { method: 'GET', url: `/api/smca/results_xlsx/${id}` });
    let done = false;
    const asked = (async () => {
      for (let i = 0; i < 3; i += 1) {
        const r = await workbook();
        expect(r.statusCode, r.payload.slice(0, 200)).toBe(200);
        expect(r.headers['content-type']).toMatch(/spreadsheetml/);
      }
    })().finally(() => (done = true));
    // each probe counted when the workbook worker was still writing as its answer arrived (its pool's count)
    let answered = 0;
    while (!done) {
      const r = await server.app.inject({ method: 'GET', url: '/api/config' });
      expect(r.statusCode).toBe(200);
      if (!done && server.app.workbookPool.stats.running > 0) answered += 1;
      await sleep(EVERY_MS);
    }
    await asked;
    expect(answered).toBeGreaterThan(0);
  });

  it('gives each visitor its share: 429 past it, its place to a newcomer, 503 past the queue, and a remembered outcome costs a lookup', async () => {
    const server = await start({ CALC_WORKERS: '1', CALC_QUEUE: '1', CALC_PER_VISITOR: '2' });
    const a = { address: '203.0.113.21', cookie: '' };
    const b = { address: '203.0.113.22', cookie: '' };
    const c = { address: '203.0.113.23', cookie: '' };
    const [p1, p2, p3] = [
      await create(server, a, bigProject('A1')),
      await create(server, a, bigProject('A2')),
      await create(server, a, bigProject('A3')),
    ];
    const [q1, q2] = [await create(server, b, bigProject('B1')), await create(server, b, bigProject('B2'))];
    const r1 = await create(server, c, bigProject('C1'));
    const stats = () => server.calculations.stats;
    // A's first calculation runs, its second waits (the queue is full), its third is past its share.
    const first = calculate(server, a, p1!);
    await waitFor('the first calculation to run', () => stats().running === 1, 30_000);
    const second = calculate(server, a, p2!);
    await waitFor('the second to wait', () => stats().queued === 1, 30_000);
    const third = await calculate(server, a, p3!);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'calculations_busy', details: { limit: 2 } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another visitor meets the full queue while A holds two places: it takes A's waiting one, and A's
    // second is answered 503 with when to come back.
    const other = calculate(server, b, q1);
    const displaced = await second;
    expect(displaced.statusCode).toBe(503);
    expect(Number(displaced.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(displaced.json().details.retryAfter).toBe(Number(displaced.headers['retry-after']));
    // Now A and B hold one place each: a third visitor meets the full queue, 503.
    const full = await calculate(server, c, r1);
    expect(full.statusCode).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await first).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    // Nothing was stored for the refused ones.
    const stored = async (id: string) =>
      (
        await server.db
          .selectFrom('projects')
          .select('results')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).results;
    expect(await stored(p2!)).toBeNull();
    expect(await stored(p3!)).toBeNull();
    expect(await stored(r1)).toBeNull();
    // With the only worker busy again and the queue full, A's first project is answered from memory.
    const busy = calculate(server, b, q2);
    await waitFor('B to run', () => stats().running === 1, 30_000);
    const waiting = calculate(server, a, p3!);
    await waitFor('A to wait', () => stats().queued === 1, 30_000);
    const again = await calculate(server, a, p1!);
    expect(again.statusCode).toBe(200);
    expect(again.payload).toBe((await first).payload);
    expect(stats()).toMatchObject({ running: 1, queued: 1 });
    expect((await busy).statusCode).toBe(200);
    expect((await waiting).statusCode).toBe(200);
  });

  it('drops a preview still waiting for a calculator when its request is closed', async () => {
    const server = await start({ CALC_WORKERS: '1', CALC_QUEUE: '4' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const preview = (name: string, signal?: AbortSignal) =>
      fetch(`${base}/api/smca/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bigProject(name)),
        ...(signal ? { signal } : {}),
      });
    // A long calculation (with the climate-stress runs) holds the only worker.
    const owner = { address: '127.0.0.1', cookie: '' };
    const long = await create(server, owner, bigProject('Longue'));
    const holder = fetch(`${base}/api/smca/calculate/${long}`, { headers: { cookie: owner.cookie } });
    const stats = () => server.calculations.stats;
    await waitFor('a calculation to run', () => stats().running === 1, 30_000);
    const cachedBefore = stats().cached;
    // A typist's preview, superseded: it waits, then the page cancels it.
    const controller = new AbortController();
    const superseded = preview('Ancienne saisie', controller.signal).catch((e: unknown) => e);
    await waitFor('the preview to wait', () => stats().queued === 1, 30_000);
    controller.abort();
    expect(await superseded).toBeInstanceOf(Error);
    // It leaves the queue, and never takes the worker: once the first calculation is done and the pool
    // idle, the only outcome added is the first calculation's.
    await waitFor('the closed preview to leave the queue', () => stats().queued === 0, 30_000);
    // Each answer is read to its end, as a browser does: an unread answer of a 200-roof project holds
    // its connection open.
    const held = await holder;
    expect(held.status).toBe(200);
    await held.arrayBuffer();
    await waitFor('the pool to be idle', () => stats().running === 0 && stats().queued === 0, 30_000);
    expect(stats().cached).toBe(cachedBefore + 1);
    // The next preview is answered.
    const next = await preview('Nouvelle saisie');
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });

  it('refuses a GET calculate from another site and stores nothing; the app itself calculates', async () => {
    const server = await start();
    const v = { address: '203.0.113.30', cookie: '' };
    const id = await create(server, v, projectBody('smca'));
    const row = () =>
      server.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    for (const site of ['cross-site', 'same-site']) {
      const r = await as(server, v, {
        method: 'GET',
        url: `/api/smca/calculate/${id}`,
        headers: { 'sec-fetch-site': site },
      });
      expect(r.statusCode, site).toBe(403);
    }
    expect(await row()).toEqual(before);
    const own = await as(server, v, {
      method: 'GET',
      url: `/api/smca/calculate/${id}`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect(await row()).toMatchObject({ state: 'calculated', results: own.payload });
  });
});

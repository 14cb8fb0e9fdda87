/**
 * Issue 35, item 2: ten addresses cannot deny the others their notes and calculations. Ten attackers keep
 * every note printer (or calculator) and its whole queue busy, each asking again the moment it is
 * answered or refused; a new visitor's 1-roof note, then its 1-roof calculation, are answered, and its
 * job is the next to start once it waits (no attacker job starts ahead of it: with one worker, it waits
 * for the job running when it came in and no other). An IPv6 /48 is one visitor.
 * Short: the attackers print 2-roof notes; full: 200-roof notes (about 10 s each here).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import type { WorkerPool } from '../../server/workers/pool';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { emptyNote, size, sleep, waitFor } from './support/common';

const ATTACKERS = 10;
/** The full run's attackers print 200-roof notes: ten of them take minutes to be served once each. */
const TIMEOUT = size(120_000, 1_200_000);

/** An smca project of `roofs` roofs, named so that its content is its own. */
const project = (name: string, roofs: number) =>
  projectBody('smca', (d) => {
    const list = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: roofs }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
    (d.project as Record<string, unknown>).name = name;
  });

/** What the test reads of a worker pool: whose jobs wait, and how many jobs it started. */
type Turns = Pick<WorkerPool<unknown, unknown>, 'waitingOf' | 'started' | 'onStart'>;

interface Visitor {
  address: string;
  cookie: string;
  id: string;
}

describe.each(DIALECTS)('ten addresses keeping the service full (%s)', (dialect) => {
  let place: Place;
  let server: Server;
  const as = (v: Pick<Visitor, 'address' | 'cookie'>, o: InjectOptions): Promise<LightMyRequestResponse> =>
    server.app.inject({ ...o, remoteAddress: v.address, headers: { ...o.headers, cookie: v.cookie } });
  const visitor = async (address: string, roofs: number): Promise<Visitor> => {
    const r = await as(
      { address, cookie: '' },
      { method: 'POST', url: '/api/smca/project', payload: project(address, roofs) },
    );
    expect(r.statusCode, r.payload).toBe(200);
    return { address, cookie: cookiesOf(r), id: r.json<{ id: string }>().id };
  };
  const print = (v: Visitor) =>
    as(v, { method: 'POST', url: `/api/smca/pdf_download/${v.id}`, payload: emptyNote });
  const calculate = (v: Visitor) => as(v, { method: 'GET', url: `/api/smca/calculate/${v.id}` });

  /**
   * Ten attackers each keeping `inFlight` requests of `ask` asked, asking again the moment one is
   * answered (or 5 ms after a refusal). Answers each attacker's count of 200s, the refusals, and stop().
   */
  const attack = (
    inFlight: number,
    ask: (attacker: number, k: string) => Promise<LightMyRequestResponse>,
  ) => {
    const served = Array<number>(ATTACKERS).fill(0);
    const refused = new Map<number, number>();
    let stopped = false;
    const loops = Array.from({ length: ATTACKERS * inFlight }, async (_, i) => {
      const a = i % ATTACKERS;
      for (let k = 0; !stopped; k += 1) {
        const r = await ask(a, `${i}-${k}`);
        if (r.statusCode === 200) {
          served[a]! += 1;
        } else {
          expect([429, 503]).toContain(r.statusCode);
          refused.set(r.statusCode, (refused.get(r.statusCode) ?? 0) + 1);
          await sleep(5);
        }
      }
    });
    return {
      served,
      refused,
      stop: async () => {
        stopped = true;
        await Promise.all(loops);
      },
    };
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (
      await serverOn(place, {
        APP_MODE: 'canada',
        PDF_WORKERS: '1',
        PDF_QUEUE: '4',
        PDF_PER_VISITOR: '1',
        CALC_WORKERS: '1',
        CALC_QUEUE: '16',
        CALC_PER_VISITOR: '2',
      })
    ).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  /**
   * The jobs `pool` starts while `visitor`'s job waits for a worker, until `done`: from the moment its job
   * is seen waiting (watched every millisecond) to its own start, which the pool reports as it happens.
   * A late look at the waiting job can only count fewer (a busy machine cannot make a false overtaking);
   * 0 when its job never waited, or is the next to start.
   */
  const overtaking = async (pool: Turns, visitor: string, done: () => boolean): Promise<number> => {
    let queued: number | undefined;
    let own: number | undefined;
    const stop = pool.onStart((v, n) => {
      if (v === visitor && own === undefined) own = n;
    });
    try {
      while (!done() && own === undefined) {
        if (pool.waitingOf(visitor) > 0) queued ??= pool.started;
        await sleep(1);
      }
      // its own start is counted in `started`
      return queued === undefined || own === undefined ? 0 : own - queued - 1;
    } finally {
      stop();
    }
  };

  /**
   * While `siege` keeps `pool` full (`full`), `n` newcomers (new addresses, each with a 1-roof project)
   * ask in turn with `ask`, once every attacker has been served (and the queue is full): each newcomer's
   * status, and the jobs started ahead of its own once it was waiting (`overtaken`). The siege is
   * stopped at the end, and its figures printed under `what`.
   */
  const newcomers = async (
    what: string,
    siege: ReturnType<typeof attack>,
    pool: Turns,
    full: () => boolean,
    n: number,
    ask: (v: Visitor) => Promise<LightMyRequestResponse>,
  ): Promise<{ status: number; overtaken: number }[]> => {
    const out: { status: number; overtaken: number }[] = [];
    try {
      for (let k = 0; k < n; k += 1) {
        await waitFor(
          'every attacker served and the queue full',
          () => siege.served.every((s) => s > 0) && full(),
          TIMEOUT,
          5,
        );
        const victim = await visitor(`203.0.113.${out.length + (what === 'notes' ? 70 : 90)}`, 1);
        let answered = false;
        const [r, overtaken] = await Promise.all([
          ask(victim).finally(() => (answered = true)),
          overtaking(pool, victim.address, () => answered),
        ]);
        out.push({ status: r.statusCode, overtaken });
        expect(r.statusCode, r.payload).toBe(200);
      }
    } finally {
      await siege.stop();
    }
    console.info(
      `${dialect}: newcomers' ${what} while ${ATTACKERS} addresses kept the pool full: ${JSON.stringify(out)} ` +
        `(overtaken: jobs started ahead of it once it waited); attackers served ${siege.served.join(',')}, refused ${JSON.stringify(Object.fromEntries(siege.refused))}`,
    );
    return out;
  };

  it(
    "prints a new visitor's 1-roof note next while ten addresses keep the printer and its queue full",
    async () => {
      const attackers = await Promise.all(
        Array.from({ length: ATTACKERS }, (_, a) => visitor(`198.51.100.${10 + a}`, size(2, 200))),
      );
      // calculated, so that each note prints its results too (a 200-roof note's tables in the full run)
      for (const a of attackers) expect((await calculate(a)).statusCode).toBe(200);
      const siege = attack(1, (a) => print(attackers[a]!));
      const pool = server.app.pdfPool;
      const answered = await newcomers(
        'notes',
        siege,
        pool,
        () => pool.stats.queued === 4,
        size(2, 3),
        async (v) => {
          const r = await print(v);
          if (r.statusCode === 200) expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
          return r;
        },
      );
      // Each newcomer's note was the next to start.
      expect(answered.map((n) => n.overtaken)).toEqual(answered.map(() => 0));
    },
    TIMEOUT,
  );

  it(
    "prints a returning visitor's notes while ten addresses, served too, keep asking again",
    async () => {
      const attackers = await Promise.all(
        Array.from({ length: ATTACKERS }, (_, a) => visitor(`198.51.100.${50 + a}`, size(2, 200))),
      );
      for (const a of attackers) expect((await calculate(a)).statusCode).toBe(200);
      const siege = attack(1, (a) => print(attackers[a]!));
      const pool = server.app.pdfPool;
      const me = await visitor('203.0.113.60', 1);
      const statuses: number[] = [];
      try {
        // served once as a newcomer, then asking again as one served, like every attacker: the place goes
        // to the visitor whose share has had less (a helper's attack, 2026-11-29: 1 note, then 11 x 503)
        for (let k = 0; k < size(3, 4); k += 1) {
          await waitFor(
            'every attacker served and the queue full',
            () => siege.served.every((n) => n > 0) && pool.stats.queued === 4,
            TIMEOUT,
            5,
          );
          statuses.push((await print(me)).statusCode);
        }
      } finally {
        await siege.stop();
      }
      console.info(
        `${dialect}: a returning visitor's notes while ${ATTACKERS} addresses kept the printer full: ${statuses.join(',')}; attackers served ${siege.served.join(',')}, refused ${JSON.stringify(Object.fromEntries(siege.refused))}`,
      );
      expect(statuses).toEqual(statuses.map(() => 200));
    },
    TIMEOUT,
  );

  it(
    "calculates a new visitor's 1-roof project next while ten addresses keep two previews each in flight",
    async () => {
      const big = project('Aperçu', 200);
      // each preview its own content (the site's name), so that none is remembered
      const named = (name: string) => {
        const site = big.steps.Chantier!;
        const form = site.forms[0]!;
        return {
          steps: { ...big.steps, Chantier: { ...site, forms: [{ ...form, form: { ...form.form, name } }] } },
        };
      };
      const siege = attack(2, (a, k) =>
        as(
          { address: `198.51.100.${30 + a}`, cookie: '' },
          { method: 'POST', url: '/api/smca/preview', payload: named(`Aperçu ${a}-${k}`) },
        ),
      );
      const answered = await newcomers(
        'calculations',
        siege,
        server.calculations.turns,
        () => server.calculations.stats.queued === 16,
        size(3, 10),
        async (v) => {
          const r = await calculate(v);
          if (r.statusCode === 200) expect(r.json()).toMatchObject({ site: expect.any(Object) });
          return r;
        },
      );
      expect(answered.map((n) => n.overtaken)).toEqual(answered.map(() => 0));
    },
    TIMEOUT,
  );

  it('counts the addresses of one IPv6 /48 as one visitor, whichever /64 asks', async () => {
    const stats = () => server.calculations.stats;
    // A preview of another visitor holds the only calculator, so that what follows waits in flight.
    const holder = { address: '192.0.2.200', cookie: '' };
    const held = as(holder, { method: 'POST', url: '/api/smca/preview', payload: project('Holder', 200) });
    await waitFor('the holder to run', () => stats().running === 1, 30_000);
    const line = ['2001:db8:35:1::10', '2001:db8:35:2:abcd::20', '2001:db8:35:ffff:ffff:ffff:ffff:fffe'];
    const asks = line.map((address, i) =>
      as(
        { address, cookie: '' },
        { method: 'POST', url: '/api/smca/preview', payload: project(`V6 ${i}`, 200) },
      ),
    );
    const answers = await Promise.all(asks);
    const other = await as(
      { address: '2001:db8:36::10', cookie: '' },
      { method: 'POST', url: '/api/smca/preview', payload: project('Other line', 1) },
    );
    await held;
    // Two in flight per visitor: the /48's third is refused, another /48 is served.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
      code: 'calculations_busy',
      details: { limit: 2 },
    });
    expect(other.statusCode).toBe(200);
  });
});

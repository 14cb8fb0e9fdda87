/**
 * Two server instances on one PostgreSQL database (issue 12; PostgreSQL only, as a deployment of several
 * copies would run): a save made on one is read on the other; concurrent writers split over both lose
 * nothing; the outbox, with both instances running their sender loop, delivers each mail exactly once;
 * and the admin sign-in failure limit is kept in the database and so shared (every other limit too:
 * two-servers-limits.test.ts).
 *
 * Short: two buildServer instances in this process, their sender loops turning every 20 ms (the race
 * for each mail is then run many times), 10 writers, 30 mails. Full: 50 writers, 300 mails, and then
 * two real server processes (server/main.ts) with their own 5 s loops delivering 100 mails.
 */
import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startSender } from '../../server/mail/sender';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { freePort, receiver } from '../server/smtp';
import { FULL, fakeDist, size, sleep, waitFor } from './support/common';
import { Browser, startServer, stopAll } from './support/child';
import { concurrentWriters, roofOf } from './support/writers';

const ADMIN_PASSWORD = 'two-servers-admin-password';
const SALES = ['ventes-a@fabricant.example', 'ventes-b@fabricant.example'];
const WRITERS = size(10, 50);
const MAILS = size(30, 300);
const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';

afterAll(stopAll);

describe.runIf(DIALECTS.includes('postgres'))('two server instances on one PostgreSQL database', () => {
  let place: Place;
  let port = 0;
  let smtp: ReturnType<typeof receiver>;
  const pair: { server: Server; config: Config }[] = [];
  const [a, b] = [() => pair[0]!.server, () => pair[1]!.server];

  beforeAll(async () => {
    place = await freshPlace('postgres');
    port = await freePort();
    smtp = receiver(port);
    await smtp.start();
    // Each instance sends from its own sales address (From:), so that a mail tells which one sent it.
    for (const sales of SALES)
      pair.push(
        await serverOn(place, { ADMIN_PASSWORD, SMTP_URL: `smtp://127.0.0.1:${port}`, SALES_EMAIL: sales }),
      );
  });
  afterAll(async () => {
    for (const p of pair) await p.server.close();
    await smtp?.stop();
    await place?.drop();
  });

  it('a save made on one instance is read on the other, and an admin session opened on one works on both', async () => {
    const made = await a().app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const cookie = cookiesOf(made);
    const id = made.json<{ id: string }>().id;
    const get = (s: Server) =>
      s.app.inject({ method: 'GET', url: `/api/slowli/project/${id}`, headers: { cookie } });
    const onB = await get(b());
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toEqual((await get(a())).json());
    const changed = projectBody('sl', (d) => {
      (d.project as Record<string, unknown>).name = 'Enregistré sur B';
    });
    const put = await b().app.inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...changed, id, version: 1 },
      headers: { cookie },
    });
    expect(put.json()).toMatchObject({ changed: true, version: 2 });
    const onA = (await get(a())).json();
    expect(onA.version).toBe(2);
    expect(JSON.stringify(onA.steps)).toContain('Enregistré sur B');
    // The admin's session lives in the database: opened on A, it is an admin on B; closed on B, on A too.
    const admin = cookiesOf(
      await a().app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } }),
    );
    const me = async (s: Server) =>
      (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).json().admin;
    expect(await me(b())).toBe('admin');
    await b().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin } });
    expect(await me(a())).toBeNull();
  });

  it(`${WRITERS} writers split over both instances, saving with versions: every acknowledged change is kept`, async () => {
    const made = await a().app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const id = made.json<{ id: string }>().id;
    const out = await concurrentWriters({
      n: WRITERS,
      id,
      cookie: cookiesOf(made),
      inject: (i, o: InjectOptions) => (i % 2 ? b() : a()).app.inject(o),
    });
    console.info(
      `two instances: ${WRITERS} writers, ${out.acks.length} saves acknowledged, ${out.conflicts} answers 409 retried`,
    );
    expect(out.acks.map((x) => x.version).sort((x, y) => x - y)).toEqual(
      Array.from({ length: WRITERS }, (_, i) => i + 2),
    );
    expect(out.final.version).toBe(WRITERS + 1);
    expect([...out.final.roofs].sort()).toEqual(
      ['Toiture A', ...Array.from({ length: WRITERS }, (_, i) => roofOf(i))].sort(),
    );
    expect(out.conflicts).toBeGreaterThanOrEqual(WRITERS - 1);
  });

  it(`delivers ${MAILS} mails exactly once with both instances running their outbox loop`, async () => {
    const before = smtp.received.length;
    const stops = pair.map((p) => startSender(p.server.db, { ...p.config, mailer: true }, 20));
    try {
      const ids: string[] = [];
      // Sent in batches of ten at once, alternately to each instance, while both loops deliver.
      for (let i = 0; i < MAILS; i += 10)
        ids.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(10, MAILS - i) }, async (_, k) => {
              const s = (i + k) % 2 ? b() : a();
              const made = await s.app.inject({
                method: 'POST',
                url: '/api/slowli/project',
                payload: projectBody('sl'),
              });
              const id = made.json<{ id: string }>().id;
              const sent = await s.app.inject({
                method: 'POST',
                url: `/api/slowli/send-project/${id}`,
                headers: { cookie: cookiesOf(made) },
              });
              expect(sent.statusCode).toBe(200);
              return id;
            }),
          )),
        );
      const db = a().db;
      await waitFor(
        'every mail sent',
        async () =>
          (await db.selectFrom('outbox').select('sent_at').where('sent_at', 'is', null).execute()).length ===
          0,
        size(30_000, 120_000),
      );
      // More turns of both loops send nothing twice.
      await sleep(300);
      const received = smtp.received.slice(before);
      const rows = await db.selectFrom('outbox').selectAll().where('project_id', 'in', ids).execute();
      const counts = new Map<string, number>();
      for (const m of received) counts.set(messageId(m), (counts.get(messageId(m)) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1);
      const from = SALES.map(
        (sales) => received.filter((m) => new RegExp(`^From: ${sales}`, 'im').test(m)).length,
      );
      console.info(
        `two instances: ${MAILS} mails queued, ${received.length} received, ${counts.size} distinct Message-IDs, ` +
          `${twice.length} received more than once; sent by instance A ${from[0]}, by B ${from[1]}`,
      );
      expect(twice).toEqual([]);
      expect(received).toHaveLength(MAILS);
      // Both loops delivered (each took rows the other had not leased), and each mail was sent by one.
      expect(from[0]! + from[1]!).toBe(MAILS);
      expect(Math.min(...from)).toBeGreaterThan(0);
      expect([...counts.keys()].sort()).toEqual(rows.map((r) => r.message_id).sort());
      // each project's mail once (known by its outbox row's Message-ID: the mail names the project by number)
      expect(
        ids.map((id) => {
          const mine = new Set(rows.filter((r) => r.project_id === id).map((r) => r.message_id));
          return received.filter((m) => mine.has(messageId(m))).length;
        }),
      ).toEqual(ids.map(() => 1));
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('the admin sign-in failure limit is shared by both instances (kept in the database)', async () => {
    const login = (s: Server, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { name: 'admin', password } });
    // Ten wrong passwords from one address, five on each instance, all at once ...
    const wrong = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(i % 2 ? b() : a(), `wrong-${i}`)),
    );
    expect(wrong.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 401));
    // ... and the right one is refused on both: each counted the other's failures.
    for (const s of [a(), b()]) {
      const r = await login(s, ADMIN_PASSWORD);
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it.runIf(FULL)(
    'two real server processes with their own 5 s loops deliver 100 mails exactly once',
    async () => {
      const other = await freshPlace('postgres');
      const dist = fakeDist();
      const env = {
        ...other.env,
        DIST_DIR: dist,
        MAILER: 'on',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      };
      const { db } = openDatabase(loadConfig(env));
      const procs = [
        await startServer({ ...env, SALES_EMAIL: SALES[0]! }),
        await startServer({ ...env, SALES_EMAIL: SALES[1]! }),
      ];
      const before = smtp.received.length;
      try {
        const ids: string[] = [];
        for (let i = 0; i < 100; i += 1) {
          const browser = new Browser(procs[i % 2]!.url);
          const made = await browser.send('POST', '/api/slowli/project', projectBody('sl'));
          const id = (made.body as { id: string }).id;
          expect((await browser.send('POST', `/api/slowli/send-project/${id}`)).status).toBe(200);
          ids.push(id);
        }
        await waitFor(
          'every mail sent',
          async () =>
            (await db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length === 0,
          120_000,
          200,
        );
        await sleep(11_000);
        const received = smtp.received.slice(before);
        const counts = new Map<string, number>();
        for (const m of received) counts.set(messageId(m), (counts.get(messageId(m)) ?? 0) + 1);
        const from = SALES.map(
          (sales) => received.filter((m) => new RegExp(`^From: ${sales}`, 'im').test(m)).length,
        );
        console.info(
          `two processes: 100 mails queued, ${received.length} received, ${counts.size} distinct Message-IDs; ` +
            `sent by process A ${from[0]}, by B ${from[1]}`,
        );
        expect(received).toHaveLength(100);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        const rows = await db.selectFrom('outbox').selectAll().where('project_id', 'in', ids).execute();
        expect(
          ids.map((id) => {
            const mine = new Set(rows.filter((r) => r.project_id === id).map((r) => r.message_id));
            return received.filter((m) => mine.has(messageId(m))).length;
          }),
        ).toEqual(ids.map(() => 1));
      } finally {
        for (const p of procs) await p.stop('SIGKILL');
        await db.destroy();
        await other.drop();
        rmSync(dist, { recursive: true, force: true });
      }
    },
    240_000,
  );
});

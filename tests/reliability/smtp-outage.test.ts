/**
 * SMTP down, then up (issue 12), on SQLite and on PostgreSQL: projects are sent to sales (send-project)
 * while the SMTP server's port is closed; the outbox tries, fails and keeps every mail; then a real SMTP
 * receiver starts on that port, and after the outbox's retry every mail arrives exactly once (counted by
 * Message-ID, and by project).
 *
 * The outbox retries after 30 s (backoff, server/mail/outbox.ts; no setting shortens it) and looks every
 * 5 s. Short variant: the server in this process, its sender loop (startSender) turning every 50 ms, the
 * clock moved 31 s on once the receiver is up. Full variant: the real server process (server/main.ts)
 * with its own 5 s loop and the real 30 s wait, 25 mails (more than one batch of 20).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { startSender } from '../../server/mail/sender';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { freePort, receiver } from '../server/smtp';
import { FULL, fakeDist, sleep, waitFor } from './support/common';
import { Browser, startServer, stopAll } from './support/child';

const SALES = 'ventes@fabricant.example';
const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
const outbox = (db: Db) => db.selectFrom('outbox').selectAll().orderBy('id').execute();

/**
 * How many of the received messages carry each Message-ID, and each project's mail (known by the
 * Message-ID of its outbox row: the mail names the project by its number, not its id).
 */
function tally(
  received: string[],
  ids: string[],
  rows: { project_id: string | null; message_id: string | null }[],
) {
  const byMessageId = new Map<string, number>();
  for (const m of received) byMessageId.set(messageId(m), (byMessageId.get(messageId(m)) ?? 0) + 1);
  return {
    byMessageId,
    perProject: ids.map((id) => {
      const mine = new Set(rows.filter((r) => r.project_id === id).map((r) => r.message_id));
      return received.filter((m) => mine.has(messageId(m))).length;
    }),
  };
}

afterAll(stopAll);

describe.each(DIALECTS)('SMTP down, then up, on %s', (dialect) => {
  let place: Place;
  afterAll(async () => {
    vi.useRealTimers();
    await place?.drop();
  });

  it.skipIf(FULL)(
    'keeps 5 mails while SMTP is down and delivers each exactly once after the retry',
    async () => {
      place = await freshPlace(dialect);
      const port = await freePort();
      const { server, config } = await serverOn(place, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SALES_EMAIL: SALES,
      });
      const smtp = receiver(port);
      // Only Date is faked (and moves on by itself): sockets, timers and the loop run as they are.
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      // The sender's passes over the outbox, counted: "nothing happened" is judged after whole passes,
      // not after a sleep that a slow machine may spend before the sender even looked.
      let passes = 0;
      const stopSender = startSender(server.db, { ...config, mailer: true }, 50, () => (passes += 1));
      const morePasses = (n: number) => {
        const until = passes + n;
        return waitFor(`${n} more passes of the sender`, async () => passes >= until, 20_000);
      };
      let smtpUp = false;
      try {
        const ids: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          const made = await server.app.inject({
            method: 'POST',
            url: '/api/slowli/project',
            payload: projectBody('sl'),
          });
          const id = made.json<{ id: string }>().id;
          const sent = await server.app.inject({
            method: 'POST',
            url: `/api/slowli/send-project/${id}`,
            headers: { cookie: cookiesOf(made) },
          });
          expect(sent.statusCode).toBe(200);
          expect(sent.json()).toMatchObject({ queued: true, state: 'valid' });
          ids.push(id);
        }
        // SMTP is down: each mail is tried once, refused, and kept with its error and its next attempt.
        await waitFor(
          'a first attempt of every mail',
          async () => (await outbox(server.db)).every((r) => r.attempts >= 1),
          20_000,
        );
        await morePasses(3);
        const waiting = await outbox(server.db);
        expect(waiting).toHaveLength(5);
        for (const row of waiting) {
          expect(row).toMatchObject({ attempts: 1, sent_at: null });
          expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
          expect(Date.parse(row.next_at) - Date.now()).toBeGreaterThan(25_000);
        }
        // SMTP comes back; nothing is sent before the backoff is over.
        await smtp.start();
        smtpUp = true;
        await morePasses(3);
        expect(smtp.received).toHaveLength(0);
        vi.setSystemTime(new Date(Date.now() + 31_000));
        await waitFor(
          'every mail sent',
          async () => (await outbox(server.db)).every((r) => r.sent_at !== null),
          20_000,
        );
        // More turns of the loop send nothing twice.
        await morePasses(3);
        const rows = await outbox(server.db);
        const { byMessageId, perProject } = tally(smtp.received, ids, rows);
        console.info(
          `${dialect} (short): 5 mails queued while SMTP was down, ${waiting.length} kept after a refused attempt, ` +
            `${smtp.received.length} received once it was up, ${byMessageId.size} distinct Message-IDs`,
        );
        expect(smtp.received).toHaveLength(5);
        expect([...byMessageId.keys()].sort()).toEqual(rows.map((r) => r.message_id).sort());
        expect([...byMessageId.values()]).toEqual([1, 1, 1, 1, 1]);
        expect(perProject).toEqual([1, 1, 1, 1, 1]);
        expect(rows.every((r) => r.attempts === 1 && r.sent_at !== null)).toBe(true);
      } finally {
        stopSender();
        vi.useRealTimers();
        if (smtpUp) await smtp.stop();
        await server.close();
      }
    },
  );

  it.runIf(FULL)(
    'the real server keeps 25 mails while SMTP is down and delivers each exactly once after its own retry',
    async () => {
      place = await freshPlace(dialect);
      const dist = fakeDist();
      const port = await freePort();
      const env = {
        ...place.env,
        DIST_DIR: dist,
        MAILER: 'on',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SALES_EMAIL: SALES,
      };
      const { db } = openDatabase(loadConfig(env));
      const smtp = receiver(port);
      let smtpUp = false;
      const server = await startServer(env);
      try {
        const browser = new Browser(server.url);
        const ids: string[] = [];
        for (let i = 0; i < 25; i += 1) {
          const made = await browser.send('POST', '/api/slowli/project', projectBody('sl'));
          const id = (made.body as { id: string }).id;
          expect((await browser.send('POST', `/api/slowli/send-project/${id}`)).status).toBe(200);
          ids.push(id);
        }
        const t0 = performance.now();
        await waitFor(
          'a first attempt of every mail',
          async () => (await outbox(db)).every((r) => r.attempts >= 1),
          30_000,
          200,
        );
        const firstTry = Math.round(performance.now() - t0);
        const waiting = await outbox(db);
        expect(
          waiting.every((r) => r.sent_at === null && /ECONNREFUSED|connect/i.test(r.last_error ?? '')),
        ).toBe(true);
        await smtp.start();
        smtpUp = true;
        await waitFor(
          'every mail sent',
          async () => (await outbox(db)).every((r) => r.sent_at !== null),
          90_000,
          200,
        );
        const delivered = Math.round(performance.now() - t0);
        // Two more turns of the server's loop send nothing twice.
        await sleep(11_000);
        const rows = await outbox(db);
        const { byMessageId, perProject } = tally(smtp.received, ids, rows);
        console.info(
          `${dialect} (full): 25 mails queued while SMTP was down, all tried and refused within ${firstTry} ms, ` +
            `${smtp.received.length} received ${delivered} ms after the sends, ${byMessageId.size} distinct Message-IDs`,
        );
        expect(smtp.received).toHaveLength(25);
        expect([...byMessageId.keys()].sort()).toEqual(rows.map((r) => r.message_id).sort());
        expect([...byMessageId.values()].every((n) => n === 1)).toBe(true);
        expect(perProject.every((n) => n === 1)).toBe(true);
      } finally {
        await server.stop('SIGKILL');
        if (smtpUp) await smtp.stop();
        await db.destroy();
        rmSync(dist, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

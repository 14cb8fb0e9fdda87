import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { deliverDue, pendingMail } from '../../server/mail/outbox';
import { smtpSend } from '../../server/mail/sender';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';
import { freePort, receiver } from './smtp';

describe.each(DIALECTS)('mail on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    port = await freePort();
    server = (
      await serverOn(place, { SMTP_URL: `smtp://127.0.0.1:${port}`, SALES_EMAIL: 'ventes@fabricant.example' })
    ).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('keeps the mail while SMTP is down, then delivers it exactly once', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const owner = cookiesOf(created);
    const id = created.json<{ id: string }>().id;
    await server.app.inject({
      method: 'GET',
      url: `/api/slowli/send-project/${id}`,
      headers: { cookie: owner },
    });
    const send = smtpSend({ smtpUrl: `smtp://127.0.0.1:${port}`, salesEmail: 'ventes@fabricant.example' });

    const down = await deliverDue(server.db, send);
    expect(down).toEqual({ sent: 0, failed: 1 });
    const waiting = await pendingMail(server.db);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 1 });
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await deliverDue(server.db, send)).toEqual({ sent: 0, failed: 0 });

    const smtp = receiver(port);
    await smtp.start();
    try {
      const later = new Date(Date.now() + 60 * 60_000);
      expect(await deliverDue(server.db, send, later)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDue(server.db, send, later)).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: ventes@fabricant.example');
      expect(smtp.received[0]).toMatch(/^Subject: .+/m);
      // the project by its readable number (the random id is no word for people)
      const { number } = await server.db
        .selectFrom('projects')
        .select('number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const row = await server.db
        .selectFrom('outbox')
        .selectAll()
        .where('project_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.body).toContain(`Projet n° ${String(number)}`);
      expect(smtp.received[0]).toContain(`Message-ID: ${row.message_id ?? ''}`);
      expect(await pendingMail(server.db)).toHaveLength(0);
    } finally {
      await smtp.stop();
    }
  });
});

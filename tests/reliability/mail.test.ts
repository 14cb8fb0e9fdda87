import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { deliverDue, pendingMail } from '../../server/mail/outbox';
import { smtpSend } from '../../server/mail/sender';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { freePort, receiver } from '../server/smtp';

const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

describe.each(DIALECTS)('mail retries on %s', (dialect) => {
  let place: Place;
  let server: Server;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { SALES_EMAIL: 'ventes@fabricant.example' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('a mail sent again after a lost acknowledgement carries the same Message-ID, so receivers drop the copy', async () => {
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const id = made.json<{ id: string }>().id;
    await server.app.inject({
      method: 'POST',
      url: `/api/slowli/send-project/${id}`,
      headers: { cookie: cookiesOf(made) },
    });
    const [row] = await pendingMail(server.db);
    expect(row!.message_id).toMatch(/^<[0-9a-f]+\.outbox@fabricant\.example>$/);

    const port = await freePort();
    const smtp = receiver(port);
    await smtp.start();
    try {
      const send = smtpSend({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ventes@fabricant.example' });
      // The receiver takes the message, but its answer is lost on the way back: the sender sees a failure.
      const lostAck: typeof send = async (m) => {
        await send(m);
        throw new Error('connection reset before the 250 reply');
      };
      expect(await deliverDue(server.db, lostAck)).toEqual({ sent: 0, failed: 1 });
      const later = new Date(Date.now() + 3600_000);
      expect(await deliverDue(server.db, send, later)).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.map(messageId)).toEqual([row!.message_id, row!.message_id]);
      expect(await pendingMail(server.db)).toEqual([]);
    } finally {
      await smtp.stop();
    }
  });
});

/**
 * Mail that cannot be delivered (SMTP down, bad credentials) is said in the server's log, with the SMTP
 * server's answer: an operator would otherwise learn of it only from `npm run outbox`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import type { Config } from '../../server/config';
import { startSender } from '../../server/mail/sender';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';
import { freePort } from './smtp';

describe('the sender on an SMTP server that does not answer', () => {
  let place: Place;
  let server: Server;
  let config: Config;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    const port = await freePort();
    ({ server, config } = await serverOn(place, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SALES_EMAIL: 'ventes@fabricant.example',
    }));
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('logs a warning naming the message, its attempts and the error', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    await server.app.inject({
      method: 'GET',
      url: `/api/slowli/send-project/${created.json<{ id: string }>().id}`,
      headers: { cookie: cookiesOf(created) },
    });
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    let passes = 0;
    const stop = startSender(server.db, { ...config, mailer: true }, 20, () => (passes += 1), {
      warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
    });
    try {
      await expect.poll(() => passes, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      stop();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.details).toMatchObject({ to: 'ventes@fabricant.example', attempts: 1 });
    expect(warnings[0]!.message).toMatch(/^mail not delivered \(attempt 1\), retried later: .*ECONNREFUSED/);
  });
});

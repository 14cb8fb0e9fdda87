import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { loadConfig } from '../../server/config';
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
    const send = smtpSend({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ventes@fabricant.example' });

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

  it("the mail to sales ends its sentences, links to the project and names the client's file (issue 37.9)", async () => {
    const body = projectBody('sl');
    (body.steps.Client!.forms[0]!.form as Record<string, unknown>).phone = '';
    const created = await server.app.inject({ method: 'POST', url: '/api/slowli/project', payload: body });
    const owner = cookiesOf(created);
    const id = created.json<{ id: string }>().id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const boundary = 'x-mail-test-boundary';
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/slowli/client_file/${id}`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan-toiture.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner },
    });
    expect(upload.statusCode).toBeLessThan(300);
    await server.app.inject({
      method: 'GET',
      url: `/api/slowli/send-project/${id}`,
      headers: { cookie: owner, host: 'calculs.example.fr' },
    });
    const smtp = receiver(port);
    await smtp.start();
    try {
      const send = smtpSend({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ventes@fabricant.example' });
      const later = new Date(Date.now() + 60 * 60_000);
      expect(await deliverDue(server.db, send, later)).toMatchObject({ sent: 1 });
      const mail = smtp.received.at(-1)!;
      // read back as the sales team reads it: quoted-printable and soft line breaks undone
      const text = mail
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (q) => Buffer.from(q.replace(/=/g, ''), 'hex').toString('utf8'));
      expect(text).not.toMatch(/, \r?$/m);
      expect(text).toContain('(pas de téléphone donné)');
      expect(text).toContain(`http://calculs.example.fr/client/sl/calculator?id=${id}`);
      expect(text).toContain('plan-toiture.pdf');
    } finally {
      await smtp.stop();
    }
  });

  it('sends from MAIL_FROM, the sales address unless given', async () => {
    const env = { DATA_DIR: '/tmp/rw-config-test', SALES_EMAIL: 'ventes@fabricant.example' };
    expect(loadConfig(env).mailFrom).toBe('ventes@fabricant.example');
    const from = 'Calculateurs Toitures <calculs@toitures.example>';
    const config = loadConfig({ ...env, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: from });
    expect(config.mailFrom).toBe(from);
    expect(() => loadConfig({ ...env, MAIL_FROM: 'calculs at toitures' })).toThrow(
      "MAIL_FROM must be an e-mail address, or a name and one such as Calculs <calculs@example.com>, not 'calculs at toitures'",
    );
    const smtp = receiver(port);
    await smtp.start();
    try {
      await smtpSend(config)({
        to: 'ventes@fabricant.example',
        subject: 'Essai',
        text: 'Bonjour',
        messageId: '<essai@toitures.example>',
      });
      const mail = smtp.received.at(-1)!;
      expect(mail).toContain('From: Calculateurs Toitures <calculs@toitures.example>');
      expect(mail).toContain('To: ventes@fabricant.example');
    } finally {
      await smtp.stop();
    }
  });
});

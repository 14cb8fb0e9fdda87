import '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import type { StoredProject } from '../calc';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectWorkbook } from '../excel/projectWorkbook';
import { contentDisposition } from '../files/contentDisposition';
import { HttpError } from '../http/HttpError';
import { i18nOf } from '../i18n';
import { enqueueMail } from '../mail/outbox';
import { decide, getProject, markSent, patchProject } from './repository';
import { assertCalculable } from './refusal';

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** The short reference a client quotes for a sent project: the first 8 characters of its id, in capitals. */
export function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The flow-limiter calls of seed 000 section 7 beyond the generic project routes. */
export function slowliRoutes(app: FastifyInstance, db: Db, access: Access, config: Config): void {
  /** A call that changes a project's state: GET as the seed writes it, POST for new clients; both are
   * refused when a browser says they come from another site (http/sameOrigin.ts). */
  const stateChange = (url: string, handler: (q: FastifyRequest, r: FastifyReply) => Promise<unknown>) =>
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { changesState: true },
      schema: { tags: ['slowli'], params: idParam },
      handler,
    });
  const load = async (request: Parameters<Access['check']>[0], reply: Parameters<Access['check']>[1]) =>
    access.check(
      request,
      reply,
      await getProject(db, access.product('slowli'), (request.params as { id: string }).id),
    );

  app.patch(
    '/api/slowli/set_project_command/:id',
    {
      schema: {
        tags: ['slowli'],
        params: idParam,
        body: {
          type: 'object',
          required: ['command_number'],
          properties: { command_number: { type: 'string', minLength: 1, maxLength: 255 } },
        },
      },
    },
    async (request, reply) => {
      access.requireAdmin(request);
      const row = await load(request, reply);
      const command = (request.body as { command_number: string }).command_number.trim();
      if (!command) throw new HttpError(400, 'command_number: an order number is required', 'command_number');
      await decide(db, row.id, { state: 'commanded', command });
      return { id: row.id, state: 'commanded', command };
    },
  );

  const deny = async (request: FastifyRequest, reply: FastifyReply) => {
    access.requireAdmin(request);
    const row = await load(request, reply);
    if ((await decide(db, row.id, { state: 'notselected' })) === 'ordered')
      throw new HttpError(409, 'This project is ordered: it cannot be marked not selected', 'state');
    return { id: row.id, state: 'notselected' };
  };
  stateChange('/api/slowli/deny_project/:id', deny);

  app.patch(
    '/api/slowli/comment/:id',
    {
      schema: {
        tags: ['slowli'],
        params: idParam,
        body: {
          type: 'object',
          required: ['comment'],
          properties: { comment: { type: 'string', maxLength: 5000 } },
        },
      },
    },
    async (request, reply) => {
      const row = await load(request, reply);
      await patchProject(db, row.id, { comment: (request.body as { comment: string }).comment });
      return { id: row.id };
    },
  );

  app.get(
    '/api/slowli/export_excel/:id',
    { schema: { tags: ['slowli'], params: idParam } },
    async (request, reply) => {
      access.requireAdmin(request);
      const row = await load(request, reply);
      assertCalculable(request, 'slowli', {
        id: row.id,
        steps: JSON.parse(row.content) as StoredProject['steps'],
      });
      const xlsx = await projectWorkbook(row, i18nOf('slowli', 'fr').i18n);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(`projet-${row.name || row.id}.xlsx`))
        .send(xlsx);
    },
  );

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const row = await load(request, reply);
    const steps = JSON.parse(row.content) as Record<string, { forms?: { form?: Record<string, unknown> }[] }>;
    const client = steps.Client?.forms?.[0]?.form ?? {};
    const roofs = steps.Toiture?.forms ?? [];
    const reference = referenceOf(row.id);
    const body = [
      `Nouveau projet de limiteurs de débit à étudier : ${row.name || '(sans nom)'}`,
      `Référence : ${reference}`,
      `Ville : ${row.city} ${row.postcode}`,
      `Client : ${String(client.name ?? '')} (${String(client.company ?? '')}), ${String(client.email ?? '')}, ${String(client.phone ?? '')}`,
      `Interlocuteur commercial : ${row.commercial}`,
      `Toitures : ${roofs.length}`,
      row.comment ? `Commentaire du client : ${row.comment}` : '',
      `Projet : ${row.id}`,
    ]
      .filter(Boolean)
      .join('\n');
    const state = await db.transaction().execute(async (trx) => {
      const after = await markSent(trx, row.id);
      await enqueueMail(trx, {
        projectId: row.id,
        to: config.salesEmail,
        subject: `[Limiteurs] ${reference} ${row.name || row.id} – ${row.company}`,
        body,
      });
      return after;
    });
    return { id: row.id, state, queued: true, reference };
  };
  stateChange('/api/slowli/send-project/:id', send);
}

import '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectWorkbook } from '../excel/projectWorkbook';
import { contentDisposition } from '../files/contentDisposition';
import { HttpError } from '../http/HttpError';
import { enqueueMail } from '../mail/outbox';
import { getProject, patchProject } from './repository';

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** The flow-limiter calls of seed 000 section 7 beyond the generic project routes. */
export function slowliRoutes(app: FastifyInstance, db: Db, access: Access, config: Config): void {
  const load = async (request: Parameters<Access['check']>[0], reply: Parameters<Access['check']>[1]) =>
    access.check(request, reply, await getProject(db, 'slowli', (request.params as { id: string }).id));

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
      await patchProject(db, row.id, { state: 'commanded', command });
      return { id: row.id, state: 'commanded', command };
    },
  );

  app.get(
    '/api/slowli/deny_project/:id',
    { schema: { tags: ['slowli'], params: idParam } },
    async (request, reply) => {
      access.requireAdmin(request);
      const row = await load(request, reply);
      await patchProject(db, row.id, { state: 'notselected' });
      return { id: row.id, state: 'notselected' };
    },
  );

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
      const xlsx = await projectWorkbook(row);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(`projet-${row.name || row.id}.xlsx`))
        .send(xlsx);
    },
  );

  app.get(
    '/api/slowli/send-project/:id',
    { schema: { tags: ['slowli'], params: idParam } },
    async (request, reply) => {
      const row = await load(request, reply);
      const steps = JSON.parse(row.content) as Record<
        string,
        { forms?: { form?: Record<string, unknown> }[] }
      >;
      const client = steps.Client?.forms?.[0]?.form ?? {};
      const roofs = steps.Toiture?.forms ?? [];
      const body = [
        `Nouveau projet de limiteurs de débit à étudier : ${row.name || '(sans nom)'}`,
        `Ville : ${row.city} ${row.postcode}`,
        `Client : ${String(client.name ?? '')} (${String(client.company ?? '')}), ${String(client.email ?? '')}, ${String(client.phone ?? '')}`,
        `Interlocuteur commercial : ${row.commercial}`,
        `Toitures : ${roofs.length}`,
        row.comment ? `Commentaire du client : ${row.comment}` : '',
        `Projet : ${row.id}`,
      ]
        .filter(Boolean)
        .join('\n');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('projects')
          .set({ state: row.state === 'ongoing' ? 'valid' : row.state, updated_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
        await enqueueMail(trx, {
          projectId: row.id,
          to: config.salesEmail,
          subject: `[Limiteurs] ${row.name || row.id} – ${row.company}`,
          body,
        });
      });
      return { id: row.id, state: row.state === 'ongoing' ? 'valid' : row.state, queued: true };
    },
  );
}

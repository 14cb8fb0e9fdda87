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
import { optionLabels } from './optionLabels';
import { bundleOfProduct } from './products';
import { decide, getProject, markSent, patchProject } from './repository';
import { assertCalculable } from './refusal';

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/**
 * The reference a client quotes for a sent project: its readable number (the one the history, the note
 * and the Excel file show); a project without one (loaded in bulk) gives the first 8 characters of its
 * id, in capitals.
 */
export function referenceOf(row: { id: string; number: number | null }): string {
  return row.number ? String(row.number) : row.id.slice(0, 8).toUpperCase();
}

/** The flow limiter's words for the workbook and the mail (French: the sales team's language). */
function slWords() {
  const { i18n } = i18nOf('slowli', 'fr');
  const options = optionLabels(bundleOfProduct('slowli'));
  return {
    t: (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {}),
    exists: (key: string) => i18n.exists(key),
    option: (value: string) => {
      const o = options.get(value);
      return o ? (o.literal ? o.label : i18n.t(o.label)) : null;
    },
  };
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
      const xlsx = await projectWorkbook(row, slWords());
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
    const reference = referenceOf(row);
    const { t } = slWords();
    const name = row.name || t('sl.mail.unnamed');
    const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    const body = [
      t('sl.mail.intro', { name }),
      t('sl.mail.number', { number: reference }),
      t('sl.mail.city', { city: row.city, postcode: row.postcode }),
      t('sl.mail.client', {
        name: str(client.name),
        company: str(client.company),
        email: str(client.email),
        phone: str(client.phone),
      }),
      t('sl.mail.commercial', { commercial: row.commercial }),
      t('sl.mail.roofs', { count: roofs.length }),
      row.comment ? t('sl.mail.comment', { comment: row.comment }) : '',
    ]
      .filter(Boolean)
      .join('\n');
    const state = await db.transaction().execute(async (trx) => {
      const after = await markSent(trx, row.id);
      await enqueueMail(trx, {
        projectId: row.id,
        to: config.salesEmail,
        subject: t('sl.mail.subject', { number: reference, name, company: row.company }),
        body,
      });
      return after;
    });
    return { id: row.id, state, queued: true, reference };
  };
  stateChange('/api/slowli/send-project/:id', send);
}

import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bundle, WorkflowTransition } from '../../engine';
import { adminOf } from '../auth/identity';
import type { ProjectTable } from '../db/database';
import { projectWorkbook } from '../excel/projectWorkbook';
import { contentDisposition } from '../files/contentDisposition';
import { answers, fileBody } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { enqueueMail } from '../mail/outbox';
import { products, type ProductType } from '../projects/products';
import { assertCalculable } from '../projects/refusal';
import { getProject, moveState, patchProject } from '../projects/repository';
import { holds, judge, mailOf, textOf, workflowData, workflowWords } from './data';

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** How many times a step is judged again on a state another request changed meanwhile. */
const ATTEMPTS = 5;

/** The OpenAPI tags of the workflows' routes: the product types that declare one. */
export function workflowTags(): { name: string }[] {
  return [...products().values()]
    .filter((p) => p.bundle.workflow)
    .map((p) => ({ name: p.bundle.productType }));
}

/**
 * The order workflow of every calculator whose bundle declares one (issue 29), served at
 * /api/{productType}/{path}/{id}: its commands (who may, from which state, to which state, the mail to
 * the sales address in the same transaction), the visitor's comment and the project's workbook.
 */
export const workflowRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  for (const { bundle } of products().values()) {
    if (bundle.workflow) productWorkflow(app, bundle);
  }
};

/** A step's answer: the project, its new state, and what the step added (order number, mail queued). */
const stepAnswer = answers({
  200: {
    type: 'object',
    required: ['id', 'state'],
    properties: {
      id: { type: 'string' },
      state: { type: 'string' },
      command: { type: 'string' },
      queued: { type: 'boolean' },
      reference: { type: 'string' },
    },
  },
} as const);
const idAnswer = answers({
  200: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
} as const);

function productWorkflow(app: FastifyInstance, bundle: Bundle): void {
  const { db, access, config } = app;
  const workflow = bundle.workflow!;
  const type: ProductType = bundle.productType;
  const api = `/api/${type}`;
  const tags = [type];
  const load = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
    access.check(request, reply, await getProject(db, access.product(type), request.params.id));

  const step = (t: WorkflowTransition) =>
    async function transition(
      request: FastifyRequest<{ Params: { id: string }; Body: Record<string, string> | undefined }>,
      reply: FastifyReply,
    ) {
      access.product(type);
      const admin = adminOf(request) !== null;
      if (!holds(t.who, { admin, command: t.command })) {
        access.requireAdmin(request);
        throw new HttpError(403, 'Only an admin may do this');
      }
      let row = await load(request, reply);
      let command: string | undefined;
      if (t.input) {
        command = String(request.body?.[t.input.field] ?? '').trim();
        if (!command) throw new HttpError(400, `${t.input.field}: a value is required`, t.input.field);
      }
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const facts = { state: row.state, command: t.command, admin };
        if (!holds(t.from, facts))
          throw new HttpError(409, t.refusal ?? `This project's state does not allow this`, 'state');
        const to = String(judge(t.to, facts));
        if (await move(t, row, to, command, request)) {
          return {
            id: row.id,
            state: to,
            ...(command === undefined ? {} : { command }),
            ...(t.mail ? { queued: true, reference: workflowData(bundle, row, words()).reference } : {}),
          };
        }
        row = await load(request, reply);
      }
      throw new HttpError(409, 'The project was changed elsewhere; try again', 'state');
    };

  /** The state change, and the mail with it when the step sends one (one transaction: both or neither). */
  const move = (
    t: WorkflowTransition,
    row: ProjectTable,
    to: string,
    command: string | undefined,
    request: FastifyRequest,
  ) =>
    t.mail
      ? db.transaction().execute(async (trx) => {
          if (!(await moveState(trx, row.id, row.state, to, command))) return false;
          // the mail tells the project as the step leaves it (its new state, its order number), where
          // the sales team opens it (the service's address; the request's in development) and the
          // files sent with it
          const after = { ...row, state: to, command: command ?? row.command };
          const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
          const files = await trx
            .selectFrom('files')
            .select('filename')
            .where('project_id', '=', row.id)
            .orderBy('created_at')
            .execute();
          const data = workflowData(bundle, after, words(), {
            address: `${base}/client/${bundle.id}/calculator?id=${encodeURIComponent(row.id)}`,
            files: files.map((f) => f.filename),
          });
          const { subject, body } = mailOf(bundle, data, words());
          await enqueueMail(trx, { projectId: row.id, to: config.salesEmail, subject, body });
          return true;
        })
      : moveState(db, row.id, row.state, to, command);

  let cached: ReturnType<typeof workflowWords> | undefined;
  const words = () => (cached ??= workflowWords(type));

  for (const t of workflow.transitions) {
    const input = t.input;
    app.route({
      method: t.methods,
      url: `${api}/${t.path}/:id`,
      // a GET that changes the project (the seed's) is guarded like a POST (http/sameOrigin.ts)
      config: { changesState: true },
      schema: {
        tags,
        params: idParam,
        response: stepAnswer,
        ...(input
          ? {
              body: {
                type: 'object',
                required: [input.field],
                properties: { [input.field]: { type: 'string', minLength: 1, maxLength: input.maxLength } },
              },
            }
          : {}),
      },
      handler: step(t),
    });
  }

  if (workflow.comment) {
    const { path, maxLength } = workflow.comment;
    app.patch<{ Params: { id: string }; Body: { comment: string } }>(
      `${api}/${path}/:id`,
      {
        schema: {
          tags,
          params: idParam,
          response: idAnswer,
          body: {
            type: 'object',
            required: ['comment'],
            properties: { comment: { type: 'string', maxLength } },
          },
        },
      },
      async (request, reply) => {
        const row = await load(request, reply);
        await patchProject(db, row.id, { comment: request.body.comment });
        return { id: row.id };
      },
    );
  }

  if (workflow.workbook) {
    const book = workflow.workbook;
    app.get<{ Params: { id: string } }>(
      `${api}/${book.path}/:id`,
      { schema: { tags, params: idParam, response: answers({ 200: fileBody }) } },
      async (request, reply) => {
        if (book.admin) access.requireAdmin(request);
        const row = await load(request, reply);
        assertCalculable(request, type, {
          id: row.id,
          steps: JSON.parse(row.content) as Record<string, never>,
        });
        const data = workflowData(bundle, row, words());
        const xlsx = await projectWorkbook(bundle, row, data, words());
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', contentDisposition(`${textOf(book.file, data, words())}.xlsx`))
          .send(xlsx);
      },
    );
  }
}

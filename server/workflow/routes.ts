import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bundle, WorkflowDef, WorkflowTransition } from '../../engine';
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

/** What every route of one calculator's workflow is built from. */
interface ProductWorkflow {
  app: FastifyInstance;
  bundle: Bundle;
  type: ProductType;
  /** the routes' common start, /api/{productType} */
  api: string;
  tags: string[];
  /** the project of the request's id, if the caller may see it */
  load: (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => Promise<ProjectTable>;
  /** the workflow's words (mail, workbook, reference), read at their first use */
  words: () => ReturnType<typeof workflowWords>;
}

/** The routes of one calculator's workflow: a route a transition, then the comment's and the workbook's. */
function productWorkflow(app: FastifyInstance, bundle: Bundle): void {
  const { db, access } = app;
  const workflow = bundle.workflow!;
  const type: ProductType = bundle.productType;
  let cached: ReturnType<typeof workflowWords> | undefined;
  const w: ProductWorkflow = {
    app,
    bundle,
    type,
    api: `/api/${type}`,
    tags: [type],
    load: async (request, reply) =>
      access.check(request, reply, await getProject(db, access.product(type), request.params.id)),
    words: () => (cached ??= workflowWords(type)),
  };
  for (const t of workflow.transitions) transitionRoute(w, t);
  if (workflow.comment) commentRoute(w, workflow.comment);
  if (workflow.workbook) workbookRoute(w, workflow.workbook);
}

/** A transition's route: its methods at {api}/{path}/{id}, with a body when it takes an input. */
function transitionRoute(w: ProductWorkflow, t: WorkflowTransition): void {
  const input = t.input;
  w.app.route({
    method: t.methods,
    url: `${w.api}/${t.path}/:id`,
    // a GET that changes the project (the seed's) is guarded like a POST (http/sameOrigin.ts)
    config: { changesState: true },
    schema: {
      tags: w.tags,
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
    handler: transitionHandler(w, t),
  });
}

/**
 * A transition's handler: 403 unless its `who` holds, 400 without its input, 409 when the project's state
 * does not allow it; judged again on the state another request changed meanwhile, up to ATTEMPTS times.
 */
function transitionHandler(w: ProductWorkflow, t: WorkflowTransition) {
  const { access } = w.app;
  return async function transition(
    request: FastifyRequest<{ Params: { id: string }; Body: Record<string, string> | undefined }>,
    reply: FastifyReply,
  ) {
    access.product(w.type);
    const admin = adminOf(request) !== null;
    if (!holds(t.who, { admin, command: t.command })) {
      access.requireAdmin(request);
      throw new HttpError(403, 'Only an admin may do this');
    }
    let row = await w.load(request, reply);
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
      if (await move(w, t, row, to, command, request)) {
        return {
          id: row.id,
          state: to,
          ...(command === undefined ? {} : { command }),
          ...(t.mail ? { queued: true, reference: workflowData(w.bundle, row, w.words()).reference } : {}),
        };
      }
      row = await w.load(request, reply);
    }
    throw new HttpError(409, 'The project was changed elsewhere; try again', 'state');
  };
}

/**
 * The state change, and the mail with it when the step sends one (one transaction: both or neither);
 * false when another request moved the project first.
 */
function move(
  w: ProductWorkflow,
  t: WorkflowTransition,
  row: ProjectTable,
  to: string,
  command: string | undefined,
  request: FastifyRequest,
): Promise<boolean> {
  const { db, config } = w.app;
  const { bundle } = w;
  if (!t.mail) return moveState(db, row.id, row.state, to, command);
  return db.transaction().execute(async (trx) => {
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
    const data = workflowData(bundle, after, w.words(), {
      address: `${base}/client/${bundle.id}/calculator?id=${encodeURIComponent(row.id)}`,
      files: files.map((f) => f.filename),
    });
    const { subject, body } = mailOf(bundle, data, w.words());
    await enqueueMail(trx, { projectId: row.id, to: config.salesEmail, subject, body });
    return true;
  });
}

/** PATCH {api}/{path}/{id}: the visitor's comment on the project. */
function commentRoute(w: ProductWorkflow, { path, maxLength }: NonNullable<WorkflowDef['comment']>): void {
  w.app.patch<{ Params: { id: string }; Body: { comment: string } }>(
    `${w.api}/${path}/:id`,
    {
      schema: {
        tags: w.tags,
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
      const row = await w.load(request, reply);
      await patchProject(w.app.db, row.id, { comment: request.body.comment });
      return { id: row.id };
    },
  );
}

/** GET {api}/{path}/{id}: the project's workbook (projectWorkbook.ts), for admins only when it says so. */
function workbookRoute(w: ProductWorkflow, book: NonNullable<WorkflowDef['workbook']>): void {
  const { access } = w.app;
  w.app.get<{ Params: { id: string } }>(
    `${w.api}/${book.path}/:id`,
    { schema: { tags: w.tags, params: idParam, response: answers({ 200: fileBody }) } },
    async (request, reply) => {
      if (book.admin) access.requireAdmin(request);
      const row = await w.load(request, reply);
      assertCalculable(request, w.type, {
        id: row.id,
        steps: JSON.parse(row.content) as Record<string, never>,
      });
      const data = workflowData(w.bundle, row, w.words());
      const xlsx = await projectWorkbook(w.bundle, row, data, w.words());
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(`${textOf(book.file, data, w.words())}.xlsx`))
        .send(xlsx);
    },
  );
}

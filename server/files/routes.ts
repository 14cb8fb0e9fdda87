import '@fastify/multipart';
import '@fastify/swagger';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import { adminOf } from '../auth/identity';
import { answers, fileBody } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { cut, withoutControls } from '../projects/projectText';
import { products } from '../projects/products';
import { getProject, newId } from '../projects/repository';
import { contentDisposition } from './contentDisposition';
import { fileTypeOf, type FileType } from './fileType';

/** The bytes of one uploaded file (multipart's fileSize, registered in app.ts). */
export const FILE_LIMIT = 10 * 1024 * 1024;

/**
 * The name a file is kept and served under: the sender's name with the extension of the type its
 * content proved (a PDF named plan.html is served as plan.html.pdf), cut to 255 characters.
 */
export function storedName(filename: string, type: FileType): string {
  const base = cut(withoutControls(filename).trim() || 'file', 240);
  const ext = type.extension;
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/** The file of a multipart body's field `file`: 415 when the body is not multipart, 400 when cut short. */
async function uploadOf(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data', 'file');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new HttpError(400, 'file: a file is required', 'file');
    return { data: await part.toBuffer(), filename: part.filename };
  } catch (e) {
    // A body that is not well-formed multipart (no boundary, cut short) is the sender's error.
    const status = (e as { statusCode?: number }).statusCode;
    if (e instanceof HttpError || (status && status < 500)) throw e;
    throw new HttpError(400, 'file: the upload is not a complete multipart/form-data body', 'file');
  }
}

/** The type the file's content proves (fileType.ts); 415 for any other. */
function provenType(data: Buffer, filename: string): FileType {
  const type = fileTypeOf(data, filename);
  if (!type)
    throw new HttpError(
      415,
      'file: only PDF, PNG, JPEG, office documents and DWG drawings are accepted',
      'file',
    );
  return type;
}

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/**
 * POST {api}/{path}/{id} (multipart field `file`), for each calculator whose workflow takes uploads
 * (the bundle's workflow.upload.path: sl's client_file), and GET /api/files/{id}. An upload is held to
 * the storage quotas (quota/quotas.ts): files and bytes per project, per visitor and per day.
 */
export const fileRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { db, access, quotas } = app;
  const uploaded = answers({
    200: {
      type: 'object',
      required: ['id', 'filename', 'size', 'type'],
      properties: {
        id: { type: 'string' },
        filename: { type: 'string' },
        size: { type: 'integer' },
        type: { type: 'string' },
      },
    },
  } as const);
  const upload = {
    // what http/bodies.ts reserves for an upload while it arrives: the file and its multipart frame
    config: { bodyMax: FILE_LIMIT + 64 * 1024 },
    schema: { tags: ['files'], params: idParam, response: uploaded },
  };
  for (const { bundle } of products().values()) {
    const path = bundle.workflow?.upload?.path;
    if (!path) continue;
    const productType = bundle.productType;
    app.post(`/api/${productType}/${path}/:id`, upload, async (request, reply) => {
      const { id } = request.params;
      const project = access.check(request, reply, await getProject(db, access.product(productType), id));
      const { data, filename } = await uploadOf(request);
      const type = provenType(data, filename);
      const fileId = newId();
      const target = { project, added: data.length, file: true, admin: adminOf(request) !== null };
      await quotas.store(request, reply, target, (trx) =>
        trx
          .insertInto('files')
          .values({
            id: fileId,
            project_id: project.id,
            kind: 'client',
            filename: storedName(filename, type),
            mime: type.mime,
            size: data.length,
            data,
            created_at: new Date().toISOString(),
          })
          .execute(),
      );
      return { id: fileId, filename: storedName(filename, type), size: data.length, type: type.label };
    });
  }

  const download = { schema: { tags: ['files'], params: idParam, response: answers({ 200: fileBody }) } };
  app.get('/api/files/:id', download, async (request, reply) => {
    const { id } = request.params;
    const file = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!file) throw new HttpError(404, 'Unknown file');
    const project = await db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', file.project_id)
      .executeTakeFirst();
    access.check(request, reply, project);
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Disposition', contentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(file.data));
  });
};

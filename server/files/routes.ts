import '@fastify/multipart';
import '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import type { Db } from '../db/database';
import { HttpError } from '../http/HttpError';
import { getProject, newId } from '../projects/repository';
import { contentDisposition } from './contentDisposition';
import { fileTypeOf } from './fileType';

/** POST /api/slowli/client_file/{id} (multipart field `file`) and GET /api/files/{id}. */
export function fileRoutes(app: FastifyInstance, db: Db, access: Access): void {
  app.post('/api/slowli/client_file/:id', { schema: { tags: ['files'] } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const project = access.check(request, reply, await getProject(db, 'slowli', id));
    if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data', 'file');
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new HttpError(400, 'file: a file is required', 'file');
    const data = await part.toBuffer();
    const type = fileTypeOf(data, part.filename);
    if (!type)
      throw new HttpError(
        415,
        'file: only PDF, PNG, JPEG, office documents and DWG drawings are accepted',
        'file',
      );
    const fileId = newId();
    await db
      .insertInto('files')
      .values({
        id: fileId,
        project_id: project.id,
        kind: 'client',
        filename: part.filename.slice(0, 255) || 'file',
        mime: type.mime,
        size: data.length,
        data,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { id: fileId, filename: part.filename, size: data.length, type: type.label };
  });

  app.get('/api/files/:id', { schema: { tags: ['files'] } }, async (request, reply) => {
    const { id } = request.params as { id: string };
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
}

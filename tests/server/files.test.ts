import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/** A multipart body with one file in field `name`. */
function multipart(filename: string, data: Buffer, name = 'file') {
  const boundary = '----rwtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.each(DIALECTS)('files on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let owner = '';
  let id = '';
  const inject = (o: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(o);
  const upload = (filename: string, data: Buffer, cookie = owner, field = 'file') => {
    const m = multipart(filename, data, field);
    return inject({
      method: 'POST',
      url: `/api/slowli/client_file/${id}`,
      payload: m.payload,
      headers: { ...m.headers, cookie },
    });
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place)).server;
    const r = await inject({ method: 'POST', url: '/api/slowli/project', payload: projectBody('sl') });
    owner = cookiesOf(r);
    id = r.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('stores a PDF and serves it back with a safe Content-Disposition', async () => {
    const res = await upload('Plan façade.pdf', PDF);
    expect(res.statusCode).toBe(200);
    const { id: fileId, type } = res.json<{ id: string; type: string }>();
    expect(type).toBe('PDF');
    const got = await inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { cookie: owner } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Plan fa_ade.pdf"; filename*=UTF-8''Plan%20fa%C3%A7ade.pdf`,
    );
  });

  it('accepts images, office documents and DWG by their content', async () => {
    expect((await upload('photo.png', PNG)).json().type).toBe('PNG');
    expect((await upload('devis.xlsx', Buffer.from('PK\u0003\u0004rest-of-zip'))).json().type).toBe('xlsx');
    expect((await upload('plan.dwg', Buffer.from('AC1027 drawing'))).json().type).toBe('DWG');
  });

  it('refuses other content with 415, whatever the name says', async () => {
    const res = await upload('virus.pdf', Buffer.from('MZ\x90\x00 executable'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ field: 'file' });
    expect((await upload('notes.zip', Buffer.from('PK\u0003\u0004zip'))).statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await server.db
      .selectFrom('files')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload('big.pdf', big);
    expect(res.statusCode).toBe(413);
    const after = await server.db
      .selectFrom('files')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('needs the field named file, and a multipart body', async () => {
    expect((await upload('a.pdf', PDF, owner, 'document')).json()).toMatchObject({ field: 'file' });
    const json = await inject({
      method: 'POST',
      url: `/api/slowli/client_file/${id}`,
      payload: { file: 'x' },
      headers: { cookie: owner },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps files to the owner of the project', async () => {
    const other = cookiesOf(await inject({ method: 'GET', url: '/api/slowli/project/search/1' }));
    expect((await upload('a.pdf', PDF, other)).statusCode).toBe(404);
    const mine = (await upload('b.pdf', PDF)).json<{ id: string }>().id;
    expect(
      (await inject({ method: 'GET', url: `/api/files/${mine}`, headers: { cookie: other } })).statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: 'GET', url: '/api/files/nope', headers: { cookie: owner } })).statusCode,
    ).toBe(404);
  });
});

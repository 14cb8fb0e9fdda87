/**
 * The authorization matrix (issue 12): every route of the server (its own route table, HEAD included)
 * asked by the project's owner, another visitor, an admin and an anonymous caller, on a client-mode and
 * an admin-mode server sharing one database, on SQLite and on PostgreSQL. The expected status of each
 * cell is written in the table below; the same in the short and the full variant.
 */
import { rmSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { emptyNote, fakeDist, pdfUpload } from './support/common';
import { keyOf, routesOf } from './support/routes';

const ADMIN_PASSWORD = 'matrix-admin-password';
const WHO = ['owner', 'other', 'admin', 'anonymous'] as const;
type Who = (typeof WHO)[number];
const MODES = ['client', 'admin'] as const;
type Mode = (typeof MODES)[number];
/** Expected statuses for [owner, other visitor, admin, anonymous]. */
type Four = readonly [number, number, number, number];

/** The project a row works on: a flow-limiter project of the owner, or an abattement project of the admin. */
interface Fixture {
  type: 'slowli' | 'skywater_manager';
  id: string;
  fileId: string | null;
}
type Request = Omit<InjectOptions, 'method'>;

interface Row {
  /** the route as Fastify lists it: `GET /api/:type/project/:id` */
  route: string;
  /** which project the row works on (sl: the owner's flow-limiter project; sm: the admin's abattement one) */
  project: 'sl' | 'sm';
  /** a new project for every cell, because the request deletes it */
  fresh?: boolean;
  request: (p: Fixture) => Request;
  client: Four;
  admin: Four;
}

const get = (url: (p: Fixture) => string) => (p: Fixture) => ({ url: url(p) });
const json = (url: (p: Fixture) => string, payload: (p: Fixture) => object) => (p: Fixture) => ({
  url: url(p),
  payload: payload(p),
});
const bodyOf = (p: Fixture) => projectBody(p.type === 'slowli' ? 'sl' : 'sm');
const noProject = { type: 'slowli', id: '-', fileId: null } as const;
/** A PDF's bytes as the verification page sends them. */
const pdfRequest = (_p: Fixture) => ({
  payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
  headers: { 'content-type': 'application/pdf' },
});

// prettier-ignore
const ROWS: Row[] = [
  //                                                                                         client mode:               admin mode:
  //                                                                                         own  other admin anon      own  other admin anon
  { route: 'GET /', project: 'sl', request: get(() => '/'),                                   client: [302, 302, 302, 302], admin: [302, 302, 302, 302] },
  { route: 'GET /client', project: 'sl', request: get(() => '/client'),                       client: [302, 302, 302, 302], admin: [302, 302, 302, 302] },
  { route: 'GET /client/', project: 'sl', request: get(() => '/client/'),                     client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /client/*', project: 'sl', request: get(() => '/client/sl/history'),          client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /client/index.html', project: 'sl', request: get(() => '/client/index.html'), client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs', project: 'sl', request: get(() => '/api/docs'),                   client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs/', project: 'sl', request: get(() => '/api/docs/'),                 client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs/*', project: 'sl', request: get(() => '/api/docs/static/swagger-ui.css'), client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs/json', project: 'sl', request: get(() => '/api/docs/json'),         client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs/yaml', project: 'sl', request: get(() => '/api/docs/yaml'),         client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/docs/static/index.html', project: 'sl', request: get(() => '/api/docs/static/index.html'), client: [302, 302, 302, 302], admin: [302, 302, 302, 302] },
  { route: 'GET /api/docs/static/swagger-initializer.js', project: 'sl', request: get(() => '/api/docs/static/swagger-initializer.js'), client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/config', project: 'sl', request: get(() => '/api/config'),               client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/health', project: 'sl', request: get(() => '/api/health'),               client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /favicon.ico', project: 'sl', request: get(() => '/favicon.ico'),             client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'GET /api/auth/me', project: 'sl', request: get(() => '/api/auth/me'),             client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'POST /api/auth/login', project: 'sl', request: json(() => '/api/auth/login', () => ({ password: ADMIN_PASSWORD })), client: [200, 200, 200, 200], admin: [200, 200, 200, 200] },
  { route: 'POST /api/auth/logout', project: 'sl', request: get(() => '/api/auth/logout'),    client: [204, 204, 204, 204], admin: [204, 204, 204, 204] },

  // The generic project routes, on the owner's flow-limiter project (sl is offered in both modes).
  { route: 'GET /api/:type/project/search/:page', project: 'sl', request: get(() => '/api/slowli/project/search/1'), client: [200, 200, 200, 200], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/project/search/:page/:query', project: 'sl', request: get(() => '/api/slowli/project/search/1/lyon'), client: [200, 200, 200, 200], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/project/:id', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'DELETE /api/:type/project/:id', project: 'sl', fresh: true, request: get((p) => `/api/slowli/project/${p.id}`), client: [204, 404, 204, 404], admin: [401, 401, 204, 401] },
  { route: 'POST /api/:type/project/:id/variant', project: 'sl', fresh: true, request: get((p) => `/api/slowli/project/${p.id}/variant`), client: [201, 404, 201, 404], admin: [401, 401, 201, 401] },
  { route: 'GET /api/:type/project/:id/variants', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}/variants`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PATCH /api/:type/project/:id/variant', project: 'sl', request: json((p) => `/api/slowli/project/${p.id}/variant`, () => ({ label: 'Base' })), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/project', project: 'sl', request: json(() => '/api/slowli/project', bodyOf), client: [200, 200, 200, 200], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/project', project: 'sl', request: json(() => '/api/slowli/project', (p) => ({ ...bodyOf(p), id: p.id })), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PUT /api/slowli/project', project: 'sl', request: json(() => '/api/slowli/project', (p) => ({ ...bodyOf(p), id: p.id })), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/preview', project: 'sl', request: json(() => '/api/slowli/preview', (p) => bodyOf(p)), client: [200, 200, 200, 200], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/calculate/:id', project: 'sl', request: get((p) => `/api/slowli/calculate/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  // The note payload is refused (400) only once the caller has passed the access check: who may print gets
  // 400, the others 404 or 401, and no note is printed (printing is measured elsewhere).
  { route: 'POST /api/:type/pdf_download/:id', project: 'sl', request: json((p) => `/api/slowli/pdf_download/${p.id}`, () => ({ data: 'null' })), client: [400, 404, 400, 404], admin: [401, 401, 400, 401] },
  { route: 'GET /api/:type/note_draft/:id', project: 'sl', request: get((p) => `/api/slowli/note_draft/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PUT /api/:type/note_draft/:id', project: 'sl', request: json((p) => `/api/slowli/note_draft/${p.id}`, () => emptyNote), client: [204, 404, 204, 404], admin: [401, 401, 204, 401] },
  // A flow-limiter project has no results workbook: 404 to whoever may see it.
  { route: 'GET /api/:type/results_xlsx/:id', project: 'sl', request: get((p) => `/api/slowli/results_xlsx/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 404, 401] },
  // The SWMM model holds the orifice diameter, kept from clients: admins only (the bundle's `when`).
  { route: 'GET /api/:type/export/:format/:id', project: 'sl', request: get((p) => `/api/slowli/export/swmm/${p.id}`), client: [403, 404, 200, 404], admin: [401, 401, 200, 401] },

  // The same routes on the admin's abattement project: sm is not offered in client mode (404 to all).
  { route: 'GET /api/:type/project/search/:page', project: 'sm', request: get(() => '/api/skywater_manager/project/search/1'), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/project/search/:page/:query', project: 'sm', request: get(() => '/api/skywater_manager/project/search/1/lyon'), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/project/:id', project: 'sm', request: get((p) => `/api/skywater_manager/project/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'DELETE /api/:type/project/:id', project: 'sm', fresh: true, request: get((p) => `/api/skywater_manager/project/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 204, 401] },
  { route: 'POST /api/:type/project/:id/variant', project: 'sm', fresh: true, request: get((p) => `/api/skywater_manager/project/${p.id}/variant`), client: [404, 404, 404, 404], admin: [401, 401, 201, 401] },
  { route: 'GET /api/:type/project/:id/variants', project: 'sm', request: get((p) => `/api/skywater_manager/project/${p.id}/variants`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'PATCH /api/:type/project/:id/variant', project: 'sm', request: json((p) => `/api/skywater_manager/project/${p.id}/variant`, () => ({ label: 'Base' })), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/skywater_manager/project', project: 'sm', request: json(() => '/api/skywater_manager/project', bodyOf), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/skywater_manager/project', project: 'sm', request: json(() => '/api/skywater_manager/project', (p) => ({ ...bodyOf(p), id: p.id })), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'PUT /api/skywater_manager/project', project: 'sm', request: json(() => '/api/skywater_manager/project', (p) => ({ ...bodyOf(p), id: p.id })), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/skywater_manager/preview', project: 'sm', request: json(() => '/api/skywater_manager/preview', (p) => bodyOf(p)), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/calculate/:id', project: 'sm', request: get((p) => `/api/skywater_manager/calculate/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/:type/pdf_download/:id', project: 'sm', request: json((p) => `/api/skywater_manager/pdf_download/${p.id}`, () => ({ data: 'null' })), client: [404, 404, 404, 404], admin: [401, 401, 400, 401] },
  { route: 'GET /api/:type/note_draft/:id', project: 'sm', request: get((p) => `/api/skywater_manager/note_draft/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'PUT /api/:type/note_draft/:id', project: 'sm', request: json((p) => `/api/skywater_manager/note_draft/${p.id}`, () => emptyNote), client: [404, 404, 404, 404], admin: [401, 401, 204, 401] },
  { route: 'GET /api/:type/results_xlsx/:id', project: 'sm', request: get((p) => `/api/skywater_manager/results_xlsx/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/:type/export/:format/:id', project: 'sm', request: get((p) => `/api/skywater_manager/export/swmm/${p.id}`), client: [404, 404, 404, 404], admin: [401, 401, 200, 401] },

  // The Canadian calculator's saves and previews: offered in neither mode (404 to all, body unread).
  { route: 'POST /api/smca/project', project: 'sl', request: json(() => '/api/smca/project', () => projectBody('smca')), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'PUT /api/smca/project', project: 'sl', request: json(() => '/api/smca/project', (p) => ({ ...projectBody('smca'), id: p.id })), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'POST /api/smca/preview', project: 'sl', request: json(() => '/api/smca/preview', () => projectBody('smca')), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },

  // The flow-limiter calls: the owner's, and the admin's decisions (403 to visitors in client mode).
  { route: 'GET /api/sl/calculate/:id', project: 'sl', request: get((p) => `/api/sl/calculate/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PATCH /api/slowli/comment/:id', project: 'sl', request: json((p) => `/api/slowli/comment/${p.id}`, () => ({ comment: 'À rappeler' })), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/client_file/:id', project: 'sl', request: (p) => { const u = pdfUpload(); return { url: `/api/slowli/client_file/${p.id}`, payload: u.payload, headers: { 'content-type': u.contentType } }; }, client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/files/:id', project: 'sl', request: get((p) => `/api/files/${p.fileId}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'GET /api/slowli/send-project/:id', project: 'sl', request: get((p) => `/api/slowli/send-project/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/send-project/:id', project: 'sl', request: get((p) => `/api/slowli/send-project/${p.id}`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PATCH /api/slowli/set_project_command/:id', project: 'sl', request: json((p) => `/api/slowli/set_project_command/${p.id}`, () => ({ command_number: 'CMD-42' })), client: [403, 403, 200, 403], admin: [401, 401, 200, 401] },
  { route: 'GET /api/slowli/deny_project/:id', project: 'sl', request: get((p) => `/api/slowli/deny_project/${p.id}`), client: [403, 403, 200, 403], admin: [401, 401, 200, 401] },
  { route: 'POST /api/slowli/deny_project/:id', project: 'sl', request: get((p) => `/api/slowli/deny_project/${p.id}`), client: [403, 403, 200, 403], admin: [401, 401, 200, 401] },
  // Measured rain (issue 39.3): a PDF is no rain file (415 once the caller may upload); no kept file, no series (404).
  { route: 'POST /api/skywater_manager/project/:id/rain', project: 'sm', request: (p) => { const u = pdfUpload(); return { url: `/api/skywater_manager/project/${p.id}/rain`, payload: u.payload, headers: { 'content-type': u.contentType } }; }, client: [404, 404, 404, 404], admin: [401, 401, 415, 401] },
  { route: 'POST /api/skywater_manager/project/:id/rain/:file', project: 'sm', request: json((p) => `/api/skywater_manager/project/${p.id}/rain/none`, () => ({ station: '75114001' })), client: [404, 404, 404, 404], admin: [401, 401, 404, 401] },
  { route: 'GET /api/skywater_manager/rain/:id', project: 'sm', request: get(() => `/api/skywater_manager/rain/${'a'.repeat(64)}`), client: [404, 404, 404, 404], admin: [401, 401, 404, 401] },
  { route: 'POST /api/smca/project/:id/rain', project: 'sl', request: (p) => { const u = pdfUpload(); return { url: `/api/smca/project/${p.id}/rain`, payload: u.payload, headers: { 'content-type': u.contentType } }; }, client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'POST /api/smca/project/:id/rain/:file', project: 'sl', request: json((p) => `/api/smca/project/${p.id}/rain/none`, () => ({ station: '7025251' })), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'GET /api/smca/rain/:id', project: 'sl', request: get(() => `/api/smca/rain/${'a'.repeat(64)}`), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  // Issued notes and project links (issue 30): the verification page is public, an unknown code or link 404.
  { route: 'GET /api/:type/project/:id/notes', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}/notes`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'PATCH /api/:type/note/:code', project: 'sl', request: json(() => `/api/slowli/note/${'a'.repeat(26)}`, () => ({ withdrawn: true })), client: [404, 404, 404, 404], admin: [401, 401, 404, 401] },
  { route: 'GET /api/verify/:code', project: 'sl', request: get(() => `/api/verify/${'a'.repeat(26)}`), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'POST /api/verify/:code/pdf', project: 'sl', request: (p) => ({ ...pdfRequest(p), url: `/api/verify/${'a'.repeat(26)}/pdf` }), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'GET /api/:type/project/:id/link', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}/link`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/:type/project/:id/link', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}/link`), client: [201, 404, 201, 404], admin: [401, 401, 201, 401] },
  { route: 'POST /api/project_link/:token', project: 'sl', request: get(() => `/api/project_link/${'a'.repeat(22)}`), client: [404, 404, 404, 404], admin: [404, 404, 404, 404] },
  { route: 'GET /api/:type/project/:id/file', project: 'sl', request: get((p) => `/api/slowli/project/${p.id}/file`), client: [200, 404, 200, 404], admin: [401, 401, 200, 401] },
  { route: 'POST /api/:type/project/file', project: 'sl', request: json(() => '/api/slowli/project/file', (p) => ({ format: 'roof-rainwater-project', version: 1, product_type: 'slowli', steps: bodyOf(p).steps })), client: [201, 201, 201, 201], admin: [401, 401, 201, 401] },
  { route: 'GET /api/slowli/export_excel/:id', project: 'sl', request: get((p) => `/api/slowli/export_excel/${p.id}`), client: [403, 403, 200, 403], admin: [401, 401, 200, 401] },
];

/** Every GET row asked with HEAD too: Fastify answers HEAD with the GET handler, so the same statuses. */
const MATRIX: Row[] = ROWS.flatMap((r) =>
  r.route.startsWith('GET ') ? [r, { ...r, route: r.route.replace(/^GET /, 'HEAD ') }] : [r],
);

describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  let place: Place;
  let dist: string;
  const servers = {} as Record<Mode, Server>;
  const cookie: Record<Who, string> = { owner: '', other: '', admin: '', anonymous: '' };

  const inject = (mode: Mode, o: InjectOptions): Promise<LightMyRequestResponse> =>
    servers[mode].app.inject(o);
  const ok = async (mode: Mode, o: InjectOptions): Promise<LightMyRequestResponse> => {
    const r = await inject(mode, o);
    if (r.statusCode >= 300) throw new Error(`${o.method} ${String(o.url)}: ${r.statusCode} ${r.payload}`);
    return r;
  };
  const login = async () =>
    cookiesOf(
      await ok('client', { method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } }),
    );

  /** A new project for a row: the owner's sl project (calculated, a file attached) or the admin's sm one. */
  const fixture = async (kind: 'sl' | 'sm'): Promise<Fixture> => {
    if (kind === 'sm') {
      const made = await ok('admin', {
        method: 'POST',
        url: '/api/skywater_manager/project',
        payload: projectBody('sm'),
        headers: { cookie: cookie.admin },
      });
      const id = made.json<{ id: string }>().id;
      await ok('admin', {
        method: 'GET',
        url: `/api/skywater_manager/calculate/${id}`,
        headers: { cookie: cookie.admin },
      });
      return { type: 'skywater_manager', id, fileId: null };
    }
    const made = await ok('client', {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
      headers: { cookie: cookie.owner },
    });
    const id = made.json<{ id: string }>().id;
    await ok('client', { method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: cookie.owner } });
    const u = pdfUpload();
    const file = await ok('client', {
      method: 'POST',
      url: `/api/slowli/client_file/${id}`,
      payload: u.payload,
      headers: { cookie: cookie.owner, 'content-type': u.contentType },
    });
    return { type: 'slowli', id, fileId: file.json<{ id: string }>().id };
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    dist = fakeDist();
    servers.client = (await serverOn(place, { ADMIN_PASSWORD, DIST_DIR: dist })).server;
    servers.admin = (await serverOn(place, { ADMIN_PASSWORD, DIST_DIR: dist, APP_MODE: 'admin' })).server;
    for (const who of ['owner', 'other'] as const)
      cookie[who] = cookiesOf(
        await ok('client', { method: 'POST', url: '/api/slowli/project', payload: projectBody('sl') }),
      );
    cookie.admin = await login();
  });
  afterAll(async () => {
    await servers.client?.close();
    await servers.admin?.close();
    await place?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has a row for every route the servers answer, in both modes, and no row for a route that is not there', () => {
    const listed = new Set(MATRIX.map((r) => r.route));
    for (const mode of MODES) {
      const routes = routesOf(servers[mode].app).map(keyOf);
      expect(routes.length).toBeGreaterThan(50);
      expect(
        routes.filter((k) => !listed.has(k)),
        `${mode} mode routes without a row`,
      ).toEqual([]);
      expect(
        [...listed].filter((k) => !routes.includes(k)),
        `rows for no ${mode} mode route`,
      ).toEqual([]);
    }
  });

  it('answers every route x {owner, other visitor, admin, anonymous} x {client, admin mode} as the table says', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const row of MATRIX) {
      const [method, path] = row.route.split(' ') as [string, string];
      // a project saved or previewed is the row's calculator's: /api/{type}/project, /api/{type}/preview
      const needsProject = /:id|:type|\/(project|preview)$/.test(path);
      const shared = needsProject && !row.fresh ? await fixture(row.project) : noProject;
      for (const mode of MODES) {
        const projects: Fixture[] = [];
        for (let i = 0; i < WHO.length; i += 1)
          projects.push(needsProject && row.fresh ? await fixture(row.project) : shared);
        // Signing out ends the session it is given: the admin signs out of a session of its own.
        const cookies = WHO.map((who) => cookie[who]);
        if (row.route === 'POST /api/auth/logout') cookies[WHO.indexOf('admin')] = await login();
        // The four callers are asked at once (no answer in the table depends on their
        // order), on one server: two servers of one process writing to one SQLite file at once can wait on
        // each other until SQLite gives up (see the report of issue 12), which a deployment never does.
        await Promise.all(
          WHO.map(async (who, i) => {
            const req = row.request(projects[i]!);
            const c = cookies[i];
            const r = await inject(mode, {
              ...req,
              method: method as InjectOptions['method'],
              headers: { ...req.headers, ...(c ? { cookie: c } : {}) },
            } as InjectOptions);
            cells += 1;
            const want = row[mode][i]!;
            if (r.statusCode !== want)
              wrong.push(
                `${mode} mode, ${who}: ${method} ${String(req.url)} (${row.project}) answered ${r.statusCode}, expected ${want}`,
              );
          }),
        );
      }
    }
    expect(cells).toBe(MATRIX.length * 8);
    expect(wrong).toEqual([]);
  });

  it('lists a project in the history to its owner and to admins only', async () => {
    const p = await fixture('sl');
    const listed = async (mode: Mode, who: Who) => {
      const r = await inject(mode, {
        method: 'GET',
        url: '/api/slowli/project/search/1?sort=created_at&order=DESC',
        headers: cookie[who] ? { cookie: cookie[who] } : {},
      });
      return (
        r.statusCode === 200 && r.json<{ projects: { id: string }[] }>().projects.some((x) => x.id === p.id)
      );
    };
    const seen: Record<string, boolean> = {};
    for (const mode of MODES) for (const who of WHO) seen[`${mode}/${who}`] = await listed(mode, who);
    expect(seen).toEqual({
      'client/owner': true,
      'client/other': false,
      'client/admin': true,
      'client/anonymous': false,
      'admin/owner': false,
      'admin/other': false,
      'admin/admin': true,
      'admin/anonymous': false,
    });
  });

  it('refuses every request that changes data when it comes from another site, HEAD included, and changes nothing', async () => {
    // The routes that change data: every method but GET and HEAD, and the seed's GET calls that decide.
    const changing = MATRIX.filter(
      (r) => !/^(GET|HEAD) /.test(r.route) || /send-project|deny_project/.test(r.route),
    );
    expect(changing.length).toBeGreaterThan(15);
    const db = servers.client.db;
    const state = async () =>
      JSON.stringify([
        await db.selectFrom('projects').selectAll().orderBy('id').execute(),
        await db.selectFrom('outbox').select('id').execute(),
        await db.selectFrom('files').select('id').execute(),
        await db.selectFrom('note_drafts').selectAll().execute(),
        await db.selectFrom('admin_sessions').select('token_hash').execute(),
      ]);
    const fixtures = { sl: await fixture('sl'), sm: await fixture('sm') };
    const before = await state();
    const wrong: string[] = [];
    for (const row of changing)
      for (const mode of MODES)
        for (const marker of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
          const [method] = row.route.split(' ') as [string];
          const req = row.request(fixtures[row.project]);
          // The admin's cookie: the caller who may do anything, were the request its own.
          const r = await inject(mode, {
            ...req,
            method: method as InjectOptions['method'],
            headers: { ...req.headers, ...marker, cookie: cookie.admin },
          } as InjectOptions);
          if (r.statusCode !== 403)
            wrong.push(`${mode} mode ${row.route} ${JSON.stringify(marker)}: ${r.statusCode}`);
        }
    expect(wrong).toEqual([]);
    expect(await state()).toBe(before);
  });
});

/**
 * Page tests talk to the real server in-process: fetch is routed to Fastify's inject (no network, no
 * mock of the API), with a cookie jar like a browser's, so the owner cookie and admin session work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type Server } from '../../server/app';
import { loadConfig } from '../../server/config';

/**
 * Starts the server (in `env`'s mode, client by default) and routes the page's fetch to it. Calls for a
 * product the mode does not offer go to a server of the mode that does, on the same database, as the
 * pages of every calculator are tested in one place: sm to admin mode (signed in as an admin, that
 * session used for those calls only) and smca to canada mode.
 */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ server: Server; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-page-'));
  const base = {
    DATA_DIR: dir,
    RATE_LIMIT: '0',
    LARGE_BODIES_PER_MINUTE: '0',
    LARGE_READS_PER_MINUTE: '0',
    MAILER: 'off',
    SESSION_SECRET: 'page-tests-secret-page-tests-secret',
    DIST_DIR: join(dir, 'none'),
  };
  const server = await buildServer(loadConfig({ ...base, ...env }));
  const password = 'page-tests-admin-password';
  const adminMode = await buildServer(loadConfig({ ...base, APP_MODE: 'admin', ADMIN_PASSWORD: password }));
  const canada = await buildServer(loadConfig({ ...base, APP_MODE: 'canada' }));
  const login = await adminMode.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } });
  const adminCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const serverOf = (url: string): { target: Server; cookie: string } =>
    url.startsWith('/api/skywater_manager/')
      ? { target: adminMode, cookie: adminCookie }
      : url.startsWith('/api/smca/')
        ? { target: canada, cookie: '' }
        : { target: server, cookie: '' };
  const jar = new Map<string, string>();
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers: Record<string, string> = {
      ...((init?.headers as Record<string, string> | undefined) ?? {}),
    };
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    // as a browser does: a cancelled request rejects, before it is sent or while it is answered
    const cancelled = () => {
      if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    };
    cancelled();
    const { target, cookie } = serverOf(path);
    const cookies = [...[...jar].map(([k, v]) => `${k}=${v}`), ...(cookie ? [cookie] : [])];
    if (cookies.length) headers.cookie = cookies.join('; ');
    const res = await target.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: path,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    cancelled();
    for (const c of res.cookies) jar.set(c.name, c.value);
    const body = res.statusCode === 204 || res.rawPayload.length === 0 ? null : res.payload;
    return new Response(body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  }) as typeof fetch;
  return {
    server,
    stop: async () => {
      await Promise.all([server.close(), adminMode.close(), canada.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

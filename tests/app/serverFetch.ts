/**
 * Page tests talk to the real server in-process: fetch is routed to Fastify's inject (no network, no
 * mock of the API), with a cookie jar like a browser's, so the owner cookie and admin session work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type Server } from '../../server/app';
import { loadConfig } from '../../server/config';

export async function startServer(
  env: Record<string, string> = {},
): Promise<{ server: Server; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-page-'));
  const server = await buildServer(
    loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT: '0',
      MAILER: 'off',
      SESSION_SECRET: 'page-tests-secret-page-tests-secret',
      DIST_DIR: join(dir, 'none'),
      ...env,
    }),
  );
  const jar = new Map<string, string>();
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers: Record<string, string> = {
      ...((init?.headers as Record<string, string> | undefined) ?? {}),
    };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await server.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
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
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

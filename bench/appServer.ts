/**
 * The real server of the browser benchmarks, serving a production build: admin mode (which offers sl and
 * sm) or the Canadian calculator's (smca), its data in `folder`, no rate limit, no mail, its calculations warmed up as in production.
 * Answers its base URL and the server to close.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';

export async function startAppServer(
  folder: string,
  dist: string,
  password: string,
  mode: 'admin' | 'canada' = 'admin',
): Promise<{ base: string; server: Awaited<ReturnType<typeof buildServer>> }> {
  mkdirSync(join(folder, 'data'), { recursive: true });
  const server = await buildServer(
    loadConfig({
      DATA_DIR: join(folder, 'data'),
      APP_MODE: mode,
      ADMIN_PASSWORD: password,
      SESSION_SECRET: `bench-secret-${password}`.padEnd(40, '0'),
      RATE_LIMIT: '0',
      LARGE_BODIES_PER_MINUTE: '0',
      PROJECTS_PER_HOUR: '0',
      PROJECTS_PER_DAY: '0',
      MAILER: 'off',
      DIST_DIR: dist,
    }),
  );
  // As server/main.ts does, and awaited: a deployed server is up well before its first visitor, whose
  // Submit the benchmarks time (Calculations.warm(), npm run bench:first).
  await server.calculations.warm();
  await server.warmPages();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`, server };
}

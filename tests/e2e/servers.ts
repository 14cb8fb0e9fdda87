/**
 * The servers of the browser tests, as `npm start` runs them: one fresh build, then the real server in
 * client mode (port 8091), canada mode (port 8092) and admin mode (port 8093), each on its own fresh
 * SQLite folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';

const root = join(import.meta.dirname, '../..');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const base = mkdtempSync(join(tmpdir(), 'rw-e2e-'));
for (const [mode, port] of [
  ['client', 8091],
  ['canada', 8092],
  ['admin', 8093],
] as const) {
  const dir = join(base, mode);
  mkdirSync(dir, { recursive: true });
  const server = await buildServer(
    loadConfig({
      DATA_DIR: dir,
      APP_MODE: mode,
      RATE_LIMIT: '0',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
      ADMIN_PASSWORD: 'e2e-admin-password',
      DIST_DIR: join(root, 'dist'),
    }),
  );
  await server.app.listen({ port, host: '127.0.0.1' });
  console.log(`e2e ${mode} server on ${port}`);
}

/**
 * Client-mode servers for a browser test that needs installations of its own (issue 30: a second
 * installation to open a project file on, a database to change as another build would have left it):
 * `tsx tests/e2e/spareServers.ts <port>:<data dir> ...` serves the e2e build (dist/) on each port, each on
 * its own SQLite folder, and prints `ready` once all listen. Stopped by its parent.
 */
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';

const root = join(import.meta.dirname, '../..');
for (const arg of process.argv.slice(2)) {
  const [port, dir] = arg.split(/:(.*)/s) as [string, string];
  const server = await buildServer(
    loadConfig({
      DATA_DIR: dir,
      APP_MODE: 'client',
      RATE_LIMIT: '0',
      PROJECTS_PER_HOUR: '0',
      PROJECTS_PER_DAY: '0',
      SESSION_SECRET: 'e2e-spare-secret-e2e-spare-secret-0123',
      DIST_DIR: join(root, 'dist'),
    }),
  );
  await server.app.listen({ port: Number(port), host: '127.0.0.1' });
}
console.log('ready');

/**
 * The servers of the browser tests, as `npm start` runs them: one fresh build, then the real server in
 * client mode (port 8091), canada mode (port 8092), admin mode (port 8093) and the mode of the test
 * calculator (tank, port 8095, found in tests/fixtures/bundles through EXTRA_BUNDLES, as a product team's
 * new folder would be), each on its own fresh SQLite folder.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { receiver } from '../server/smtp';
import { HOST, EMBEDDED, PORTS } from './ports';

const root = join(import.meta.dirname, '../..');
// The build and every server below know the test calculator; only the tank mode offers it.
process.env.EXTRA_BUNDLES = join(root, 'tests/fixtures/bundles');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const base = mkdtempSync(join(tmpdir(), 'rw-e2e-'));
// A real SMTP receiver for the sales mail of the test calculator's workflow, its messages read over HTTP.
const sales = receiver(PORTS.smtp);
await sales.start();
createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(sales.received));
}).listen(PORTS.mailbox, '127.0.0.1');
for (const [mode, port] of [
  ['client', PORTS.client],
  ['canada', PORTS.canada],
  ['admin', PORTS.admin],
  ['tank', PORTS.tank],
] as const) {
  const dir = join(base, mode);
  mkdirSync(dir, { recursive: true });
  const server = await buildServer(
    loadConfig({
      DATA_DIR: dir,
      APP_MODE: mode,
      RATE_LIMIT: '0',
      LARGE_BODIES_PER_MINUTE: '0',
      LARGE_READS_PER_MINUTE: '0',
      PROJECTS_PER_HOUR: '0',
      PROJECTS_PER_DAY: '0',
      // a busy machine may print a large note past the 60 s default budget: not what these tests judge
      NOTE_TIME_S: '600',
      CALC_TIME_S: '600',
      // pages drawn by the server whatever the time a busy machine takes to draw them (its budget is a
      // share of a second); at most two at once still (tests/e2e/drawn-page.spec.ts)
      DRAW_PAGES_MS: '1000',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
      ADMIN_PASSWORD: 'e2e-admin-password',
      DIST_DIR: join(root, 'dist'),
      ...(mode === 'tank'
        ? { SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`, SALES_EMAIL: 'cuves@fabricant.example' }
        : {}),
    }),
  );
  await server.app.listen({ port, host: '127.0.0.1' });
  // as server/main.ts does: the code that draws stored projects' pages read once listening
  await server.warmPages();
  console.log(`e2e ${mode} server on ${port}`);
}

// The manufacturer's site (localhost:8099) framing the app behind an HTTPS proxy (port 8094, TRUST_PROXY:
// the test adds X-Forwarded-Proto as the proxy would).
const embedDir = join(base, 'embed');
mkdirSync(embedDir, { recursive: true });
const embedded = await buildServer(
  loadConfig({
    DATA_DIR: embedDir,
    APP_MODE: 'client',
    RATE_LIMIT: '0',
    LARGE_BODIES_PER_MINUTE: '0',
    LARGE_READS_PER_MINUTE: '0',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
    DIST_DIR: join(root, 'dist'),
    TRUST_PROXY: 'true',
    FRAME_ANCESTORS: HOST,
  }),
);
await embedded.app.listen({ port: PORTS.embedded, host: '127.0.0.1' });
createServer((_req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    '<!doctype html><html lang="fr"><title>Fabricant</title><h1>Notre calculateur</h1>' +
      `<iframe title="Calculateur" src="${EMBEDDED}/client/sl/calculator?iframe=yes" width="1200" height="900"></iframe></html>`,
  );
}).listen(PORTS.host, 'localhost');
console.log(`e2e embedded server on ${PORTS.embedded}, host site on ${PORTS.host}`);

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';
import { MigrationError } from './db/migrate';
import { bundlesOf, type ProductType } from './projects/products';
import { startFailure } from './startFailure';
import { nodeSupported, unsupportedNode } from './nodeSupport';

/**
 * The server's entry (npm start, through scripts/start.sh): checks the configuration, migrates, listens on
 * PORT. The web application is built beforehand (`npm run build`; scripts/start.sh does it on a
 * developer's machine); in production a missing build stops the start with what to run.
 */
async function main(): Promise<void> {
  if (!nodeSupported(process.version)) {
    console.error(unsupportedNode(process.version));
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  if (process.env.NODE_ENV === 'production' && !existsSync(join(config.distDir, 'index.html'))) {
    console.error(
      `No web application built in ${config.distDir}: run \`npm ci && npm run build\` once before the production install (README, "Deploy").`,
    );
    process.exit(1);
  }
  let server;
  try {
    server = await buildServer(config, { logger: true });
  } catch (e) {
    // One line, not a stack trace; the database named only when it is the database that failed.
    console.error(
      `Cannot start: ${startFailure(e, e instanceof MigrationError ? config.databaseUrl : null)}`,
    );
    process.exit(1);
  }
  // Said in the log, so that an operator sees a stop asked for apart from a crash.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    stopping = true;
    server.app.log.info(`${signal}: stopping, answers in flight get ${config.shutdownGraceS} s`);
    await server.close();
    server.app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Node's default for SIGHUP (a closed terminal; a log-rotation recipe's `kill -HUP`) ends the process at
  // once: no grace for the answers in flight, no line in the log, and systemd's Restart=on-failure does
  // not restart a service a SIGHUP ended. The log is stdout, with no file to reopen: a SIGHUP stops, as
  // SIGTERM does, and says so.
  process.on('SIGHUP', () => void stop('SIGHUP'));
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (e) {
    console.error(`Cannot start: ${startFailure(e, null)}`);
    await server.close();
    process.exit(1);
  }
  // the address users reach (PUBLIC_URL behind a proxy), else this machine's
  const address = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(`Roof rainwater calculators: ${address}/client/ (${server.dialect}, mode ${config.mode})`);
  // The first calculation should not wait for its worker to start, nor run its code cold. Once listening:
  // a start that fails (PORT in use) would otherwise log the workers it stopped as failed warm-ups.
  const served = bundlesOf(config.mode).map((b) => b.productType as ProductType);
  void server.calculations.warm({ products: served }).then((examples) => {
    // a stop during the warm-up ends its workers: the examples left then did not fail, they were not run
    if (stopping) return;
    for (const e of examples.filter((x) => !x.ok))
      server.app.log.warn(`warm-up: the example project of ${e.type} did not calculate`);
  });
  // The code that draws stored projects' pages, read now rather than while a first visitor's files wait.
  void server.warmPages();
  // Not an error (the outbox keeps every message), but in production nobody would read the mail.
  if (process.env.NODE_ENV === 'production' && !config.smtpUrl)
    server.app.log.warn(
      `SMTP_URL is not set: projects sent to ${config.salesEmail} wait in the outbox (npm run outbox)`,
    );
}

void main();

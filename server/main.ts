import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';

/** npm start: checks the configuration, builds the web app when it is missing, migrates, listens on PORT. */
async function main(): Promise<void> {
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
  if (!existsSync(join(config.distDir, 'index.html'))) {
    console.log('Building the web application (first start)…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const server = await buildServer(config, { logger: true });
  // The first calculation should not wait for its worker to start.
  server.calculations.warm();
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await server.app.listen({ port: config.port, host: config.host });
  console.log(
    `Roof rainwater calculators: http://localhost:${config.port}/client/ (${server.dialect}, mode ${config.mode})`,
  );
}

void main();

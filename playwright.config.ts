import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests run in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Where neither exists,
 * Playwright's own browser is used (`npx playwright install chromium` on a machine with internet).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = existsSync(chromium) ? chromium : undefined;
if (!executablePath && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
  console.warn(
    `No Chromium at ${chromium}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH, ` +
      'or let Playwright use its own browser (npx playwright install chromium).',
  );
}
const port = Number(process.env.E2E_PORT ?? 8091);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The real server (SQLite in a fresh folder) serving a fresh build, as `npm start` does.
  webServer: {
    command: `rm -rf test-results/e2e-data && npx vite build --logLevel warn && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/client/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'test-results/e2e-data',
      RATE_LIMIT: '0',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
      ADMIN_PASSWORD: 'e2e-admin-password',
    },
  },
});

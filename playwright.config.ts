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

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
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
  projects: [
    {
      name: 'client',
      use: { baseURL: 'http://127.0.0.1:8091' },
      testIgnore: /(canada|admin-mode|abattement-calculators|preview|variants|tank)\.spec\.ts/,
    },
    { name: 'canada', use: { baseURL: 'http://127.0.0.1:8092' }, testMatch: /canada\.spec\.ts/ },
    // the calculator kept with the tests (tests/fixtures/bundles/tank): a folder of JSON, no code
    { name: 'tank', use: { baseURL: 'http://127.0.0.1:8095' }, testMatch: /tank\.spec\.ts/ },
    {
      name: 'admin',
      use: { baseURL: 'http://127.0.0.1:8093' },
      testMatch: /(admin-mode|abattement-calculators|preview|variants)\.spec\.ts/,
    },
  ],
  // The real server on a fresh build, in client, canada and admin modes (tests/e2e/servers.ts).
  webServer: [
    {
      command: 'npx tsx tests/e2e/servers.ts',
      url: 'http://127.0.0.1:8091/client/',
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      // served by the same process as above; this entry only waits for it
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: 'http://127.0.0.1:8092/client/',
      reuseExistingServer: true,
      timeout: 180_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: 'http://127.0.0.1:8093/client/',
      reuseExistingServer: true,
      timeout: 180_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: 'http://127.0.0.1:8095/client/',
      reuseExistingServer: true,
      timeout: 180_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: 'http://localhost:8099/',
      reuseExistingServer: true,
      timeout: 180_000,
    },
  ],
});

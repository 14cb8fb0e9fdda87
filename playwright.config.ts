import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { ADMIN, CANADA, CLIENT, HOST, TANK } from './tests/e2e/ports';

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
  // a deadline for a failure to report: a journey through the wizard took past 90 s at load 40 on 2 cores
  timeout: 180_000,
  // A web-first assertion waits for its state; its deadline (5 s by default) only bounds how long a real
  // failure takes to report, and a busy machine overruns 5 s while a page's code or a calculation loads.
  expect: { timeout: 60_000 },
  workers: 1,
  // A failed test runs once more, and Playwright's summary names it "flaky" when the second run passes: on
  // this project's 2-core CI a run of 117 tests met one race in three of its last five runs, each a
  // different test (a drawn page taken over, a click during a navigation), a different one each time
  // (docs/QUALITY.md, fifteenth session). A real failure fails twice and stays red.
  retries: 1,
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
      use: { baseURL: CLIENT },
      testIgnore: /(canada|admin-mode|abattement-calculators|preview|variants|tank|routing)\.spec\.ts/,
    },
    { name: 'canada', use: { baseURL: CANADA }, testMatch: /canada\.spec\.ts/ },
    // the calculator kept with the tests (tests/fixtures/bundles/tank): a folder of JSON, no code
    { name: 'tank', use: { baseURL: TANK }, testMatch: /tank\.spec\.ts/ },
    {
      name: 'admin',
      use: { baseURL: ADMIN },
      testMatch: /(admin-mode|abattement-calculators|preview|variants|routing)\.spec\.ts/,
    },
  ],
  // The real server on a fresh build, in client, canada and admin modes (tests/e2e/servers.ts).
  webServer: [
    {
      command: 'npx tsx tests/e2e/servers.ts',
      url: `${CLIENT}/client/`,
      reuseExistingServer: false,
      timeout: 600_000,
    },
    {
      // served by the same process as above; this entry only waits for it
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: `${CANADA}/client/`,
      reuseExistingServer: true,
      timeout: 600_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: `${ADMIN}/client/`,
      reuseExistingServer: true,
      timeout: 600_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: `${TANK}/client/`,
      reuseExistingServer: true,
      timeout: 600_000,
    },
    {
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: `${HOST}/`,
      reuseExistingServer: true,
      timeout: 600_000,
    },
  ],
});

import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium against the real server (PGlite, outbox mail, demo
// payments) started on a spare port with a fresh data folder.
const PORT = Number(process.env.E2E_PORT ?? 5099);
const DATA_DIR = `test-results/e2e-data-${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  // A journey that signs up (argon2 hashing) and reads mail takes seconds alone; a loaded 2-core runner can take a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && node node_modules/tsx/dist/cli.mjs src/server/main.ts`,
    url: `http://localhost:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      // tests/support/browser.ts registers each account from an address of its own.
      TRUST_PROXY: 'loopback',
    },
  },
});

import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, the generator, the compile service, client components) and
// `integration` (*.int.test.ts: the HTTP API against real PGlite and PostgreSQL, prepared once per
// run by the global set-up). Client component tests opt in to happy-dom with
// `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most test files wait on TeX, PostgreSQL or child processes rather than the CPU, so three
    // run side by side on a 2-core machine.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          setupFiles: ['src/client/test-setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code. Client component tests opt in to happy-dom
// with a `// @vitest-environment happy-dom` comment.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

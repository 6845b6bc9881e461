import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/runtimes/**', 'node_modules/**'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});

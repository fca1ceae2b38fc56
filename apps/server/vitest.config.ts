import { defineConfig } from 'vitest/config';

// One database per worker, reused by every test file of that worker (isolate: false) and reset
// between files: creating a PGlite database costs seconds.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { hooks: 'stack' },
  },
});

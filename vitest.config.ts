import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside a React Server bundle; in unit tests it is inert.
      'server-only': fileURLToPath(new URL('./lib/server/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'lib/**/*.test.ts',
      'components/**/*.test.ts',
      'app/**/*.test.ts',
      'testing/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Every outside program the tests run (the tiny models, node-llama-cpp, promptfoo, the Python
    // venvs), made ready before the first test file.
    globalSetup: ['testing/prepare-outside-programs.ts'],
    // One test file per core, not Vitest's default of one fewer: many files wait on a child program
    // (Python, promptfoo, llama.cpp). On two cores the suite took 552 s with one worker, 367 s with two.
    maxWorkers: availableParallelism(),
    // A guard against a test that hangs, not a speed check (speed is measured in bench/): the
    // default 5 s failed a 400-run property test while the other core ran the e2e suite.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

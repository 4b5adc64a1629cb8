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
    // The tiny test models and llama.cpp's Node binding, made and installed once (testing/tiny-gguf).
    globalSetup: ['testing/prepare-local-model.ts'],
    // A guard against a test that hangs, not a speed check (speed is measured in bench/): the
    // default 5 s failed a 400-run property test while the other core ran the e2e suite.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

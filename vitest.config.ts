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
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'testing/**/*.test.ts'],
    environment: 'node',
  },
});

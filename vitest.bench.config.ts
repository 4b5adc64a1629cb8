import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run bench`: measuring scripts, kept out of `npm test`; they print figures.
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['bench/**/*.bench.ts'], environment: 'node', testTimeout: 120_000, fileParallelism: false },
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const zodWithoutLocales = require('./zod-without-locales.cjs') as (
  this: { resourcePath: string },
  source: string,
) => string;
const ENTRIES = ['node_modules/zod/v4/core/index.js', 'node_modules/zod/v4/classic/external.js'];

describe("zod's entries without their locales (the browser build's loader)", () => {
  it.each(ENTRIES)('%s: only the `export * as locales` line goes; every other export stays', (path) => {
    const source = readFileSync(path, 'utf8');
    const loaded = zodWithoutLocales.call({ resourcePath: path }, source);
    expect(loaded).not.toMatch(/locales/);
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    expect(lines(source).filter((line) => !lines(loaded).includes(line))).toEqual([
      'export * as locales from "../locales/index.js";',
    ]);
  });

  it('a zod release that words the line otherwise fails the build, naming the file', () => {
    expect(() => zodWithoutLocales.call({ resourcePath: 'zod/v4/core/index.js' }, 'export * from "./x.js";')).toThrow(
      /is not in zod\/v4\/core\/index\.js/,
    );
  });
});

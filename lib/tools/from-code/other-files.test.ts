import { describe, expect, it } from 'vitest';
import { OTHER_FILES_LIMITS, otherFilesProblem, PASTE_PATH, resolveOtherFile } from './other-files';

describe('which added file an import names', () => {
  const files = {
    'resources/templates.ts': '',
    'tools/index.js': '',
    'tools/echo.js': '',
    'a/util.js': '',
    'b/util.js': '',
  };
  it.each([
    ['../resources/templates.js', 'tools/echo.js', 'resources/templates.ts'],
    ['./echo.js', 'tools/index.js', 'tools/echo.js'],
    ['./tools', PASTE_PATH, 'tools/index.js'],
    ['./templates.js', PASTE_PATH, 'resources/templates.ts'],
    ['../a/util.js', 'tools/echo.js', 'a/util.js'],
    ['./util.js', PASTE_PATH, undefined],
    ['zod', PASTE_PATH, undefined],
    ['./missing.js', 'tools/echo.js', undefined],
    ['../../../../resources/templates.js', 'tools/echo.js', 'resources/templates.ts'],
  ])('%s from %s is %s', (specifier, from, expected) => {
    expect(resolveOtherFile(specifier, from, files)).toBe(expected);
  });

  it('a file the list does not own (a prototype key) is not a file', () => {
    expect(resolveOtherFile('./constructor', PASTE_PATH, {})).toBeUndefined();
  });
});

describe('the other files are bounded', () => {
  it('says how many is too many, and which file is too large', () => {
    const many = Object.fromEntries(Array.from({ length: OTHER_FILES_LIMITS.files + 1 }, (_, at) => [`f${at}.ts`, '']));
    expect(otherFilesProblem(many)).toBe(`At most 200 other files can be read with the code (201 were added).`);
    expect(otherFilesProblem({ 'big.ts': 'x'.repeat(OTHER_FILES_LIMITS.chars + 1) })).toBe(
      'The file big.ts is too large to read (500001 characters).',
    );
    const twelve = Object.fromEntries(Array.from({ length: 12 }, (_, at) => [`f${at}.ts`, 'x'.repeat(450_000)]));
    expect(otherFilesProblem(twelve)).toBe(
      'The other files are too large to read together (5400000 characters; at most 5000000).',
    );
    expect(otherFilesProblem({ 'small.ts': 'export {}' })).toBeUndefined();
  });
});

describe('files added with their folder', () => {
  it('an import of the paste finds the one file whose path ends with it', () => {
    const files = { 'my-server/src/resources/templates.ts': '', 'my-server/src/tools/echo.ts': '' };
    expect(resolveOtherFile('../resources/templates.js', PASTE_PATH, files)).toBe(
      'my-server/src/resources/templates.ts',
    );
    expect(resolveOtherFile('../resources/templates.js', 'my-server/src/tools/echo.ts', files)).toBe(
      'my-server/src/resources/templates.ts',
    );
  });
});

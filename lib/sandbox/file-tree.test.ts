import { describe, expect, it } from 'vitest';
import { buildFileTree } from './file-tree';

describe('buildFileTree', () => {
  it('lists directories before files at each level, each directory before what it holds', () => {
    const rows = buildFileTree({ 'z.txt': 'zz', 'src/b.js': 'b', 'src/lib/a.js': 'é', 'a.md': '' });
    expect(rows.map((row) => [row.path, row.depth, row.kind, row.sizeBytes])).toEqual([
      ['src', 0, 'directory', 0],
      ['src/lib', 1, 'directory', 0],
      ['src/lib/a.js', 2, 'file', 2],
      ['src/b.js', 1, 'file', 1],
      ['a.md', 0, 'file', 0],
      ['z.txt', 0, 'file', 2],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { refLoopOf } from './ref-loop';

describe('refLoopOf', () => {
  it('finds a definition that refers to itself', () => {
    expect(refLoopOf({ properties: { node: { $ref: '#/$defs/n' } }, $defs: { n: { $ref: '#/$defs/n' } } })).toEqual([
      '#/$defs/n',
      '#/$defs/n',
    ]);
  });

  it('finds two that refer to each other, and the root that refers to itself', () => {
    expect(refLoopOf({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } })).toEqual([
      '#/$defs/a',
      '#/$defs/b',
      '#/$defs/a',
    ]);
    expect(refLoopOf({ $ref: '#' })).toEqual(['#', '#']);
  });

  it('reads escaped and percent-encoded pointers', () => {
    expect(refLoopOf({ $defs: { 'c d': { $ref: '#/$defs/c%20d' } } })).toEqual(['#/$defs/c d', '#/$defs/c d']);
    expect(refLoopOf({ $defs: { 'a/b': { $ref: '#/$defs/a~1b' } } })).toEqual(['#/$defs/a~1b', '#/$defs/a~1b']);
  });

  it('passes recursion a value can end, references out of the document and ones that lead nowhere', () => {
    const tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/tree' } } } };
    expect(refLoopOf({ properties: { root: { $ref: '#/$defs/tree' } }, $defs: { tree } })).toBeUndefined();
    expect(refLoopOf({ $ref: 'https://example.com/schema.json' })).toBeUndefined();
    expect(refLoopOf({ $ref: '#/$defs/missing' })).toBeUndefined();
    expect(refLoopOf({ $ref: '#/%E0%A4%A' })).toBeUndefined();
  });

  it('is linear: a chain of 20,000 references, and 20,000 references to one definition', () => {
    const chain: Record<string, unknown> = {};
    for (let index = 0; index < 20_000; index++) chain[`d${index}`] = { $ref: `#/$defs/d${index + 1}` };
    chain.d20000 = { type: 'string' };
    expect(refLoopOf({ $defs: chain })).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`p${index}`, { $ref: '#/$defs/s' }]));
    expect(refLoopOf({ properties: many, $defs: { s: { type: 'string' } } })).toBeUndefined();
  });
});

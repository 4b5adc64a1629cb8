import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { evalCasesJsonSchema } from './eval-cases-json-schema';
import { readEvalCases, serializeEvalCases } from './read-eval-cases';

const CASE = {
  id: 'weather',
  prompt: 'Weather in Paris?',
  expect: { calls: [{ tool: 'get_weather', args: { city: { regex: '^Paris$' }, unit: 'celsius' } }], order: 'exact' },
};

describe('the eval case editor’s JSON Schema', () => {
  // Ajv (the JSON Schema validator Monaco's language service agrees with) is the consumer here.
  const validate = new Ajv({ strict: false }).compile(evalCasesJsonSchema());

  it('accepts what Export cases writes, and a bare array of cases', () => {
    const read = readEvalCases(JSON.stringify([CASE]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(validate(JSON.parse(serializeEvalCases(read.cases)))).toBe(true);
    expect(validate([CASE])).toBe(true);
  });

  it('refuses what Save refuses: a matcher of no known kind, a missing prompt, an unknown key', () => {
    for (const bad of [
      [{ ...CASE, expect: { calls: [{ tool: 'get_weather', args: { city: { like: 'Paris' } } }] } }],
      [{ id: 'x', expect: { calls: [] } }],
      [{ ...CASE, expected: {} }],
      { kind: 'tool-playground-eval-cases', version: 2, cases: [CASE] },
    ]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
      expect(readEvalCases(JSON.stringify(bad)).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('end-state and trajectory checks in the editor’s schema', () => {
  const validate = new Ajv({ strict: false }).compile(evalCasesJsonSchema());
  /** The docs/evals.md example, read from the page itself. */
  const documented = () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/evals.md'), 'utf8');
    const block = /## Trajectory[\s\S]*?```json\n([\s\S]*?)```/.exec(page)?.[1];
    if (!block) throw new Error('no example under "Trajectory" in docs/evals.md');
    return JSON.parse(block);
  };

  it('takes the documented example, as Save does', () => {
    expect(validate([documented()])).toBe(true);
    expect(readEvalCases(JSON.stringify([documented()])).ok).toBe(true);
  });

  it('refuses, as Save does, a check of no known kind, a path out of the workspace, a count below zero', () => {
    const base = documented();
    for (const expect_ of [
      { ...base.expect, files: [{ file: 'a.txt', startsWith: 'x' }] },
      { ...base.expect, files: [{ file: '../a.txt', exists: true }] },
      { ...base.expect, trajectory: [{ tool: 'bash', atMost: -1 }] },
      { ...base.expect, trajectory: [{ tool: 'bash', never: false }] },
    ]) {
      const bad = [{ ...base, expect: expect_ }];
      expect(validate(bad), JSON.stringify(expect_)).toBe(false);
      expect(readEvalCases(JSON.stringify(bad)).ok, JSON.stringify(expect_)).toBe(false);
    }
  });
});

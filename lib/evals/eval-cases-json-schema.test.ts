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

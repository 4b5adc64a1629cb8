import { describe, expect, it } from 'vitest';
import { evalCaseSchema } from '../shapes/eval-case';
import { countCaseChecks, countVerdicts, runVerdict } from './run-verdict';

describe('run verdicts', () => {
  it('an error wins over everything; a run no check graded is not checked; else passed or failed', () => {
    expect(runVerdict({ pass: false, error: 'No key.' })).toBe('error');
    expect(runVerdict({ pass: false, error: 'No key.', notChecked: true })).toBe('error');
    expect(runVerdict({ pass: false, notChecked: true })).toBe('not-checked');
    expect(runVerdict({ pass: true })).toBe('passed');
    expect(runVerdict({ pass: false })).toBe('failed');
    expect(countVerdicts([{ pass: true }, { pass: false }, { pass: false, error: 'x' }])).toEqual({
      passed: 1,
      failed: 1,
      error: 1,
      'not-checked': 0,
    });
  });

  it("counts a case's checks: with every check left out and the schema check off, none", () => {
    const of = (expect: unknown) => countCaseChecks(evalCaseSchema.parse({ id: 'c', prompt: 'p', expect }));
    expect(of({ validCalls: false })).toBe(0);
    expect(of({})).toBe(1);
    expect(of({ validCalls: false, noTool: true })).toBe(1);
    expect(
      of({
        calls: [
          { tool: 'a', args: {} },
          { tool: 'b', args: {} },
        ],
      }),
    ).toBe(3);
    expect(of({ validCalls: false, output: [{ contains: 'x' }], trajectory: [{ tool: 'a', never: true }] })).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { RunVerdict } from '../evals/run-verdict';
import type { ToolSpec } from '../shapes/tool-spec';
import { measureRewrites, runsToMeasure } from './measure-rewrites';

const tool: ToolSpec = { name: 'lookup', description: 'Looks.', inputSchema: { type: 'object', properties: {} } };
const rewrites = [
  { description: 'Looks up a word.', parameters: {} },
  { description: 'Broken.', parameters: {} },
];

describe('measuring the current description and each rewrite on the held-out cases', () => {
  it('runs each variant on each case and repeat; errors and unchecked runs stay out of the pass rate', async () => {
    const seen: string[] = [];
    const run = async (variant: ToolSpec, testCase: string, repeat: number): Promise<RunVerdict> => {
      seen.push(`${variant.description}|${testCase}|${repeat}`);
      if (variant.description === 'Broken.') return repeat === 0 ? 'error' : 'not-checked';
      if (variant.description === 'Looks up a word.') return 'passed';
      return testCase === 'a' ? 'passed' : 'failed';
    };
    const progress: number[] = [];
    const measured = await measureRewrites({
      tool,
      rewrites,
      heldOut: ['a', 'b'],
      repeats: 2,
      run,
      signal: new AbortController().signal,
      onRun: (done, of) => progress.push(of - done),
    });
    expect(seen).toHaveLength(runsToMeasure(2, 2, 2));
    expect(progress.at(-1)).toBe(0);
    expect(measured.current.passes).toEqual({ count: 2, n: 4 });
    expect(measured.rewrites[0].passes).toEqual({ count: 4, n: 4 });
    expect(measured.rewrites[1]).toEqual({
      verdicts: { passed: 0, failed: 0, error: 2, 'not-checked': 2 },
      passes: { count: 0, n: 0 },
    });
  });

  it('Stop ends it between runs, with every variant measured on the same cases', async () => {
    const stop = new AbortController();
    let runs = 0;
    const measuring = measureRewrites({
      tool,
      rewrites,
      heldOut: ['a', 'b', 'c'],
      repeats: 1,
      run: async () => {
        runs += 1;
        if (runs === 3) stop.abort(new Error('stopped'));
        return 'passed';
      },
      signal: stop.signal,
    });
    await expect(measuring).rejects.toThrow('stopped');
    expect(runs).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/testing/parse-csv';
import { createSessionStore } from '../session/session-store';
import { evalCaseSchema } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import {
  cellPassHat,
  cellPassHatAll,
  cellSummary,
  evalCells,
  evalColumns,
  evalResultsCsv,
  isFlaky,
} from './eval-results';
import { passHatK } from './sampling/pass-at-k';
import { estimateCost } from './model-prices';

const run = (caseId: string, variantId: string, pass: boolean, message?: string): EvalRun => ({
  caseId,
  variantId,
  configId: 'c',
  repeat: 0,
  pass,
  failures: message ? [{ kind: 'value-mismatch', message }] : [],
  ms: 10,
  inputTokens: 100,
  outputTokens: 10,
  messages: [],
});

describe('eval results', () => {
  const variants = [
    { id: 'v1', name: 'v1', tools: [] },
    { id: 'v2', name: 'v2 =formula', tools: [] },
  ];
  const columns = evalColumns(variants, [{ id: 'c', name: 'simulated', settings: { provider: 'simulated' as const } }]);
  const cases = [evalCaseSchema.parse({ id: 'a', prompt: 'p', expect: { noTool: true } })];
  const cells = evalCells([
    run('a', 'v1', true),
    { ...run('a', 'v1', false, 'get_weather: "city" is "Lyon", expected "Paris".'), repeat: 1 },
    run('a', 'v2', false, '=HYPERLINK("http://evil")'),
  ]);

  it('cells count passes and gather distinct reasons', () => {
    expect(cells.get('a|v1|c')).toMatchObject({
      passed: 1,
      reasons: ['get_weather: "city" is "Lyon", expected "Paris".'],
      ms: 20,
    });
    expect(columns.map((column) => column.label)).toEqual(['v1', 'v2 =formula']);
  });

  it('CSV: quoted per RFC 4180, formulas defused, read back the same', () => {
    const csv = evalResultsCsv(cases, columns, cells);
    expect(csv).toContain(`"get_weather: ""city"" is ""Lyon"", expected ""Paris""."`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    // Read with ; as the separator, no cell may start a formula either.
    for (const field of ['x;=cmd|calc', ' =1+1', 'a\t-2', 'ok']) {
      const line = evalResultsCsv([{ ...cases[0], id: field }], columns, cells).split('\n')[1];
      const cellsBySemicolon = line.match(/("([^"]|"")*"|[^;]*)/g) ?? [];
      expect(
        cellsBySemicolon.every((cell) => !/^\s*[=+\-@]/.test(cell)),
        `${field} → ${line}`,
      ).toBe(true);
      expect(parseCsv(line)[0][0]).toBe(/^\s*[=+\-@]/.test(field) ? `'${field}` : field);
    }
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'a',
      'v1',
      'simulated',
      '1',
      '1',
      '0',
      '0',
      '2',
      '1: 0.500 · 2: 0.000',
      'flaky',
      '10',
      '200',
      '20',
      'get_weather: "city" is "Lyon", expected "Paris".',
    ]);
    expect(rows[2][13]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[2][9]).toBe('');
  });

  it("pass^k of a cell run with repeats is the step samples' estimator, k = 1…runs", () => {
    const repeats = [true, false, true, true, false].map((pass, repeat) => ({ ...run('a', 'v1', pass), repeat }));
    const cell = evalCells(repeats).get('a|v1|c');
    expect(cellPassHat(cell)).toEqual([1, 2, 3, 4, 5].map((k) => ({ k, value: passHatK(5, 3, k) })));
    expect(cellPassHat(cell).map(({ value }) => Number(value.toFixed(6)))).toEqual([0.6, 0.3, 0.1, 0, 0]);
    expect(cellPassHat(evalCells([run('b', 'v1', true)]).get('b|v1|c'))).toEqual([]);
  });

  it('an error (the model could not be asked) and a run no check graded are neither passes nor failures', () => {
    const error = { ...run('e', 'v1', false), error: 'No API key for OpenAI.' };
    const unchecked = { ...run('e', 'v1', false), notChecked: true, repeat: 1 };
    const only = (...runs: EvalRun[]) => evalCells(runs).get('e|v1|c')!;
    expect(cellSummary(only(error))).toBe('error');
    expect(cellSummary(only(unchecked))).toBe('not checked');
    expect(cellSummary(only(error, unchecked))).toBe('1 error, 1 not checked');
    const mixed = only(error, { ...run('e', 'v1', true), repeat: 2 }, { ...run('e', 'v1', false), repeat: 3 });
    expect(cellSummary(mixed)).toBe('1/2 flaky · 1 error');
    expect(mixed.counts).toEqual({ passed: 1, failed: 1, error: 1, 'not-checked': 0 });
    // pass^k is over the graded runs: an error does not make "every time" fail.
    expect(cellPassHat(only(error, run('e', 'v1', true), { ...run('e', 'v1', true), repeat: 2 }))).toEqual([
      { k: 1, value: 1 },
      { k: 2, value: 1 },
    ]);
    expect(isFlaky(only(error, run('e', 'v1', true)))).toBe(false);
    expect(only(error).reasons).toEqual(['Error: No API key for OpenAI.']);
    expect(only(unchecked).reasons).toEqual(['Not checked: no check of this case ran.']);
  });

  it('cost: list prices by model prefix, the simulated model free, unknown models unknown', () => {
    expect(estimateCost('openai', 'gpt-4.1-mini-2025-04-14', 1_000_000, 1_000_000)).toBeCloseTo(2);
    expect(estimateCost('openai', 'gpt-4.1', 1_000_000, 0)).toBe(2);
    expect(estimateCost('simulated', 'simulated', 5, 5)).toBe(0);
    expect(estimateCost('openai-compatible', 'llama3.2', 5, 5)).toBeUndefined();
  });
});

describe('the session keeps its evals', () => {
  it('variants snapshot the tool list; configurations; options; runs cleared by a new grid; read-only refuses', () => {
    const store = createSessionStore();
    const saved = store.getState().saveEvalVariant('before');
    if (!saved.ok) throw new Error(saved.message);
    const { id } = saved;
    store.getState().setToolEnabled(store.getState().tools[0].id, false);
    expect(store.getState().evals.variants.find((variant) => variant.id === id)?.tools[0].enabled).toBe(true);
    store
      .getState()
      .addEvalConfig({ name: 'scripted', settings: { provider: 'simulated', model: 'simulated-scripted' } });
    store.getState().setEvalOptions({ repeats: 3 });
    store.getState().addEvalRun(run('a', id, true));
    expect(store.getState().evals).toMatchObject({
      repeats: 3,
      configs: [{ name: 'scripted' }],
      runs: [{ caseId: 'a' }],
    });
    store.getState().clearEvalRuns();
    expect(store.getState().evals.runs).toEqual([]);
    store.setState({ readOnly: true });
    store.getState().setEvalCases([]);
    store.getState().removeEvalVariant(id);
    expect(store.getState().evals.variants).toHaveLength(1);
  });

  it('a cell whose runs disagree is flaky; pass^k for k = its runs says how often all of them pass', () => {
    const cellOf = (passes: boolean[]) =>
      evalCells(passes.map((pass, repeat) => ({ ...run('a', 'v1', pass), repeat }))).get('a|v1|c');
    expect(
      [[true], [false], [true, true], [false, false], [true, false, true]].map((passes) => isFlaky(cellOf(passes))),
    ).toEqual([false, false, false, false, true]);
    expect(isFlaky(undefined)).toBe(false);
    expect(cellPassHatAll(cellOf([true]))).toBeUndefined();
    expect(cellPassHatAll(cellOf([true, true, true]))).toBe(1);
    expect(cellPassHatAll(cellOf([true, false, true, true]))).toBe(0);
  });
});

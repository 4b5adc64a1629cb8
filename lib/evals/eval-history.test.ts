import { describe, expect, it } from 'vitest';
import { parseSessionFile, pickSessionData, serializeSessionFile } from '../session/session-file';
import { createSessionStore } from '../session/session-store';
import type { EvalRun } from '../shapes/eval-run';
import { SESSION_LIMITS } from '../shapes/session-limits';
import { compareGrids, summarizeGrid, verdictOf } from './eval-history';

const run = (caseId: string, pass: boolean, repeat = 0): EvalRun => ({
  caseId,
  variantId: 'current',
  configId: 'current',
  repeat,
  pass,
  failures: pass ? [] : [{ kind: 'missing-call', message: `Expected a call to ${caseId}; there was none.` }],
  ms: 5,
  inputTokens: 10,
  outputTokens: 2,
  messages: [{ id: `m-${caseId}-${repeat}`, role: 'user', parts: [{ type: 'text', text: caseId }] }],
});
const cell = (passed: number, runs: number) => ({
  caseId: 'c',
  variantId: 'v',
  configId: 'k',
  column: 'Current tools',
  passed,
  runs,
  reasons: [],
});

describe('run-vs-run', () => {
  it.each([
    [cell(1, 1), cell(0, 1), 'broke'],
    [cell(3, 3), cell(0, 3), 'broke'],
    [cell(0, 1), cell(1, 1), 'fixed'],
    [cell(1, 3), cell(3, 3), 'fixed'],
    [cell(0, 1), cell(0, 1), 'still failing'],
    [cell(2, 3), cell(0, 3), 'still failing'],
    [cell(1, 1), cell(1, 1), 'still passing'],
    [cell(3, 3), cell(2, 3), 'flaky'],
    [cell(0, 3), cell(1, 3), 'flaky'],
    [undefined, cell(1, 1), 'new'],
    [cell(1, 1), undefined, 'gone'],
  ] as const)('%j → %j: %s', (before, after, verdict) => {
    expect(verdictOf(before, after)).toBe(verdict);
  });

  it('summarises a grid per cell, and compares two with what changed first', () => {
    const name = () => 'Current tools';
    const first = summarizeGrid([run('a', true), run('b', true), run('c', false), run('d', true)], name);
    expect(first[2]).toEqual({
      caseId: 'c',
      variantId: 'current',
      configId: 'current',
      column: 'Current tools',
      passed: 0,
      runs: 1,
      reasons: ['Expected a call to c; there was none.'],
    });
    const second = summarizeGrid([run('a', true), run('b', false), run('c', true), run('e', false)], name);
    expect(compareGrids(first, second).map((row) => [row.caseId, row.verdict])).toEqual([
      ['b', 'broke'],
      ['c', 'fixed'],
      ['a', 'still passing'],
      ['e', 'new'],
      ['d', 'gone'],
    ]);
  });
});

describe('the grids a session keeps', () => {
  const grid = (store: ReturnType<typeof createSessionStore>, runs: EvalRun[]) => {
    store.getState().clearEvalRuns();
    for (const each of runs) store.getState().addEvalRun(each);
    store.getState().recordEvalGrid({
      at: '2026-11-26T10:00:00.000Z',
      mode: 'first-step',
      repeats: 1,
      stopped: false,
      cells: summarizeGrid(store.getState().evals.runs, () => 'Current tools'),
    });
  };

  it('keeps the last 20; the runs of the newest three (the last as `runs`), the cells of all', () => {
    const store = createSessionStore();
    for (let n = 0; n < 25; n++) grid(store, [run(`case-${n}`, n % 2 === 0)]);
    const { history, runs } = store.getState().evals;
    expect(history).toHaveLength(SESSION_LIMITS.evalHistory);
    expect(history?.map((record) => record.number)).toEqual(Array.from({ length: 20 }, (_, index) => index + 6));
    expect(history?.map((record) => record.runs !== undefined)).toEqual([...Array(17).fill(false), true, true, false]);
    expect(history?.at(-2)?.runs?.[0].caseId).toBe('case-23');
    expect(runs.map((each) => each.caseId)).toEqual(['case-24']);
    expect(history?.every((record) => record.cells.length === 1)).toBe(true);
  });

  it('travels in a session file and is read back the same', async () => {
    const store = createSessionStore();
    grid(store, [run('a', true)]);
    grid(store, [run('a', false)]);
    const read = await parseSessionFile(serializeSessionFile(store.getState()));
    if (!read.ok) throw new Error(read.message);
    expect(read.session.evals.history).toEqual(pickSessionData(store.getState()).evals.history);
    expect(compareGrids(read.session.evals.history![0].cells, read.session.evals.history![1].cells)[0].verdict).toBe(
      'broke',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { gridJobs, runEvalGrid } from './eval-grid';
import type { EvalJob, EvalRun } from '../shapes/eval-run';

const finished = (job: EvalJob, pass = true): EvalRun => ({
  ...job,
  pass,
  failures: [],
  ms: 1,
  inputTokens: 10,
  outputTokens: 2,
  messages: [],
});

describe('the eval grid', () => {
  it('makes every case × variant × configuration × repeat, case by case', () => {
    const jobs = gridJobs(['a', 'b'], ['v1', 'v2'], ['c1'], 2);
    expect(jobs).toHaveLength(8);
    expect(jobs.slice(0, 3)).toEqual([
      { caseId: 'a', variantId: 'v1', configId: 'c1', repeat: 0 },
      { caseId: 'a', variantId: 'v1', configId: 'c1', repeat: 1 },
      { caseId: 'a', variantId: 'v2', configId: 'c1', repeat: 0 },
    ]);
  });

  it('runs at most `concurrency` at a time, reports each run, and records a run that throws as failed', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const { runs, stopped } = await runEvalGrid({
      jobs: gridJobs(['a', 'b', 'c'], ['v'], ['c'], 3),
      concurrency: 2,
      runOne: async (job) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (job.caseId === 'b' && job.repeat === 1) throw new Error('the provider answered 500');
        return finished(job);
      },
      onRun: (_run, done) => seen.push(done),
    });
    expect(stopped).toBe(false);
    expect(most).toBe(2);
    expect(runs).toHaveLength(9);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const failed = runs.find((run) => !run.pass);
    expect(failed).toMatchObject({ caseId: 'b', repeat: 1, error: 'the provider answered 500', failures: [] });
  });

  it('Stop mid-grid starts no more runs and drops the ones it cut short', async () => {
    const stop = new AbortController();
    const started: string[] = [];
    const result = await runEvalGrid({
      jobs: gridJobs(['a', 'b', 'c', 'd'], ['v'], ['c'], 1),
      concurrency: 1,
      signal: stop.signal,
      runOne: (job, signal) =>
        new Promise((resolve, reject) => {
          started.push(job.caseId);
          if (job.caseId === 'b') {
            stop.abort();
            if (signal.aborted) reject(new Error('aborted'));
            return;
          }
          resolve(finished(job));
        }),
    });
    expect(result.stopped).toBe(true);
    expect(started).toEqual(['a', 'b']);
    expect(result.runs.map((run) => run.caseId)).toEqual(['a']);
  });
});

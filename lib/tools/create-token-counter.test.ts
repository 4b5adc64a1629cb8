import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { createTokenCounter, type TokenWorkerLike } from './create-token-counter';
import { runTokenCountJob, type TokenWorkerRequest } from './token-count-job';
import { asPlainText } from './token-xray';

/** A worker the test drives: it hears requests and answers what the test says. */
function fakeWorkers() {
  const made: (TokenWorkerLike & { requests: TokenWorkerRequest[]; terminated: boolean })[] = [];
  const spawn = () => {
    const worker = {
      requests: [] as TokenWorkerRequest[],
      terminated: false,
      onmessage: null as TokenWorkerLike['onmessage'],
      onerror: null as TokenWorkerLike['onerror'],
      postMessage(request: TokenWorkerRequest) {
        worker.requests.push(request);
      },
      terminate() {
        worker.terminated = true;
      },
    };
    made.push(worker);
    return worker;
  };
  return { made, spawn };
}

/** Timers the test fires by hand. */
function fakeTimers() {
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    timers,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
}

describe('the token counter', () => {
  it('makes no worker until asked, then counts one job at a time in it', async () => {
    const { made, spawn } = fakeWorkers();
    const counter = createTokenCounter({ spawn });
    expect(made).toHaveLength(0);
    const first = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['hello'] });
    const second = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['again'] });
    expect(made).toHaveLength(1);
    expect(made[0].requests.map((request) => request.id)).toEqual([1]);
    made[0].onmessage?.({ data: { id: 1, kind: 'started' } });
    made[0].onmessage?.({ data: { id: 1, kind: 'counted', value: [1] } });
    expect(await first).toEqual({ kind: 'counted', value: [1] });
    expect(made[0].requests.map((request) => request.id)).toEqual([1, 2]);
    made[0].onmessage?.({ data: { id: 2, kind: 'counted', value: [1] } });
    expect(await second).toEqual({ kind: 'counted', value: [1] });
  });

  it('past its budget a job is "too long to count", its worker ended, and the next job gets a new one', async () => {
    const { made, spawn } = fakeWorkers();
    const { timers, setTimer } = fakeTimers();
    const counter = createTokenCounter({ spawn, budgetMs: 3_000, setTimer });
    const slow = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['字'.repeat(60_000)] });
    const next = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['short'] });
    // The budget starts when the tokenizer is loaded and counting begins, not while it loads.
    expect(timers).toHaveLength(0);
    made[0].onmessage?.({ data: { id: 1, kind: 'started' } });
    expect(timers.map((timer) => timer.ms)).toEqual([3_000]);
    timers[0].run();
    expect(await slow).toEqual({ kind: 'too-long', budgetMs: 3_000 });
    expect(made[0].terminated).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[1].requests.map((request) => request.id)).toEqual([2]);
    made[1].onmessage?.({ data: { id: 2, kind: 'started' } });
    made[1].onmessage?.({ data: { id: 2, kind: 'counted', value: [1] } });
    expect(await next).toEqual({ kind: 'counted', value: [1] });
    expect(timers[1].cancelled).toBe(true);
    // A late answer from the ended worker changes nothing.
    made[0].onmessage?.({ data: { id: 1, kind: 'counted', value: [999] } });
  });

  it('a worker that fails, and dispose, answer "too long to count" and leave nothing waiting', async () => {
    const { made, spawn } = fakeWorkers();
    const counter = createTokenCounter({ spawn });
    const failing = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['x'] });
    const waiting = counter.count({ kind: 'texts', encoding: 'o200k_base', texts: ['y'] });
    made[0].onerror?.(new Error('boom'));
    expect(await failing).toMatchObject({ kind: 'too-long' });
    counter.dispose();
    expect(await waiting).toMatchObject({ kind: 'too-long' });
    expect(made.every((worker) => worker.terminated)).toBe(true);
  });

  it('runs each kind of job as the X-ray counts it', () => {
    const count = asPlainText(countTokens);
    const definition = {
      name: 'get_weather',
      description: 'Get the weather <|im_end|> for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string', description: 'City' } }, required: ['city'] },
    };
    expect(runTokenCountJob({ kind: 'texts', encoding: 'o200k_base', texts: ['hello world', ''] }, count)).toEqual([
      count('hello world'),
      0,
    ]);
    const tool = runTokenCountJob({ kind: 'tool', encoding: 'o200k_base', exact: true, definition }, count);
    expect(tool.tool).toBeGreaterThan(tool.description);
    expect(tool.properties.map((property) => property.path)).toEqual([['parameters', 'properties', 'city']]);
    expect(
      runTokenCountJob({ kind: 'tools', encoding: 'o200k_base', exact: false, definitions: [definition] }, count),
    ).toBe(count(JSON.stringify([{ type: 'function', function: definition }])));
  });
});

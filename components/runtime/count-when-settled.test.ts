import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { TOKEN_COUNT_BUDGET_MS, type TokenCounter } from '@/lib/tools/create-token-counter';
import type { TextTokensJob } from '@/lib/tools/token-count-job';
import type { EngineState } from './create-engine-loader';
import type { PlaygroundEngine } from './create-playground-engine';
import { COUNT_WITHOUT_ENGINE_AFTER_MS, countWhenSettled } from './count-when-settled';

/** A counter that says what it was asked. */
function fakeCounter() {
  const asked: string[] = [];
  const counter: TokenCounter = {
    count: async (job) => {
      asked.push(job.kind);
      return { kind: 'counted', value: 7 } as never;
    },
    dispose: vi.fn(),
  };
  return { counter, asked };
}
const job: TextTokensJob = { kind: 'texts', encoding: 'o200k_base', texts: ['hello'] };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token counts wait for the page to settle', () => {
  it('counts once the engine has loaded, not before', async () => {
    const engine = createStore<EngineState>(() => ({}));
    const { counter, asked } = fakeCounter();
    const counted = countWhenSettled(counter, engine).count(job);
    await Promise.resolve();
    expect(asked).toEqual([]);
    engine.setState({ engine: {} as PlaygroundEngine });
    await expect(counted).resolves.toEqual({ kind: 'counted', value: 7 });
    expect(asked).toEqual(['texts']);
  });

  it('counts at once when the engine is already there', async () => {
    const engine = createStore<EngineState>(() => ({ engine: {} as PlaygroundEngine }));
    const { counter, asked } = fakeCounter();
    await countWhenSettled(counter, engine).count(job);
    expect(asked).toEqual(['texts']);
  });

  it('a page that loads no engine (a link’s viewer) counts after a while, once idle', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout: globalThis.setTimeout });
    const engine = createStore<EngineState>(() => ({}));
    const { counter, asked } = fakeCounter();
    const counting = countWhenSettled(counter, engine);
    const counted = counting.count(job);
    await vi.advanceTimersByTimeAsync(COUNT_WITHOUT_ENGINE_AFTER_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await counted;
    // Later counts do not wait again.
    await counting.count(job);
    expect(asked).toEqual(['texts', 'texts']);
  });

  it('ended before the page settled: the waiting count is "too long to count" and nothing is counted', async () => {
    const engine = createStore<EngineState>(() => ({}));
    const { counter, asked } = fakeCounter();
    const counting = countWhenSettled(counter, engine);
    const counted = counting.count(job);
    counting.dispose();
    engine.setState({ engine: {} as PlaygroundEngine });
    await expect(counted).resolves.toEqual({ kind: 'too-long', budgetMs: TOKEN_COUNT_BUDGET_MS });
    expect(asked).toEqual([]);
    expect(counter.dispose).toHaveBeenCalledTimes(1);
  });
});

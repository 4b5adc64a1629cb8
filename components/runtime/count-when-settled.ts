import type { StoreApi } from 'zustand/vanilla';
import { TOKEN_COUNT_BUDGET_MS, type TokenCounter } from '@/lib/tools/create-token-counter';
import { afterIdle } from '../ui/after-idle';
import type { EngineState } from './create-engine-loader';

/** How long a page that loads no engine (a link's viewer, until it reaches for one) waits before counting, in ms. */
export const COUNT_WITHOUT_ENGINE_AFTER_MS = 3_000;

/** Resolves once the engine has loaded, or — a page that loads none — once it has been idle after a while. */
function settled(engine: StoreApi<EngineState>): Promise<void> {
  return new Promise((resolve) => {
    if (engine.getState().engine) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = engine.subscribe((state) => {
      if (state.engine) done();
    });
    timer = setTimeout(() => void afterIdle().then(done), COUNT_WITHOUT_ENGINE_AFTER_MS);
  });
}

/**
 * The token counter, counting once the page has settled (the engine loaded): its worker loads a
 * tokenizer of 2 MB, and parsing it while the page starts took a core from the page's own start
 * (docs/decisions/first-load.md). A count asked for before then waits; the tools show their
 * figures a moment later. Ended before then (the playground unmounted), a waiting count is
 * answered "too long to count", as the counter answers what it was still counting, and no worker
 * is made.
 */
export function countWhenSettled(counter: TokenCounter, engine: StoreApi<EngineState>): TokenCounter {
  let waiting: Promise<void> | undefined;
  let ended = false;
  return {
    count: async (job) => {
      waiting ??= settled(engine);
      await waiting;
      if (ended) return { kind: 'too-long', budgetMs: TOKEN_COUNT_BUDGET_MS };
      return counter.count(job);
    },
    dispose: () => {
      ended = true;
      counter.dispose();
    },
  };
}

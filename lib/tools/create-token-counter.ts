import type {
  TokenCountJob,
  TokenCountResult,
  TokenCountValue,
  TokenWorkerAnswer,
  TokenWorkerRequest,
} from './token-count-job';

/** The part of a Web Worker the counter uses (a fake one in tests). */
export type TokenWorkerLike = {
  postMessage(request: TokenWorkerRequest): void;
  terminate(): void;
  onmessage: ((event: { data: TokenWorkerAnswer }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type TokenCounter = {
  /** Counts off the page's thread; "too long to count" when the worker runs past the budget. */
  count<Job extends TokenCountJob>(job: Job): Promise<TokenCountResult<TokenCountValue<Job>>>;
  /** Ends the worker and answers every job still waiting "too long to count". */
  dispose(): void;
};

/** How long one job may count once its tokenizer is loaded (ordinary tools take milliseconds). */
export const TOKEN_COUNT_BUDGET_MS = 3_000;

type Waiting = { id: number; job: TokenCountJob; settle: (result: TokenCountResult<unknown>) => void };

/**
 * Counts tokens in a worker, one job at a time, each within `budgetMs` from the moment the
 * worker starts it: a job past its budget is answered "too long to count" and its worker is
 * ended — the only way to stop a tokenizer mid-count — and the next job gets a new one. The
 * worker is made on the first job, so a page that never counts never loads a tokenizer.
 */
export function createTokenCounter({
  spawn,
  budgetMs = TOKEN_COUNT_BUDGET_MS,
  setTimer = (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
}: {
  spawn: () => TokenWorkerLike;
  budgetMs?: number;
  /** Starts a timer; returns its cancel (a fake clock in tests). */
  setTimer?: (run: () => void, ms: number) => () => void;
}): TokenCounter {
  let worker: TokenWorkerLike | undefined;
  let nextId = 1;
  const queue: Waiting[] = [];
  let current: (Waiting & { cancelTimer?: () => void }) | undefined;

  const endWorker = () => {
    worker?.terminate();
    worker = undefined;
  };
  const finish = (result: TokenCountResult<unknown>) => {
    const done = current;
    current = undefined;
    done?.cancelTimer?.();
    done?.settle(result);
    pump();
  };
  const hear = (answer: TokenWorkerAnswer) => {
    if (!current || answer.id !== current.id) return;
    if (answer.kind === 'started') {
      const started = current;
      started.cancelTimer = setTimer(() => {
        if (current !== started) return;
        endWorker();
        finish({ kind: 'too-long', budgetMs });
      }, budgetMs);
      return;
    }
    // A tokenizer that failed (it never does on text) is said as "too long to count" rather than a wrong figure.
    finish(answer.kind === 'counted' ? { kind: 'counted', value: answer.value } : { kind: 'too-long', budgetMs });
  };
  const pump = () => {
    if (current || queue.length === 0) return;
    current = queue.shift();
    if (!worker) {
      const made = spawn();
      made.onmessage = (event) => hear(event.data);
      made.onerror = () => {
        if (worker !== made) return;
        endWorker();
        finish({ kind: 'too-long', budgetMs });
      };
      worker = made;
    }
    worker.postMessage({ id: current!.id, job: current!.job });
  };

  return {
    count<Job extends TokenCountJob>(job: Job) {
      return new Promise<TokenCountResult<TokenCountValue<Job>>>((resolve) => {
        queue.push({ id: nextId++, job, settle: resolve as (result: TokenCountResult<unknown>) => void });
        pump();
      });
    },
    dispose() {
      endWorker();
      const waiting = [...(current ? [current] : []), ...queue.splice(0)];
      current = undefined;
      for (const each of waiting) {
        (each as { cancelTimer?: () => void }).cancelTimer?.();
        each.settle({ kind: 'too-long', budgetMs });
      }
    },
  };
}

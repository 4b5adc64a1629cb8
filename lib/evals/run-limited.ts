/**
 * Runs `runOne` over the jobs, at most `concurrency` at a time, each result reported as it ends
 * (with how many are done of how many). Stop (the signal) starts no more jobs and drops the
 * results of the ones it cut short. `runOne` answers every job — a failure is a result too.
 * The eval grid and `Sample this step` both run through it (their concurrency is the session's).
 */
export async function runLimited<Job, Result>({
  jobs,
  concurrency,
  runOne,
  signal,
  onResult,
}: {
  jobs: readonly Job[];
  concurrency: number;
  runOne: (job: Job, signal: AbortSignal) => Promise<Result>;
  signal?: AbortSignal;
  onResult?: (result: Result, done: number, total: number) => void;
}): Promise<{ results: Result[]; stopped: boolean }> {
  const results: Result[] = [];
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop.abort();
  let next = 0;
  const worker = async () => {
    while (!stop.signal.aborted && next < jobs.length) {
      const result = await runOne(jobs[next++], stop.signal);
      if (stop.signal.aborted) return;
      results.push(result);
      onResult?.(result, results.length, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
  signal?.removeEventListener('abort', onAbort);
  return { results, stopped: stop.signal.aborted };
}

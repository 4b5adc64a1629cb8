import type { CasesFileRead } from '@/lib/evals/read-cases-file';
import { createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';

/** How long a cases file may take to read before its worker is ended. */
export const CASES_READ_BUDGET_MS = 15_000;

/**
 * Reads a file given to `Import cases…` in a worker of its own, within a time budget: past it the
 * worker is ended and the file is refused with a sentence (the page never waits on it). Where no
 * worker can run, on the page's thread — the same reader either way.
 */
export async function readCasesInWorker(text: string, budgetMs = CASES_READ_BUDGET_MS): Promise<CasesFileRead> {
  let worker: WorkerLike<string, CasesFileRead> | undefined;
  const call = createWorkerCalls<string, CasesFileRead>(() => {
    worker = new Worker(new URL('./cases-reader.worker.ts', import.meta.url), {
      type: 'module',
      name: 'cases-reader',
    }) as unknown as WorkerLike<string, CasesFileRead>;
    return worker;
  }, 'The cases-reader worker did not load.');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<CasesFileRead>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          kind: 'cases',
          read: {
            ok: false,
            message: `The file took longer than ${budgetMs / 1000} s to read and was left alone: is it a cases file or a promptfoo config of ordinary size?`,
          },
        }),
      budgetMs,
    );
  });
  try {
    return await Promise.race([
      call(text).catch(async () => (await import('@/lib/evals/read-cases-file')).readCasesFile(text)),
      late,
    ]);
  } finally {
    clearTimeout(timer);
    worker?.terminate();
  }
}

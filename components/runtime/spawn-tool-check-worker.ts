import { type CallWorker, createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import type { SourceCheck } from '@/lib/tools/tool-check';

/** Checks tool texts in the tool-check worker (the bundler makes its own chunk from this `new URL`). */
export function checkSourcesInWorker(): CallWorker<string[], SourceCheck[]> {
  return createWorkerCalls(
    () =>
      new Worker(new URL('./tool-check.worker.ts', import.meta.url), {
        type: 'module',
        name: 'tool-check',
      }) as unknown as WorkerLike<string[], SourceCheck[]>,
    'The tool-check worker did not load.',
  );
}

import type { ToolCheckWorkerLike } from '@/lib/tools/check-sources-in-worker';

/** A new tool-check worker (the bundler makes its own chunk from this `new URL`). */
export function spawnToolCheckWorker(): ToolCheckWorkerLike {
  return new Worker(new URL('./tool-check.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tool-check',
  }) as unknown as ToolCheckWorkerLike;
}

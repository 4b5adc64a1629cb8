import type { TokenWorkerLike } from '@/lib/tools/create-token-counter';

/** A new token worker (the bundler makes its own chunk from this `new URL`). */
export function spawnTokenWorker(): TokenWorkerLike {
  return new Worker(new URL('./token-count.worker.ts', import.meta.url), {
    type: 'module',
    name: 'token-count',
  }) as unknown as TokenWorkerLike;
}

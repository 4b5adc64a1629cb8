import { describe, expect, it } from 'vitest';
import {
  createWorkerCalls,
  serveWorkerCalls,
  type WorkerCall,
  type WorkerLike,
  type WorkerReply,
} from './worker-calls';

/** A worker and its page joined by hand: the worker's side is served with `serveWorkerCalls`. */
function joined(handle: (request: number) => number | Promise<number>) {
  let spawned = 0;
  const spawn = (): WorkerLike<number, number> => {
    spawned++;
    const page: WorkerLike<number, number> = {
      postMessage: (call) =>
        queueMicrotask(() => scope.onmessage?.({ data: call } as MessageEvent<WorkerCall<number>>)),
      terminate: () => undefined,
      onmessage: null,
      onerror: null,
    };
    const scope = {
      onmessage: null as ((event: MessageEvent<WorkerCall<number>>) => void) | null,
      postMessage: (reply: WorkerReply<number>) => queueMicrotask(() => page.onmessage?.({ data: reply })),
    };
    serveWorkerCalls(scope, handle);
    return page;
  };
  return { spawn, spawned: () => spawned };
}

describe('calling a worker', () => {
  it('answers each call with its own answer, from one worker, and says what the worker threw', async () => {
    const worker = joined(async (n) => {
      if (n < 0) throw new Error(`no square root of ${n}`);
      return Math.sqrt(n);
    });
    const call = createWorkerCalls(worker.spawn, 'gone');
    await expect(Promise.all([call(9), call(16), call(4)])).resolves.toEqual([3, 4, 2]);
    await expect(call(-1)).rejects.toThrow('no square root of -1');
    await expect(call(25)).resolves.toBe(5);
    expect(worker.spawned()).toBe(1);
  });

  it('start() makes the worker before the first call (its scripts load meanwhile); the calls use it, and a broken one is said on the call', async () => {
    const worker = joined((n) => n * 2);
    const call = createWorkerCalls(worker.spawn, 'gone');
    expect(worker.spawned()).toBe(0);
    call.start();
    call.start();
    expect(worker.spawned()).toBe(1);
    await expect(call(21)).resolves.toBe(42);
    expect(worker.spawned()).toBe(1);
    let made: WorkerLike<number, number> | undefined;
    const breaking = createWorkerCalls<number, number>(() => {
      made = { postMessage: () => undefined, terminate: () => undefined, onmessage: null, onerror: null };
      return made;
    }, 'The worker did not load.');
    breaking.start();
    made!.onerror!(new Event('error'));
    await expect(breaking(1)).rejects.toThrow('The worker did not load.');
  });

  it('rejects every waiting call when the worker breaks, and every later one, without making another', async () => {
    let made: WorkerLike<number, number> | undefined;
    let spawned = 0;
    const call = createWorkerCalls<number, number>(() => {
      spawned++;
      made = { postMessage: () => undefined, terminate: () => undefined, onmessage: null, onerror: null };
      return made;
    }, 'The worker did not load.');
    const waiting = [call(1), call(2)];
    made!.onerror!(new Event('error'));
    for (const each of waiting) await expect(each).rejects.toThrow('The worker did not load.');
    await expect(call(3)).rejects.toThrow('The worker did not load.');
    expect(spawned).toBe(1);
    const cannot = createWorkerCalls<number, number>(() => {
      throw new Error('Worker is not defined');
    }, 'No worker here.');
    await expect(cannot(1)).rejects.toThrow('No worker here.');
  });
});

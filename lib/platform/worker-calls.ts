/** One call to a worker, numbered so its answer finds it. */
export type WorkerCall<Request> = { id: number; request: Request };
/** A worker's answer to one call: what it made, or why it could not. */
export type WorkerReply<Answer> = { id: number; ok: true; answer: Answer } | { id: number; ok: false; message: string };

/** The part of a Web Worker the caller uses (a fake one in tests). */
export type WorkerLike<Request, Answer> = {
  postMessage(call: WorkerCall<Request>, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: { data: WorkerReply<Answer> }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

/**
 * Calls a worker: resolves with its answer, rejects with what it said went wrong (or that it is
 * gone). `start()` makes the worker now, before the first call, so its scripts load meanwhile.
 */
export type CallWorker<Request, Answer> = ((request: Request, transfer?: Transferable[]) => Promise<Answer>) & {
  start(): void;
};

/**
 * Calls into a worker made on the first call (or `start()`) and kept. A worker that fails to load or crashes
 * rejects every waiting call with `brokenMessage` and is not made again: the page then does the
 * work itself (each caller says how).
 */
export function createWorkerCalls<Request, Answer>(
  spawn: () => WorkerLike<Request, Answer>,
  brokenMessage: string,
): CallWorker<Request, Answer> {
  let worker: WorkerLike<Request, Answer> | undefined;
  let broken: Error | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  const breakDown = () => {
    broken = new Error(brokenMessage);
    worker?.terminate();
    worker = undefined;
    for (const each of waiting.values()) each.reject(broken);
    waiting.clear();
  };
  const start = () => {
    if (!broken && !worker) {
      try {
        const made = spawn();
        made.onmessage = ({ data }) => {
          const found = waiting.get(data.id);
          if (!found) return;
          waiting.delete(data.id);
          if (data.ok) found.resolve(data.answer);
          else found.reject(new Error(data.message));
        };
        made.onerror = breakDown;
        worker = made;
      } catch {
        breakDown();
      }
    }
  };
  const call = (request: Request, transfer?: Transferable[]) => {
    start();
    if (broken || !worker) return Promise.reject(broken);
    const id = nextId++;
    const own = worker;
    return new Promise<Answer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      own.postMessage({ id, request }, transfer);
    });
  };
  return Object.assign(call, { start });
}

/** The worker's side: answers each call with `handle` (its own exceptions are said, not thrown). */
export function serveWorkerCalls<Request, Answer>(
  scope: {
    onmessage: ((event: MessageEvent<WorkerCall<Request>>) => void) | null;
    postMessage(reply: WorkerReply<Answer>): void;
  },
  handle: (request: Request) => Answer | Promise<Answer>,
): void {
  scope.onmessage = async ({ data: { id, request } }) => {
    try {
      scope.postMessage({ id, ok: true, answer: await handle(request) });
    } catch (error) {
      scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  };
}

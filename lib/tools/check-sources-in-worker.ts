import type { SourceCheck } from './tool-check';
import type { ToolCheckAnswer, ToolCheckRequest } from './tool-check-job';

/** The part of a Web Worker the client uses (a fake one in tests). */
export type ToolCheckWorkerLike = {
  postMessage(request: ToolCheckRequest): void;
  terminate(): void;
  onmessage: ((event: { data: ToolCheckAnswer }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

/** Checks definitions' texts somewhere else than the page's thread; rejects when it cannot. */
export type CheckSourcesElsewhere = (sources: string[]) => Promise<SourceCheck[]>;

/**
 * Checks texts in a worker made on the first call (Ajv and its meta-schemas compile there, not
 * on the page's thread). A worker that fails to load or crashes rejects every waiting call and
 * is not made again: the page then checks on its own thread.
 */
export function checkSourcesInWorker(spawn: () => ToolCheckWorkerLike): CheckSourcesElsewhere {
  let worker: ToolCheckWorkerLike | undefined;
  let broken: Error | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (checks: SourceCheck[]) => void; reject: (error: Error) => void }>();
  const breakDown = (error: Error) => {
    broken = error;
    worker?.terminate();
    worker = undefined;
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  };
  return (sources) => {
    if (broken) return Promise.reject(broken);
    if (!worker) {
      try {
        worker = spawn();
      } catch (error) {
        breakDown(error instanceof Error ? error : new Error(String(error)));
        return Promise.reject(broken);
      }
      worker.onmessage = ({ data }) => {
        const found = waiting.get(data.id);
        if (!found) return;
        waiting.delete(data.id);
        if (data.kind === 'checked') found.resolve(data.checks);
        else found.reject(new Error(data.message));
      };
      worker.onerror = () => breakDown(new Error('The tool-check worker did not load.'));
    }
    const id = nextId++;
    return new Promise<SourceCheck[]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker!.postMessage({ id, sources });
    });
  };
}

import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type FromLocalModelWorker, type LoadedModel, NO_MODEL, type ToLocalModelWorker } from './local-model-protocol';

/** Where the model in the browser is: none yet, a file loading, loaded, or why it could not load. */
export type LocalModelStatus =
  | { kind: 'none' }
  | { kind: 'loading'; fileName: string; sizeBytes: number }
  | { kind: 'ready'; model: LoadedModel }
  | { kind: 'failed'; fileName: string; message: string };

type WorkerPort = {
  postMessage(message: ToLocalModelWorker): void;
  onmessage: ((event: { data: FromLocalModelWorker }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
};

export type BrowserLocalModel = {
  status: StoreApi<LocalModelStatus>;
  /** Loads a .gguf file into the worker (made on the first load); the status says how it went. */
  load(file: Blob, fileName: string): Promise<LocalModelStatus>;
  /** The loaded model as a language model, or why there is none — in the sentence a chat shows. */
  access(): Promise<{ ok: true; model: LanguageModelV4 } | { ok: false; error: string }>;
};

/** The wllama runtime and its WebAssembly, served by the app (public/vendor), never from a CDN. */
export const WLLAMA_WASM_URL = '/vendor/wllama.wasm';

type StreamSink = { enqueue(part: LanguageModelV4StreamPart): void; close(): void; error(error: Error): void };

/** What a language model over the worker needs: where its parts go, the worker, and its turn in the queue. */
type WorkerBridge = {
  streams: Map<number, StreamSink>;
  nextId(): number;
  port(): WorkerPort;
  /** Waits for the steps before this one; `finished` lets the next go. */
  takeTurn(): { turn: Promise<unknown>; finished(): void };
};

/** The loaded model as an AI SDK language model whose stream parts arrive from the worker; an abort cancels there. */
function workerModel(loaded: LoadedModel, bridge: WorkerBridge): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId: loaded.fileName,
    supportedUrls: {},
    async doStream(options) {
      const id = bridge.nextId();
      const { abortSignal, ...rest } = options;
      const port = bridge.port();
      const { turn, finished } = bridge.takeTurn();
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          await turn;
          if (abortSignal?.aborted) {
            finished();
            controller.error(abortSignal.reason ?? new DOMException('Aborted', 'AbortError'));
            return;
          }
          bridge.streams.set(id, {
            enqueue: (part) => controller.enqueue(part),
            close: () => {
              finished();
              controller.close();
            },
            error: (error) => {
              finished();
              controller.error(error);
            },
          });
          port.postMessage({ kind: 'stream', id, options: JSON.parse(JSON.stringify(rest)) });
        },
        cancel() {
          port.postMessage({ kind: 'cancel', id });
        },
      });
      abortSignal?.addEventListener('abort', () => port.postMessage({ kind: 'cancel', id }), { once: true });
      return { stream, request: { body: { engine: 'llama.cpp (wllama)', model: loaded.fileName } } };
    },
    async doGenerate() {
      throw new Error('The model in your browser streams its steps.');
    },
  };
}

/**
 * The model in the browser, seen from the page: a worker (`local-model.worker.ts`) holds llama.cpp
 * and the model; this side keeps its status for the settings and gives the chat a language model
 * whose stream parts arrive from the worker. Stop cancels generation there at once.
 */
export function createBrowserLocalModel(
  status: StoreApi<LocalModelStatus> = createStore<LocalModelStatus>(() => ({ kind: 'none' })),
  spawn: () => WorkerPort = () =>
    new Worker(new URL('./local-model.worker.ts', import.meta.url), {
      type: 'module',
      name: 'local-model',
    }) as unknown as WorkerPort,
): BrowserLocalModel {
  let worker: WorkerPort | undefined;
  let nextId = 1;
  const streams = new Map<number, StreamSink>();
  let settleLoad: ((status: LocalModelStatus) => void) | undefined;

  const onMessage = (message: FromLocalModelWorker) => {
    switch (message.kind) {
      case 'loaded':
      case 'load-failed': {
        const current = status.getState();
        const next: LocalModelStatus =
          message.kind === 'loaded'
            ? { kind: 'ready', model: message.model }
            : {
                kind: 'failed',
                fileName: current.kind === 'loading' ? current.fileName : '',
                message: message.message,
              };
        status.setState(next, true);
        settleLoad?.(next);
        return;
      }
      case 'part':
        streams.get(message.id)?.enqueue(message.part);
        return;
      case 'done':
        streams.get(message.id)?.close();
        streams.delete(message.id);
        return;
      case 'failed':
        streams.get(message.id)?.error(new Error(message.message));
        streams.delete(message.id);
        return;
    }
  };
  const ensureWorker = () => {
    if (worker) return worker;
    worker = spawn();
    worker.onmessage = ({ data }) => onMessage(data);
    worker.onerror = () => {
      const failed: LocalModelStatus = {
        kind: 'failed',
        fileName: '',
        message:
          'The model worker stopped (the browser may have run out of memory). Load the model again, or a smaller one.',
      };
      for (const controller of streams.values()) controller.error(new Error(failed.message));
      streams.clear();
      worker = undefined;
      status.setState(failed, true);
      settleLoad?.(failed);
    };
    return worker;
  };

  // One step at a time in the worker (its one llama.cpp context): samples stay exact and reproducible.
  let queue: Promise<unknown> = Promise.resolve();
  const bridge: WorkerBridge = {
    streams,
    nextId: () => nextId++,
    port: ensureWorker,
    takeTurn() {
      let finished: () => void = () => undefined;
      const turn = queue;
      queue = queue.then(() => new Promise<void>((resolve) => (finished = resolve)));
      return { turn, finished: () => finished() };
    },
  };

  return {
    status,
    load(file, fileName) {
      status.setState({ kind: 'loading', fileName, sizeBytes: file.size }, true);
      const settled = new Promise<LocalModelStatus>((resolve) => {
        settleLoad = resolve;
      });
      ensureWorker().postMessage({
        kind: 'load',
        file,
        fileName,
        wasmUrl: new URL(WLLAMA_WASM_URL, location.href).href,
      });
      return settled;
    },
    async access() {
      const current = status.getState();
      if (current.kind === 'ready') return { ok: true, model: workerModel(current.model, bridge) };
      if (current.kind === 'loading')
        return { ok: false, error: `${current.fileName} is still loading; send again once it is ready.` };
      if (current.kind === 'failed') return { ok: false, error: current.message };
      return { ok: false, error: NO_MODEL };
    },
  };
}

import type { CatalogueModel } from '@/lib/providers/local-model/model-catalogue';
import { type CallWorker, createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import {
  completeName,
  MODELS_FOLDER,
  type ModelStoreAnswer,
  type ModelStoreRequest,
  type StoredModelFile,
} from './model-store-protocol';

export type DownloadOutcome =
  | { kind: 'done'; file: File }
  | { kind: 'cancelled'; kept: number }
  /** `kept`: the bytes kept for a later download to resume from (0: nothing kept). */
  | { kind: 'failed'; message: string; kept: number };

export type BrowserModelStore = {
  /** The model files this browser keeps, complete or partly downloaded. */
  list(): Promise<StoredModelFile[]>;
  /** Downloads `model` (resuming a partial file), checks its SHA-256 and keeps it; `onProgress` as bytes arrive. */
  download(
    model: CatalogueModel,
    options: { signal: AbortSignal; onProgress(received: number): void },
  ): Promise<DownloadOutcome>;
  /** The kept file of `model`, if it is downloaded and whole. */
  open(model: CatalogueModel): Promise<File | undefined>;
  /** Deletes every kept model file; how many, and the bytes freed. */
  removeAll(): Promise<{ files: number; bytes: number }>;
};

export const formatBytes = (bytes: number) =>
  bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(2)} GB`
    : bytes >= 2 ** 20
      ? `${(bytes / 2 ** 20).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

const NO_STORAGE =
  'This browser cannot keep downloaded models (no private file system for this site: a private window, or an older browser). Use "Load a model file" instead.';

const hostOf = (url: string) => new URL(url).host;

/** Why a fetch of `url` failed, in a sentence (the network, or the page's policy, stopped it). */
const unreachable = (url: string) =>
  `${hostOf(url)} could not be reached (offline, or this playground's Content-Security-Policy does not allow it: see PLAYGROUND_MODEL_CATALOGUE).`;

/** A call to the store's worker, its answer typed by kind. */
type Ask = <K extends ModelStoreAnswer['kind']>(
  request: ModelStoreRequest,
  transfer?: Transferable[],
) => Promise<Extract<ModelStoreAnswer, { kind: K }>>;

async function roomFor(bytes: number): Promise<string | undefined> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate?.quota) return undefined;
  const free = estimate.quota - (estimate.usage ?? 0);
  return free < bytes
    ? `This browser lets the playground keep ${formatBytes(free)} more; the rest of this model is ${formatBytes(bytes)}. Remove downloaded models or free disk space, or use "Load a model file".`
    : undefined;
}

async function fetchFrom(fetchFile: typeof fetch, model: CatalogueModel, offset: number, signal: AbortSignal) {
  const response = await fetchFile(model.url, {
    signal,
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: offset > 0 ? { Range: `bytes=${offset}-` } : {},
  });
  if (response.status === 206) {
    const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
    if (Number(start) === offset) return { response, offset };
  }
  if (response.status === 200) return { response, offset: 0 };
  await response.body?.cancel();
  throw new Error(`${hostOf(model.url)} answered ${response.status} for ${model.name}.`);
}

/** Receives the rest of `model` into the store's open part; undefined when it is all there. */
async function receive(
  { ask, fetchFile }: { ask: Ask; fetchFile: typeof fetch },
  model: CatalogueModel,
  signal: AbortSignal,
  onProgress: (received: number) => void,
): Promise<DownloadOutcome | undefined> {
  let { offset } = await ask<'begun'>({ kind: 'begin', sha256: model.sha256, fresh: false });
  if (offset > model.sizeBytes) ({ offset } = await ask<'begun'>({ kind: 'begin', sha256: model.sha256, fresh: true }));
  onProgress(offset);
  if (offset === model.sizeBytes) return undefined;
  const short = await roomFor(model.sizeBytes - offset);
  if (short) return { kind: 'failed', message: short, kept: offset };
  let fetched: Awaited<ReturnType<typeof fetchFrom>>;
  try {
    fetched = await fetchFrom(fetchFile, model, offset, signal);
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled', kept: offset };
    return {
      kind: 'failed',
      message: error instanceof TypeError ? unreachable(model.url) : (error as Error).message,
      kept: offset,
    };
  }
  // A server that ignores the range sends the whole file again: start over.
  if (fetched.offset !== offset)
    ({ offset } = await ask<'begun'>({ kind: 'begin', sha256: model.sha256, fresh: true }));
  const reader = (fetched.response.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (offset + value.byteLength > model.sizeBytes) {
        await reader.cancel();
        await ask<'begun'>({ kind: 'begin', sha256: model.sha256, fresh: true });
        return {
          kind: 'failed',
          message: `${hostOf(model.url)} sent more than the ${formatBytes(model.sizeBytes)} listed for ${model.name}: the download was stopped and deleted.`,
          kept: 0,
        };
      }
      const copy = value.slice().buffer;
      ({ offset } = await ask<'written'>({ kind: 'write', bytes: copy }, [copy]));
      onProgress(offset);
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled', kept: offset };
    return {
      kind: 'failed',
      message: `The download of ${model.name} stopped at ${formatBytes(offset)} of ${formatBytes(model.sizeBytes)} (${(error as Error).message || 'the connection was lost'}). "Download model" resumes it from there.`,
      kept: offset,
    };
  }
  if (offset < model.sizeBytes)
    return {
      kind: 'failed',
      message: `${hostOf(model.url)} ended ${model.name} at ${formatBytes(offset)} of ${formatBytes(model.sizeBytes)}. "Download model" resumes it from there.`,
      kept: offset,
    };
  return undefined;
}

/**
 * The models downloaded into this browser: kept in the origin private file system, named by their
 * SHA-256, written and hashed by a worker (`model-store.worker.ts`). A download is the page's fetch
 * (the page's Content-Security-Policy names the catalogue's origins) whose bytes cross to the
 * worker; an interrupted one keeps what arrived and resumes with a `Range` request.
 */
export function createBrowserModelStore(
  spawn: () => WorkerLike<ModelStoreRequest, ModelStoreAnswer> = () =>
    new Worker(new URL('./model-store.worker.ts', import.meta.url), {
      type: 'module',
      name: 'model-store',
    }) as unknown as WorkerLike<ModelStoreRequest, ModelStoreAnswer>,
  fetchFile: typeof fetch = (input, init) => globalThis.fetch(input, init),
): BrowserModelStore {
  const call: CallWorker<ModelStoreRequest, ModelStoreAnswer> = createWorkerCalls(spawn, NO_STORAGE);
  const ask: Ask = async <K extends ModelStoreAnswer['kind']>(
    request: ModelStoreRequest,
    transfer?: Transferable[],
  ) => {
    try {
      return (await call(request, transfer)) as Extract<ModelStoreAnswer, { kind: K }>;
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(/access handle|getDirectory|SecurityError/i.test(message) ? NO_STORAGE : message);
    }
  };

  const store: BrowserModelStore = {
    async list() {
      return (await ask<'listed'>({ kind: 'list' })).files;
    },
    async download(model, { signal, onProgress }) {
      if (typeof navigator.storage?.getDirectory !== 'function')
        return { kind: 'failed', message: NO_STORAGE, kept: 0 };
      const existing = await store.open(model);
      if (existing) return { kind: 'done', file: existing };
      let stopped: DownloadOutcome | undefined;
      try {
        stopped = await receive({ ask, fetchFile }, model, signal, onProgress);
      } catch (error) {
        stopped = { kind: 'failed', message: (error as Error).message, kept: 0 };
      }
      if (stopped) {
        await ask<'paused'>({ kind: 'pause' }).catch(() => undefined);
        return stopped;
      }
      const finished = await ask<'finished'>({ kind: 'finish' });
      if (!finished.ok)
        return {
          kind: 'failed',
          message: `The file from ${hostOf(model.url)} is not the one its publisher listed: its SHA-256 is ${finished.actualSha256.slice(0, 16)}…, not ${model.sha256.slice(0, 16)}…. It was deleted; nothing was loaded.`,
          kept: 0,
        };
      // Ask the browser not to evict it when space runs short (it may decline; the model is then kept until then).
      await navigator.storage.persist?.().catch(() => false);
      const file = await store.open(model);
      return file ? { kind: 'done', file } : { kind: 'failed', message: NO_STORAGE, kept: 0 };
    },
    async open(model) {
      try {
        const root = await navigator.storage.getDirectory();
        const folder = await root.getDirectoryHandle(MODELS_FOLDER, { create: true });
        return await (await folder.getFileHandle(completeName(model.sha256))).getFile();
      } catch {
        return undefined;
      }
    },
    async removeAll() {
      const removed = await ask<'removed'>({ kind: 'remove-all' });
      return { files: removed.files, bytes: removed.bytes };
    },
  };
  return store;
}

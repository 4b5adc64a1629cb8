/// <reference lib="webworker" />
import { Wllama } from '@wllama/wllama';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createLocalModel } from '@/lib/providers/local-model/create-local-model';
import { readGgufHeader } from '@/lib/providers/local-model/read-gguf-header';
import { readLocalModelInfo } from '@/lib/providers/local-model/read-local-model-info';
import { createWllamaEngine } from './create-wllama-engine';
import { type FromLocalModelWorker, MAX_MODEL_BYTES, type ToLocalModelWorker } from './local-model-protocol';

// The model in the browser: llama.cpp (wllama) and the playground's own step logic run here, off
// the page's thread; the page sees a language model whose parts arrive as messages.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromLocalModelWorker) => scope.postMessage(message);
let wllama: Wllama | undefined;
let model: LanguageModelV4 | undefined;
const running = new Map<number, AbortController>();
const TEXT_EVERY_MS = 100;

/** The last file loaded, so a model whose WebGPU device is lost mid-run can be loaded again on the CPU. */
let loaded: { file: Blob; fileName: string; wasmUrl: string; webgpu: boolean } | undefined;

/**
 * Whether this worker gets a WebGPU adapter (`navigator.gpu` alone says nothing: a headless browser
 * or a blocked GPU has it, and answers null).
 */
async function hasWebGpu(): Promise<boolean> {
  try {
    const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    return (await gpu?.requestAdapter()) != null;
  } catch {
    return false;
  }
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;

async function load(file: Blob, fileName: string, wasmUrl: string, cpuBecause?: string) {
  if (file.size > MAX_MODEL_BYTES)
    return post({
      kind: 'load-failed',
      message: `${fileName} is ${gib(file.size)}; the browser's WebAssembly memory holds models up to ${gib(MAX_MODEL_BYTES)}. Choose a smaller or more quantized file (a 0.5–1.5B model at 4 bits is 0.4–1.1 GB).`,
    });
  const read = await readGgufHeader(
    async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
    file.size,
  );
  if (!read.ok) return post({ kind: 'load-failed', message: read.error });
  const info = readLocalModelInfo(read.header);
  if (!info.ok) return post({ kind: 'load-failed', message: info.error });
  await wllama?.exit();
  model = undefined;
  wllama = new Wllama({ default: wasmUrl }, { suppressNativeLog: true, allowOffline: true });
  let webgpu = cpuBecause === undefined && (await hasWebGpu());
  let note = cpuBecause;
  const n_ctx = Math.min(info.info.contextLength, 16_384);
  try {
    try {
      await wllama.loadModel([file], { n_ctx, ...(webgpu ? {} : { n_gpu_layers: 0 }) });
    } catch (error) {
      if (!webgpu) throw error;
      // WebGPU would not start: the CPU, said.
      webgpu = false;
      note = `WebGPU failed to start (${error instanceof Error ? error.message : String(error)}): running on the CPU`;
      await wllama.exit().catch(() => undefined);
      wllama = new Wllama({ default: wasmUrl }, { suppressNativeLog: true, allowOffline: true });
      await wllama.loadModel([file], { n_ctx, n_gpu_layers: 0 });
    }
  } catch (error) {
    return post({
      kind: 'load-failed',
      message: `llama.cpp could not load ${fileName}: ${error instanceof Error ? error.message : String(error)}. The file may be truncated or corrupt; download it again.`,
    });
  }
  model = createLocalModel({
    engine: createWllamaEngine(wllama, info.info.pieces),
    info: info.info,
    modelId: fileName,
  });
  post({
    kind: 'loaded',
    model: {
      name: info.info.name,
      fileName,
      sizeBytes: file.size,
      architecture: info.info.architecture,
      contextLength: info.info.contextLength,
      threads: wllama.getNumThreads(),
      webgpu,
      ...(note ? { note } : {}),
    },
  });
  loaded = { file, fileName, wasmUrl, webgpu };
}

async function stream(id: number, options: ToLocalModelWorker & { kind: 'stream' }) {
  if (!model) return post({ kind: 'failed', id, message: 'No model is loaded: load a model file first.' });
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const { stream: parts } = await model.doStream({ ...options.options, abortSignal: controller.signal });
    const reader = parts.getReader();
    // Text arrives a token at a time: it crosses to the page at most every 100 ms, gathered, so the
    // page renders a few times a second, not once per token.
    let text: { id: string; delta: string } | undefined;
    let sentMs = 0;
    const flush = () => {
      if (text) post({ kind: 'part', id, part: { type: 'text-delta', ...text } });
      text = undefined;
      sentMs = performance.now();
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta' && (!text || text.id === value.id)) {
        text = { id: value.id, delta: (text?.delta ?? '') + value.delta };
        if (performance.now() - sentMs >= TEXT_EVERY_MS) flush();
        continue;
      }
      flush();
      post({ kind: 'part', id, part: value });
    }
    flush();
    post({ kind: 'done', id });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (loaded?.webgpu && !controller.signal.aborted) {
      // A GPU device lost mid-run (a driver reset, another tab's load): the CPU takes over, said.
      const { file, fileName, wasmUrl } = loaded;
      await load(file, fileName, wasmUrl, `WebGPU was lost mid-run (${message}): reloaded on the CPU`);
      post({
        kind: 'failed',
        id,
        message: `WebGPU was lost during this step (${message}); the model was loaded again on the CPU. Send again.`,
      });
    } else post({ kind: 'failed', id, message });
  } finally {
    running.delete(id);
  }
}

scope.onmessage = ({ data }: MessageEvent<ToLocalModelWorker>) => {
  switch (data.kind) {
    case 'load':
      void load(data.file, data.fileName, data.wasmUrl).catch((error: unknown) =>
        post({ kind: 'load-failed', message: error instanceof Error ? error.message : String(error) }),
      );
      return;
    case 'stream':
      void stream(data.id, data);
      return;
    case 'cancel':
      running.get(data.id)?.abort();
      return;
  }
};

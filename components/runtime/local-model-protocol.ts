import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** What the page knows of the model loaded in the worker. */
export type LoadedModel = {
  /** The model's own name (from its file), and the file's. */
  name: string;
  fileName: string;
  sizeBytes: number;
  architecture: string;
  contextLength: number;
  /** llama.cpp's threads in the worker (more than 1 under cross-origin isolation). */
  threads: number;
  /** Whether llama.cpp runs on WebGPU here; without it the model runs on the CPU (and the status says so). */
  webgpu: boolean;
  /** Why it runs on the CPU when WebGPU was there (it would not start, or was lost mid-run). */
  note?: string;
};

/** The call options as they cross to the worker (a signal does not: Stop is a message). */
export type StreamOptions = Omit<LanguageModelV4CallOptions, 'abortSignal'>;

export type ToLocalModelWorker =
  | { kind: 'load'; file: Blob; fileName: string; wasmUrl: string }
  | { kind: 'stream'; id: number; options: StreamOptions }
  | { kind: 'cancel'; id: number };

export type FromLocalModelWorker =
  | { kind: 'loaded'; model: LoadedModel }
  | { kind: 'load-failed'; message: string }
  | { kind: 'part'; id: number; part: LanguageModelV4StreamPart }
  | { kind: 'done'; id: number }
  | { kind: 'failed'; id: number; message: string };

/** What a step says when no model is loaded. */
export const NO_MODEL =
  'No model is loaded in your browser: choose "Load a model file" in the run settings (a .gguf file with a tool-calling template, such as Qwen 2.5 0.5B Instruct).';

export { MAX_MODEL_BYTES } from '@/lib/providers/local-model/read-gguf-header';

/*
 * What the playground asks of a llama.cpp runtime — wllama in the browser's worker, node-llama-cpp
 * in `npm run eval` and the tests. The same model file gives the same numbers through either.
 */

/** A prompt: the rendered text (special tokens read as tokens), then tokens already chosen. */
export type LocalPrompt = { text: string; tokens: readonly number[] };

/** The engine's own sampler settings (llama.cpp's): kept with each step. */
export type LocalSampling = {
  temperature: number;
  topP: number;
  topK: number;
  seed: number;
};

export type GenerateRequest = {
  prompt: LocalPrompt;
  sampling: LocalSampling;
  maxTokens: number;
  /** A GBNF grammar the output must fit (llama.cpp's grammar syntax, `<[id]>` for a token). */
  grammar?: string;
  /** A JSON Schema the output must fit, turned into a grammar by the engine itself. */
  jsonSchema?: unknown;
  /** Tokens never to write (the template's own tags inside a tool's arguments). */
  bannedTokens?: readonly number[];
  signal?: AbortSignal;
  /** Each piece of text as it is generated. */
  onText?: (text: string) => void;
};

export type Generated = {
  text: string;
  /** The tokens written (an engine that cannot say which gives -1 for each: their count still holds). */
  tokens: number[];
  finish: 'stop' | 'length' | 'aborted';
  promptTokens: number;
};

export type LocalEngine = {
  /** The tokens that end generation (llama.cpp's end-of-generation set). */
  eogTokens: ReadonlySet<number>;
  /** The model's next-token distribution after `prompt` (softmax of its logits, temperature 1), one entry per vocabulary token. */
  nextTokenProbabilities: (prompt: LocalPrompt, signal?: AbortSignal) => Promise<Float64Array>;
  generate: (request: GenerateRequest) => Promise<Generated>;
};

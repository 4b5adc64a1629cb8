import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  GenerateRequest,
  Generated,
  LocalEngine,
  LocalPrompt,
} from '../../lib/providers/local-model/local-engine';
import { installLlamaNode } from './install-llama-node';

/*
 * The local model's engine in Node: llama.cpp through node-llama-cpp (pinned in
 * scripts/llama-node/package.json, installed there on first use with its prebuilt binary; it is
 * not a dependency of the app). The same model file gives the browser's numbers (a test says so).
 */

/** The few node-llama-cpp calls used here (it is loaded at run time, from its own folder). */
type Token = number;
type NodeLlama = {
  loadModel(options: { modelPath: string }): Promise<NodeModel>;
  createGrammar(options: { grammar: string }): Promise<unknown>;
  createGrammarForJsonSchema(schema: unknown): Promise<unknown>;
};
type NodeModel = {
  tokenize(text: string, specialTokens: boolean): Token[];
  detokenize(tokens: readonly Token[], specialTokens?: boolean, lastTokens?: readonly Token[]): string;
  isEogToken(token: Token): boolean;
  tokenizer: unknown;
  fileInfo: { metadata: { tokenizer: { ggml: { tokens: unknown[] } } } };
  createContext(options: {
    contextSize: number;
    sequences: number;
    threads: number;
  }): Promise<{ getSequence(): NodeSequence }>;
  dispose(): Promise<void>;
};
type NodeSequence = {
  contextTokens: Token[];
  eraseContextTokenRanges(ranges: { start: number; end: number }[]): Promise<void>;
  controlledEvaluate(
    input: (Token | [Token, { generateNext: { probabilities: true } }])[],
  ): Promise<({ next?: { probabilities?: Map<Token, number> } } | undefined)[]>;
  evaluate(tokens: Token[], options: Record<string, unknown>): AsyncGenerator<Token>;
};

export type NodeEngine = LocalEngine & { dispose: () => Promise<void>; modelBytes: Uint8Array };

/** Loads a GGUF file with llama.cpp on the CPU; `contextSize` tokens of context. */
export async function createNodeEngine(modelPath: string, { contextSize = 4096 } = {}): Promise<NodeEngine> {
  const entry = join(installLlamaNode(), 'dist', 'index.js');
  const { getLlama, LlamaGrammarEvaluationState, TokenBias } = await import(pathToFileURL(entry).href);
  const llama: NodeLlama = await getLlama({ gpu: false, build: 'never', logLevel: 'error', progressLogs: false });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize, sequences: 1, threads: 1 });
  const sequence = context.getSequence();
  const vocabularySize = model.fileInfo.metadata.tokenizer.ggml.tokens.length;
  const eogTokens = new Set<number>();
  for (let token = 0; token < vocabularySize; token++) if (model.isEogToken(token)) eogTokens.add(token);

  const tokensOf = (prompt: LocalPrompt) => [...model.tokenize(prompt.text, true), ...prompt.tokens];
  /** Keeps the evaluated tokens `tokens` shares with what the sequence holds; returns the rest. */
  const keepCommonPrefix = async (tokens: Token[]) => {
    const held = sequence.contextTokens;
    let common = 0;
    while (common < held.length && common < tokens.length - 1 && held[common] === tokens[common]) common++;
    if (common < held.length) await sequence.eraseContextTokenRanges([{ start: common, end: held.length }]);
    return tokens.slice(common);
  };

  const nextTokenProbabilities = async (prompt: LocalPrompt) => {
    const rest = await keepCommonPrefix(tokensOf(prompt));
    const last = rest.at(-1) as Token;
    const evaluated = await sequence.controlledEvaluate([
      ...rest.slice(0, -1),
      [last, { generateNext: { probabilities: true } }],
    ]);
    const probabilities = evaluated.at(-1)?.next?.probabilities ?? new Map<Token, number>();
    const distribution = new Float64Array(vocabularySize);
    for (const [token, probability] of probabilities) distribution[token] = probability;
    return distribution;
  };

  const generate = async (request: GenerateRequest): Promise<Generated> => {
    const promptTokens = tokensOf(request.prompt);
    const rest = await keepCommonPrefix(promptTokens);
    const grammar = request.grammar
      ? await llama.createGrammar({ grammar: request.grammar })
      : request.jsonSchema
        ? await llama.createGrammarForJsonSchema(request.jsonSchema)
        : undefined;
    const grammarEvaluationState = grammar ? new LlamaGrammarEvaluationState({ model, grammar }) : undefined;
    const { temperature, topK, topP, seed } = request.sampling;
    const tokenBias = request.bannedTokens?.length
      ? () => {
          const bias = new TokenBias(model.tokenizer);
          for (const token of request.bannedTokens ?? []) bias.set(token, 'never');
          return bias;
        }
      : undefined;
    const tokens: Token[] = [];
    let text = '';
    let finish: Generated['finish'] = 'length';
    const generator = sequence.evaluate(rest, {
      temperature,
      topK,
      topP,
      minP: 0,
      seed,
      grammarEvaluationState,
      tokenBias,
      yieldEogToken: true,
    });
    for await (const token of generator) {
      if (request.signal?.aborted) {
        finish = 'aborted';
        break;
      }
      if (eogTokens.has(token)) {
        finish = 'stop';
        break;
      }
      tokens.push(token);
      // The whole text again, so a character split across byte tokens comes out whole.
      const whole = model.detokenize(tokens, true);
      if (!whole.endsWith('\uFFFD')) {
        request.onText?.(whole.slice(text.length));
        text = whole;
      }
      if (tokens.length >= request.maxTokens) break;
    }
    await generator.return(undefined);
    text = model.detokenize(tokens, true);
    return { text, tokens, finish, promptTokens: promptTokens.length };
  };

  return {
    eogTokens,
    nextTokenProbabilities,
    generate,
    modelBytes: new Uint8Array(await readFile(modelPath)),
    dispose: () => model.dispose(),
  };
}

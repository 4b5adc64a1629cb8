import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { argumentProbabilities } from './argument-probabilities';
import { CALL_INFIX, CALL_PREFIX, CALL_SUFFIX, decisionGrammar, type ToolChoiceMode } from './decision-grammar';
import { buildPieceTrie, type DecisionProbabilities, decisionProbabilities } from './decision-probabilities';
import type { LocalEngine, LocalPrompt, LocalSampling } from './local-engine';
import { parseLocalOutput, type WrittenCall } from './parse-local-output';
import type { LocalModelInfo } from './read-local-model-info';
import { renderLocalPrompt } from './render-local-prompt';

export const LOCAL_PROVIDER_ID = 'local';

/** The local model's own options (`providerOptions.local`). */
export type LocalModelOptions = {
  /** Constrain to the tools' schemas: the decision and the arguments fit a grammar. Default on. */
  constrain?: boolean;
  /** Work out the decision's probabilities (a few extra evaluations). Default on. */
  probabilities?: boolean;
};

/** What a step made in the browser keeps beside its answer (`providerMetadata.local`). */
export type LocalStepReport = {
  /** The text the model read: its chat template rendered with the messages and tools. */
  prompt: string;
  /** What it wrote, tags and all. */
  output: string;
  sampling: LocalSampling;
  constrained: boolean;
  decision?: DecisionProbabilities;
  /** How fast it went: to its first token (the prompt, the decision's probabilities), then tokens per second. */
  timing?: { firstTokenMs: number; tokensPerSecond?: number };
};

/** The engine, timed: when the first piece of text came, and how many tokens followed how fast. */
function timedEngine(engine: LocalEngine) {
  const started = performance.now();
  let first: number | undefined;
  let last = 0;
  let tokens = 0;
  const timed: LocalEngine = {
    ...engine,
    async generate(request) {
      const out = await engine.generate({
        ...request,
        onText: (piece) => {
          first ??= performance.now();
          request.onText?.(piece);
        },
      });
      last = performance.now();
      tokens += out.tokens.length;
      return out;
    },
  };
  const timing = (): LocalStepReport['timing'] =>
    first === undefined
      ? undefined
      : {
          firstTokenMs: Math.round(first - started),
          ...(tokens > 1 && last > first ? { tokensPerSecond: (tokens - 1) / ((last - first) / 1000) } : {}),
        };
  return { engine: timed, timing };
}

const DEFAULT_SAMPLING: Omit<LocalSampling, 'seed'> = { temperature: 0.8, topP: 0.95, topK: 40 };
const DEFAULT_MAX_TOKENS = 512;

const choiceOf = (options: LanguageModelV4CallOptions): ToolChoiceMode | 'none' => {
  const choice = options.toolChoice;
  if (!choice || choice.type === 'auto') return { kind: 'auto' };
  if (choice.type === 'none') return 'none';
  if (choice.type === 'required') return { kind: 'required' };
  return { kind: 'tool', toolName: choice.toolName };
};

/** The engine's sampler settings for this call: the call's own, else llama.cpp's usual ones; a seed always (kept with the step). */
function samplingOf(options: LanguageModelV4CallOptions): LocalSampling {
  return {
    temperature: options.temperature ?? DEFAULT_SAMPLING.temperature,
    topP: options.topP ?? DEFAULT_SAMPLING.topP,
    topK: options.topK ?? DEFAULT_SAMPLING.topK,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
  };
}

type Emit = (part: LanguageModelV4StreamPart) => void;

/** Streams text deltas under one id, opened on the first. */
function textEmitter(emit: Emit) {
  let open = false;
  return {
    delta(delta: string) {
      if (!delta) return;
      if (!open) emit({ type: 'text-start', id: 'text-0' });
      open = true;
      emit({ type: 'text-delta', id: 'text-0', delta });
    },
    end() {
      if (open) emit({ type: 'text-end', id: 'text-0' });
    },
  };
}

function emitCall(emit: Emit, call: WrittenCall, index: number) {
  const toolCallId = `call_local_${Date.now().toString(36)}_${index}`;
  emit({ type: 'tool-input-start', id: toolCallId, toolName: call.toolName });
  emit({ type: 'tool-input-delta', id: toolCallId, delta: call.input });
  emit({ type: 'tool-input-end', id: toolCallId });
  emit({ type: 'tool-call', toolCallId, toolName: call.toolName, input: call.input });
}

type Step = {
  engine: LocalEngine;
  info: LocalModelInfo;
  trie: ReturnType<typeof buildPieceTrie>;
  options: LanguageModelV4CallOptions;
  emit: Emit;
};

/**
 * A step the model writes freely: its calls are read from its text, mistakes and all — unless no
 * call may be made (tool choice none, as a provider honours it): then all of it is text.
 */
async function writeFreely(
  engine: LocalEngine,
  request: Pick<Parameters<LocalEngine['generate']>[0], 'prompt' | 'sampling' | 'maxTokens' | 'signal'>,
  text: ReturnType<typeof textEmitter>,
  textOnly: boolean,
) {
  let written = '';
  const out = await engine.generate({
    ...request,
    onText: (piece) => {
      written += piece;
      if (textOnly || !written.includes('<tool_call>')) text.delta(piece);
    },
  });
  text.end();
  const calls = textOnly ? [] : parseLocalOutput(out.text).calls;
  return { calls, output: out.text, outputTokens: out.tokens.length, promptTokens: out.promptTokens };
}

/** One model step: the decision (and its probabilities), then the arguments, or text. */
async function runStep({
  engine,
  info,
  trie,
  options,
  emit,
}: Step): Promise<LocalStepReport & { calls: number; outputTokens: number; promptTokens: number }> {
  const local = (options.providerOptions?.[LOCAL_PROVIDER_ID] ?? {}) as LocalModelOptions;
  const allTools = (options.tools ?? []).filter(
    (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
  );
  const choice = choiceOf(options);
  const tools = choice === 'none' ? [] : allTools;
  const constrained = local.constrain !== false && tools.length > 0 && choice !== 'none';
  const sampling = samplingOf(options);
  const maxTokens = options.maxOutputTokens ?? DEFAULT_MAX_TOKENS;
  const prompt: LocalPrompt = { text: renderLocalPrompt(info, options.prompt, tools), tokens: [] };
  const signal = options.abortSignal;
  const names = tools.map((tool) => tool.name);
  const decision =
    choice !== 'none' && tools.length > 0 && local.probabilities !== false
      ? await decisionProbabilities({
          engine,
          prompt,
          pieces: info.pieces,
          openToken: info.toolCallOpen,
          names,
          choice,
          signal,
          trie,
        })
      : undefined;
  const text = textEmitter(emit);
  const report = { prompt: prompt.text, sampling, constrained, ...(decision ? { decision } : {}) };

  if (!constrained) {
    const free = await writeFreely(engine, { prompt, sampling, maxTokens, signal }, text, choice === 'none');
    for (const [index, call] of free.calls.entries()) emitCall(emit, call, index);
    return { ...report, ...free, calls: free.calls.length };
  }

  // The grammar lets the first token alone open a call: what follows a call's opening is not text.
  let calling = false;
  const decided = await engine.generate({
    prompt,
    sampling,
    maxTokens,
    signal,
    grammar: decisionGrammar(names, info.toolCallOpen, choice),
    onText: (piece) => {
      calling ||= piece.startsWith('<tool_call>');
      if (!calling) text.delta(piece);
    },
  });
  text.end();
  const tool = tools.find((each) => decided.text.endsWith(CALL_PREFIX + each.name + CALL_INFIX));
  const done = {
    ...report,
    output: decided.text,
    outputTokens: decided.tokens.length,
    promptTokens: decided.promptTokens,
  };
  // Text, or a call cut short before its name (the token limit): the step ends there.
  if (!calling || !tool) return { ...done, calls: 0 };
  const args = await engine.generate({
    prompt: { text: prompt.text + decided.text, tokens: [] },
    sampling,
    maxTokens,
    signal,
    jsonSchema: tool.inputSchema,
    // The end of generation stays allowed: it is how the arguments end.
    bannedTokens: info.specialTokens.filter((token) => !engine.eogTokens.has(token)),
  });
  emitCall(emit, { toolName: tool.name, input: args.text.trim() }, 0);
  const argumentValues = decision
    ? await argumentProbabilities({
        engine,
        prompt: { text: prompt.text + decided.text, tokens: [] },
        written: args.text,
        schema: tool.inputSchema,
        trie,
        signal,
      })
    : undefined;
  return {
    ...report,
    ...(decision && argumentValues && Object.keys(argumentValues.values).length > 0
      ? {
          decision: {
            ...decision,
            arguments: { tool: tool.name, values: argumentValues.values },
            evaluations: decision.evaluations + argumentValues.evaluations,
          },
        }
      : {}),
    calls: 1,
    output: `${decided.text}${args.text}${CALL_SUFFIX}</tool_call>`,
    outputTokens: decided.tokens.length + args.tokens.length,
    promptTokens: decided.promptTokens,
  };
}

/**
 * A llama.cpp model as an AI SDK language model (spec v4): the loop, sampler, replay and evals use
 * it as they use any provider. Each step renders the model's own template with the tools, decides
 * (under `Constrain to the tools' schemas`: a grammar, with each choice's probability), and writes
 * the arguments fitted to the chosen tool's schema by the engine.
 */
export function createLocalModel({
  engine,
  info,
  modelId,
}: {
  engine: LocalEngine;
  info: LocalModelInfo;
  modelId: string;
}): LanguageModelV4 {
  const trie = buildPieceTrie(info.pieces);
  const stream = (options: LanguageModelV4CallOptions) =>
    new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        const emit: Emit = (part) => controller.enqueue(part);
        emit({ type: 'stream-start', warnings: [] });
        emit({ type: 'response-metadata', modelId, timestamp: new Date() });
        try {
          const timed = timedEngine(engine);
          const { calls, outputTokens, promptTokens, ...stepReport } = await runStep({
            engine: timed.engine,
            info,
            trie,
            options,
            emit,
          });
          const timing = timed.timing();
          const report: LocalStepReport = { ...stepReport, ...(timing ? { timing } : {}) };
          const unified = calls > 0 ? 'tool-calls' : 'stop';
          controller.enqueue({
            type: 'finish',
            finishReason: { unified, raw: unified },
            usage: {
              inputTokens: { total: promptTokens, noCache: promptTokens, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
            },
            providerMetadata: { [LOCAL_PROVIDER_ID]: JSON.parse(JSON.stringify(report)) },
          });
          controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    });
  return {
    specificationVersion: 'v4',
    provider: LOCAL_PROVIDER_ID,
    modelId,
    supportedUrls: {},
    async doStream(options) {
      return { stream: stream(options), request: { body: { engine: 'llama.cpp', modelId } } };
    },
    async doGenerate(options) {
      const reader = stream(options).getReader();
      const content: Awaited<ReturnType<LanguageModelV4['doGenerate']>>['content'] = [];
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.type === 'text-delta') text += value.delta;
        if (value.type === 'tool-call') content.push(value);
        if (value.type === 'finish')
          return {
            content: [{ type: 'text', text }, ...content],
            finishReason: value.finishReason,
            usage: value.usage,
            providerMetadata: value.providerMetadata,
            warnings: [],
          };
      }
      throw new Error('The local model ended without finishing its step.');
    },
  };
}

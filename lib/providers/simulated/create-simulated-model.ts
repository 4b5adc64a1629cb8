import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { ScriptStep } from '../../shapes/run-settings';
import { estimateTokens } from '../../limits/estimate-tokens';
import { HISTORY_SUMMARY_INSTRUCTIONS, summarizeTranscriptLocally } from '../../messages/history-summary';
import { planScriptedStep, planSimulatedStep, type SimulatedStep } from './plan-simulated-step';

export const SIMULATED_PROVIDER_ID = 'simulated';
import { SCRIPTED_MODEL_ID, SIMULATED_MODEL_ID } from './model-ids';
import { promptTextOf } from './prompt-text';
import { seededRandom, seedOfText } from './sample-choices';

export { SCRIPTED_MODEL_ID, SIMULATED_MODEL_ID };

export type SimulatedModelOptions = {
  /** Pause between streamed chunks, so a person can watch the stream; 0 in tests. */
  chunkDelayMs?: number;
  /** Replay these steps exactly instead of choosing tools (the scripted mode). */
  script?: readonly ScriptStep[];
};

/** Rough token count (4 characters a token), as no tokenizer runs offline. */
function usageOf(options: LanguageModelV4CallOptions, step: SimulatedStep): LanguageModelV4Usage {
  const output = step.kind === 'answer' ? step.text : step.text + JSON.stringify(step.calls);
  const inputTokens = estimateTokens(promptTextOf(options.prompt) + JSON.stringify(options.tools ?? []));
  const outputTokens = estimateTokens(output);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  };
}

/** A history summary request (see `HISTORY_SUMMARY_INSTRUCTIONS`) is answered the same way by every simulated model. */
function summaryRequested(options: LanguageModelV4CallOptions): string | undefined {
  const [first, second] = options.prompt;
  if (first?.role !== 'system' || first.content !== HISTORY_SUMMARY_INSTRUCTIONS || second?.role !== 'user') return;
  return second.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function plan(options: LanguageModelV4CallOptions, script: readonly ScriptStep[] | undefined): SimulatedStep {
  const transcript = summaryRequested(options);
  if (transcript !== undefined) return { kind: 'answer', text: summarizeTranscriptLocally(transcript) };
  if (script) return planScriptedStep(options.prompt, script);
  const tools = (options.tools ?? []).filter((tool): tool is LanguageModelV4FunctionTool => tool.type === 'function');
  const simulatedOptions = options.providerOptions?.[SIMULATED_PROVIDER_ID] as
    | { parallelToolCalls?: boolean; seed?: number }
    | undefined;
  // Above temperature 0 it draws its choices from a stream seeded by the run's seed and this prompt.
  const temperature = options.temperature ?? 0;
  const sampler =
    temperature > 0
      ? {
          temperature,
          random: seededRandom(seedOfText(`${simulatedOptions?.seed ?? 0}|${promptTextOf(options.prompt)}`)),
        }
      : undefined;
  return planSimulatedStep({
    prompt: options.prompt,
    tools,
    toolChoice: options.toolChoice,
    parallelToolCalls: simulatedOptions?.parallelToolCalls !== false,
    sampler,
  });
}

/** Splits text into word-sized deltas (whitespace kept), as a real model streams tokens. */
function splitIntoDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function splitJson(json: string): string[] {
  const size = Math.max(8, Math.ceil(json.length / 4));
  const pieces: string[] = [];
  for (let index = 0; index < json.length; index += size) pieces.push(json.slice(index, index + size));
  return pieces;
}

function toStreamParts(step: SimulatedStep, usage: LanguageModelV4Usage): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', modelId: SIMULATED_MODEL_ID },
    { type: 'text-start', id: 'text-0' },
    ...splitIntoDeltas(step.text).map(
      (delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'text-0', delta }),
    ),
    { type: 'text-end', id: 'text-0' },
  ];
  if (step.kind === 'tool-calls') {
    for (const call of step.calls) {
      const input = JSON.stringify(call.input);
      parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName });
      for (const delta of splitJson(input)) parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta });
      parts.push({ type: 'tool-input-end', id: call.toolCallId });
      parts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input });
    }
  }
  const unified = step.kind === 'tool-calls' ? 'tool-calls' : 'stop';
  parts.push({ type: 'finish', usage, finishReason: { unified, raw: unified } });
  return parts;
}

/**
 * The built-in simulated model: a real AI SDK language model (spec v4) that needs no key
 * and no network. Deterministic for the same prompt and tools (see `planSimulatedStep`); above
 * temperature 0, for the same prompt, tools and seed.
 */
export function createSimulatedModel({ chunkDelayMs = 0, script }: SimulatedModelOptions = {}): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: SIMULATED_PROVIDER_ID,
    modelId: script ? SCRIPTED_MODEL_ID : SIMULATED_MODEL_ID,
    supportedUrls: {},

    async doGenerate(options) {
      const step = plan(options, script);
      const content: LanguageModelV4Content[] = [{ type: 'text', text: step.text }];
      if (step.kind === 'tool-calls') {
        for (const call of step.calls) {
          content.push({
            type: 'tool-call',
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            input: JSON.stringify(call.input),
          });
        }
      }
      const unified = step.kind === 'tool-calls' ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified, raw: unified }, usage: usageOf(options, step), warnings: [] };
    },

    async doStream(options) {
      const step = plan(options, script);
      const parts = toStreamParts(step, usageOf(options, step));
      const signal = options.abortSignal;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
            return;
          }
          if (index >= parts.length) {
            controller.close();
            return;
          }
          if (chunkDelayMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
          controller.enqueue(parts[index++]);
        },
      });
      return { stream, request: { body: { prompt: options.prompt, tools: options.tools } } };
    },
  };
}

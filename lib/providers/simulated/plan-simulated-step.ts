import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import { composeAnswer } from './compose-answer';
import { extractMessageValues, type MessageValues } from './extract-message-values';
import { pickRelevantTools, rankTools } from './rank-tools';
import { type PromptToolCall, readPrompt } from './read-prompt';
import { promptTextOf } from './prompt-text';
import type { ScriptStep } from '../../shapes/run-settings';
import { placePropertyOf, synthesizeArguments } from './synthesize-arguments';
import { drawArguments, drawTools, type Sampler } from './sample-choices';
import { fnv1a } from '../../shapes/fnv1a';

export type PlannedCall = { toolCallId: string; toolName: string; input: Record<string, unknown> };

/** What the simulated model does next: answer in text, or call tools (with a short preface). */
export type SimulatedStep =
  | { kind: 'answer'; text: string }
  | { kind: 'tool-calls'; text: string; calls: PlannedCall[] };

export type PlanOptions = {
  prompt: LanguageModelV4Prompt;
  tools: readonly LanguageModelV4FunctionTool[];
  toolChoice?: LanguageModelV4ToolChoice;
  /** When false, at most one call per step; the rest follow in later steps. */
  parallelToolCalls: boolean;
  /** Above temperature 0: draw the tool and the values instead of taking the best (see sample-choices.ts). */
  sampler?: Sampler;
};

/**
 * The scripted model's next step: step n of the script, where n counts the model's earlier
 * steps in the conversation. Past the end it says the script is over.
 */
export function planScriptedStep(prompt: LanguageModelV4Prompt, script: readonly ScriptStep[]): SimulatedStep {
  const index = prompt.filter((message) => message.role === 'assistant').length;
  const step = script[index];
  if (!step) return { kind: 'answer', text: `(The script has ${script.length} steps and all of them have run.)` };
  const calls = (step.toolCalls ?? []).map((call, position) => ({
    toolCallId: `call_script_${index + 1}_${position + 1}`,
    toolName: call.toolName,
    input: (call.input ?? {}) as Record<string, unknown>,
  }));
  return calls.length > 0
    ? { kind: 'tool-calls', text: step.text ?? '', calls }
    : { kind: 'answer', text: step.text ?? '' };
}

/** FNV-1a, for call ids that are deterministic yet differ per conversation. */
const hash = (text: string): string => fnv1a(text).toString(36).padStart(7, '0');

function listNames(names: string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * The arguments a tool still needs this turn: one call per place the message names when the
 * tool takes a place and several are named ("in Oslo and in Lima" → two calls), else one call
 * — none once it has been called.
 */
function pendingInputs(
  tool: LanguageModelV4FunctionTool,
  values: MessageValues,
  calls: readonly PromptToolCall[],
): Record<string, unknown>[] {
  const own = calls.filter((call) => call.toolName === tool.name);
  const property = placePropertyOf(tool.inputSchema);
  if (!property || values.places.length < 2) {
    return own.length > 0 ? [] : [synthesizeArguments(tool.inputSchema, values)];
  }
  const asked = new Set(own.map((call) => (call.input as Record<string, unknown> | undefined)?.[property]));
  return values.places
    .filter((place) => !asked.has(place))
    .map((place) => synthesizeArguments(tool.inputSchema, { ...values, place }));
}

/**
 * Decides the simulated model's next step — deterministically unless a sampler is given: each tool relevant to the
 * latest user message is called once — once per place when it takes a place and the message
 * names several — all at once when parallel calls are on, with arguments drawn from the
 * message; once they have results, it answers from them.
 */
export function planSimulatedStep({
  prompt,
  tools,
  toolChoice,
  parallelToolCalls,
  sampler,
}: PlanOptions): SimulatedStep {
  const turn = readPrompt(prompt);
  const toolNames = tools.map((tool) => tool.name);
  if (toolChoice?.type === 'none' || tools.length === 0) {
    return { kind: 'answer', text: composeAnswer(turn, toolChoice?.type === 'none' ? [] : toolNames) };
  }

  const values = extractMessageValues(turn.userText);
  const pending = (tool: LanguageModelV4FunctionTool) => pendingInputs(tool, values, turn.calls);
  let candidates: LanguageModelV4FunctionTool[];
  if (toolChoice?.type === 'tool') {
    const forced = tools.find((tool) => tool.name === toolChoice.toolName);
    candidates = forced && pending(forced).length > 0 ? [forced] : [];
  } else if (sampler && turn.calls.length === 0) {
    // The first answer of a turn is drawn; once tools have answered, it goes on as it always does.
    const ranked = rankTools(values.intent, tools).filter((entry) => entry.score > 0 && pending(entry.tool).length > 0);
    const relevant = pickRelevantTools(values.intent, tools).map((entry) => entry.tool);
    candidates = drawTools(ranked, relevant, sampler, {
      required: toolChoice?.type === 'required',
      parallel: parallelToolCalls,
    });
    if (toolChoice?.type === 'required' && candidates.length === 0)
      candidates = [rankTools(values.intent, tools)[0].tool];
  } else {
    candidates = pickRelevantTools(values.intent, tools)
      .map((entry) => entry.tool)
      .filter((tool) => pending(tool).length > 0);
    if (toolChoice?.type === 'required' && turn.calls.length === 0 && candidates.length === 0) {
      candidates = [rankTools(values.intent, tools)[0].tool];
    }
  }
  if (candidates.length === 0) return { kind: 'answer', text: composeAnswer(turn, toolNames) };

  const planned = candidates.flatMap((tool) =>
    pending(tool).map((input) => ({
      toolName: tool.name,
      input: sampler ? drawArguments(input, tool.inputSchema, sampler) : input,
    })),
  );
  const chosen = parallelToolCalls ? planned : planned.slice(0, 1);
  const seed = hash(promptTextOf(prompt));
  const calls = chosen.map((call, index) => ({ toolCallId: `call_${seed}${turn.totalCalls + index + 1}`, ...call }));
  const text =
    turn.calls.length === 0
      ? `I'll call ${listNames([...new Set(calls.map((call) => call.toolName))])} to answer that.`
      : `Next I'll call ${listNames([...new Set(calls.map((call) => call.toolName))])}.`;
  return { kind: 'tool-calls', text, calls };
}

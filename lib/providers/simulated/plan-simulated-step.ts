import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import { composeAnswer } from './compose-answer';
import { extractMessageValues } from './extract-message-values';
import { pickRelevantTools, rankTools } from './rank-tools';
import { readPrompt } from './read-prompt';
import type { ScriptStep } from '../../session/run-settings';
import { synthesizeArguments } from './synthesize-arguments';

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
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36).padStart(7, '0');
}

function listNames(names: string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * Decides the simulated model's next step, deterministically: each tool relevant to the
 * latest user message is called once (all at once when parallel calls are on), with
 * arguments drawn from the message; once they have results, it answers from them.
 */
export function planSimulatedStep({ prompt, tools, toolChoice, parallelToolCalls }: PlanOptions): SimulatedStep {
  const turn = readPrompt(prompt);
  const toolNames = tools.map((tool) => tool.name);
  if (toolChoice?.type === 'none' || tools.length === 0) {
    return { kind: 'answer', text: composeAnswer(turn, toolChoice?.type === 'none' ? [] : toolNames) };
  }

  const calledNames = new Set(turn.calls.map((call) => call.toolName));
  const values = extractMessageValues(turn.userText);
  let candidates: LanguageModelV4FunctionTool[];
  if (toolChoice?.type === 'tool') {
    const forced = tools.find((tool) => tool.name === toolChoice.toolName);
    candidates = forced && !calledNames.has(forced.name) ? [forced] : [];
  } else {
    candidates = pickRelevantTools(values.intent, tools)
      .map((entry) => entry.tool)
      .filter((tool) => !calledNames.has(tool.name));
    if (toolChoice?.type === 'required' && turn.calls.length === 0 && candidates.length === 0) {
      candidates = [rankTools(values.intent, tools)[0].tool];
    }
  }
  if (candidates.length === 0) return { kind: 'answer', text: composeAnswer(turn, toolNames) };

  const chosen = parallelToolCalls ? candidates : candidates.slice(0, 1);
  const seed = hash(JSON.stringify(prompt));
  const calls = chosen.map((tool, index) => ({
    toolCallId: `call_${seed}${turn.totalCalls + index + 1}`,
    toolName: tool.name,
    input: synthesizeArguments(tool.inputSchema, values),
  }));
  const text =
    turn.calls.length === 0
      ? `I'll call ${listNames(calls.map((call) => call.toolName))} to answer that.`
      : `Next I'll call ${listNames(calls.map((call) => call.toolName))}.`;
  return { kind: 'tool-calls', text, calls };
}

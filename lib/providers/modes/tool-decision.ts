import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { problemToSentence } from '../../tools/format-ajv-errors';

/** What a model decided, read from its JSON reply. */
export type ToolDecision =
  | { kind: 'tool'; toolName: string; args: Record<string, unknown>; thought: string }
  | { kind: 'answer'; text: string; thought: string }
  | { kind: 'thought'; thought: string }
  | { kind: 'unusable'; message: string };

type Json = Record<string, unknown>;

/** The first JSON object in a reply (code fences and prose around it are ignored). */
export function extractJsonObject(text: string): Json | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const source = fenced ?? text;
  const start = source.indexOf('{');
  if (start === -1) return undefined;
  for (let end = source.lastIndexOf('}'); end > start; end = source.lastIndexOf('}', end - 1)) {
    try {
      const value = JSON.parse(source.slice(start, end + 1));
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
    } catch {
      // Try a shorter span.
    }
  }
  return undefined;
}

/**
 * Reads a decision in either dialect — ReAct (`type`, `tool`, `args`, `answer`, `thought`)
 * or structured (`tool`, `arguments`, `answer`, `scratchpad`, maybe under `decision`). With a
 * checker it also validates the tool and its arguments, worded for the model to fix.
 */
export function readToolDecision(
  text: string,
  tools: readonly LanguageModelV4FunctionTool[],
  checker?: SchemaChecker,
): ToolDecision {
  const raw = extractJsonObject(text);
  if (!raw) {
    return checker
      ? { kind: 'unusable', message: 'The reply contains no JSON object.' }
      : { kind: 'answer', text: text.trim(), thought: '' };
  }
  const value = (raw.decision && typeof raw.decision === 'object' ? raw.decision : raw) as Json;
  const thought = String(value.thought ?? value.scratchpad ?? '');
  const toolName = typeof value.tool === 'string' ? value.tool : undefined;
  if (toolName && value.type !== 'final_answer') {
    const args = (value.arguments ?? value.args ?? {}) as Json;
    if (checker) {
      const tool = tools.find((candidate) => candidate.name === toolName);
      if (!tool)
        return {
          kind: 'unusable',
          message: `There is no tool "${toolName}". Tools: ${tools.map((t) => t.name).join(', ')}.`,
        };
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        return { kind: 'unusable', message: 'The arguments must be a JSON object.' };
      const problems = checker.checkValue(tool.inputSchema as Json, args);
      if (problems.length > 0) {
        return {
          kind: 'unusable',
          message: `Invalid arguments for "${toolName}": ${problems.map((problem) => problemToSentence(problem, 'the arguments')).join('; ')}.`,
        };
      }
    }
    return { kind: 'tool', toolName, args, thought };
  }
  if (typeof value.answer === 'string') return { kind: 'answer', text: value.answer, thought };
  if (thought) return { kind: 'thought', thought };
  return checker
    ? { kind: 'unusable', message: 'The JSON has neither "tool" nor "answer".' }
    : { kind: 'answer', text: text.trim(), thought: '' };
}

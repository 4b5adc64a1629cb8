import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { MISSING_REQUIRED_MESSAGE, type SchemaProblem } from '../../tools/format-ajv-errors';

/**
 * Argument problems in seed 004's form, one per problem:
 * `ArgValidationError: query\n  Field required`.
 */
export function formatArgValidationErrors(problems: readonly SchemaProblem[]): string {
  return problems
    .map((problem) => {
      const field = problem.path || '(arguments)';
      const type = /^must be an? (\w+)$/.exec(problem.message)?.[1];
      const reason =
        problem.message === MISSING_REQUIRED_MESSAGE
          ? 'Field required'
          : type
            ? `Input should be a valid ${type}`
            : `Input ${problem.message}`;
      return `ArgValidationError: ${field}\n  ${reason}`;
    })
    .join('\n');
}

const REACT_TYPES = ['call_tool', 'final_answer'];

/** What a model decided, read from its JSON reply. */
export type ToolDecision =
  | { kind: 'tool'; toolName: string; args: Record<string, unknown>; thought: string }
  | { kind: 'answer'; text: string; thought: string }
  | { kind: 'thought'; thought: string }
  /**
   * Seed 003's two failures: `extraction` — no decision could be read from the reply;
   * `validation` — one was read but names no such tool, a wrong `type`, or bad arguments.
   */
  | { kind: 'unusable'; stage: 'extraction' | 'validation'; message: string };

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
      ? { kind: 'unusable', stage: 'extraction', message: 'The reply contains no JSON object.' }
      : { kind: 'answer', text: text.trim(), thought: '' };
  }
  const value = (raw.decision && typeof raw.decision === 'object' ? raw.decision : raw) as Json;
  const thought = String(value.thought ?? value.scratchpad ?? '');
  const toolName = typeof value.tool === 'string' ? value.tool : undefined;
  if (checker && value.type !== undefined && !REACT_TYPES.includes(String(value.type))) {
    return {
      kind: 'unusable',
      stage: 'validation',
      message: `"type" must be "call_tool" or "final_answer", not ${JSON.stringify(value.type)}.`,
    };
  }
  if (toolName && value.type !== 'final_answer') {
    const args = (value.arguments ?? value.args ?? {}) as Json;
    if (checker) {
      const tool = tools.find((candidate) => candidate.name === toolName);
      if (!tool)
        return {
          kind: 'unusable',
          stage: 'validation',
          message: `There is no tool "${toolName}". Tools: ${tools.map((t) => t.name).join(', ')}.`,
        };
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        return { kind: 'unusable', stage: 'validation', message: 'The arguments must be a JSON object.' };
      // Seed 004 ToolCallValidation: the arguments come back normalised (defaults, coerced scalars).
      const normalized = checker.normalizeValue(tool.inputSchema as Json, args);
      if (normalized.problems.length > 0) {
        return {
          kind: 'unusable',
          stage: 'validation',
          message: `Invalid arguments for "${toolName}":\n${formatArgValidationErrors(normalized.problems)}`,
        };
      }
      return { kind: 'tool', toolName, args: normalized.value as Json, thought };
    }
    return { kind: 'tool', toolName, args, thought };
  }
  if (typeof value.answer === 'string') return { kind: 'answer', text: value.answer, thought };
  if (thought) return { kind: 'thought', thought };
  return checker
    ? { kind: 'unusable', stage: 'extraction', message: 'The JSON has neither "tool" nor "answer".' }
    : { kind: 'answer', text: text.trim(), thought: '' };
}

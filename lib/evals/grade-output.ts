import { canonicalJson } from '../shapes/canonical-json';
import type { OutputCheck } from '../shapes/eval-case';
import type { Failure } from '../shapes/eval-run';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { problemToSentence } from '../tools/format-ajv-errors';
import { compileSafeRegExp } from '../tools/safe-regexp';

/*
 * Checks on what the model said last and on the set of tools it called — as promptfoo makes
 * them (docs/evals.md, "promptfoo"), so a suite read from promptfoo gives promptfoo's verdicts.
 */

/** A call as the model's last step made it: its id, tool and arguments. */
export type OutputCall = { toolCallId: string; toolName: string; input: unknown };

/**
 * What the model said last as one text, as promptfoo reads an OpenAI Chat Completions answer:
 * the text; the calls as the message lists them (JSON) when there is no text; the whole message
 * (JSON) when there are both.
 */
export function outputText(text: string, calls: readonly OutputCall[]): string {
  if (calls.length === 0) return text;
  const toolCalls = calls.map((call) => ({
    id: call.toolCallId,
    type: 'function',
    function: { name: call.toolName, arguments: JSON.stringify(call.input ?? {}) },
  }));
  return JSON.stringify(text ? { role: 'assistant', content: text, tool_calls: toolCalls } : toolCalls);
}

const clip = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Whether the check holds (before `not`), or why it cannot run. */
function holds(check: OutputCheck, output: string, checker: SchemaChecker): boolean | { cannot: string } {
  if ('equals' in check) {
    if (typeof check.equals !== 'object') return output === String(check.equals);
    try {
      return canonicalJson(JSON.parse(output)) === canonicalJson(check.equals);
    } catch {
      return false;
    }
  }
  if ('contains' in check) return output.includes(String(check.contains));
  if ('icontains' in check) return output.toLowerCase().includes(String(check.icontains).toLowerCase());
  if ('startsWith' in check) return output.startsWith(check.startsWith);
  if ('containsAny' in check || 'containsAll' in check) {
    const fold = (value: string) => (check.ignoreCase ? value.toLowerCase() : value);
    const seen = fold(output);
    const found = (value: string | number) => seen.includes(fold(String(value)));
    return 'containsAny' in check ? check.containsAny.some(found) : check.containsAll.every(found);
  }
  if ('regex' in check) {
    try {
      return compileSafeRegExp(check.regex, check.flags).test(output);
    } catch (error) {
      return { cannot: `the pattern cannot run: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return false;
  }
  return !check.schema || checker.checkValue(check.schema, value).length === 0;
}

/** What the check asks, in a few words: `contains "Paris"`, `is JSON`. */
export function describeOutputCheck(check: OutputCheck): string {
  const prefix = check.not ? 'not ' : '';
  if ('equals' in check)
    return `${prefix}equals ${typeof check.equals === 'string' ? JSON.stringify(clip(check.equals)) : clip(JSON.stringify(check.equals))}`;
  if ('contains' in check) return `${prefix}contains ${JSON.stringify(check.contains)}`;
  if ('icontains' in check) return `${prefix}contains ${JSON.stringify(check.icontains)} (any case)`;
  if ('startsWith' in check) return `${prefix}starts with ${JSON.stringify(check.startsWith)}`;
  if ('containsAny' in check) return `${prefix}contains one of ${JSON.stringify(check.containsAny)}`;
  if ('containsAll' in check) return `${prefix}contains all of ${JSON.stringify(check.containsAll)}`;
  if ('regex' in check) return `${prefix}matches /${check.regex}/${check.flags ?? ''}`;
  return `${prefix}is JSON${check.schema ? ' its schema accepts' : ''}`;
}

/** The output checks that fail on what the model said last, a sentence each. */
export function outputFailures(checks: readonly OutputCheck[], output: string, checker: SchemaChecker): Failure[] {
  return checks.flatMap((check): Failure[] => {
    const result = holds(check, output, checker);
    if (typeof result === 'object') return [{ kind: 'output', message: `The output check ${result.cannot}.` }];
    if (result !== Boolean(check.not)) return [];
    const schemaProblem =
      'isJson' in check && check.schema && !check.not ? jsonSchemaProblem(output, check.schema, checker) : undefined;
    return [
      {
        kind: 'output',
        message: `The output ${JSON.stringify(clip(output))} fails "${describeOutputCheck(check)}"${schemaProblem ? `: ${schemaProblem}` : ''}.`,
      },
    ];
  });
}

function jsonSchemaProblem(output: string, schema: Record<string, unknown>, checker: SchemaChecker) {
  try {
    const problems = checker.checkValue(schema, JSON.parse(output));
    return problems.map((problem) => problemToSentence(problem, 'the output')).join('; ') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The F1 of the set of tools called against the expected set (precision: of the tools called,
 * how many were expected; recall: of the expected, how many were called) — promptfoo's `tool-call-f1`.
 */
export function toolCallF1(expected: readonly string[], called: readonly string[]): number {
  const want = new Set(expected);
  const got = new Set(called);
  const both = [...want].filter((name) => got.has(name)).length;
  const precision = got.size > 0 ? both / got.size : 0;
  const recall = want.size > 0 ? both / want.size : 0;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** The F1 failure, when the tools called fall short of the threshold (default 1). */
export function toolF1Failures(
  check: { tools: readonly string[]; threshold?: number } | undefined,
  called: readonly string[],
): Failure[] {
  if (!check) return [];
  const score = toolCallF1(check.tools, called);
  const threshold = check.threshold ?? 1;
  if (score >= threshold) return [];
  const got = [...new Set(called)].sort().join(', ') || 'none';
  return [
    {
      kind: 'tool-f1',
      message: `Tool-call F1 ${score.toFixed(3)} is below ${threshold}: expected ${[...new Set(check.tools)].sort().join(', ')}; called ${got}.`,
    },
  ];
}

import type { UIMessage } from 'ai';
import { splitSteps } from '../messages/split-steps';
import { readToolErrorText, type ToolErrorType } from '../shapes/tool-error';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { readStepReport } from '../wire/extract-wire-steps';
import { toCsv } from './csv';

/** How a failed call failed, as Tool stats counts it. */
export const TOOL_ERROR_KINDS = ['validation', 'execution', 'timeout', 'blocked', 'stopped'] as const;
export type ToolErrorKind = (typeof TOOL_ERROR_KINDS)[number];

export type ToolStatsRow = {
  tool: string;
  calls: number;
  successes: number;
  errors: Record<ToolErrorKind, number>;
  /** Calls made after an earlier call of the same tool in the same run had failed. */
  retries: number;
  medianMs: number | undefined;
  p95Ms: number | undefined;
  /** What the tool's definition costs in prompt tokens (undefined for a tool no longer defined). */
  schemaTokens: number | undefined;
  /** Model steps that offered the tool, and how many of them called it. */
  offered: number;
  picked: number;
};

const OUTCOME_ERRORS: Record<Exclude<ToolOutcomeKind, 'ok'>, ToolErrorKind> = {
  'invalid-input': 'validation',
  'unknown-tool': 'validation',
  failed: 'execution',
  'timed-out': 'timeout',
  blocked: 'blocked',
  stopped: 'stopped',
};
const ERROR_TYPES: Record<ToolErrorType, ToolErrorKind> = {
  ValidationError: 'validation',
  ExecutionError: 'execution',
  ResourceError: 'execution',
  TimeoutError: 'timeout',
  PermissionError: 'blocked',
};

/** The `p`th percentile (nearest rank) of sorted numbers. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

type CallFacts = { outcome: ToolOutcomeKind | undefined; error: ToolErrorKind | undefined; ms: number | undefined };

/**
 * Per-tool usage of a conversation, from what the session recorded of each call — its outcome
 * kind (or, for runs that kept none, the typed error response the call answered with), its
 * duration, and which tools each model step offered — never from prose. Rows for every tool
 * named in `tools` (zero calls included) and every tool called, most-called first.
 */
export function buildToolStats({
  messages,
  outcomes = {},
  durations = {},
  tools,
}: {
  messages: readonly UIMessage[];
  outcomes?: Readonly<Record<string, ToolOutcomeKind>>;
  durations?: Readonly<Record<string, number>>;
  /** The tools defined now, with their schema's size in tokens (undefined when unknown: an eval variant's tools). */
  tools: ReadonlyMap<string, number | undefined>;
}): ToolStatsRow[] {
  const rows = new Map<string, ToolStatsRow & { times: number[] }>();
  const row = (tool: string) => {
    let found = rows.get(tool);
    if (!found) {
      found = {
        tool,
        calls: 0,
        successes: 0,
        errors: { validation: 0, execution: 0, timeout: 0, blocked: 0, stopped: 0 },
        retries: 0,
        medianMs: undefined,
        p95Ms: undefined,
        schemaTokens: tools.get(tool),
        offered: 0,
        picked: 0,
        times: [],
      };
      rows.set(tool, found);
    }
    return found;
  };
  for (const tool of tools.keys()) row(tool);

  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const failedBefore = new Set<string>();
    for (const parts of splitSteps(message)) {
      const called = new Set<string>();
      for (const part of parts) {
        if (!isToolUIPart(part)) continue;
        const name = getToolName(part);
        called.add(name);
        const facts = callFacts(part, outcomes, durations);
        if (!facts) continue;
        const stats = row(name);
        stats.calls += 1;
        if (failedBefore.has(name)) stats.retries += 1;
        if (facts.outcome === 'ok') {
          stats.successes += 1;
          failedBefore.delete(name);
        } else if (facts.error) {
          stats.errors[facts.error] += 1;
          failedBefore.add(name);
        }
        if (facts.ms !== undefined) stats.times.push(facts.ms);
      }
      for (const offered of readStepReport(parts)?.offeredTools ?? []) {
        const stats = row(offered);
        stats.offered += 1;
        if (called.has(offered)) stats.picked += 1;
      }
    }
  }
  return [...rows.values()]
    .map(({ times, ...stats }) => {
      const sorted = times.sort((a, b) => a - b);
      return { ...stats, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
    })
    .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool));
}

/** What one finished call came to; undefined while it has no result yet. */
function callFacts(
  part: Extract<UIMessage['parts'][number], { toolCallId: string }>,
  outcomes: Readonly<Record<string, ToolOutcomeKind>>,
  durations: Readonly<Record<string, number>>,
): CallFacts | undefined {
  const state = (part as { state?: string }).state;
  if (state !== 'output-available' && state !== 'output-error') return undefined;
  const recorded = outcomes[part.toolCallId];
  const output = state === 'output-available' ? (part as { output?: unknown }).output : undefined;
  const errorText = state === 'output-error' ? ((part as { errorText?: string }).errorText ?? '') : '';
  const response = state === 'output-error' ? readToolErrorText(errorText) : undefined;
  const reported = (response ?? (output as { execution_time_ms?: unknown } | undefined))?.execution_time_ms;
  const ms = durations[part.toolCallId] ?? (typeof reported === 'number' ? reported : undefined);
  if (recorded) return { outcome: recorded, error: recorded === 'ok' ? undefined : OUTCOME_ERRORS[recorded], ms };
  if (state === 'output-available') return { outcome: 'ok', error: undefined, ms };
  return { outcome: undefined, error: response ? ERROR_TYPES[response.error.type] : 'execution', ms };
}

/** The pick rate as a whole percentage, or undefined when no step offered the tool. */
export const pickRate = (row: ToolStatsRow) =>
  row.offered === 0 ? undefined : Math.round((row.picked / row.offered) * 100);

/** The table as CSV, one row per tool (`scope` names the runs: "session" or an eval column). */
export function toolStatsCsv(rows: readonly ToolStatsRow[], scope: string): string {
  const header = [
    'scope',
    'tool',
    'calls',
    'successes',
    ...TOOL_ERROR_KINDS.map((kind) => `${kind}_errors`),
    'retries',
    'median_ms',
    'p95_ms',
    'schema_tokens',
    'offered',
    'picked',
    'pick_rate_pct',
  ];
  const blank = (value: number | undefined) => (value === undefined ? '' : value);
  return toCsv([
    header,
    ...rows.map((row) => [
      scope,
      row.tool,
      row.calls,
      row.successes,
      ...TOOL_ERROR_KINDS.map((kind) => row.errors[kind]),
      row.retries,
      blank(row.medianMs),
      blank(row.p95Ms),
      blank(row.schemaTokens),
      row.offered,
      row.picked,
      blank(pickRate(row)),
    ]),
  ]);
}

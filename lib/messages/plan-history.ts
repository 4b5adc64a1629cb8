import type { UIMessage } from 'ai';
import type { HistorySettings } from '../shapes/run-settings';
import type { HistoryStrategy } from '../shapes/run-settings-defaults';
import { type HistoryUnit, historyUnitsOf } from './history-units';
import { stepNumbersOf } from './split-steps';
import { stepIdOf } from '../shapes/step-id';

export const DEFAULT_HISTORY_MAX_TOKENS = 8_000;
export const DEFAULT_HISTORY_KEEP_LAST = 10;

/**
 * What one request carried of the conversation: recorded by the route on the step it made
 * (a `data-history` part), so the timeline and the wire views show what was really sent.
 */
export type HistoryReport = {
  strategy: HistoryStrategy;
  maxTokens?: number;
  keepLast?: number;
  /** The whole conversation, estimated. */
  estimatedTokens: number;
  /** What was sent of it (the note included), estimated. */
  sentTokens: number;
  /** Keys of the units left out (user message ids, `<message id>:step-<n>`). */
  omitted: string[];
  /** The user message put first in their place: what was left out, or its summary. */
  note?: string;
  /** Why no summary could be made (the plain note was sent instead). */
  summaryError?: string;
};

export type HistoryPlan = {
  strategy: HistoryStrategy;
  units: HistoryUnit[];
  omitted: HistoryUnit[];
  estimatedTokens: number;
  /** What the kept units come to (without the note). */
  keptTokens: number;
};

const sum = (units: readonly HistoryUnit[]) => units.reduce((total, unit) => total + unit.tokens, 0);

/**
 * Which units a request leaves out under a history policy (seed 002 §5.2). The latest user
 * message and the newest unit (the step whose results the model is answering) are always
 * sent; the others go oldest first — while over the budget (drop-oldest, summarize) or
 * beyond the newest `keepLast` (sliding-window, then the budget if one is set).
 */
export function planHistory(messages: readonly UIMessage[], settings: HistorySettings | undefined): HistoryPlan {
  const units = historyUnitsOf(messages);
  const strategy = settings?.strategy ?? 'none';
  const estimatedTokens = sum(units);
  const plan = { strategy, units, estimatedTokens };
  if (strategy === 'none' || units.length === 0) return { ...plan, omitted: [], keptTokens: estimatedTokens };

  const lastUser = units.findLastIndex((unit) => unit.kind === 'user');
  const isKept = (index: number) => index === lastUser || index === units.length - 1;
  const omitted = new Set<number>();
  if (strategy === 'sliding-window') {
    const keepLast = settings?.keepLast ?? DEFAULT_HISTORY_KEEP_LAST;
    units.forEach((_, index) => {
      if (index < units.length - keepLast && !isKept(index)) omitted.add(index);
    });
  }
  const budget =
    strategy === 'sliding-window' ? settings?.maxTokens : (settings?.maxTokens ?? DEFAULT_HISTORY_MAX_TOKENS);
  if (budget !== undefined) {
    let total = sum(units.filter((_, index) => !omitted.has(index)));
    for (let index = 0; index < units.length && total > budget; index += 1) {
      if (omitted.has(index) || isKept(index)) continue;
      omitted.add(index);
      total -= units[index].tokens;
    }
  }
  const left = units.filter((_, index) => omitted.has(index));
  return { ...plan, omitted: left, keptTokens: estimatedTokens - sum(left) };
}

/** "2 user messages and 3 model steps". */
export function describeOmitted(units: readonly Pick<HistoryUnit, 'kind'>[]): string {
  const users = units.filter((unit) => unit.kind === 'user').length;
  const steps = units.length - users;
  const words = [
    users > 0 ? `${users} user message${users === 1 ? '' : 's'}` : undefined,
    steps > 0 ? `${steps} model step${steps === 1 ? '' : 's'}` : undefined,
  ].filter(Boolean);
  return words.join(' and ');
}

/** The note sent first in place of what was left out: its summary when there is one. */
export function historyNote(omitted: readonly HistoryUnit[], summary?: string): string | undefined {
  if (omitted.length === 0) return undefined;
  const what = describeOmitted(omitted);
  return summary
    ? `[Summary of the earlier conversation (${what} left out)]\n${summary}`
    : `[Earlier conversation left out to fit the history limit: ${what}.]`;
}

/** The id of the note message put in front of a shortened conversation. */
export const HISTORY_NOTE_ID = 'history-note';

/**
 * The conversation as a request carries it: the omitted units removed (a step with its
 * `step-start`), emptied messages dropped, and the note first as a user message.
 */
export function applyHistory(
  messages: readonly UIMessage[],
  report: Pick<HistoryReport, 'omitted' | 'note'>,
): UIMessage[] {
  if (report.omitted.length === 0) return [...messages];
  const omitted = new Set(report.omitted);
  const kept: UIMessage[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      if (!omitted.has(message.id)) kept.push(message);
      continue;
    }
    const numbers = stepNumbersOf(message.parts);
    const parts = message.parts.filter((_, index) => !omitted.has(stepIdOf(message.id, numbers[index])));
    if (parts.some((part) => part.type !== 'step-start')) kept.push({ ...message, parts });
  }
  const note = report.note
    ? [{ id: HISTORY_NOTE_ID, role: 'user' as const, parts: [{ type: 'text' as const, text: report.note }] }]
    : [];
  return [...note, ...kept];
}

/** The `data-history` report of a step's parts, if the route recorded one. */
export function readHistoryReport(parts: UIMessage['parts']): HistoryReport | undefined {
  const part = parts.find((candidate) => candidate.type === 'data-history');
  return part ? (part as { data: HistoryReport }).data : undefined;
}

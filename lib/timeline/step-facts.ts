/** The facts the graph draws beside nodes and bands: captions, badges, what was left out. */
import type { UIMessage } from 'ai';
import type { Interception } from '../shapes/interceptor-spec';
import { unexpectedFinish } from '../messages/describe-finish';
import { readHistoryReport } from '../messages/plan-history';
import { splitSteps } from '../messages/split-steps';
import { readStepReport } from '../wire/extract-wire-steps';
import type { Badge, TimelineNode } from './timeline-types';

const INTERCEPTION_TONES = {
  blocked: 'error',
  errored: 'error',
  'failed the call': 'error',
  'changed arguments': 'neutral',
  'rewrote result': 'neutral',
  noted: 'neutral',
} as const satisfies Record<Interception['action'], Badge['tone']>;

/** Badges for what interceptors of one phase did to a call: "block rm -rf: blocked". */
export function interceptionBadges(
  records: readonly Interception[] | undefined,
  phase: Interception['phase'],
): Badge[] {
  return (records ?? [])
    .filter((record) => record.phase === phase)
    .map((record) => ({ text: `${record.interceptor}: ${record.action}`, tone: INTERCEPTION_TONES[record.action] }));
}

const SUMMARY_CHARS = 90;
export const FILE_MARKS = { FileCreated: '+', FileModified: '~', FileDeleted: '−' } as const;

/** One line of plain text: markdown markers dropped, whitespace folded, cut to fit a node. */
export function summarize(text: string): string {
  const flat = text
    .replace(/```[^\n]*\n?|\*\*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1)}…` : flat;
}

/** The short form of a tool_call_id shown on edges: its last 6 characters. */
export function shortCallId(toolCallId: string): string {
  return toolCallId.length > 8 ? `…${toolCallId.slice(-6)}` : toolCallId;
}

export function countRetries(parts: UIMessage['parts']): { count: number; reason: string } {
  const retries = parts.filter((part) => part.type === 'data-retry');
  return {
    count: retries.length,
    reason: (retries.at(-1) as { data?: { reason?: string } } | undefined)?.data?.reason ?? 'an error',
  };
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The caption of a step's band: its number, then time and tokens when the route reported them. */
export function describeStep(
  step: number,
  parts: UIMessage['parts'],
  state: 'streaming' | 'incomplete' | 'done',
): string {
  const report = readStepReport(parts);
  const history = readHistoryReport(parts);
  const retries = countRetries(parts);
  const facts = [
    `Step ${step}`,
    state === 'streaming' ? 'streaming…' : state === 'incomplete' ? 'incomplete' : undefined,
    report ? seconds(report.durationMs) : undefined,
    report?.inputTokens !== undefined && report.outputTokens !== undefined
      ? `${report.inputTokens} → ${report.outputTokens} tokens`
      : undefined,
    retries.count > 0 ? `retried ${retries.count}×` : undefined,
    history && history.omitted.length > 0 ? `${history.omitted.length} left out of history` : undefined,
    unexpectedFinish(parts)?.badge,
  ];
  return facts.filter(Boolean).join(' · ');
}

/** Marks the messages and steps the newest request left out of its history (see `planHistory`). */
export function markLeftOut(messages: readonly UIMessage[], nodes: readonly TimelineNode[]) {
  const latest = messages
    .flatMap((message) => (message.role === 'assistant' ? splitSteps(message) : []))
    .map(readHistoryReport)
    .findLast((report) => report !== undefined);
  if (!latest || latest.omitted.length === 0) return;
  const omitted = new Set(latest.omitted);
  for (const node of nodes) {
    if ((node.kind === 'user' || node.kind === 'assistant') && omitted.has(node.id)) {
      node.badges.push({ text: 'left out', tone: 'neutral' });
    }
  }
}

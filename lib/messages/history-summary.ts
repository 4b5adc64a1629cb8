import type { HistoryUnit } from './history-units';

/** The instructions a summary request is sent with (the simulated model knows them too). */
export const HISTORY_SUMMARY_INSTRUCTIONS =
  'Summarize the earlier part of a conversation between a user and an assistant that calls tools, so the assistant can continue without it. Keep what the user asked for, decisions made, and the facts, file names and tool results that still matter. At most 200 words. Reply with the summary only.';

/** The left-out units as the transcript a summary is made from. */
export function transcriptOf(units: readonly HistoryUnit[]): string {
  return units.map((unit) => unit.transcript).join('\n');
}

const SUMMARY_LINES = 12;
const SUMMARY_LINE_CHARS = 160;

/**
 * A summary made without a model (the simulated one): the transcript's lines, each cut
 * short, at most twelve, saying how many more there were.
 */
export function summarizeTranscriptLocally(transcript: string): string {
  const lines = transcript
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (line.length > SUMMARY_LINE_CHARS ? `${line.slice(0, SUMMARY_LINE_CHARS - 1)}…` : line));
  const shown = lines.slice(0, SUMMARY_LINES).map((line) => `- ${line}`);
  if (lines.length > SUMMARY_LINES) shown.push(`- … and ${lines.length - SUMMARY_LINES} more lines`);
  return shown.join('\n') || '(nothing to summarize)';
}

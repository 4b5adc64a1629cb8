import { wilsonInterval } from './proportions';

/** One answer of a simulated user at a turn: its text, that it ended the conversation, or why it could not be asked. */
export type UserTurnSample = { n: number; text?: string; done?: string; error?: string };

/** One distinct answer: what it was, how many samples said it, its share and 95 % Wilson interval. */
export type UserAnswerRow = {
  answer: string;
  kind: 'text' | 'ended' | 'error';
  count: number;
  share: number;
  interval: [low: number, high: number];
};

const ENDED: Record<string, string> = {
  stop: 'Ends the conversation (says its stop phrase)',
  'out-of-script': 'Ends the conversation (its script has no more turns)',
  'nothing-to-answer': 'Ends the conversation (nothing to answer)',
  'said-nothing': 'Says nothing (the conversation ends)',
};

const keyOf = (sample: UserTurnSample): Pick<UserAnswerRow, 'answer' | 'kind'> =>
  sample.error !== undefined
    ? { answer: 'Could not be asked', kind: 'error' }
    : sample.done !== undefined
      ? { answer: ENDED[sample.done] ?? `Ends the conversation (${sample.done})`, kind: 'ended' }
      : { answer: (sample.text ?? '').trim(), kind: 'text' };

/**
 * The user's turn as a distribution: the samples grouped by what was said (texts equal once
 * trimmed), most said first (ties: first said first), each with its 95 % Wilson interval.
 */
export function userTurnDistribution(samples: readonly UserTurnSample[]): UserAnswerRow[] {
  const rows = new Map<string, UserAnswerRow>();
  for (const sample of samples) {
    const key = keyOf(sample);
    const id = `${key.kind}\u0000${key.answer}`;
    const row = rows.get(id) ?? { ...key, count: 0, share: 0, interval: [0, 0] as [number, number] };
    row.count++;
    rows.set(id, row);
  }
  const n = samples.length;
  return [...rows.values()]
    .map((row) => ({ ...row, share: row.count / n, interval: wilsonInterval(row.count, n) }))
    .sort((a, b) => b.count - a.count);
}

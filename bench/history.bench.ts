import { test } from 'vitest';
import { applyHistory, historyNote, planHistory } from '@/lib/messages/plan-history';
import { measure, printFigures } from './measure';
import { generateLongSession } from './generate-long-session';

test('history policy on a 500-call session: the estimate under the message box, and the cut the route makes', async () => {
  const messages = generateLongSession('history');
  const plan = planHistory(messages, { strategy: 'drop-oldest', maxTokens: 8_000 });
  const figures = [
    // What the composer computes for its estimate (after each pause in typing).
    await measure(
      `plan (no policy): estimate ${plan.estimatedTokens.toLocaleString('en')} tokens, ${plan.units.length} units`,
      () => planHistory(messages, undefined),
      50,
    ),
    await measure(
      `plan + cut, drop-oldest within 8,000 tokens (leaves out ${plan.omitted.length} units)`,
      () => {
        const cut = planHistory(messages, { strategy: 'drop-oldest', maxTokens: 8_000 });
        return applyHistory(messages, { omitted: cut.omitted.map((unit) => unit.key), note: historyNote(cut.omitted) });
      },
      50,
    ),
  ];
  printFigures('History policy', figures);
});

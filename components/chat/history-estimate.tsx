'use client';

import { withoutManualSteps } from '@/lib/messages/without-manual-steps';
import { useDeferredValue, useMemo } from 'react';
import type { UIMessage } from 'ai';
import { describeOmitted, planHistory } from '@/lib/messages/plan-history';
import { useSession } from '../runtime/runtime-context';
import { HISTORY_STRATEGY_LABELS } from './history-settings';

/**
 * 12,345 — grouped by hand: the first `toLocaleString` of a page costs ~25 ms (ICU starts), and
 * this runs as the first key is typed.
 */
const format = (tokens: number) => String(Math.round(tokens)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Before sending: about how many tokens of conversation the next request carries, and what
 * the history policy will leave out of it (the same plan the route makes).
 */
export function HistoryEstimate() {
  const messages = useSession((state) => state.messages);
  const history = useSession((state) => state.settings.history);
  const draft = useDeferredValue(useSession((state) => state.draft));
  const plan = useMemo(() => {
    // What the next request carries: the steps made by hand (`Try this tool`) are not sent.
    const sent = withoutManualSteps(messages);
    const next: UIMessage[] = draft.trim()
      ? [...sent, { id: 'draft', role: 'user', parts: [{ type: 'text', text: draft }] }]
      : sent;
    return planHistory(next, history);
  }, [messages, history, draft]);
  if (plan.units.length === 0) return null;
  const policy = history && history.strategy !== 'none' ? HISTORY_STRATEGY_LABELS[history.strategy] : undefined;
  return (
    <p role="note" aria-label="History estimate" className="muted text-xs">
      Next request: ≈ {format(plan.keptTokens)} tokens of conversation
      {plan.omitted.length > 0
        ? ` · leaves out ${describeOmitted(plan.omitted)} (≈ ${format(plan.estimatedTokens - plan.keptTokens)} tokens, ${policy?.toLowerCase()})`
        : policy
          ? ` · ${policy.toLowerCase()}: nothing left out`
          : ''}
    </p>
  );
}

'use client';

import { DEFAULT_HISTORY_KEEP_LAST, DEFAULT_HISTORY_MAX_TOKENS } from '@/lib/messages/plan-history';
import type { HistorySettings } from '@/lib/shapes/run-settings';
import type { HistoryStrategy } from '@/lib/shapes/run-settings-defaults';
import { useSession } from '../runtime/runtime-context';

export const HISTORY_STRATEGY_LABELS = {
  none: 'Send everything',
  'drop-oldest': 'Drop oldest (token budget)',
  'sliding-window': 'Sliding window (last N)',
  summarize: 'Summarize the oldest',
} as const satisfies Record<HistoryStrategy, string>;

function readCount(value: string, min: number, max: number): number | undefined {
  const number = Number(value);
  return value !== '' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** How much of the conversation each request carries (seed 002 §5.2), in Run settings. */
export function HistorySettingsFields() {
  const history = useSession((state) => state.settings.history);
  const updateSettings = useSession((state) => state.updateSettings);
  const strategy = history?.strategy ?? 'none';
  const update = (change: Partial<HistorySettings>) => updateSettings({ history: { ...history, strategy, ...change } });
  return (
    <fieldset className="flex flex-wrap items-center gap-2 rounded border border-[var(--border)] p-2">
      <legend className="muted px-1">History</legend>
      <select
        aria-label="History strategy"
        className="control"
        value={strategy}
        onChange={(event) => update({ strategy: event.target.value as HistoryStrategy })}
      >
        {(Object.keys(HISTORY_STRATEGY_LABELS) as HistoryStrategy[]).map((value) => (
          <option key={value} value={value}>
            {HISTORY_STRATEGY_LABELS[value]}
          </option>
        ))}
      </select>
      {strategy === 'none' ? null : (
        <label className="flex items-center gap-1">
          Token budget
          <input
            type="number"
            aria-label="History token budget"
            className="control w-20"
            min={100}
            step={500}
            placeholder={strategy === 'sliding-window' ? 'none' : String(DEFAULT_HISTORY_MAX_TOKENS)}
            value={history?.maxTokens ?? ''}
            onChange={(event) => update({ maxTokens: readCount(event.target.value, 100, 2_000_000) })}
          />
        </label>
      )}
      {strategy === 'sliding-window' ? (
        <label className="flex items-center gap-1">
          Keep last
          <input
            type="number"
            aria-label="History keep last"
            className="control w-14"
            min={1}
            max={1000}
            placeholder={String(DEFAULT_HISTORY_KEEP_LAST)}
            value={history?.keepLast ?? ''}
            onChange={(event) => update({ keepLast: readCount(event.target.value, 1, 1_000) })}
          />
        </label>
      ) : null}
    </fieldset>
  );
}

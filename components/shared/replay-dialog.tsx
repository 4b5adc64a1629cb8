'use client';

import { liveUserFor } from './conversation-actions';
import { useState } from 'react';
import { ON_DIVERGENCE, type OnDivergence, type ReplayRecord } from '@/lib/shapes/replay';
import { useRuntime } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

/** How a replay went, in one or two sentences. */
export function describeReplay(record: ReplayRecord): string {
  const counts = `${record.served} answer${record.served === 1 ? '' : 's'} from the recording, ${record.live} live request${record.live === 1 ? '' : 's'}`;
  if (!record.diverged) return `Replayed without a difference: ${counts}.`;
  const where = record.diverged.paths.length > 0 ? ` — ${record.diverged.paths.join(', ')} changed` : '';
  return `Diverged at model request ${record.diverged.at + 1}${where}; ${record.onDivergence === 'stop' ? 'stopped there, nothing was sent' : `went live from there`} (${counts}).`;
}

/**
 * `Replay against the model` (or from one user message): runs the loop again on a new branch,
 * each request equal to the recorded one answered from the recording, each equal call given its
 * recorded result — until the first request that differs, where it goes live or stops.
 */
export function ReplayDialog({
  open,
  onOpenChange,
  fromMessageId,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fromMessageId: string | undefined;
  title: 'Replay against the model' | 'Replay from here against the model';
}) {
  const runtime = useRuntime();
  const [onDivergence, setOnDivergence] = useState<OnDivergence>('go-live');
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [running, setRunning] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      className="w-[min(32rem,calc(100vw-1rem))]"
      description="The run again on a new branch: each model request equal to the recorded one is answered from the recording (no provider request), each equal tool call gets its recorded result — until the first request that differs."
    >
      <form
        className="flex flex-col gap-2 text-xs"
        onSubmit={(event) => {
          event.preventDefault();
          if (!fromMessageId) return setSaid({ ok: false, text: 'There is no user message to replay from.' });
          setRunning(true);
          setSaid(undefined);
          // A conversation's simulated user answers live once the replay goes live.
          void runtime
            .replayAgainstModel(fromMessageId, onDivergence, liveUserFor(runtime))
            .then((result) =>
              setSaid(
                result.ok ? { ok: true, text: describeReplay(result.record) } : { ok: false, text: result.message },
              ),
            )
            .finally(() => setRunning(false));
        }}
      >
        <label className="flex items-center gap-2">
          On divergence
          <select
            className="control"
            value={onDivergence}
            onChange={(event) => setOnDivergence(event.target.value as OnDivergence)}
          >
            {Object.entries(ON_DIVERGENCE).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button self-start" disabled={running}>
          {running ? 'Replaying…' : 'Replay'}
        </button>
        {said ? (
          <p role={said.ok ? 'status' : 'alert'} className={said.ok ? '' : 'text-role-error'}>
            {said.text}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

'use client';

import { divergedStepId } from '@/lib/messages/diverged-step';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useSession } from '../runtime/runtime-context';
import { describeReplay, ReplayDialog } from '../shared/replay-dialog';

/** On a user message: `Replay from here against the model` (the dialog is the pane's: it outlives the selection). */
export function ReplayFromHere({ node, onReplay }: { node: PositionedNode; onReplay: (messageId: string) => void }) {
  const readOnly = useSession((state) => state.readOnly);
  if (node.kind !== 'user' || readOnly) return null;
  return (
    <button type="button" className="button self-start text-xs" onClick={() => onReplay(node.detail.id)}>
      Replay from here against the model
    </button>
  );
}

/** The dialog `Replay from here against the model` opened from a user message. */
export function ReplayFromHereDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  return (
    <ReplayDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      fromMessageId={messageId}
      title="Replay from here against the model"
    />
  );
}

/** On the step of a replay branch where it parted from the recording: `Diverged here`, and what differed. */
export function DivergedHere({ stepId }: { stepId: string }) {
  const record = useSession((state) => state.replays[state.activeBranch.id]);
  const here = useSession((state) => divergedStepId(state.messages, state.replays[state.activeBranch.id]) === stepId);
  if (!here || !record?.diverged) return null;
  return (
    <section aria-label="Diverged here" className="flex flex-col gap-1 rounded border border-role-error p-2 text-xs">
      <h4 className="font-semibold">Diverged here</h4>
      <p>
        This request differs from the recorded one of {record.originalLabel}
        {record.diverged.paths.length > 0 ? ' at:' : '.'}
      </p>
      {record.diverged.paths.length > 0 ? (
        <ul aria-label="What differs" className="list-disc pl-4 font-mono">
          {record.diverged.paths.map((path) => (
            <li key={path}>{path}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted">{describeReplay(record)}</p>
    </section>
  );
}

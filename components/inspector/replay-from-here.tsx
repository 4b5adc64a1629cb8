'use client';

import { useMemo } from 'react';
import { divergedStepId } from '@/lib/messages/diverged-step';
import { divergedRequests, type RequestDifference } from '@/lib/what-if/diverged-requests';
import type { ReplayRecord } from '@/lib/shapes/replay';
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
      <RequestDiff record={record} />
      <p className="muted">{describeReplay(record)}</p>
    </section>
  );
}

/** A value as the request had it, on a line or a few (clipped; whole on hover). */
function Value({ difference, side }: { difference: RequestDifference; side: 'recorded' | 'replay' }) {
  if (difference.absent === side) return <span className="muted">(not sent)</span>;
  const text = JSON.stringify(difference[side], null, 1) ?? '';
  return (
    <code className="block whitespace-pre-wrap break-words" title={text.length > 300 ? text : undefined}>
      {text.length > 300 ? `${text.slice(0, 299)}…` : text}
    </code>
  );
}

/** The two requests at each path that differs: the recorded step's and the replay's, as each was sent. */
function RequestDiff({ record }: { record: ReplayRecord }) {
  const original = useSession((state) => state.branches.find((branch) => branch.id === record.originalBranchId));
  const messages = useSession((state) => state.messages);
  const sentValues = useSession((state) => state.sentValues);
  const rows = useMemo(
    () => (original ? divergedRequests({ original: original.messages, replay: messages, record, sentValues }) : []),
    [original, messages, record, sentValues],
  );
  if (rows.length === 0) return null;
  return (
    <table aria-label="The two requests" className="w-full table-fixed text-left">
      {rows.map((row) => (
        <tbody key={row.path} className="align-top">
          <tr>
            <th colSpan={2} scope="colgroup" className="break-all pt-1 font-mono">
              {row.path}
            </th>
          </tr>
          <tr>
            <th scope="row" className="w-20 pr-1 font-normal">
              Recorded ({record.originalLabel})
            </th>
            <td className="min-w-0">
              <Value difference={row} side="recorded" />
            </td>
          </tr>
          <tr>
            <th scope="row" className="w-20 pr-1 font-normal">
              This replay
            </th>
            <td className="min-w-0">
              <Value difference={row} side="replay" />
            </td>
          </tr>
        </tbody>
      ))}
    </table>
  );
}

'use client';

import { compareRuns } from '@/lib/messages/compare-runs';
import { useSession } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

const describe = (did: { calls: { tool: string; input: unknown }[]; text: string } | undefined) =>
  did === undefined
    ? '—'
    : [
        ...did.calls.map((call) => `${call.tool}(${JSON.stringify(call.input ?? {})})`),
        did.text ? `“${did.text.slice(0, 120)}”` : '',
      ]
        .filter(Boolean)
        .join(' · ') || '(nothing)';

/** `Compare with original`: the replay branch beside the run it replayed, step by step. */
export function CompareWithOriginal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const record = useSession((state) => state.replays[state.activeBranch.id]);
  const messages = useSession((state) => state.messages);
  const original = useSession((state) =>
    record ? state.branches.find((branch) => branch.id === record.originalBranchId)?.messages : undefined,
  );
  if (!record) return null;
  const rows = original ? compareRuns(original, messages, record.fromMessageId, record.diverged?.at) : [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Compare with original"
      description={`This replay beside ${record.originalLabel}, step by step from the message it started at.`}
    >
      {original ? (
        <div className="max-h-[60vh] overflow-auto" role="group" aria-label="Steps compared" tabIndex={0}>
          <table aria-label="Compared steps" className="w-full text-xs">
            <thead>
              <tr>
                <th className="p-1 text-left">Step</th>
                <th className="p-1 text-left">{record.originalLabel}</th>
                <th className="p-1 text-left">This replay</th>
                <th className="p-1 text-left">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.step} className="border-t border-[var(--border)] align-top">
                  <td className="p-1">{row.step}</td>
                  <td className="break-all p-1 font-mono">{describe(row.original)}</td>
                  <td className="break-all p-1 font-mono">{describe(row.replay)}</td>
                  <td className={`p-1 ${row.verdict === 'same' ? '' : 'font-semibold text-role-error'}`}>
                    {row.verdict}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="note" className="text-xs">
          {record.originalLabel} is not in this session any more.
        </p>
      )}
    </Dialog>
  );
}

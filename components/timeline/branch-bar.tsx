'use client';

import { isRunInProgress } from '@/lib/session/session-state';
import { useState } from 'react';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { CompareWithOriginal } from './compare-with-original';

/** The conversation's branches: which one is active, switching, deleting (asked first). */
export function BranchBar() {
  const activeBranch = useSession((state) => state.activeBranch);
  const branches = useSession((state) => state.branches);
  const running = useSession(isRunInProgress);
  const { switchBranch, deleteBranch } = useSessionActions();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [comparing, setComparing] = useState(false);
  const replayed = useSession((state) => state.replays[state.activeBranch.id] !== undefined);
  // A read-only link, the embed and presenter mode show the branches; deleting is for the author.
  const canDelete = useSession((state) => !state.readOnly && !state.presenter);
  if (branches.length === 0) return null;
  const doomed = branches.find((branch) => branch.id === confirming);
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-[var(--border)] px-3 py-1 text-xs">
      <label htmlFor="branch-choice" className="muted">
        Branch
      </label>
      <select
        id="branch-choice"
        aria-label="Branch"
        className="control"
        value={activeBranch.id}
        disabled={running}
        title={running ? 'Switch branches when the run has finished' : 'Sending uses only the active branch'}
        onChange={(event) => switchBranch(event.target.value)}
      >
        <option value={activeBranch.id}>{activeBranch.label} (active)</option>
        {branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.label}
          </option>
        ))}
      </select>
      {replayed ? (
        <button type="button" className="button" onClick={() => setComparing(true)}>
          Compare with original
        </button>
      ) : null}
      {comparing ? <CompareWithOriginal open onOpenChange={setComparing} /> : null}
      {(canDelete ? branches : []).map((branch) => (
        <button key={branch.id} type="button" className="button" onClick={() => setConfirming(branch.id)}>
          Delete {branch.label}
        </button>
      ))}
      {doomed && canDelete ? (
        <div role="alertdialog" aria-label={`Delete ${doomed.label}?`} className="flex w-full items-center gap-1 pt-1">
          <span>
            Delete {doomed.label} and its {doomed.messages.length} messages? This cannot be undone.
          </span>
          <button
            type="button"
            className="button text-role-error"
            onClick={() => {
              deleteBranch(doomed.id);
              setConfirming(undefined);
            }}
          >
            Delete
          </button>
          <button type="button" className="button" autoFocus onClick={() => setConfirming(undefined)}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}

'use client';

import { useSession, useSessionActions } from '../runtime/runtime-context';

/**
 * What went wrong opening or keeping a session — a broken or dead link, refused storage — under
 * the header, where the whole sentence can be read (and dismissed), not cut off beside the menu.
 */
export function StorageProblemBanner() {
  const problem = useSession((state) => state.storageProblem);
  const { setStorageProblem } = useSessionActions();
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-role-error bg-role-error/10 px-3 py-1 text-xs"
    >
      <span className="min-w-0 flex-1 break-words">{problem}</span>
      <button type="button" className="button" onClick={() => setStorageProblem(undefined)}>
        Dismiss
      </button>
    </div>
  );
}

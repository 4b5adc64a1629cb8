'use client';

import { useState } from 'react';
import { useStore } from 'zustand';
import type { TabSync } from '../runtime/create-browser-session-store';
import { useRuntime } from '../runtime/runtime-context';

function Conflict({ tabs }: { tabs: TabSync }) {
  const conflict = useStore(tabs.state, (state) => state.conflict);
  const [busy, setBusy] = useState(false);
  if (!conflict) return null;
  const choose = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-role-error bg-role-error/10 px-3 py-1 text-xs"
    >
      <span>
        <strong>This session was changed in another tab too.</strong> Nothing has been overwritten: this tab&apos;s
        changes are not saved until you choose.
      </span>
      <button type="button" className="button ml-auto" disabled={busy} onClick={() => choose(tabs.loadTheirs)}>
        Load the other tab&apos;s version
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => choose(tabs.keepMine)}>
        Keep this tab&apos;s version
      </button>
    </div>
  );
}

/** Says when another tab saved the same session while this one had unsaved changes, and lets the person choose. */
export function TabConflictBanner() {
  const { tabs } = useRuntime();
  return tabs ? <Conflict tabs={tabs} /> : null;
}

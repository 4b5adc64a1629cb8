'use client';

import { useEffect } from 'react';
import { DeferredInspectorPane as InspectorPane, DeferredTimelinePane as TimelinePane } from './deferred-panes';
import { PaneBoundary } from './pane-boundary';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { isTyping } from '../shared/is-typing';

/**
 * Presenter mode: the run for a projector — the Timeline (graph or sequence) and the
 * Inspector in large type, the editing panes (tools, conversation, files) out of the way.
 */
export function PresenterLayout() {
  return (
    <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,62fr)_minmax(0,38fr)] gap-2 max-[899px]:grid-cols-1">
      <PaneBoundary name="Timeline">
        <TimelinePane />
      </PaneBoundary>
      <PaneBoundary name="Inspector">
        <InspectorPane />
      </PaneBoundary>
    </div>
  );
}

/** Header button `Presenter mode` (and the P key, outside a text box); Escape leaves. */
export function PresenterButton() {
  const on = useSession((state) => state.presenter);
  const { setPresenter } = useSessionActions();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'p' || event.key === 'P') {
        event.preventDefault();
        setPresenter(!on);
      } else if (event.key === 'Escape' && on) setPresenter(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, setPresenter]);
  return (
    <button
      type="button"
      className="button shrink-0"
      aria-pressed={on}
      title="Presenter mode: large type for a projector (P; Esc leaves)"
      onClick={() => setPresenter(!on)}
    >
      Presenter mode
    </button>
  );
}

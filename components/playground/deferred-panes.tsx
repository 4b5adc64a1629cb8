'use client';

import dynamic from 'next/dynamic';
import { memo, useEffect, useState } from 'react';
import { useOptionalRuntime } from '../runtime/runtime-context';
import { useLaterPartsHydrated } from '../ui/hydrate-later';
import { loadedPart, useLoadedPart } from '../ui/loaded-part';
import { useIdle } from '../ui/use-idle';

/** A pane's frame while its code loads: the same region and title, so the layout does not move. */
function PaneLoading({ name }: { name: string }) {
  return (
    <section aria-label={name} className="pane">
      <h2 className="pane-title">{name}</h2>
      <p className="muted p-3 text-sm">Loading…</p>
    </section>
  );
}

// Drawn by an ordinary update once their code is here, not as Suspense retries (`useLoadedPart` says
// why). Memoised: the wrappers below re-render when a later part starts or ends waiting to
// hydrate, and a 2,000-call link's graph was drawn again for that while the link opened.
const timelinePane = loadedPart(() => import('../timeline/timeline-pane').then((module) => memo(module.TimelinePane)));
const inspectorPane = loadedPart(() =>
  import('../inspector/inspector-pane').then((module) => memo(module.InspectorPane)),
);

const EvalsPane = dynamic(() => import('../evals/evals-pane').then((module) => module.EvalsPane), {
  ssr: false,
  loading: () => <PaneLoading name="Evals" />,
});

/**
 * True from the first render `value` is true on. A pane once drawn stays: a part that mounts
 * later (a branch's messages) counts as waiting to hydrate again, and the pane it unmounted
 * lost what it held (the Inspector's open Replay dialog).
 */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** Asks for the graph's code now (a link's viewer, while the page hydrates): it is drawn once the link is read. */
export function askForTimelinePaneNow() {
  void timelinePane.ask().catch(() => undefined);
}

/** Evals load when first opened. */
export function DeferredEvalsPane() {
  return <EvalsPane />;
}

/**
 * The graph (React Flow, dagre) and the Inspector (wire formats, OpenInference) load once the
 * page is idle after its first paint and the first screen's later parts have hydrated, so the
 * message box, then the tools pane and the menus, work first (see docs/decisions/first-load.md).
 * A link's viewer came for the graph: it loads at once, while the link is read.
 */
export function DeferredTimelinePane() {
  const partsHydrated = useLaterPartsHydrated();
  const idle = useOnceTrue(useIdle().idle && partsHydrated);
  const runtime = useOptionalRuntime();
  // After hydration (the server drew the frame): the first client render must draw what it did.
  const [linkViewer, setLinkViewer] = useState(false);
  useEffect(() => setLinkViewer(runtime?.hasAddressLink() ?? false), [runtime]);
  const TimelinePane = useLoadedPart(timelinePane, idle || linkViewer);
  return TimelinePane ? <TimelinePane /> : <PaneLoading name="Timeline" />;
}

export function DeferredInspectorPane({ onCollapse }: { onCollapse?: () => void }) {
  const partsHydrated = useLaterPartsHydrated();
  const idle = useOnceTrue(useIdle().idle && partsHydrated);
  const InspectorPane = useLoadedPart(inspectorPane, idle);
  return InspectorPane ? <InspectorPane onCollapse={onCollapse} /> : <PaneLoading name="Inspector" />;
}

/** The Lesson region (authoring) loads when first opened. */
export const DeferredLessonPane = dynamic(() => import('../lessons/lesson-pane').then((module) => module.LessonPane), {
  ssr: false,
  loading: () => <PaneLoading name="Lesson" />,
});

/** Lesson mode's controls load when a lesson plays (a shared link with one, or Preview lesson). */
export const DeferredLessonPlayer = dynamic(
  () => import('../lessons/lesson-player').then((module) => module.LessonPlayer),
  { ssr: false, loading: () => <p className="muted text-sm">Loading the lesson…</p> },
);

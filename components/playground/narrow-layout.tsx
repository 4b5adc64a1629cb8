'use client';

import { useEffect, useState } from 'react';
import { Composer } from '../chat/composer';
import { ConversationPane } from '../chat/conversation-pane';
import {
  DeferredEvalsPane,
  DeferredLessonPane,
  DeferredInspectorPane as InspectorPane,
  DeferredTimelinePane as TimelinePane,
} from './deferred-panes';
import { FilesPanel, ToolsPane } from './later-parts';
import { Tabs } from '../ui/tabs';
import { useSession } from '../runtime/runtime-context';
import { PaneBoundary } from './pane-boundary';

const PANES = ['Chat', 'Graph', 'Tools', 'Inspector', 'Files'] as const;
type Pane = (typeof PANES)[number];
/** The region each tab shows (the names a failed pane keeps). */
const PANE_NAMES = {
  Chat: 'Conversation',
  Graph: 'Timeline',
  Tools: 'Tools',
  Inspector: 'Inspector',
  Files: 'Files',
} as const satisfies Record<Pane, string>;

/**
 * Narrow screens (a phone, a split window): one pane at a time behind tabs, the message box
 * pinned below. A shared link opens on the graph, where Replay is.
 */
export function NarrowLayout() {
  const readOnly = useSession((state) => state.readOnly);
  const evalsOpen = useSession((state) => state.evalsOpen);
  const lessonOpen = useSession((state) => state.lessonOpen);
  const [pane, setPane] = useState<Pane>(readOnly ? 'Graph' : 'Chat');
  useEffect(() => {
    if (readOnly) setPane('Graph');
  }, [readOnly]);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {evalsOpen ? (
        <PaneBoundary name="Evals">
          <DeferredEvalsPane />
        </PaneBoundary>
      ) : null}
      {lessonOpen && !evalsOpen ? (
        <div className="max-h-[45%] min-h-0 shrink-0 overflow-hidden">
          <PaneBoundary name="Lesson">
            <DeferredLessonPane />
          </PaneBoundary>
        </div>
      ) : null}
      {evalsOpen ? null : (
        <Tabs
          label="Panes"
          tabs={PANES}
          current={pane}
          onChange={setPane}
          className="flex min-h-0 flex-1 flex-col gap-2"
          panelClassName="min-h-0 flex-1"
        >
          <PaneBoundary key={pane} name={PANE_NAMES[pane]}>
            {pane === 'Chat' ? <ConversationPane withComposer={false} /> : null}
            {pane === 'Graph' ? <TimelinePane /> : null}
            {pane === 'Tools' ? <ToolsPane /> : null}
            {pane === 'Inspector' ? <InspectorPane /> : null}
            {pane === 'Files' ? <FilesPanel /> : null}
          </PaneBoundary>
        </Tabs>
      )}
      {readOnly ? null : (
        <div className="shrink-0 overflow-hidden rounded-lg border border-[var(--border)]">
          <Composer />
        </div>
      )}
    </div>
  );
}

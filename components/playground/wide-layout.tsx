'use client';

import { useEffect, useRef, useState } from 'react';
import { Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { ConversationPane } from '../chat/conversation-pane';
import {
  DeferredEvalsPane,
  DeferredLessonPane,
  DeferredInspectorPane as InspectorPane,
  DeferredTimelinePane as TimelinePane,
} from './deferred-panes';
import { useSession } from '../runtime/runtime-context';
import { FilesPanel, ToolsPane } from './later-parts';
import { CollapsedRail } from '../shared/collapsed-rail';
import { SavedGroup } from '../ui/saved-group';
import { PaneBoundary } from './pane-boundary';

/** A pane that can fold away: its ref, whether it is folded, and the two actions. */
function useCollapsible() {
  const ref = usePanelRef();
  const [collapsed, setCollapsed] = useState(false);
  return {
    ref,
    collapsed,
    onResize: () => setCollapsed(ref.current?.isCollapsed() ?? false),
    collapse: () => ref.current?.collapse(),
    expand: () => ref.current?.expand(),
  };
}

/** Pane sizes (percent) until the person resizes them. */
const COLUMNS = { tools: 21, chat: 24, centre: 37, inspector: 18 };
const CENTRE_ROWS = { timeline: 70, files: 30 };

/** Pane sizes (percent) a screen narrower than 1200 px starts with: the Inspector folded, the graph wide. */
const COMPACT_COLUMNS = { tools: 24, chat: 28, centre: 44, inspector: 4 };
const COMPACT_BELOW_PX = 1200;
/** How wide the Inspector's column gets while the Lesson region is in it. */
const LESSON_MIN_PX = 360;
const compactOnSmallScreens = () => (window.innerWidth < COMPACT_BELOW_PX ? COMPACT_COLUMNS : undefined);

function ResizeHandle({ label, vertical }: { label: string; vertical?: boolean }) {
  return <Separator aria-label={label} className={vertical ? 'resize-handle-row' : 'resize-handle'} />;
}

/**
 * Wide screens: Tools | Conversation | Timeline over Files | Inspector, resizable, sizes
 * remembered in this browser; the Inspector and Files fold away.
 */
export function WideLayout() {
  const inspector = useCollapsible();
  const files = useCollapsible();
  const evalsOpen = useSession((state) => state.evalsOpen);
  const lessonOpen = useSession((state) => state.lessonOpen);
  // Evals take the Inspector's width while they are open (the graph and its details can wait),
  // and give it back when they close.
  const foldedForEvals = useRef(false);
  const { collapse: foldInspector, expand: unfoldInspector, ref: inspectorRef } = inspector;
  useEffect(() => {
    if (evalsOpen && !inspectorRef.current?.isCollapsed()) {
      foldedForEvals.current = true;
      foldInspector();
    } else if (!evalsOpen && foldedForEvals.current) {
      foldedForEvals.current = false;
      unfoldInspector();
    }
  }, [evalsOpen, foldInspector, unfoldInspector, inspectorRef]);
  // The Lesson region takes the Inspector's column: a folded one opens for it, and a narrow one
  // widens to LESSON_MIN_PX (its stops, notes and selects want room) — given back when it closes.
  const widthBeforeLesson = useRef<number | undefined>(undefined);
  useEffect(() => {
    const panel = inspectorRef.current;
    if (!panel) return;
    if (lessonOpen) {
      if (panel.isCollapsed()) unfoldInspector();
      const { inPixels, asPercentage } = panel.getSize();
      if (inPixels < LESSON_MIN_PX) {
        widthBeforeLesson.current = asPercentage;
        panel.resize(`${LESSON_MIN_PX}px`);
      }
    } else if (widthBeforeLesson.current !== undefined) {
      panel.resize(`${widthBeforeLesson.current}%`);
      widthBeforeLesson.current = undefined;
    }
  }, [lessonOpen, unfoldInspector, inspectorRef]);
  return (
    <SavedGroup id="playground-columns" defaults={COLUMNS} className="min-h-0 flex-1" fallback={compactOnSmallScreens}>
      <Panel id="tools" defaultSize={`${COLUMNS.tools}%`} minSize="220px">
        <PaneBoundary name="Tools">
          <ToolsPane />
        </PaneBoundary>
      </Panel>
      <ResizeHandle label="Resize Tools and Conversation" />
      <Panel id="chat" defaultSize={`${COLUMNS.chat}%`} minSize="260px">
        <PaneBoundary name="Conversation">
          <ConversationPane />
        </PaneBoundary>
      </Panel>
      <ResizeHandle label="Resize Conversation and Timeline" />
      <Panel id="centre" defaultSize={`${COLUMNS.centre}%`} minSize="280px">
        {evalsOpen ? (
          <PaneBoundary name="Evals">
            <DeferredEvalsPane />
          </PaneBoundary>
        ) : (
          <SavedGroup id="playground-centre" defaults={CENTRE_ROWS} orientation="vertical" className="h-full">
            <Panel id="timeline" defaultSize={`${CENTRE_ROWS.timeline}%`} minSize="160px">
              <PaneBoundary name="Timeline">
                <TimelinePane />
              </PaneBoundary>
            </Panel>
            <ResizeHandle label="Resize Timeline and Files" vertical />
            <Panel
              id="files"
              defaultSize={`${CENTRE_ROWS.files}%`}
              minSize="140px"
              collapsible
              collapsedSize="36px"
              panelRef={files.ref}
              onResize={files.onResize}
            >
              <PaneBoundary name="Files">
                <FilesPanel collapsed={files.collapsed} onToggle={files.collapsed ? files.expand : files.collapse} />
              </PaneBoundary>
            </Panel>
          </SavedGroup>
        )}
      </Panel>
      <ResizeHandle label="Resize Timeline and Inspector" />
      <Panel
        id="inspector"
        defaultSize={`${COLUMNS.inspector}%`}
        minSize="200px"
        collapsible
        collapsedSize="40px"
        panelRef={inspector.ref}
        onResize={inspector.onResize}
      >
        {lessonOpen ? (
          <PaneBoundary name="Lesson">
            <DeferredLessonPane />
          </PaneBoundary>
        ) : inspector.collapsed ? (
          <CollapsedRail name="Inspector" onExpand={inspector.expand} />
        ) : (
          <PaneBoundary name="Inspector">
            <InspectorPane onCollapse={inspector.collapse} />
          </PaneBoundary>
        )}
      </Panel>
    </SavedGroup>
  );
}

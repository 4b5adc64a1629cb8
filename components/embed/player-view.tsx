'use client';

import { useMemo, useState } from 'react';
import { chunkMessages } from '@/lib/messages/chunk-messages';
import { runTitle } from '@/lib/messages/run-title';
import { MessageView } from '../chat/message-view';
import { useSession } from '../runtime/runtime-context';
import { useVisibleMessages } from '../shared/use-visible-messages';
import { TimelinePane } from '../timeline/timeline-pane';
import { Tabs } from '../ui/tabs';
import { LessonPlayer } from '../lessons/lesson-player';
import { NARROW_QUERY, useMediaQuery } from '../ui/use-media-query';

/** The conversation, read-only: every message with its tool calls and results. */
function Transcript() {
  const messages = useVisibleMessages();
  const chunks = useMemo(() => chunkMessages(messages), [messages]);
  return (
    <div role="region" aria-label="Conversation" tabIndex={0} className="flex min-h-0 flex-col gap-2 overflow-auto p-2">
      {chunks.map((chunk) => (
        <MessageView key={chunk.key} message={chunk.message} parts={chunk.parts} continued={chunk.continued} />
      ))}
    </div>
  );
}

const VIEWS = ['run', 'conversation'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { run: 'Run', conversation: 'Conversation' };

/** The player: a header (the session and `Open in Tool Playground`), the run and the conversation. */
export function Player() {
  const name = useSession((state) => runTitle(state.messages));
  const lessonPlaying = useSession((state) => state.lessonPlay !== undefined);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [view, setView] = useState<View>('run');
  const open = () => {
    // The playground itself, in a new tab, on the same link: there it can be forked and run.
    window.open(new URL(`/${window.location.hash}`, window.location.href).href, '_blank', 'noopener,noreferrer');
  };
  return (
    <div className="flex h-dvh flex-col gap-1 overflow-hidden p-1 text-sm">
      <header className="flex min-w-0 items-center gap-2 px-1">
        <h1 className="min-w-0 truncate text-sm font-semibold">{name || 'A shared run'}</h1>
        <span className="muted shrink-0 text-xs">Tool Playground · read-only</span>
        <button type="button" className="button ml-auto shrink-0" onClick={open}>
          Open in Tool Playground
        </button>
      </header>
      {lessonPlaying ? <LessonPlayer remember={false} /> : null}
      {narrow ? (
        <Tabs
          label="Player views"
          tabs={VIEWS}
          labels={VIEW_LABELS}
          current={view}
          onChange={setView}
          className="flex min-h-0 flex-1 flex-col gap-1"
          panelClassName="flex min-h-0 flex-1 flex-col"
        >
          {view === 'run' ? <TimelinePane /> : <Transcript />}
        </Tabs>
      ) : (
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-1">
          <section className="pane">
            <Transcript />
          </section>
          <TimelinePane />
        </div>
      )}
    </div>
  );
}

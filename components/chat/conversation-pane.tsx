'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { describeRunEnd, runLimitsOf, unansweredToolCalls } from '@/lib/agent/run-progress';
import { chunkMessages, type MessageChunk } from '@/lib/messages/chunk-messages';
import { readToolName } from '@/lib/shapes/tool-source';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { useVisibleMessages } from '../shared/use-visible-messages';
import { Composer } from './composer';
import { MessageView } from './message-view';
import { PausePanel } from './pause-panel';

const SUGGESTED_PROMPTS = ['list the files and show me README.md', 'run `node --version; cat data/names.txt`'];

/** A first guess at a block's height (the real one is measured once drawn): a line of text, a card per call. */
function estimateChunkHeight(chunk: MessageChunk): number {
  let height = 56;
  for (const part of chunk.parts) {
    if (part.type === 'text' || part.type === 'reasoning') height += 24;
    else if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) height += 110;
  }
  return height;
}

/** The messages as a windowed list: only the blocks near the view are drawn (a 500-call run stays quick). */
function MessageList() {
  const messages = useVisibleMessages();
  const error = useSession((state) => state.chatError);
  const chunks = useMemo(() => chunkMessages(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useVirtualizer({
    count: chunks.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateChunkHeight(chunks[index]),
    getItemKey: (index) => chunks[index].key,
    overscan: 6,
    // Sizes come from the ResizeObserver (after layout), never from reading offsetHeight while
    // rendering: each such read forced a layout of the whole page — half the time to open a long session.
    measureElement: (element, entry, instance) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize;
      if (size !== undefined) return Math.round(size);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
    },
  });

  // Land on the newest message whenever the messages change (the dependency is the trigger):
  // the blocks' real heights arrive over the next frames as they are measured, so the view
  // follows the end until the height holds still — or the person scrolls it themselves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chunks` is what the effect reacts to, not what it reads
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    let lastHeight = -1;
    let still = 0;
    let frames = 0;
    const follow = () => {
      element.scrollTop = element.scrollHeight;
      still = element.scrollHeight === lastHeight ? still + 1 : 0;
      lastHeight = element.scrollHeight;
      if (still < 3 && ++frames < 240) frame = requestAnimationFrame(follow);
    };
    const stop = () => cancelAnimationFrame(frame);
    frame = requestAnimationFrame(follow);
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const event of events) element.addEventListener(event, stop, { passive: true });
    return () => {
      stop();
      for (const event of events) element.removeEventListener(event, stop);
    };
  }, [chunks]);

  return (
    <div ref={scroller} role="region" aria-label="Messages" tabIndex={0} className="min-h-0 flex-1 overflow-auto p-3">
      <div className="relative w-full" style={{ height: list.getTotalSize() }}>
        {list.getVirtualItems().map((item) => {
          const chunk = chunks[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={list.measureElement}
              className="absolute left-0 top-0 w-full pb-2"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageView
                message={chunk.message}
                parts={chunk.parts}
                continued={chunk.continued}
                incomplete={Boolean(error) && chunk.last && chunk.message.role === 'assistant'}
              />
            </div>
          );
        })}
      </div>
      <RunNotes />
    </div>
  );
}

/** Under the last message: a pause, how the run ended, what it waits for, the error. */
function RunNotes() {
  const messages = useVisibleMessages();
  const status = useSession((state) => state.chatStatus);
  const error = useSession((state) => state.chatError);
  const settings = useSession((state) => state.settings);
  const executor = useSession((state) => state.executor);
  const outcomes = useSession((state) => state.outcomes);
  const { runnable } = useToolSetCheck();
  const runningToolCalls = useSession((state) => state.runningToolCalls);
  const replaying = useSession((state) => state.replayFrame !== undefined);
  const readOnly = useSession((state) => state.readOnly);
  const tools = useSession((state) => state.tools);
  const running = status === 'submitted' || status === 'streaming' || runningToolCalls.length > 0;
  // Only a tool the person answers by hand waits for them — and only in a run of their own that
  // is not being replayed (a replay shows calls before their results; a shared run cannot be typed into).
  const manual = new Set(
    tools.filter((tool) => tool.run.kind === 'manual').flatMap((tool) => readToolName(tool.source) ?? []),
  );
  const waitingFor =
    running || replaying || readOnly
      ? []
      : unansweredToolCalls(messages, runningToolCalls).filter((name) => manual.has(name));
  const endNote = running
    ? undefined
    : describeRunEnd(messages, runLimitsOf({ settings, executor, outcomes }, runnable));
  return (
    <div className="flex flex-col gap-2">
      <PausePanel />
      {endNote ? (
        <p className="text-xs text-role-call" role="note">
          {endNote}
        </p>
      ) : null}
      {waitingFor.length > 0 ? (
        <p className="text-xs text-role-call" role="note">
          Waiting for you to answer {waitingFor.join(', ')}: type the result above.
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-role-error/50 bg-role-error/10 px-2 py-1 text-xs text-role-error"
        >
          The request failed: {error} Your messages are kept; fix the cause and send again.
        </p>
      ) : null}
    </div>
  );
}

/** What an empty conversation teaches: what to ask, one click to try it. */
function EmptyConversation() {
  const setDraft = useSession((state) => state.setDraft);
  const readOnly = useSession((state) => state.readOnly);
  return (
    <div className="muted flex-1 overflow-auto p-3 text-sm">
      <p>
        Ask the model something its tools can answer. The simulated model needs no key and answers the same way every
        time. Try:
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {SUGGESTED_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button type="button" className="button text-left" disabled={readOnly} onClick={() => setDraft(prompt)}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
      <RunNotes />
    </div>
  );
}

/** The chat: messages with their tool calls, and (unless it is pinned elsewhere) the composer. */
export function ConversationPane({ withComposer = true }: { withComposer?: boolean }) {
  const empty = useVisibleMessages().length === 0;
  return (
    <section aria-label="Conversation" className="pane h-full">
      <h2 className="pane-title">Conversation</h2>
      {empty ? <EmptyConversation /> : <MessageList />}
      {withComposer ? <Composer /> : null}
    </section>
  );
}

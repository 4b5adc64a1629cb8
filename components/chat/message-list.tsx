'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { chunkMessages, type MessageChunk } from '@/lib/messages/chunk-messages';
import { useSession } from '../runtime/runtime-context';
import { useVisibleMessages } from '../shared/use-visible-messages';
import { RunNotes } from './run-notes';
import { MessageView } from './message-view';

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
export function MessageList() {
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
    // Opened at the end (clamped to the list's height), where the effect below keeps the view:
    // the newest blocks are drawn in the first render, not in a second one a frame later.
    initialOffset: Number.MAX_SAFE_INTEGER,
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

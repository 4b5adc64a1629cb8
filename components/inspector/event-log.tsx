'use client';

import { useSession } from '../runtime/runtime-context';

const time = (atMs: number) => new Date(atMs).toISOString().slice(11, 23);

/** The run's events with their timestamps, newest last. */
export function EventLog() {
  const events = useSession((state) => state.events);
  return (
    <section
      aria-label="Event log"
      className="flex max-h-[40%] min-h-24 shrink-0 flex-col border-t border-[var(--border)]"
    >
      <h2 className="pane-title">Event log</h2>
      <ol tabIndex={0} aria-label="Events" className="min-h-0 flex-1 overflow-auto px-3 py-1 font-mono text-xs">
        {events.length === 0 ? (
          <li className="muted font-sans">Model requests and tool calls appear here with their times.</li>
        ) : null}
        {events.map((event, index) => (
          <li key={index} className="flex gap-2">
            <span className="muted shrink-0">{time(event.atMs)}</span>
            <span className="shrink-0 font-semibold">{event.kind}</span>
            <span className="truncate" title={event.detail}>
              {event.detail}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

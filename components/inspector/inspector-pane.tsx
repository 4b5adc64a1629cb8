'use client';

import { useSession } from '../playground/runtime-context';
import { EventLog } from './event-log';
import { useTimeline } from '../timeline/use-timeline';

/** Details of the selected graph node: its data as the session holds it, as JSON. */
export function InspectorPane() {
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  const node = useTimeline().nodes.find((candidate) => candidate.id === selectedNodeId);
  const json = node ? JSON.stringify(node.detail, null, 2) : '';
  return (
    <section aria-label="Inspector" className="pane">
      <h2 className="pane-title">
        Inspector
        {node ? (
          <button type="button" className="button ml-auto normal-case" onClick={() => void navigator.clipboard?.writeText(json)}>
            Copy JSON
          </button>
        ) : null}
      </h2>
      <div className="min-h-0 flex-1 overflow-auto p-3 text-sm">
        {node ? (
          <>
            <h3 className="mb-1 font-semibold">{node.title}</h3>
            <pre className="code" aria-label="Node JSON">
              {json}
            </pre>
          </>
        ) : (
          <p className="muted">Select a node in the Timeline to see its message, arguments or result as JSON.</p>
        )}
      </div>
      <EventLog />
    </section>
  );
}

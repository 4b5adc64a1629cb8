'use client';

import { useMemo } from 'react';
import { mcpToolServers } from '@/lib/shapes/mcp-tool-drafts';
import { buildSequence, type SequenceArrow } from '@/lib/timeline/build-sequence';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { useTimeline } from '../shared/use-timeline';

/** Each arrow's colour: the colour of the role that sends the message, as on the graph. */
const ARROW_COLOUR: Record<SequenceArrow['kind'], string> = {
  user: 'var(--role-user)',
  request: 'var(--role-assistant)',
  assistant: 'var(--role-assistant)',
  'tool-call': 'var(--role-call)',
  approval: 'var(--role-call)',
  'tool-result': 'var(--role-result)',
  error: 'var(--role-error)',
};

/** One message: a button spanning the lanes it joins, its line from one lifeline to the other. */
function ArrowRow({
  arrow,
  index,
  lanes,
  selected,
  onSelect,
}: {
  arrow: SequenceArrow;
  index: Map<string, number>;
  lanes: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const from = index.get(arrow.from) ?? 0;
  const to = index.get(arrow.to) ?? 0;
  const start = Math.min(from, to);
  const rightward = to >= from;
  const colour = arrow.failed ? 'var(--role-error)' : ARROW_COLOUR[arrow.kind];
  // The line runs between the centres of its two lanes; the text starts where the line does
  // and may run on over the lanes to its right (a row holds one message).
  const begins = (start + 0.5) / lanes;
  const offset = `${begins * 100}%`;
  const length = `${(Math.abs(to - from) / lanes) * 100}%`;
  const place = { marginLeft: offset, maxWidth: `${(1 - begins) * 100}%` };
  const described = `sequence-${arrow.id}`;
  return (
    <li className="sequence-row" style={{ gridTemplateColumns: `repeat(${lanes}, minmax(7.5rem, 1fr))` }}>
      {Array.from({ length: lanes }, (_, lane) => (
        <span key={lane} className="sequence-lifeline" style={{ gridColumn: lane + 1 }} aria-hidden="true" />
      ))}
      <div className="sequence-message">
        {/* Named as the graph's node is (its visible text); what the message carries describes it. */}
        <button
          type="button"
          aria-pressed={selected}
          aria-describedby={described}
          onClick={onSelect}
          className={`sequence-arrow ${selected ? 'sequence-arrow-selected' : ''}`}
          style={place}
          title={arrow.label}
        >
          {arrow.label}
        </button>
        <span
          className={`sequence-line ${rightward ? 'sequence-line-right' : 'sequence-line-left'} ${arrow.failed ? 'sequence-line-failed' : ''}`}
          style={{ color: colour, marginLeft: offset, width: length }}
          aria-hidden="true"
        />
        <span id={described} className="sequence-text" style={place} title={arrow.text}>
          {arrow.text}
        </span>
      </div>
    </li>
  );
}

/**
 * The run as a sequence diagram: lanes User, App, Model, Tools (and one per MCP server), one
 * arrow per message, derived from the same timeline as the graph. Clicking an arrow selects
 * its node, so the Inspector shows the same step as on the graph.
 */
export function SequenceView() {
  const timeline = useTimeline();
  const tools = useSession((state) => state.tools);
  const servers = useSession((state) => state.mcpServers);
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  const { selectNode } = useSessionActions();
  const enabled = tools.filter((tool) => tool.enabled).length;
  const mcpServers = useMemo(() => mcpToolServers(tools, servers), [tools, servers]);
  const diagram = useMemo(
    () => buildSequence(timeline, { mcpServers, toolCount: enabled }),
    [timeline, mcpServers, enabled],
  );
  const index = new Map(diagram.lanes.map((lane, at) => [lane.id, at]));
  const columns = { gridTemplateColumns: `repeat(${diagram.lanes.length}, minmax(7.5rem, 1fr))` };
  return (
    <section aria-label="Sequence diagram" className="sequence h-full overflow-auto">
      <div className="sequence-lanes" style={columns} role="list" aria-label="Lanes">
        {diagram.lanes.map((lane) => (
          <span key={lane.id} role="listitem" className="sequence-lane">
            {lane.label}
          </span>
        ))}
      </div>
      <ol aria-label="Messages" className="sequence-rows">
        {diagram.arrows.map((arrow) => (
          <ArrowRow
            key={arrow.id}
            arrow={arrow}
            index={index}
            lanes={diagram.lanes.length}
            // A step's request and its answer both select the step's node; only the answer shows it selected.
            selected={arrow.kind !== 'request' && arrow.nodeId === selectedNodeId}
            onSelect={() => selectNode(arrow.nodeId)}
          />
        ))}
      </ol>
    </section>
  );
}

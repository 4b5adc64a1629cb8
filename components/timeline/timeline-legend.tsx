'use client';

import type { TimelineNodeKind } from '@/lib/timeline/timeline-types';
import { Popover } from '../ui/popover';
import { BADGE_TONES, ROLE_STYLE, STATUS_TEXT } from './timeline-node-view';

const KINDS: [TimelineNodeKind, string, string][] = [
  ['user', 'User message', 'what you typed (round)'],
  ['assistant', 'Assistant message', 'one model step: text, then the calls it asks for'],
  ['tool-call', 'Tool call', 'a call the model asked for: tool and main argument (dashed)'],
  [
    'approval',
    'Approval',
    "a call waiting for, or given, your approval, or an MCP server's question you answered (double border)",
  ],
  ['tool-result', 'Tool result', 'what the tool returned and its size (square)'],
  ['error', 'Error', 'the request failed here (thick border)'],
];

const STATES = [
  ['streaming', 'the model is still sending it (pulses)'],
  ['running', 'the tool is running (pulses)'],
  ['paused', 'waiting at an approval gate or in step mode'],
  ['failed', 'the tool failed: red border and red edge'],
  ['blocked', 'rejected, or refused before it ran'],
  ['incomplete', 'the stream stopped early (dashed, faded)'],
] as const;

/** The graph's visual grammar — kinds, states, badges, edges and bands — a click away. */
export function TimelineLegend() {
  return (
    <Popover
      label="Legend"
      trigger="Legend"
      triggerClassName="button normal-case"
      align="end"
      className="w-[min(30rem,calc(100vw-1rem))] normal-case tracking-normal"
    >
      <h3 className="text-sm font-semibold">What the graph shows</h3>
      <ul className="flex flex-col gap-1.5">
        {KINDS.map(([kind, name, meaning]) => (
          <li key={kind} className="flex items-center gap-2">
            <span aria-hidden className={`h-5 w-9 shrink-0 border-2 ${ROLE_STYLE[kind]}`} />
            <span>
              <strong className="font-semibold">{name}</strong> — {meaning}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">States (top right of a node)</h3>
      <ul className="flex flex-col gap-1">
        {STATES.map(([state, meaning]) => (
          <li key={state}>
            <span className="font-mono">{STATUS_TEXT[state]}</span> — {meaning}
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">Badges, edges and bands</h3>
      <ul className="flex flex-col gap-1">
        <li>
          <span className={`rounded px-1 ${BADGE_TONES.neutral}`}>12 ms</span> how long the tool ran;{' '}
          <span className={`rounded px-1 ${BADGE_TONES.neutral}`}>+notes/a.txt</span> a file it created (~ changed, −
          deleted); <span className={`rounded px-1 ${BADGE_TONES.error}`}>truncated</span> output cut to fit;{' '}
          <span className={`rounded px-1 ${BADGE_TONES.error}`}>invalid arguments</span> the arguments failed the
          schema; <span className={`rounded px-1 ${BADGE_TONES.neutral}`}>left out</span> the newest request did not
          carry this message (the session's history policy, in Run settings).
        </li>
        <li>
          The label on the edge into a result is the short <span className="font-mono">tool_call_id</span>: it shows
          which result answers which call. A red edge leads to a failure.
        </li>
        <li>
          A dashed band is one model request: “Step 2 · 1.3 s · 412 → 58 tokens” is its time and tokens in → out.
          Parallel calls fan out inside one band.
        </li>
        <li>Select a node and use ↑ ↓ ← → to move between nodes; the Inspector shows the one selected.</li>
      </ul>
    </Popover>
  );
}

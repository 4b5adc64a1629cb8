'use client';

import { useState } from 'react';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useRuntime, useSession } from '../runtime/runtime-context';

/** What a node can be forked at, with the text the new branch starts from. */
function forkPoint(
  node: PositionedNode,
): { at: Parameters<ReturnType<typeof useRuntime>['fork']>[0]; text: string; what: string } | undefined {
  if (node.kind === 'user') {
    return {
      at: { kind: 'user-message', messageId: node.detail.id },
      text: node.detail.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
      what: 'message',
    };
  }
  if (node.kind === 'tool-result') {
    const detail = node.detail;
    if (!detail.finished) return undefined;
    const text =
      detail.errorText ??
      (typeof detail.output === 'string' ? detail.output : (JSON.stringify(detail.output, null, 2) ?? ''));
    return { at: { kind: 'tool-result', toolCallId: detail.toolCallId }, text, what: 'result' };
  }
  return undefined;
}

/** Edit a user message or a tool result and re-run from there on a new branch; the old one is kept. */
export function ForkForm({ node }: { node: PositionedNode }) {
  const { fork } = useRuntime();
  const point = forkPoint(node);
  const [text, setText] = useState(point?.text ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const readOnly = useSession((state) => state.readOnly);
  if (!point) return null;
  return (
    <form
      aria-label="Fork"
      className="flex flex-col gap-1 border-t border-[var(--border)] pt-2"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(fork(point.at, text));
      }}
    >
      <label className="text-xs font-semibold" htmlFor="fork-text">
        Fork: edit this {point.what} and re-run from here (the current branch is kept)
      </label>
      <textarea
        id="fork-text"
        aria-label={`Edited ${point.what}`}
        className="control min-h-16 font-mono text-xs"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="submit"
        className="button self-start"
        disabled={readOnly}
        title={readOnly ? 'A shared session is read-only: press “Fork to edit” first.' : undefined}
      >
        Run from here
      </button>
      {problem ? (
        <p role="alert" className="text-xs text-role-error">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

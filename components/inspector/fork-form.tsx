'use client';

import { useState } from 'react';
import { isSimulatedUserTurn } from '@/lib/messages/simulated-user-turn';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useRuntime, useSession } from '../runtime/runtime-context';
import { forkConversation, placeOfUserTurn } from '../shared/conversation-actions';

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
  const runtime = useRuntime();
  const point = forkPoint(node);
  // A simulated user's turn: the fork plays on with the case's user, as the grid's run did.
  const userTurn = node.kind === 'user' && isSimulatedUserTurn(node.detail);
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
        setProblem(
          userTurn && point.at.kind === 'user-message'
            ? forkConversation(runtime, point.at.messageId, text)
            : runtime.fork(point.at, text),
        );
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
      {userTurn ? <UserPlaysOn messageId={node.detail.id} /> : null}
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

/** Who answers after the edited turn: the case's user, or nobody (and why). */
function UserPlaysOn({ messageId }: { messageId: string }) {
  const runtime = useRuntime();
  // Read again when the cases change (a case removed, its user edited).
  useSession((state) => state.evals.cases);
  const place = placeOfUserTurn(runtime, messageId);
  if (!place) return null;
  return (
    <p className="muted text-xs">
      {place.user.ok
        ? `The case’s simulated user answers on from here, up to turn ${place.user.maxTurns}.`
        : `${place.user.why} The model answers this turn; nobody answers it.`}
    </p>
  );
}

import { createUIMessageStreamResponse, type UIMessage } from 'ai';
import { requestDigest } from '../messages/canonical-request';
import { splitSteps } from '../messages/split-steps';
import { chunksOfStep } from '../messages/step-chunks';
import { readStepReport } from '../wire/extract-wire-steps';
import { type ChatRequest, chatRequestSchema } from './chat-route';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import type { ToolOutcome, ToolOutcomeKind } from '../shapes/tool-outcome';
import { writtenError } from '../shapes/tool-error';
import { stepIdOf } from '../shapes/step-id';

/*
 * Replay against the model (docs/what-if.md): the loop runs again, and each model request whose
 * fingerprint (`requestDigest`: what the provider would receive, ids left out) is the recorded
 * step's — in order — is answered with that step as it was recorded, no provider asked. At the
 * first request that differs the replay has diverged: from there on it goes live (the provider
 * is asked) or stops (nothing more is sent).
 */

/** One recorded model step: its request's fingerprint and what it answered. */
export type RecordedStep = {
  stepId: string;
  key: string | undefined;
  parts: UIMessage['parts'];
  finishReason?: string;
};

export type Divergence = {
  /** Which model request of the replay (0-based) was the first to differ. */
  at: number;
  /** The recorded step it was compared with (none: the original had no more steps). */
  recordedStepId: string | undefined;
  /** The request the replay made there. */
  request: ChatRequest;
};

/** One recorded call and how it was answered. */
export type RecordedCall = { toolName: string; input: unknown; outcome: ToolOutcome };

export type ReplayState = {
  steps: readonly RecordedStep[];
  calls: readonly RecordedCall[];
  /** Recorded results given (calls go as recorded until one does not). */
  callsServed: number;
  callsDiverged: boolean;
  onDivergence: 'go-live' | 'stop';
  /** Recorded answers served. */
  served: number;
  /** Requests sent to the provider (after the divergence, going live). */
  live: number;
  diverged?: Divergence;
};

/** The recorded model steps of the assistant messages after `from` (a message index), in order. */
export function recordedSteps(messages: readonly UIMessage[], from: number): RecordedStep[] {
  return messages.slice(from).flatMap((message) =>
    message.role === 'assistant'
      ? splitSteps(message).map((parts, index) => {
          const report = readStepReport(parts);
          return {
            stepId: stepIdOf(message.id, index + 1),
            key: report?.sent?.request,
            parts,
            ...(report?.finishReason ? { finishReason: report.finishReason } : {}),
          };
        })
      : [],
  );
}

/** The recorded calls after `from` that were answered, in order, each with its answer. */
export function recordedCalls(
  messages: readonly UIMessage[],
  from: number,
  outcomes: Readonly<Record<string, ToolOutcomeKind>>,
): RecordedCall[] {
  return messages.slice(from).flatMap((message) =>
    message.role !== 'assistant'
      ? []
      : message.parts.filter(isToolUIPart).flatMap((part): RecordedCall[] => {
          const call = { toolName: getToolName(part), input: part.input };
          if (part.state === 'output-available') return [{ ...call, outcome: { kind: 'ok', output: part.output } }];
          if (part.state !== 'output-error') return [];
          const kind = outcomes[part.toolCallId];
          const failed = kind && kind !== 'ok' ? kind : 'failed';
          return [{ ...call, outcome: { kind: failed, error: writtenError(part.errorText) } }];
        }),
  );
}

/**
 * A replay's tool results: the recorded answer while each call is the recorded one (the same tool,
 * the same arguments, in order); from the first that is not, every call runs.
 */
export function createRecordedResults(
  replay: () => ReplayState | undefined,
  onChange: (state: ReplayState) => void,
): (call: { toolName: string; input: unknown }) => ToolOutcome | undefined {
  return (call) => {
    const state = replay();
    if (!state || state.callsDiverged) return undefined;
    const next = state.calls[state.callsServed];
    if (next && next.toolName === call.toolName && JSON.stringify(next.input) === JSON.stringify(call.input)) {
      onChange({ ...state, callsServed: state.callsServed + 1 });
      return next.outcome;
    }
    onChange({ ...state, callsDiverged: true });
    return undefined;
  };
}

/** Why a replay that stops at its divergence sent nothing (what the chat is aborted with). */
export const STOPPED_AT_DIVERGENCE = 'The replay stopped where the run diverged: nothing was sent.';

/**
 * The chat route's fetch during a replay: a request equal to the next recorded one is answered
 * from the recording; the first that is not marks the divergence (`onChange` hears every change).
 */
export function createReplayFetch(
  inner: typeof fetch,
  replay: () => ReplayState | undefined,
  onChange: (state: ReplayState) => void,
): typeof fetch {
  return async (input, init) => {
    const state = replay();
    if (!state || typeof init?.body !== 'string') return inner(input, init);
    // Read as the route reads it: the route's fingerprint is of what it parsed.
    const read = chatRequestSchema.safeParse(JSON.parse(init.body));
    if (!read.success) return inner(input, init);
    const request = read.data;
    if (!state.diverged) {
      const next = state.steps[state.served];
      if (next?.key !== undefined && next.key === requestDigest(request)) {
        onChange({ ...state, served: state.served + 1 });
        return createUIMessageStreamResponse({
          stream: new ReadableStream({
            start(controller) {
              for (const chunk of chunksOfStep(next.parts, next.finishReason)) controller.enqueue(chunk);
              controller.close();
            },
          }),
        });
      }
      const diverged: Divergence = { at: state.served, recordedStepId: next?.stepId, request };
      if (state.onDivergence === 'stop') {
        onChange({ ...state, diverged });
        throw new DOMException(STOPPED_AT_DIVERGENCE, 'AbortError');
      }
      onChange({ ...state, diverged, live: state.live + 1 });
      return inner(input, init);
    }
    if (state.onDivergence === 'stop') throw new DOMException(STOPPED_AT_DIVERGENCE, 'AbortError');
    onChange({ ...state, live: state.live + 1 });
    return inner(input, init);
  };
}

/** A replay's hooks for a chat made once (the page's): passing everything through until a replay begins. */
export function createReplayHooks(onChange?: (state: ReplayState | undefined) => void) {
  let state: ReplayState | undefined;
  let stopped = new AbortController();
  const set = (next: ReplayState | undefined) => {
    state = next;
    // Stopped where it diverged: the run that waits for more steps is over.
    if (next?.diverged && next.onDivergence === 'stop') stopped.abort();
    onChange?.(next);
  };
  return {
    wrapFetch: (inner: typeof fetch) => createReplayFetch(inner, () => state, set),
    recordedResult: createRecordedResults(() => state, set),
    begin: (next: ReplayState) => {
      stopped = new AbortController();
      set(next);
    },
    /** Aborted when the replay stops at its divergence. */
    stopped: () => stopped.signal,
    /** Ends the replay: the chat talks to the route as before; answers how it went. */
    end: () => {
      const last = state;
      set(undefined);
      return last;
    },
    current: () => state,
  };
}
export type ReplayHooks = ReturnType<typeof createReplayHooks>;

import { AbstractChat, DefaultChatTransport, type UIMessage } from 'ai';
import { withoutManualSteps } from '../messages/without-manual-steps';
import { createStoreChatState } from './create-store-chat-state';
import type { WireCapture } from '../shapes/wire-capture';
import type { RunStore } from './run-store';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { RunnableTool, ToolDraft } from '../shapes/tool-spec';
import { requestToolSpecs } from '../tools/request-tool-specs';
import { lastStepDecisionFailure, runLimitsOf, shouldContinueRun } from './run-progress';
import { DECISION_FAILURE_EVENTS } from '../providers/modes/decision-failure';
import type { RunEventKind } from '../shapes/run-event';
import { createRunGate, type RunGate } from './run-gate';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { assertNever } from '../shapes/assert-never';
import { toolErrorText } from '../shapes/tool-error';
import { withinResultLimit } from './call-answers';
import { createSessionExecutor, type ToolCallEnvironment } from './session-executor';
import { CHAT_ROUTE, chatRouteFetch, createChatRequestCheck } from './chat-route';
import { createSentValuesReader } from './sent-record';
import { splitSteps } from '../messages/split-steps';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { stepIdOf } from '../shapes/step-id';

export class SessionChat extends AbstractChat<UIMessage> {
  /** Ends every tool call still executing (bash processes killed, handlers ended) and records it as stopped. */
  stopTools: () => void = () => undefined;
  /**
   * Runs the calls of the last step that have no result and are not running (a branch opened from
   * a sample); once every one is answered the run goes on as after any step.
   */
  runPendingCalls: () => void = () => undefined;
}

export type SessionChatOptions = ToolCallEnvironment & {
  /** Extra request headers, read per request (the typed provider key travels here). */
  getHeaders?: () => Record<string, string>;
  /** Where the run waits for the person (step mode, approvals). */
  gate?: RunGate;
  /** Wall clock for event timestamps, in ms. */
  now?: () => number;
  api?: string;
  fetch?: typeof fetch;
};

/**
 * The client side of the loop, as seed 000 §"Tool Execution Loop" has it (the AI SDK's
 * `AbstractChat` turns the wheel; each step of the seed is one piece below):
 *
 *   1. invoke the model      `invokeModel`: the active messages, the runnable tools and the
 *                            settings go to the chat route (held in step mode, refused read-only)
 *   2. detect the tool calls `onToolCall`: each call, as the model's step streams in
 *   3. execute each call     `executeToolCall`: intercepted, validated and run by the executor;
 *                            the calls of one step run at once (writes to the sandbox take turns)
 *   4. add the results       `answerCall`: each outcome recorded, and given to the model as its
 *                            tool result (a manual tool waits for the person's `addToolOutput`)
 *   5. invoke it again       `continueOrEnd`: once every call of the step has its result…
 *   6. or end                …unless the model called no tool, `submit` ran or the step limit is reached
 */
export function createSessionChat({
  store,
  checker,
  getSandbox,
  runJavaScript,
  http,
  mcp,
  recordedResult,
  getHeaders,
  gate = createRunGate((pause) => store.getState().setPause(pause)),
  now = () => Date.now(),
  api = CHAT_ROUTE,
  fetch,
}: SessionChatOptions): SessionChat {
  const runnableTools = runnableToolsOf(store, checker);
  const log = (kind: RunEventKind, detail: string, toolCallId?: string) =>
    store.getState().addEvent({ kind, atMs: now(), detail, toolCallId });
  const chatState = createStoreChatState(store);
  const executor = createSessionExecutor({
    store,
    checker,
    getSandbox,
    runJavaScript,
    http,
    mcp,
    recordedResult,
    gate,
    now,
    chatState,
    runnableTools,
    log,
  });

  // 1. Invoke the model.
  const invokeModel = requestTransport({ store, gate, log, runnableTools, getHeaders, api, fetch });
  // 5, 6. Invoke it again with the results, or end.
  const continueOrEnd = ({ messages }: { messages: UIMessage[] }) =>
    shouldContinueRun(messages, runLimitsOf(store.getState(), runnableTools()));

  const chat: SessionChat = new SessionChat({
    state: chatState.state,
    transport: invokeModel,
    // 2. Detect each tool call. The SDK awaits this callback before it reads on, so each call
    // runs in the background: the calls of one step execute concurrently.
    onToolCall: ({ toolCall }) => {
      void executeToolCall(toolCall).catch((error: unknown) =>
        answerCall(chat, store, toolCall, playgroundFailed(toolCall, error)),
      );
    },
    sendAutomaticallyWhen: continueOrEnd,
    // The request a real provider step was sent with (transient: this tab only), filed under its step.
    onData: (part) => recordWireCapture(store, chatState, part),
    onFinish: ({ isAbort, isError, finishReason }) => {
      log(
        'InferenceResponseReceived',
        isError ? 'failed' : isAbort ? 'stopped' : `finished: ${finishReason ?? 'unknown'}`,
      );
      const failure = lastStepDecisionFailure(chatState.state.messages);
      if (failure) log(DECISION_FAILURE_EVENTS[failure.toolName], failure.reason, failure.toolCallId);
    },
  });
  // Stop aborts the calls executing now; calls made after it get a fresh signal.
  chat.stopTools = executor.stop;
  chat.runPendingCalls = () => {
    const { messages, runningToolCalls } = store.getState();
    for (const call of pendingCalls(messages, runningToolCalls))
      void executeToolCall(call).catch((error: unknown) =>
        answerCall(chat, store, call, playgroundFailed(call, error)),
      );
  };

  /** 3. Execute a call (it shows as running meanwhile), then 4. add its result. */
  async function executeToolCall(toolCall: { toolCallId: string; toolName: string; input: unknown }) {
    // The call is in the store (and on screen) before it runs.
    chatState.flush();
    store.getState().setToolCallRunning(toolCall.toolCallId, true);
    try {
      await answerCall(chat, store, toolCall, await executor.run(toolCall));
    } finally {
      // The answer is in the store before the call stops counting as running: nothing sees a
      // finished run whose last result has not arrived.
      chatState.flush();
      store.getState().setToolCallRunning(toolCall.toolCallId, false);
    }
  }
  return chat;
}

/** The calls of the last step with no result yet that are not running. */
function pendingCalls(messages: readonly UIMessage[], running: readonly string[]) {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  const parts = splitSteps(last).at(-1) ?? [];
  return parts
    .filter(isToolUIPart)
    .filter((part) => part.state === 'input-available' && !running.includes(part.toolCallId))
    .map((part) => ({ toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input }));
}

/** The runnable tools, checked once per version of the tool list (it is immutable), not per request and call. */
function runnableToolsOf(store: RunStore, checker: SessionChatOptions['checker']): () => RunnableTool[] {
  const checked = new WeakMap<readonly ToolDraft[], RunnableTool[]>();
  return () => {
    const { tools } = store.getState();
    const known = checked.get(tools);
    if (known) return known;
    const runnable = checkToolDrafts(tools, checker).runnable;
    checked.set(tools, runnable);
    return runnable;
  };
}

/** Files a `data-wire` part (the request a real provider step was sent with) under the step it belongs to. */
function recordWireCapture(
  store: RunStore,
  chatState: ReturnType<typeof createStoreChatState>,
  part: { type: string; data?: unknown },
) {
  if (part.type !== 'data-wire' && part.type !== 'data-local-prompt') return;
  const message = chatState.state.messages.at(-1);
  if (message?.role !== 'assistant') return;
  const steps = message.parts.filter((candidate) => candidate.type === 'step-start').length;
  const stepId = stepIdOf(message.id, Math.max(steps, 1));
  // The model in the browser's prompt text, as it read it (transient, like the wire capture).
  if (part.type === 'data-local-prompt')
    store.getState().recordLocalPrompt(stepId, (part.data as { prompt: string }).prompt);
  else store.getState().recordWireCapture(stepId, part.data as WireCapture);
}

/** 4. Records how a call ended and answers the model (manual calls wait for the person); resolves once the answer is in. */
async function answerCall(
  chat: SessionChat,
  store: RunStore,
  toolCall: { toolCallId: string; toolName: string },
  ran: ToolOutcome,
): Promise<void> {
  const outcome = ran.kind === 'ok' ? withinResultLimit(toolCall.toolName, ran) : ran;
  const answer = { tool: toolCall.toolName, toolCallId: toolCall.toolCallId };
  if (outcome.kind !== 'awaiting-user') store.getState().recordOutcome(toolCall.toolCallId, outcome.kind);
  switch (outcome.kind) {
    case 'awaiting-user':
      return;
    case 'ok':
      return chat.addToolOutput({ ...answer, output: outcome.output });
    case 'invalid-input':
    case 'unknown-tool':
    case 'failed':
    case 'timed-out':
    case 'blocked':
    case 'stopped':
      return chat.addToolOutput({
        ...answer,
        state: 'output-error',
        errorText: toolErrorText(outcome.error, toolCall.toolCallId),
      });
    default:
      assertNever(outcome);
  }
}

/** The answer to a call the playground itself failed on (a bug, not the tool): the model is told to go on without it. */
const playgroundFailed = (toolCall: { toolName: string }, error: unknown): ToolOutcome => ({
  kind: 'failed',
  error: {
    type: 'ExecutionError',
    code: 'PLAYGROUND_FAILED',
    message: `Error: The playground failed while running '${toolCall.toolName}'.\nDetails: ${error instanceof Error ? error.message : String(error)}`,
    details: { tool: toolCall.toolName },
    recoverable: false,
    suggestedAction: 'Answer without this tool.',
  },
});

/**
 * The chat route's transport: each request carries the active messages, the runnable tools and
 * the run settings — refused for a shared session, and held in step mode until the person lets it go.
 */
function requestTransport({
  store,
  gate,
  log,
  runnableTools,
  getHeaders,
  api,
  fetch,
}: {
  store: RunStore;
  gate: RunGate;
  log: (kind: RunEventKind, detail: string) => void;
  runnableTools: () => RunnableTool[];
  getHeaders?: () => Record<string, string>;
  api: string;
  fetch?: typeof globalThis.fetch;
}) {
  const checkBody = createChatRequestCheck();
  const readSentValues = createSentValuesReader();
  return new DefaultChatTransport<UIMessage>({
    api,
    fetch: chatRouteFetch(fetch),
    prepareSendMessagesRequest: async ({ messages, headers }) => {
      if (store.getState().readOnly)
        throw new Error('A shared session is read-only: press "Fork to edit" to make it yours, then send.');
      if (store.getState().stepMode) {
        const answer = await gate.wait({ kind: 'step', label: 'Before the next model request' });
        if (answer.kind === 'reject') throw new DOMException(answer.reason, 'AbortError');
      }
      const { settings } = store.getState();
      log('InferenceRequestStarted', `${settings.provider} · ${settings.model} · ${messages.length} messages`);
      // An MCP tool's results are MCP-shaped: the route converts them for the model.
      // A step made by hand (`Try this tool`) is the person's trial, not part of what the model is sent.
      const body = checkBody({
        messages: withoutManualSteps(messages),
        tools: requestToolSpecs(runnableTools()),
        settings,
      });
      // What it is made of, kept by fingerprint: the step's request can be shown and compared as sent later.
      store.getState().recordSentValues(readSentValues(body.tools, settings));
      return {
        body,
        headers: { ...(headers as Record<string, string> | undefined), ...getHeaders?.() },
      };
    },
  });
}

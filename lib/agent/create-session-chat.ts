import { AbstractChat, DefaultChatTransport, type UIMessage } from 'ai';
import { createStoreChatState } from './create-store-chat-state';
import type { Sandbox } from '../sandbox/sandbox';
import type { WireCapture } from '../shapes/wire-capture';
import type { RunStore } from './run-store';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { SchemaChecker } from '../tools/create-schema-checker';
import type { RunnableTool, ToolDraft } from '../shapes/tool-spec';
import { requestToolSpecs } from '../tools/request-tool-specs';
import { runTimedToolCall } from './run-timed-tool-call';
import { countSteps, lastStepDecisionFailure, runLimitsOf, shouldContinueRun } from './run-progress';
import { DECISION_FAILURE_EVENTS } from '../providers/modes/decision-failure';
import { interceptAfter, interceptBefore, type ToolCallContext } from './run-interceptors';
import type { Interception } from '../shapes/interceptor-spec';
import { clip } from '../limits/clip';
import type { HttpAccess } from './run-http-request';
import type { McpAccess } from '../shapes/mcp-access';
import { textOf } from '../messages/split-steps';
import { interceptToolCall } from './intercept-tool-call';
import type { RunEventKind } from '../shapes/run-event';
import { createRunGate, type RunGate } from './run-gate';
import type { RunJavaScript, ToolOutcome } from '../shapes/tool-outcome';
import { assertNever } from '../shapes/assert-never';
import { errorMessageOf, toolErrorText, withToolCallId } from '../shapes/tool-error';
import { createRunBatch, type RunBatch } from './run-batch';
import { skippedText, withinResultLimit } from './call-answers';

export class SessionChat extends AbstractChat<UIMessage> {
  /** Ends every tool call still executing (bash processes killed, handlers ended) and records it as stopped. */
  stopTools: () => void = () => undefined;
}

export type SessionChatOptions = {
  store: RunStore;
  checker: SchemaChecker;
  /** The sandbox tool calls run in; awaited per call, so it may still be starting. */
  getSandbox: () => Promise<Sandbox>;
  /** Runs JavaScript handler tools (a Web Worker in the browser). */
  runJavaScript?: RunJavaScript;
  /** The network for HTTP tools (the browser's fetch and own origin); without it they refuse. */
  http?: HttpAccess;
  /** MCP servers for MCP tools (in the browser: `POST /api/mcp` with this tab's connections). */
  mcp?: McpAccess;
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
 * The client side of the loop: sends the active messages, the runnable tools and the run
 * settings to the chat route; runs each tool call the model makes through the executor;
 * sends the results back until the model answers or the step limit is reached. Manual tools
 * wait for the person to answer with `chat.addToolOutput`.
 */
export function createSessionChat({
  store,
  checker,
  getSandbox,
  runJavaScript,
  http,
  mcp,
  getHeaders,
  gate = createRunGate((pause) => store.getState().setPause(pause)),
  now = () => Date.now(),
  api = '/api/chat',
  fetch,
}: SessionChatOptions): SessionChat {
  // Tools are checked once per version of the tool list (it is immutable), not per request and call.
  const checked = new WeakMap<readonly ToolDraft[], RunnableTool[]>();
  const runnableTools = () => {
    const { tools } = store.getState();
    const known = checked.get(tools);
    if (known) return known;
    const runnable = checkToolDrafts(tools, checker).runnable;
    checked.set(tools, runnable);
    return runnable;
  };
  const log = (kind: RunEventKind, detail: string, toolCallId?: string) =>
    store.getState().addEvent({ kind, atMs: now(), detail, toolCallId });

  const chatState = createStoreChatState(store);
  const chat: SessionChat = new SessionChat({
    state: chatState.state,
    transport: new DefaultChatTransport<UIMessage>({
      api,
      fetch,
      prepareSendMessagesRequest: async ({ messages, headers }) => {
        if (store.getState().readOnly)
          throw new Error('A shared session is read-only: press "Fork to edit" to make it yours, then send.');
        if (store.getState().stepMode) {
          const answer = await gate.wait({ kind: 'step', label: 'Before the next model request' });
          if (answer.kind === 'reject') throw new DOMException(answer.reason, 'AbortError');
        }
        const { settings } = store.getState();
        log('InferenceRequestStarted', `${settings.provider} · ${settings.model} · ${messages.length} messages`);
        return {
          body: {
            messages,
            // An MCP tool's results are MCP-shaped: the route converts them for the model.
            tools: requestToolSpecs(runnableTools()),
            settings,
          },
          headers: { ...(headers as Record<string, string> | undefined), ...getHeaders?.() },
        };
      },
    }),
    sendAutomaticallyWhen: ({ messages }) =>
      shouldContinueRun(messages, runLimitsOf(store.getState(), runnableTools())),
    // The request a real provider step was sent with (transient: this tab only), filed under its step.
    onData: (part) => {
      if (part.type !== 'data-wire') return;
      const message = chatState.state.messages.at(-1);
      if (message?.role !== 'assistant') return;
      const steps = message.parts.filter((candidate) => candidate.type === 'step-start').length;
      store.getState().recordWireCapture(`${message.id}:step-${Math.max(steps, 1)}`, part.data as WireCapture);
    },
    onFinish: ({ isAbort, isError, finishReason }) => {
      log(
        'InferenceResponseReceived',
        isError ? 'failed' : isAbort ? 'stopped' : `finished: ${finishReason ?? 'unknown'}`,
      );
      const failure = lastStepDecisionFailure(chatState.state.messages);
      if (failure) log(DECISION_FAILURE_EVENTS[failure.toolName], failure.reason, failure.toolCallId);
    },
    // The SDK awaits this callback before it reads on, so each call runs in the background:
    // parallel calls in one step execute concurrently (writes to the sandbox take turns).
    onToolCall: ({ toolCall }) => {
      void executeToolCall(toolCall).catch((error: unknown) => {
        store.getState().recordOutcome(toolCall.toolCallId, 'failed');
        return chat.addToolOutput({
          tool: toolCall.toolName,
          toolCallId: toolCall.toolCallId,
          state: 'output-error',
          errorText: withToolCallId(
            toolErrorText({
              type: 'ExecutionError',
              code: 'PLAYGROUND_FAILED',
              message: `Error: The playground failed while running '${toolCall.toolName}'.\nDetails: ${error instanceof Error ? error.message : String(error)}`,
              details: { tool: toolCall.toolName },
              recoverable: false,
              suggestedAction: 'Answer without this tool.',
            }),
            toolCall.toolCallId,
          ),
        });
      });
    },
  });

  /**
   * The calls of one model step (a batch, see `run-batch.ts`): the rest of it is off after a
   * block with stopOnToolBlock on, or after a terminal tool that succeeded (seed 002 §5.1).
   */
  let batch = { key: '', calls: createRunBatch() };
  const batchOf = () => {
    const last = chatState.state.messages.at(-1);
    const key = `${last?.id}:${countSteps(last)}`;
    if (batch.key !== key) batch = { key, calls: createRunBatch() };
    return batch.calls;
  };

  /** What a handler or an interceptor may read of the run: the call and a copy of the conversation. */
  const contextFor = (toolCall: { toolCallId: string; toolName: string }): ToolCallContext => {
    // The store is brought up to date first: a handler reads the conversation as it is now.
    chatState.flush();
    const { messages, settings } = store.getState();
    return {
      toolCallId: toolCall.toolCallId,
      toolName: toolCall.toolName,
      step: countSteps(messages.at(-1)),
      provider: settings.provider,
      model: settings.model,
      messages: messages
        .slice(-20)
        .map((message) => ({ role: message.role, text: clip(textOf(message.parts), 1_000) })),
    };
  };

  const record = (toolCallId: string, records: readonly Interception[]) => {
    store.getState().recordInterceptions(toolCallId, records);
    for (const each of records) {
      log('ToolCallIntercepted', `${each.interceptor} (${each.phase}): ${each.action} — ${each.detail}`, toolCallId);
    }
  };

  // Stop aborts the calls executing now; calls made after it get a fresh signal.
  let tools = new AbortController();
  chat.stopTools = () => {
    tools.abort();
    tools = new AbortController();
  };

  async function executeToolCall(toolCall: { toolCallId: string; toolName: string; input: unknown }) {
    const { signal } = tools;
    // The call is in the store (and on screen) before it runs.
    chatState.flush();
    store.getState().setToolCallRunning(toolCall.toolCallId, true);
    try {
      await answerCall(toolCall, await executeUnlessStopped(toolCall, signal));
    } finally {
      // The answer is in the store before the call stops counting as running: nothing sees a
      // finished run whose last result has not arrived.
      chatState.flush();
      store.getState().setToolCallRunning(toolCall.toolCallId, false);
    }
  }

  /** Records how a call ended and answers the model (manual calls wait for the person); resolves once the answer is in. */
  async function answerCall(toolCall: { toolCallId: string; toolName: string }, ran: ToolOutcome): Promise<void> {
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
          errorText: withToolCallId(outcome.message, toolCall.toolCallId),
        });
      default:
        assertNever(outcome);
    }
  }

  /** The call through the interceptors and the executor; `stopped` when Stop came first. */
  async function executeUnlessStopped(
    toolCall: { toolCallId: string; toolName: string; input: unknown },
    signal: AbortSignal,
  ): Promise<ToolOutcome> {
    const outcome = await executeOnce(toolCall, signal);
    if (!signal.aborted || outcome.kind === 'ok') return outcome;
    log('ToolCallStopped', `${toolCall.toolName}: stopped by the person`, toolCall.toolCallId);
    return {
      kind: 'stopped',
      message: toolErrorText({
        type: 'ExecutionError',
        code: 'STOPPED',
        message: `Error: '${toolCall.toolName}' was stopped by the user before it finished.`,
        details: { tool: toolCall.toolName },
        recoverable: true,
        suggestedAction: 'Wait for the user before calling it again.',
      }),
    };
  }

  async function executeOnce(
    toolCall: { toolCallId: string; toolName: string; input: unknown },
    signal: AbortSignal,
  ): Promise<ToolOutcome> {
    const current = batchOf();
    const terminal = runnableTools().some((tool) => tool.terminal && tool.spec.name === toolCall.toolName);
    const serial = store.getState().executor.stopOnToolBlock;
    return current.schedule(serial || terminal, async () => {
      const outcome = await executeInBatch(toolCall, signal, current);
      // Nothing after a terminal tool runs — once it has succeeded (a failed `submit` ends nothing).
      if (terminal && outcome.kind === 'ok') current.stop(`\`${toolCall.toolName}\` ended the run before it`);
      return outcome;
    });
  }

  /** One call of a batch: the batch is checked again after every await, before anything runs. */
  async function executeInBatch(
    toolCall: { toolCallId: string; toolName: string; input: unknown },
    signal: AbortSignal,
    current: RunBatch,
  ): Promise<ToolOutcome> {
    const block = (message: string): ToolOutcome => {
      log('ToolCallBlocked', `${toolCall.toolName}: ${errorMessageOf(message).split('\n')[0]}`, toolCall.toolCallId);
      if (store.getState().executor.stopOnToolBlock) current.stop('an earlier call in this step was blocked');
      return { kind: 'blocked', message };
    };
    const skip = () => block(skippedText(toolCall.toolName, current.stopped ?? 'the step was stopped'));
    if (current.stopped) return skip();
    const context = contextFor(toolCall);
    const { interceptors, handlersTrusted } = store.getState();
    const call = { id: toolCall.toolCallId, name: toolCall.toolName, arguments: toolCall.input };
    const before = await interceptBefore({
      interceptors,
      call,
      context,
      runJavaScript,
      trusted: handlersTrusted,
      signal,
    });
    record(toolCall.toolCallId, before.records);
    if (before.kind === 'blocked') return block(before.message);
    if (current.stopped) return skip();
    const run = runnableTools().find((tool) => tool.spec.name === toolCall.toolName)?.run;
    const intercepted = await interceptToolCall({
      call: { ...toolCall, input: before.input },
      store,
      gate,
      mcp: run?.kind === 'mcp' ? { annotations: run.annotations } : undefined,
    });
    if (intercepted.kind === 'blocked') return block(intercepted.message);
    if (current.stopped) return skip();
    const changed = before.input !== toolCall.input;
    log(
      'ToolCallStarted',
      `${toolCall.toolName}${intercepted.edited ? ' (arguments edited by the user)' : changed ? ' (arguments changed by an interceptor)' : ''}`,
      toolCall.toolCallId,
    );
    const {
      outcome: ran,
      durationMs,
      sandboxWaitMs,
    } = await runTimedToolCall({
      call: { toolName: toolCall.toolName, input: intercepted.input },
      tools: runnableTools(),
      getSandbox,
      checker,
      runJavaScript,
      handlersTrusted: store.getState().handlersTrusted,
      http,
      mcp,
      onProgress: (progress) => store.getState().setToolCallProgress(toolCall.toolCallId, progress),
      context,
      signal,
      now,
    });
    store.getState().recordDuration(toolCall.toolCallId, durationMs);
    log(
      'ToolCallCompleted',
      `${toolCall.toolName}: ${ran.kind} in ${durationMs} ms${sandboxWaitMs >= 1 ? ` (after ${sandboxWaitMs} ms waiting for the sandbox to start)` : ''}`,
      toolCall.toolCallId,
    );
    if (signal.aborted) return ran;
    const after = await interceptAfter({
      interceptors: store.getState().interceptors,
      call: { ...call, arguments: intercepted.input },
      outcome: ran,
      context,
      runJavaScript,
      trusted: store.getState().handlersTrusted,
      signal,
    });
    record(toolCall.toolCallId, after.records);
    return after.outcome;
  }
  return chat;
}

import type { Sandbox } from '../sandbox/sandbox';
import type { RunStore } from './run-store';
import type { SchemaChecker } from '../tools/create-schema-checker';
import type { RunnableTool } from '../shapes/tool-spec';
import { runTimedToolCall } from './run-timed-tool-call';
import { countSteps } from './run-progress';
import { interceptAfter, interceptBefore, type ToolCallContext } from './run-interceptors';
import type { Interception } from '../shapes/interceptor-spec';
import { clip } from '../limits/clip';
import type { HttpAccess } from './run-http-request';
import type { McpAccess } from '../shapes/mcp-access';
import {
  MAX_MCP_INPUT_RECORD_FIELDS,
  MAX_MCP_INPUT_RECORD_MESSAGE,
  type McpInputAnswer,
  type McpInputRequest,
} from '../shapes/mcp-input';
import { textOf } from '../messages/split-steps';
import { interceptToolCall } from './intercept-tool-call';
import type { RunEventKind } from '../shapes/run-event';
import type { RunGate } from './run-gate';
import type { RunJavaScript, ToolOutcome } from '../shapes/tool-outcome';
import type { ToolErrorInput } from '../shapes/tool-error';
import { createRunBatch, type RunBatch } from './run-batch';
import { skippedError } from './call-answers';
import type { createStoreChatState } from './create-store-chat-state';

/*
 * The executor of a session's chat (seed 002 §5, seed 003): each call the model makes, through
 * the before-interceptors, the person's approval, the tool itself and the after-interceptors —
 * with the calls of one step as a batch (one after another when a block or a terminal tool
 * must stop the rest) and Stop ending every call still running.
 */

type ToolCall = { toolCallId: string; toolName: string; input: unknown };

/** Where a session's tool calls run: the session, its checker, the sandbox and the networks a tool may use. */
export type ToolCallEnvironment = {
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
  /** A replay's recorded answer for the call, while the calls go as recorded (see replay-fetch.ts); none: it runs. */
  recordedResult?: (call: ToolCall) => ToolOutcome | undefined;
};

/** What the executor works with: where calls run, the tools as checked, the gate, the clock and the event log. */
export type SessionExecutorDeps = ToolCallEnvironment & {
  gate: RunGate;
  now: () => number;
  chatState: ReturnType<typeof createStoreChatState>;
  runnableTools: () => RunnableTool[];
  log: (kind: RunEventKind, detail: string, toolCallId?: string) => void;
};

/** One chat's executor: the deps, the batch of the step now running, and the signal Stop aborts. */
type Executor = {
  deps: SessionExecutorDeps;
  /**
   * The calls of one model step (a batch, see `run-batch.ts`): the rest of it is off after a
   * block with stopOnToolBlock on, or after a terminal tool that succeeded (seed 002 §5.1).
   */
  batch: { key: string; calls: RunBatch };
  tools: AbortController;
};

export type SessionExecutor = {
  /** Runs one call to its outcome (`stopped` when Stop came first). */
  run(toolCall: ToolCall): Promise<ToolOutcome>;
  /** Ends every call executing now; calls made after it get a fresh signal. */
  stop(): void;
};

export function createSessionExecutor(deps: SessionExecutorDeps): SessionExecutor {
  const e: Executor = { deps, batch: { key: '', calls: createRunBatch() }, tools: new AbortController() };
  return {
    run: (toolCall) => executeUnlessStopped(e, toolCall, e.tools.signal),
    stop: () => {
      e.tools.abort();
      e.tools = new AbortController();
    },
  };
}

/** The batch of the step the last message is in: a new step starts a new batch. */
function batchOf(e: Executor): RunBatch {
  const last = e.deps.chatState.state.messages.at(-1);
  const key = `${last?.id}:${countSteps(last)}`;
  if (e.batch.key !== key) e.batch = { key, calls: createRunBatch() };
  return e.batch.calls;
}

/** What a handler or an interceptor may read of the run: the call and a copy of the conversation. */
function contextFor(e: Executor, toolCall: { toolCallId: string; toolName: string }): ToolCallContext {
  // The store is brought up to date first: a handler reads the conversation as it is now.
  e.deps.chatState.flush();
  const { messages, settings } = e.deps.store.getState();
  return {
    toolCallId: toolCall.toolCallId,
    toolName: toolCall.toolName,
    step: countSteps(messages.at(-1)),
    provider: settings.provider,
    model: settings.model,
    messages: messages.slice(-20).map((message) => ({ role: message.role, text: clip(textOf(message.parts), 1_000) })),
  };
}

function record(e: Executor, toolCallId: string, records: readonly Interception[]) {
  e.deps.store.getState().recordInterceptions(toolCallId, records);
  for (const each of records)
    e.deps.log(
      'ToolCallIntercepted',
      `${each.interceptor} (${each.phase}): ${each.action} — ${each.detail}`,
      toolCallId,
    );
}

/** The call through the interceptors and the executor; `stopped` when Stop came first. */
async function executeUnlessStopped(e: Executor, toolCall: ToolCall, signal: AbortSignal): Promise<ToolOutcome> {
  const { log } = e.deps;
  const recorded = e.deps.recordedResult?.(toolCall);
  if (recorded) {
    log('ToolCallCompleted', `${toolCall.toolName}: ${recorded.kind}, as recorded (replay)`, toolCall.toolCallId);
    return recorded;
  }
  const outcome = await executeOnce(e, toolCall, signal);
  if (!signal.aborted || outcome.kind === 'ok') return outcome;
  log('ToolCallStopped', `${toolCall.toolName}: stopped by the person`, toolCall.toolCallId);
  return {
    kind: 'stopped',
    error: {
      type: 'ExecutionError',
      code: 'STOPPED',
      message: `Error: '${toolCall.toolName}' was stopped by the user before it finished.`,
      details: { tool: toolCall.toolName },
      recoverable: true,
      suggestedAction: 'Wait for the user before calling it again.',
    },
  };
}

async function executeOnce(e: Executor, toolCall: ToolCall, signal: AbortSignal): Promise<ToolOutcome> {
  const { store, runnableTools } = e.deps;
  const current = batchOf(e);
  const terminal = runnableTools().some((tool) => tool.terminal && tool.spec.name === toolCall.toolName);
  const serial = store.getState().executor.stopOnToolBlock;
  return current.schedule(serial || terminal, async () => {
    const outcome = await executeInBatch(e, toolCall, signal, current);
    // Nothing after a terminal tool runs — once it has succeeded (a failed `submit` ends nothing).
    if (terminal && outcome.kind === 'ok') current.stop(`\`${toolCall.toolName}\` ended the run before it`);
    return outcome;
  });
}

/** One call of a batch: the batch is checked again after every await, before anything runs. */
async function executeInBatch(
  e: Executor,
  toolCall: ToolCall,
  signal: AbortSignal,
  current: RunBatch,
): Promise<ToolOutcome> {
  const { store, log, runJavaScript, runnableTools, gate, getSandbox, checker, http, mcp, now } = e.deps;
  const block = (error: ToolErrorInput): ToolOutcome => {
    log('ToolCallBlocked', `${toolCall.toolName}: ${error.message.split('\n')[0]}`, toolCall.toolCallId);
    if (store.getState().executor.stopOnToolBlock) current.stop('an earlier call in this step was blocked');
    return { kind: 'blocked', error };
  };
  const skip = () => block(skippedError(toolCall.toolName, current.stopped ?? 'the step was stopped'));
  if (current.stopped) return skip();
  const context = contextFor(e, toolCall);
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
  record(e, toolCall.toolCallId, before.records);
  if (before.kind === 'blocked') return block(before.error);
  if (current.stopped) return skip();
  const run = runnableTools().find((tool) => tool.spec.name === toolCall.toolName)?.run;
  const intercepted = await interceptToolCall({
    call: { ...toolCall, input: before.input },
    store,
    gate,
    mcp: run?.kind === 'mcp' ? { annotations: run.annotations } : undefined,
  });
  if (intercepted.kind === 'blocked') return block(intercepted.error);
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
    onInput: (request) => askThePerson(e, toolCall, request),
    onWire: (line) => store.getState().recordMcpWire(toolCall.toolCallId, line),
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
  record(e, toolCall.toolCallId, after.records);
  return after.outcome;
}

/**
 * An MCP server's question while its tool runs: the run waits for the person ("Waiting for your
 * answer" in the conversation; the call's node says so), and the exchange goes into the event
 * log. A stopped run cancels it.
 */
async function askThePerson(
  e: Executor,
  toolCall: { toolCallId: string; toolName: string },
  request: McpInputRequest,
): Promise<McpInputAnswer> {
  const { store, gate, log } = e.deps;
  store.getState().setToolCallProgress(toolCall.toolCallId, { progress: 0, message: 'waiting for your answer' });
  log(
    'ToolCallInput',
    `${toolCall.toolName} asks: ${clip(request.message, 200)}${request.url ? ` (to open ${clip(request.url, 200)})` : ''}`,
    toolCall.toolCallId,
  );
  const answered = await gate.wait({
    kind: 'input',
    toolCallId: toolCall.toolCallId,
    toolName: toolCall.toolName,
    ...request,
  });
  const answer: McpInputAnswer = answered.kind === 'input' ? answered.answer : { action: 'cancel' };
  store.getState().setToolCallProgress(toolCall.toolCallId, undefined);
  store.getState().recordMcpInput(toolCall.toolCallId, {
    message:
      request.message.length > MAX_MCP_INPUT_RECORD_MESSAGE
        ? `${request.message.slice(0, MAX_MCP_INPUT_RECORD_MESSAGE - 1)}…`
        : request.message,
    ...(request.url === undefined ? {} : { url: request.url }),
    action: answer.action,
    ...(answer.action === 'accept' && request.url === undefined
      ? { fields: Object.keys(answer.content).slice(0, MAX_MCP_INPUT_RECORD_FIELDS) }
      : {}),
  });
  log('ToolCallInput', `${toolCall.toolName}: the person answered "${answer.action}"`, toolCall.toolCallId);
  return answer;
}

import 'server-only';
import { NO_SDK_TIMEOUT_MS, sleep } from './call-clocks';
import {
  type CallToolResult,
  type Client,
  SdkError,
  SdkErrorCode,
  specTypeSchemas,
  type Task,
} from '@modelcontextprotocol/client';

/** How long the server keeps a task's result for us (MCP tasks: `ttl`), in ms. */
const TASK_TTL_MS = 10 * 60_000;
/** Bounds on the server's `pollInterval` hint: never busier than this, never slower than that. */
const MIN_POLL_MS = 200;
const MAX_POLL_MS = 5_000;

const TERMINAL = new Set<Task['status']>(['completed', 'failed', 'cancelled']);

/** What the caller hears of a task: each change of its status or status message. */
export type TaskProgress = { status: Task['status']; message?: string };

/**
 * Whether a call goes as a task (MCP 2025-11-25 tasks, SEP-1686): the tool requires or allows it
 * and the server says it takes task-augmented `tools/call`. On 2026-07-28 tasks are an extension,
 * run through `@modelcontextprotocol/ext-tasks` (mcp-task-call-v2.ts).
 */
export function callsAsTask(
  taskSupport: string | undefined,
  serverCapabilities: { tasks?: { requests?: { tools?: { call?: object } } } },
  protocolVersion: string | undefined,
) {
  const serverTakesTasks = serverCapabilities.tasks?.requests?.tools?.call !== undefined;
  return (
    serverTakesTasks &&
    protocolVersion !== undefined &&
    protocolVersion < '2026' &&
    (taskSupport === 'required' || taskSupport === 'optional')
  );
}

/**
 * Calls a tool as a task: `tools/call` with `task` creates it, `tasks/get` is polled at the
 * server's interval (each change of status or message reported), and once it needs input or
 * ends, `tasks/result` fetches the result — the server's questions (elicitation) arrive on that
 * request, in the caller's question scope. Aborting `signal` sends `tasks/cancel`.
 */
export async function callToolAsTask(
  client: Client,
  {
    name,
    args,
    signal,
    onChange,
  }: {
    name: string;
    args: Record<string, unknown>;
    signal: AbortSignal;
    onChange: (progress: TaskProgress) => void;
  },
): Promise<CallToolResult> {
  const options = { signal, timeout: NO_SDK_TIMEOUT_MS };
  const created = await client.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl: TASK_TTL_MS } } },
    specTypeSchemas.CreateTaskResult,
    options,
  );
  const { taskId } = created.task;
  let last = '';
  const heard = (task: Task) => {
    const seen = `${task.status}\n${task.statusMessage ?? ''}`;
    if (seen === last) return;
    last = seen;
    onChange({ status: task.status, ...(task.statusMessage ? { message: task.statusMessage } : {}) });
  };
  const cancel = () => {
    void client
      .request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult)
      .catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    heard(created.task);
    let task = created.task;
    while (!TERMINAL.has(task.status) && task.status !== 'input_required') {
      await sleep(pollMs(task.pollInterval), signal);
      task = await client.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, options);
      heard(task);
    }
    if (task.status === 'cancelled')
      throw new SdkError(SdkErrorCode.RequestTimeout, `the server cancelled task ${taskId}`);
    // Waiting for the result (and answering its questions), the status is still heard.
    const watching = new AbortController();
    void watchStatus(client, taskId, task.pollInterval, AbortSignal.any([signal, watching.signal]), heard);
    try {
      return await client.request(
        { method: 'tasks/result', params: { taskId } },
        specTypeSchemas.CallToolResult,
        options,
      );
    } finally {
      watching.abort();
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

const pollMs = (hint: number | undefined) => Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, hint ?? 1_000));

/** Polls `tasks/get` until `signal` aborts, reporting what changed; a failed poll ends the watch. */
async function watchStatus(
  client: Client,
  taskId: string,
  hint: number | undefined,
  signal: AbortSignal,
  heard: (task: Task) => void,
) {
  try {
    while (!signal.aborted) {
      await sleep(pollMs(hint), signal);
      const task = await client.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, {
        signal,
      });
      heard(task);
      if (TERMINAL.has(task.status)) return;
    }
  } catch {
    // The result request decides how the call ends; the watch only reports.
  }
}

import 'server-only';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { NO_SDK_TIMEOUT_MS } from './call-clocks';
import { callToolAsTask, type TaskProgress } from './mcp-task-call';
import { needsTasksExtension, type TasksV2 } from './mcp-task-call-v2';

/** A `notifications/progress` of a running call. */
export type McpProgress = { progress: number; total?: number; message?: string };

/**
 * Sends one call — as a task where it goes as one (its status changes are its progress, with no
 * count: the page shows the message alone), as `tools/call` otherwise — telling `heard` each time
 * the server shows it is alive.
 */
export function sendCall(
  client: Client,
  {
    name,
    args,
    asTask,
    tasks,
    signal,
    heard,
    onProgress,
  }: {
    name: string;
    args: Record<string, unknown>;
    /** As a task of 2025-11-25; otherwise a plain call, which a 2026-07-28 server that runs the tool only as a task refuses, and which then goes through the Tasks extension (`tasks`, with the tool as listed). */
    asTask: boolean;
    tasks?: { tool: Tool | undefined; extension: TasksV2 };
    signal: AbortSignal;
    heard: () => void;
    onProgress?: (progress: McpProgress) => void;
  },
) {
  const onChange = ({ status, message }: TaskProgress) => {
    heard();
    onProgress?.({ progress: 0, message: `Task ${status.replace('_', ' ')}${message ? `: ${message}` : ''}` });
  };
  if (asTask) return callToolAsTask(client, { name, args, signal, onChange });
  const plain = client.callTool(
    { name, arguments: args },
    {
      signal,
      timeout: NO_SDK_TIMEOUT_MS,
      onprogress: ({ progress, total, message }) => {
        heard();
        onProgress?.({ progress, ...(total === undefined ? {} : { total }), ...(message ? { message } : {}) });
      },
    },
  );
  return tasks
    ? plain.catch((error: unknown) => {
        if (!needsTasksExtension(error)) throw error;
        return tasks.extension.call(tasks.tool, name, args, { signal, onChange });
      })
    : plain;
}

// The Tasks extension of MCP 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663) on the SDK v2
// test server, which does not serve it: a layer in front of the SDK's handler that answers
// `tools/call` of `quarterly_report` with a task and serves `tasks/get`, `tasks/update` and
// `tasks/cancel`, everything else going to the SDK (whose `server/discover` answer gains the
// extension). Every message the layer sends is parsed with the extension's own schemas
// (`@modelcontextprotocol/ext-tasks/core/v2`), so the shapes are the extension's, not ours.
import {
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  hasTaskClientCapabilityV2,
  UpdateTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The tool that runs as a task (listed with `execution.taskSupport: 'required'`). */
export const TASK_TOOL = 'quarterly_report';
const POLL_MS = 100;

type Task = {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  polls: number;
  quarter?: string;
  declined?: boolean;
};

type Rpc = { jsonrpc: '2.0'; id: string | number; method: string; params?: Record<string, unknown> };

const QUESTION = {
  method: 'elicitation/create',
  params: {
    message: 'Which quarter should the report cover?',
    requestedSchema: {
      type: 'object',
      properties: { quarter: { type: 'string', title: 'Quarter', enum: ['Q1', 'Q2', 'Q3', 'Q4'] } },
      required: ['quarter'],
    },
  },
};

/**
 * The task's script, one step per `tasks/get`: working ("Gathering figures…"), then a question
 * (`input_required`, key `quarter-1`), then once answered working ("Writing the report…"), then
 * completed with the report (or "No quarter given." when declined).
 */
function advance(task: Task) {
  task.polls++;
  const now = new Date().toISOString();
  if (task.status === 'working' && task.quarter === undefined && !task.declined && task.polls >= 2) {
    Object.assign(task, { status: 'input_required', statusMessage: 'Waiting for the quarter', lastUpdatedAt: now });
  } else if (task.status === 'working' && (task.quarter !== undefined || task.declined) && task.polls >= 2) {
    Object.assign(task, { status: 'completed', statusMessage: 'Done', lastUpdatedAt: now });
  }
}

function detailed(task: Task) {
  const base = {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: 600_000,
    pollIntervalMs: POLL_MS,
  };
  if (task.status === 'input_required') return { ...base, inputRequests: { 'quarter-1': QUESTION } };
  if (task.status === 'completed')
    return {
      ...base,
      result: {
        resultType: 'complete',
        content: [
          { type: 'text', text: task.declined ? 'No quarter given.' : `Report for ${task.quarter}: revenue up 4 %.` },
        ],
      },
    };
  return base;
}

const answer = (id: Rpc['id'], result: unknown) => Response.json({ jsonrpc: '2.0', id, result });
const refuse = (id: Rpc['id'], code: number, message: string, data?: unknown) =>
  Response.json({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } });

/** The layer's state: the tasks it made (one server process, any number of stateless requests). */
export function createTasksLayer() {
  const tasks = new Map<string, Task>();
  let made = 0;
  /** Answers a request the extension is about; undefined for one the SDK answers. */
  function serve(request: Rpc): Response | undefined {
    const taskId = typeof request.params?.taskId === 'string' ? request.params.taskId : '';
    const task = tasks.get(taskId);
    switch (request.method) {
      case 'tools/call': {
        if (request.params?.name !== TASK_TOOL) return undefined;
        if (!hasTaskClientCapabilityV2(request.params))
          return refuse(request.id, -32021, 'Missing required client capability', {
            requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
          });
        const now = new Date().toISOString();
        const created: Task = {
          taskId: `task-${++made}`,
          status: 'working',
          statusMessage: 'Gathering figures…',
          createdAt: now,
          lastUpdatedAt: now,
          polls: 0,
        };
        tasks.set(created.taskId, created);
        const { polls: _polls, quarter: _quarter, declined: _declined, ...task } = created;
        return answer(
          request.id,
          CreateTaskResultV2Schema.parse({ ...task, ttlMs: 600_000, pollIntervalMs: POLL_MS, resultType: 'task' }),
        );
      }
      case 'tasks/get':
        if (!task) return refuse(request.id, -32602, `No task ${taskId}`);
        advance(task);
        return answer(request.id, GetTaskResultV2Schema.parse({ ...detailed(task), resultType: 'complete' }));
      case 'tasks/update': {
        if (!task) return refuse(request.id, -32602, `No task ${taskId}`);
        const response = (
          request.params?.inputResponses as Record<string, { action?: string; content?: { quarter?: unknown } }>
        )?.['quarter-1'];
        if (task.status === 'input_required' && response) {
          if (response.action === 'accept' && typeof response.content?.quarter === 'string')
            task.quarter = response.content.quarter;
          else task.declined = true;
          Object.assign(task, { status: 'working', statusMessage: 'Writing the report…', polls: 0 });
        }
        return answer(request.id, UpdateTaskResultV2Schema.parse({ resultType: 'complete' }));
      }
      case 'tasks/cancel':
        if (!task) return refuse(request.id, -32602, `No task ${taskId}`);
        if (task.status !== 'completed') Object.assign(task, { status: 'cancelled', statusMessage: 'Cancelled' });
        return answer(request.id, CancelTaskResultV2Schema.parse({ resultType: 'complete' }));
      default:
        return undefined;
    }
  }
  return {
    serve,
    /** The SDK's answer to `request`, with what the extension adds: its capability, the tool's task support. */
    amend(request: Rpc, message: Record<string, unknown>): Record<string, unknown> {
      const result = message.result as Record<string, unknown> | undefined;
      if (!result) return message;
      if (request.method === 'server/discover') {
        const capabilities = (result.capabilities ?? {}) as Record<string, unknown>;
        const extensions = (capabilities.extensions ?? {}) as Record<string, unknown>;
        return {
          ...message,
          result: {
            ...result,
            capabilities: { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } },
          },
        };
      }
      if (request.method === 'tools/list' && Array.isArray(result.tools))
        return {
          ...message,
          result: {
            ...result,
            tools: result.tools.map((tool: { name?: string }) =>
              tool.name === TASK_TOOL ? { ...tool, execution: { taskSupport: 'required' } } : tool,
            ),
          },
        };
      return message;
    },
    /** How many tasks are still under way (neither completed nor cancelled). */
    open: () => [...tasks.values()].filter((task) => task.status !== 'completed' && task.status !== 'cancelled').length,
  };
}

import type { ToolOutcome } from '../model/tool-outcome';
import { type RunToolCallOptions, runToolCall } from './run-tool-call';

/**
 * One call made by hand (`Try this tool`): the arguments checked and the tool run exactly as
 * the executor runs a model's call (sandbox, mock, handler, HTTP, MCP), with no model. Its
 * duration is the call's own, the wait for the sandbox to start left out, as for a model's call.
 */
export async function tryTool(
  options: RunToolCallOptions & { now?: () => number },
): Promise<{ outcome: ToolOutcome; durationMs: number }> {
  const now = options.now ?? (() => performance.now());
  let sandboxWaitMs = 0;
  const startedMs = now();
  const outcome = await runToolCall({
    ...options,
    getSandbox: async () => {
      const waitStartedMs = now();
      try {
        return await options.getSandbox();
      } finally {
        sandboxWaitMs += now() - waitStartedMs;
      }
    },
  });
  return { outcome, durationMs: Math.max(0, Math.round(now() - startedMs - sandboxWaitMs)) };
}

import type { ToolOutcome } from '../shapes/tool-outcome';
import { type RunToolCallOptions, runToolCall } from './run-tool-call';

/**
 * One call run by the executor (`runToolCall`), timed as every view shows it: `durationMs` is
 * the call's own time, the wait for the sandbox to start (a first call's) left out and said
 * apart as `sandboxWaitMs`. Used for a model's call and for one made by hand (`Try this tool`).
 */
export async function runTimedToolCall(
  options: RunToolCallOptions & { now?: () => number },
): Promise<{ outcome: ToolOutcome; durationMs: number; sandboxWaitMs: number }> {
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
  return {
    outcome,
    durationMs: Math.max(0, Math.round(now() - startedMs - sandboxWaitMs)),
    sandboxWaitMs: Math.round(sandboxWaitMs),
  };
}

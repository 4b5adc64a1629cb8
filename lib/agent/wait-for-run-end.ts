import { isRunInProgress, type SessionStore } from '../session/session-state';
import type { RunnableTool } from '../shapes/tool-spec';
import { runLimitsOf, shouldContinueRun, unansweredToolCalls } from './run-progress';

/**
 * Resolves once a run has ended, told by the store's own changes (no polling, no fixed wait):
 * nothing in flight or executing, no call left that the executor will answer (it picks calls
 * up just after the stream ends; a manual tool's call waits for nobody), and no next step due
 * (the loop sends one right after the last result), or the last request failed. After an
 * aborted `signal` it waits only for what is still executing to end (recorded as stopped).
 */
export function waitForRunEnd(
  store: SessionStore,
  runnable: () => readonly RunnableTool[],
  signal?: AbortSignal,
): Promise<void> {
  const done = () => {
    const state = store.getState();
    // Stopped: over once the calls still executing have ended (each is recorded as stopped).
    if (signal?.aborted) return !isRunInProgress(state);
    if (isRunInProgress(state)) return false;
    // A request that failed ends the run: the loop sends nothing after an error.
    if (state.chatStatus === 'error') return true;
    const tools = runnable();
    const manual = new Set(tools.filter((tool) => tool.run.kind === 'manual').map((tool) => tool.spec.name));
    if (unansweredToolCalls(state.messages, state.runningToolCalls).some((name) => !manual.has(name))) return false;
    return !shouldContinueRun(state.messages, runLimitsOf(state, tools));
  };
  return new Promise((resolve) => {
    if (done()) return resolve();
    const finish = () => {
      unsubscribe();
      signal?.removeEventListener('abort', check);
      resolve();
    };
    const check = () => {
      if (done()) finish();
    };
    const unsubscribe = store.subscribe(check);
    signal?.addEventListener('abort', check, { once: true });
  });
}

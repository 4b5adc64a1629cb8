import type { HandlerResult, RunJavaScript } from '../lib/shapes/tool-outcome';

const AsyncFunction = (async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

function freeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const each of Object.values(value)) freeze(each);
    Object.freeze(value);
  }
  return value;
}

/**
 * Runs a handler body in Node the way the browser's handler frame does (strict mode, `args`
 * and a frozen `context`, `state` when given, copies in and out, a time limit) — for tests; no isolation.
 */
export const runJavaScriptInNode: RunJavaScript = async ({ code, args, context, timeoutMs, stateText }) => {
  const handler = new AsyncFunction('args', 'context', 'state', `"use strict";\n${code}`);
  const copy = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
  let state: unknown;
  if (stateText !== undefined) {
    try {
      state = JSON.parse(stateText);
    } catch {
      return { kind: 'bad-state' };
    }
  }
  const before = stateText === undefined ? '' : JSON.stringify(state);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<HandlerResult>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed-out', timeoutMs }), timeoutMs);
  });
  const run = (async (): Promise<HandlerResult> => {
    try {
      const value = await handler(structuredClone(args), freeze(structuredClone(context ?? null)), state);
      // With a state file, the state as the handler left it goes back, when it changed.
      const after = stateText === undefined ? before : JSON.stringify(state ?? null);
      return after === before
        ? { kind: 'returned', value: copy(value) }
        : { kind: 'returned', value: copy(value), stateText: after };
    } catch (error) {
      return { kind: 'threw', message: error instanceof Error ? error.message : String(error) };
    }
  })();
  const result = await Promise.race([run, timeout]);
  clearTimeout(timer);
  return result;
};

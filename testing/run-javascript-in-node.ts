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
export const runJavaScriptInNode: RunJavaScript = async (request) => {
  const { code, args, context, timeoutMs } = request;
  const handler = new AsyncFunction('args', 'context', 'state', `"use strict";\n${code}`);
  const copy = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<HandlerResult>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed-out', timeoutMs }), timeoutMs);
  });
  const run = (async (): Promise<HandlerResult> => {
    try {
      // With a state file, the state as the handler left it goes back beside the value.
      const state = 'state' in request ? structuredClone(request.state) : undefined;
      const value = await handler(structuredClone(args), freeze(structuredClone(context ?? null)), state);
      return 'state' in request
        ? { kind: 'returned', value: copy(value), state: copy(state) }
        : { kind: 'returned', value: copy(value) };
    } catch (error) {
      return { kind: 'threw', message: error instanceof Error ? error.message : String(error) };
    }
  })();
  const result = await Promise.race([run, timeout]);
  clearTimeout(timer);
  return result;
};

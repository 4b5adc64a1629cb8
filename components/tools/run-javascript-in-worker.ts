import type { HandlerResult, RunJavaScript } from '@/lib/agent/tool-outcome';

/**
 * The worker a handler runs in: no DOM, and the network and storage APIs removed before the
 * handler's code is compiled. The body runs as an async function of `args`.
 */
const WORKER_SOURCE = `
for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'Worker']) {
  try { Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false }); } catch {}
}
const AsyncFunction = (async () => {}).constructor;
self.onmessage = async (event) => {
  const { code, args } = event.data;
  try {
    const handler = new AsyncFunction('args', '"use strict";\\n' + code);
    const value = await handler(args);
    self.postMessage({ kind: 'returned', value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
  } catch (error) {
    self.postMessage({ kind: 'threw', message: error instanceof Error ? error.message : String(error) });
  }
};
`;

/** Runs a handler in a fresh Web Worker, stopped after `timeoutMs` or when `signal` aborts. */
export const runJavaScriptInWorker: RunJavaScript = ({ code, args, timeoutMs, signal }) =>
  new Promise<HandlerResult>((resolve) => {
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const finish = (result: HandlerResult) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve(result);
    };
    const onAbort = () => finish({ kind: 'threw', message: 'The run was stopped.' });
    const timer = setTimeout(() => finish({ kind: 'timed-out', timeoutMs }), timeoutMs);
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<HandlerResult>) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ kind: 'threw', message: event.message || 'The handler could not be compiled.' });
    };
    worker.postMessage({ code, args });
  });

import 'server-only';
import { createHash } from 'node:crypto';

/** Where the page that runs JavaScript handlers lives (framed by the playground, sandboxed). */
export const HANDLER_FRAME_PATH = '/handler-frame';

/**
 * The script of the handler frame. It runs each handler in a Web Worker made from a blob
 * (the worker inherits this document's Content-Security-Policy) and reports back to the
 * playground. It only ever answers its parent window.
 */
const FRAME_SCRIPT = `
const WORKER_SOURCE = ${JSON.stringify(`
const AsyncFunction = (async () => {}).constructor;
const freeze = (value) => {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
};
const copy = (value) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
self.onmessage = async (event) => {
  const { code, args, context, stateText } = event.data;
  const kept = typeof stateText === 'string';
  let state;
  if (kept) {
    try {
      state = JSON.parse(stateText);
    } catch {
      self.postMessage({ kind: 'bad-state' });
      return;
    }
  }
  const before = kept ? JSON.stringify(state) : '';
  try {
    const handler = new AsyncFunction('args', 'context', 'state', '"use strict";\\n' + code);
    const value = await handler(args, freeze(context ?? null), state);
    const after = kept ? JSON.stringify(state ?? null) : before;
    self.postMessage(after !== before ? { kind: 'returned', value: copy(value), stateText: after } : { kind: 'returned', value: copy(value) });
  } catch (error) {
    self.postMessage({ kind: 'threw', message: error instanceof Error ? error.message : String(error) });
  }
};
self.postMessage({ kind: 'booted' });
`)};
// The worker starts with the frame, before any handler exists: the page's time limit, which
// starts at "ready", counts the handler's own run, not the browser's start of a worker.
const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
const worker = new Worker(url);
URL.revokeObjectURL(url);
let booted = false;
let started = false;
// Only the worker's own result goes to the page, once, rebuilt here: a handler that posts
// anything else (a fake "ready") is not heard, and nothing of it runs after its answer.
let answered = false;
const answer = (result) => {
  if (answered) return;
  answered = true;
  worker.terminate();
  parent.postMessage(result, '*');
};
worker.onmessage = (message) => {
  const data = message.data;
  if (!booted) {
    if (data && data.kind === 'booted') {
      booted = true;
      parent.postMessage({ kind: 'ready' }, '*');
    }
    return;
  }
  if (!started) return;
  if (data && data.kind === 'returned')
    answer(typeof data.stateText === 'string' ? { kind: 'returned', value: data.value, stateText: data.stateText } : { kind: 'returned', value: data.value });
  else if (data && data.kind === 'bad-state') answer({ kind: 'bad-state' });
  else if (data && data.kind === 'threw') answer({ kind: 'threw', message: String(data.message) });
};
worker.onerror = (error) => {
  error.preventDefault();
  if (!booted) return parent.postMessage({ kind: 'threw', message: 'The handler sandbox did not start.' }, '*');
  answer({ kind: 'threw', message: error.message || 'The handler could not be compiled.' });
};
addEventListener('message', (event) => {
  if (started || !booted || event.source !== parent || !event.data || event.data.kind !== 'run') return;
  started = true;
  const { code, args, context, stateText } = event.data;
  worker.postMessage(typeof stateText === 'string' ? { code, args, context, stateText } : { code, args, context });
});
`;

const scriptHash = createHash('sha256').update(FRAME_SCRIPT).digest('base64');

/**
 * The policy the browser enforces on the frame and every worker it makes: no network of
 * any kind (fetch, XHR, WebSocket, WebSocketStream, WebTransport, EventSource, beacons —
 * whatever the prototype chain offers), no script from anywhere (import(), importScripts),
 * only this one inline script, and eval for the handler's own body. `sandbox allow-scripts`
 * gives the frame an opaque origin: no cookies, storage, IndexedDB or OPFS of the app's.
 */
export const HANDLER_FRAME_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${scriptHash}' 'unsafe-eval'`,
  'worker-src blob:',
  "connect-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-scripts',
].join('; ');

/** The handler frame's response: a tiny page with its inline script and a strict policy. */
export function handlerFrameResponse(): Response {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Handler sandbox</title></head><body><script>${FRAME_SCRIPT}</script></body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': HANDLER_FRAME_CSP,
      // The playground page is cross-origin isolated; what it frames must say so too.
      'cross-origin-embedder-policy': 'credentialless',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
  });
}

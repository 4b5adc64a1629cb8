import type { HandlerResult, RunJavaScript } from '@/lib/shapes/tool-outcome';

/** The sandboxed page handlers run in; its Content-Security-Policy is what isolates them. */
const HANDLER_FRAME_URL = '/handler-frame';
/** How long the frame may take to load before the call fails (it is small and same-origin). */
const FRAME_LOAD_TIMEOUT_MS = 10_000;

type FrameMessage = { kind: 'ready' } | HandlerResult;

/**
 * Runs a handler in a fresh sandboxed iframe (opaque origin, no network, no storage — the
 * browser enforces it through the frame's CSP and `sandbox`), inside a worker there. The
 * frame is removed when the call ends, times out or is stopped, which ends the worker too —
 * an endless loop or a runaway allocation is cut off with it.
 */
export const runJavaScriptInSandbox: RunJavaScript = ({ code, args, context, timeoutMs, signal, ...held }) =>
  new Promise<HandlerResult>((resolve) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'Handler sandbox';
    frame.style.display = 'none';
    frame.src = HANDLER_FRAME_URL;
    let timer = setTimeout(
      () => finish({ kind: 'threw', message: 'The handler sandbox did not start.' }),
      FRAME_LOAD_TIMEOUT_MS,
    );

    const finish = (result: HandlerResult) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
      frame.remove();
      resolve(result);
    };
    const onAbort = () => finish({ kind: 'threw', message: 'The run was stopped.' });
    // "ready" is heard once, before the call is sent; after that only its result counts (the
    // time limit can be neither restarted nor cancelled from inside the frame).
    let sent = false;
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.source !== frame.contentWindow || typeof event.data !== 'object' || event.data === null) return;
      if (event.data.kind === 'ready') {
        if (sent) return;
        sent = true;
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: 'timed-out', timeoutMs }), timeoutMs);
        // A handler with a state file gets its text (`held.stateText`), and gives it back changed with its result.
        frame.contentWindow?.postMessage({ kind: 'run', code, args, context, ...held }, '*');
        return;
      }
      if (sent && ['returned', 'threw', 'bad-state'].includes(event.data.kind)) finish(event.data);
    };
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
    document.body.append(frame);
  });

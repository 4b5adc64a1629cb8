import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCaptureFetch } from '../capture-fetch';
import { MAX_MCP_WIRE_CHARS, MAX_MCP_WIRE_EXCHANGES } from '../../mcp/mcp-route';
import type { McpWireExchange } from '../../shapes/mcp-wire';

/** Where a call's exchanges go: each as it ends, and how many were past the cap. */
export type McpWireSink = { onExchange: (exchange: McpWireExchange) => void; onOmitted: (count: number) => void };
/** One call's recording: its sink, what it kept and left out, the answers still being read. */
type Recorder = { sink: McpWireSink; sent: number; kept: number; omitted: number; pending: Set<Promise<void>> };

/** How long a finished call waits for the last answers it read to be reported, in ms. */
const SETTLE_MS = 500;

/** A request body as shown: as sent, or its first characters when it is long. */
function shownBody(body: unknown): unknown {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length <= MAX_MCP_WIRE_CHARS ? body : `${text.slice(0, MAX_MCP_WIRE_CHARS)}… (${text.length} characters)`;
}

/**
 * What one connection sent an MCP server over HTTP and what came back, told to the call that
 * made each request: the requests the SDK sends while a call runs (its `tools/call`, the answer
 * to a question the server asked, a retry with the person's answer, a task's polls) are that
 * call's, whichever calls run at once (each call runs in its own async context). The headers the
 * person gave (a token, a cookie) are shown as `[redacted]`, with every header that carries a key.
 */
export function createMcpWire(personHeaders: Readonly<Record<string, string>>) {
  const calls = new AsyncLocalStorage<Recorder>();
  const redacted = new Set(Object.keys(personHeaders).map((name) => name.toLowerCase()));
  return {
    /** `inner`, recording each request of a call (and its whole answer, cut at `MAX_MCP_WIRE_CHARS`). */
    capture(inner: typeof fetch): typeof fetch {
      return async (input, init) => {
        const recorder = calls.getStore();
        if (!recorder) return inner(input, init);
        let settle: () => void = () => undefined;
        const reported = new Promise<void>((resolve) => {
          settle = resolve;
        });
        recorder.pending.add(reported);
        // Told when its answer has been read to the end; numbered in the order it was sent.
        const sequence = recorder.sent++;
        const record = createCaptureFetch(inner, ({ request, status, rawResponse, truncated }) => {
          recorder.pending.delete(reported);
          settle();
          if (recorder.kept >= MAX_MCP_WIRE_EXCHANGES) {
            recorder.omitted++;
            return;
          }
          recorder.kept++;
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name, redacted.has(name) ? '[redacted]' : value]),
          );
          recorder.sink.onExchange({
            sequence,
            request: { ...request, headers, body: shownBody(request.body) },
            status,
            response: rawResponse.slice(0, MAX_MCP_WIRE_CHARS),
            truncated: truncated || rawResponse.length > MAX_MCP_WIRE_CHARS,
          });
        });
        try {
          return await record(input, init);
        } catch (error) {
          recorder.pending.delete(reported);
          settle();
          throw error;
        }
      };
    },
    /**
     * Runs a call with its exchanges told to `sink`; once it ends (or fails), waits at most
     * `SETTLE_MS` for the answers it read to be reported, then says how many were past the cap.
     * Without a sink, records nothing.
     */
    async within<T>(sink: McpWireSink | undefined, call: () => Promise<T>): Promise<T> {
      if (!sink) return call();
      const recorder: Recorder = { sink, sent: 0, kept: 0, omitted: 0, pending: new Set() };
      try {
        return await calls.run(recorder, call);
      } finally {
        if (recorder.pending.size > 0)
          await Promise.race([Promise.all(recorder.pending), new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
        if (recorder.omitted > 0) sink.onOmitted(recorder.omitted);
      }
    },
  };
}

export type McpWire = ReturnType<typeof createMcpWire>;

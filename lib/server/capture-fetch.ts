import 'server-only';
import type { CapturedRequest } from '../shapes/wire-capture';

export type { CapturedRequest };

/** Headers that carry a key: shown as `[redacted]`. */
const SECRET_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'proxy-authorization',
]);

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body === undefined || body === null ? undefined : '[binary body]';
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The request `fetch` was called with, secrets removed (headers, and a `key` query parameter). */
export function captureRequest(input: RequestInfo | URL, init?: RequestInit): CapturedRequest {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.searchParams.has('key')) url.searchParams.set('key', '[redacted]');
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = SECRET_HEADERS.has(name) ? '[redacted]' : value;
  });
  return { method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, headers, body: parseBody(init?.body) };
}

/** Longest raw response kept per request, in characters (a long stream keeps its start). */
export const MAX_RAW_RESPONSE_CHARS = 200_000;

export type CapturedExchange = { request: CapturedRequest; status: number; rawResponse: string; truncated: boolean };

/**
 * A fetch that passes every call through and records it: the request as sent (secrets
 * removed) and the raw response as it streamed, reported when the response has been read
 * to its end. The provider packages take it as their `fetch`, so what is recorded is what
 * they really sent.
 */
export function createCaptureFetch(
  inner: typeof fetch,
  onExchange: (exchange: CapturedExchange) => void,
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = captureRequest(input, init);
    const response = await inner(input, init);
    if (!response.body) {
      onExchange({ request, status: response.status, rawResponse: '', truncated: false });
      return response;
    }
    // The bytes are kept as they pass and decoded once at the end (a UTF-8 character never
    // counts more than one UTF-16 unit per byte, so this many bytes always hold the kept text).
    const kept: Uint8Array[] = [];
    let keptBytes = 0;
    let truncated = false;
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (keptBytes < MAX_RAW_RESPONSE_CHARS * 3) {
          kept.push(chunk);
          keptBytes += chunk.byteLength;
        } else truncated = true;
        controller.enqueue(chunk);
      },
      flush() {
        const text = Buffer.concat(kept).toString('utf8');
        onExchange({
          request,
          status: response.status,
          rawResponse: text.slice(0, MAX_RAW_RESPONSE_CHARS),
          truncated: truncated || text.length > MAX_RAW_RESPONSE_CHARS,
        });
      },
    });
    return new Response(response.body.pipeThrough(tap), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}

import 'server-only';

/** Thrown into a response body that went past its cap. */
export class ResponseTooLargeError extends Error {}

/**
 * A fetch whose response bodies end in an error once they pass `maxBytes` (each response on
 * its own: a server's 200 MB answer is cut at the cap, not relayed). For an MCP server's
 * answers: the SDK reads them through this fetch.
 */
export function capResponseBodies(
  fetch: typeof globalThis.fetch,
  maxBytes: number,
  /** Told when a body is cut (an answer streamed as server-sent events fails no request by itself). */
  onCut: (error: ResponseTooLargeError) => void = () => undefined,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    let seen = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) {
            const error = new ResponseTooLargeError(
              `The MCP server's answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; the playground reads no more of it.`,
            );
            controller.error(error);
            onCut(error);
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** A request as it left for a provider: the exact body, the headers with every secret removed. */
export type CapturedRequest = {
  method: string;
  /** Path and query only (the host is the provider's, or the base URL's). */
  path: string;
  headers: Record<string, string>;
  /** The body as sent, parsed when it is JSON. */
  body: unknown;
};

/** What the server captured of one model request of a real provider: the request as sent and the raw stream back. */
export type WireCapture = {
  format: WireFormat;
  request: CapturedRequest;
  status: number;
  /** The response as it streamed (server-sent events), cut at 200,000 characters. */
  rawResponse: string;
  truncated: boolean;
};

/** The provider formats the inspector and "Get code" show. */
export const WIRE_FORMATS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;
export type WireFormat = (typeof WIRE_FORMATS)[number];

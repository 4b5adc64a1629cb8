import type { ToolOutcome } from '../shapes/tool-outcome';

/** What a request may take before it is given up on, in ms. */
const HTTP_TIMEOUT_MS = 10_000;
/** Longest response body a model receives, in characters. */
const MAX_BODY_CHARS = 20_000;

/** How HTTP tools reach the network: the browser's fetch, and the playground's own origin (always allowed). */
export type HttpAccess = { fetch: typeof fetch; ownOrigin: string };

function refuse(url: string, reason: string, allowed: readonly string[]): ToolOutcome {
  return {
    kind: 'blocked',
    error: {
      type: 'PermissionError',
      code: 'NOT_ALLOWLISTED',
      message: `Error: Permission denied for '${url}'.\nThis resource is not accessible. Try an alternative approach.\n${reason}`,
      details: { url, allowed_origins: allowed },
      recoverable: true,
      suggestedAction: allowed.length > 0 ? `Use a URL on ${allowed.join(', ')}.` : 'Answer without the network.',
    },
  };
}

/**
 * An HTTP tool's call (seed 002 §11 network, §12 egress control): only to the playground's own
 * origin and the origins the person listed, no redirects followed, a time limit, the body cut
 * to fit. The browser's own rules (CORS, the page's policy) apply on top.
 */
export async function runHttpRequest(
  args: { url?: unknown; method?: unknown; body?: unknown },
  allowedOrigins: readonly string[],
  access: HttpAccess | undefined,
  signal?: AbortSignal,
): Promise<ToolOutcome> {
  const url = String(args.url);
  const allowed = [access?.ownOrigin, ...allowedOrigins].filter((origin): origin is string => Boolean(origin));
  let target: URL;
  try {
    target = new URL(url, access?.ownOrigin);
  } catch {
    return refuse(url, 'It is not a URL.', allowed);
  }
  if (!/^https?:$/.test(target.protocol)) return refuse(url, 'Only http and https are allowed.', allowed);
  if (!allowed.includes(target.origin)) {
    return refuse(url, `${target.origin} is not on this tool's allowlist (${allowed.join(', ') || 'empty'}).`, allowed);
  }
  // The playground's own server routes are never a tool's to call (they reach providers and MCP servers).
  const ownRoute = target.origin === access?.ownOrigin && !allowedOrigins.includes(target.origin);
  if (ownRoute && /^\/api(\/|$)/i.test(decodeURIComponent(target.pathname)))
    return refuse(url, "The playground's own server routes (/api/…) are not open to tools.", allowed);
  if (!access) return refuse(url, 'HTTP tools cannot run here.', allowed);
  const method = typeof args.method === 'string' ? args.method : 'GET';
  const startedMs = Date.now();
  try {
    const response = await access.fetch(target, {
      method,
      redirect: 'error',
      credentials: 'omit',
      body: method === 'POST' && typeof args.body === 'string' ? args.body : undefined,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)])
        : AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const text = method === 'HEAD' ? '' : await response.text();
    return {
      kind: 'ok',
      output: {
        success: response.ok,
        status: response.status,
        content_type: response.headers.get('content-type'),
        output:
          text.length > MAX_BODY_CHARS
            ? `${text.slice(0, MAX_BODY_CHARS)}\n… [body truncated: ${text.length - MAX_BODY_CHARS} more characters]`
            : text,
        execution_time_ms: Date.now() - startedMs,
      },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'NETWORK_ERROR',
        message: `Error: The request to ${target.origin} failed: ${reason} (redirects are not followed).`,
        details: { url: target.href, reason },
        recoverable: true,
        suggestedAction: 'Check the URL, or answer without it.',
        executionTimeMs: Date.now() - startedMs,
      },
    };
  }
}

import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import { ToolChoiceViolationError } from 'ai';

/**
 * One sentence on what went wrong with a provider and what to do next. Any secret passed in
 * `secrets` (the key in use) is removed, as is anything shaped like a key.
 */
export function describeProviderError(error: unknown, providerLabel: string, secrets: readonly string[]): string {
  let message: string;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) message = `${providerLabel} rejected the API key (HTTP ${status}). Check the key and send again.`;
    else if (status === 404) message = `${providerLabel} does not know this model or endpoint (HTTP 404). Check the model id and base URL.`;
    else if (status === 429) message = `${providerLabel} is rate-limiting requests (HTTP 429), even after retries. Wait a moment and send again.`;
    else if (status !== undefined && status >= 500) message = `${providerLabel} had a server error (HTTP ${status}), even after retries. Try again later.`;
    else message = `${providerLabel} refused the request${status ? ` (HTTP ${status})` : ''}: ${error.message}`;
  } else if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError' || /timed? ?out/i.test(error.message))) {
    message = `No complete answer from ${providerLabel}: the request was stopped or timed out. Send again, or try a faster model.`;
  } else if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    message = `Could not reach ${providerLabel}${cause ? ` (${cause})` : ''}. Is the server running and the base URL right?`;
  } else if (ToolChoiceViolationError.isInstance(error)) {
    const choice = error.toolChoice as { type: string; toolName?: string };
    const wanted = choice.type === 'tool' ? choice.toolName : choice.type;
    message = `The model ignored Tool choice "${wanted}" and answered without calling a tool. Try another model, or set Tool choice to auto.`;
  } else {
    message = `${providerLabel}: ${error instanceof Error ? error.message : String(error)}`;
  }
  for (const secret of secrets) if (secret) message = message.split(secret).join('[redacted]');
  return message.replace(/\b(sk|key|token|AIza)[-_A-Za-z0-9]{12,}/g, '[redacted]');
}

import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import { ToolChoiceViolationError } from 'ai';
import { clip } from '../limits/clip';
import { RedirectRefusedError } from './no-redirect-fetch';
import { redactSecrets } from './redact-secrets';

/** Longest part of a provider's own words (an error body) repeated to the person. */
const MAX_REFLECTED_CHARS = 500;

/** A provider's (or any base URL's) own text, made safe to show: one line, no control characters, short. */
function reflect(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return clip(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim(), MAX_REFLECTED_CHARS);
}

/**
 * One sentence on what went wrong with a provider and what to do next. Any secret passed in
 * `secrets` (the key in use) is removed, as is anything shaped like a key.
 */
export function describeProviderError(error: unknown, providerLabel: string, secrets: readonly string[]): string {
  let message: string;
  if (error instanceof RedirectRefusedError) {
    message = `${providerLabel}: ${error.message}. Use the final address as the base URL.`;
  } else if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403)
      message = `${providerLabel} rejected the API key (HTTP ${status}). Check the key and send again.`;
    else if (status === 404)
      message = `${providerLabel} does not know this model or endpoint (HTTP 404). Check the model id and base URL.`;
    else if (status === 429)
      message = `${providerLabel} is rate-limiting requests (HTTP 429), even after retries. Wait a moment and send again.`;
    else if (status !== undefined && status >= 200 && status < 300)
      // The answer had begun (HTTP 2xx) and could not be read to its end: the connection broke off.
      message = `${providerLabel}'s answer broke off before it was complete (the connection ended mid-stream); what arrived is kept. Send again to retry.`;
    else if (status !== undefined && status >= 500)
      message = `${providerLabel} had a server error (HTTP ${status}), even after retries. Try again later.`;
    else
      message = `${providerLabel} refused the request${status ? ` (HTTP ${status})` : ''}: ${reflect(error.message)}`;
  } else if (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError' || /timed? ?out/i.test(error.message))
  ) {
    message = `No complete answer from ${providerLabel}: the request was stopped or timed out. Send again, or try a faster model.`;
  } else if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    message = `Could not reach ${providerLabel}${cause ? ` (${cause})` : ''}. Is the server running and the base URL right?`;
  } else if (ToolChoiceViolationError.isInstance(error)) {
    const choice = error.toolChoice as { type: string; toolName?: string };
    const wanted = choice.type === 'tool' ? choice.toolName : choice.type;
    message = `The model ignored Tool choice "${wanted}" and answered without calling a tool. Try another model, or set Tool choice to auto.`;
  } else {
    message = `${providerLabel}: ${reflect(error instanceof Error ? error.message : String(error))}`;
  }
  return redactSecrets(message, secrets);
}

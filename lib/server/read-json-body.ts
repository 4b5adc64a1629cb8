import 'server-only';
import { checkJsonDepth } from '../limits/check-json-depth';
import { formatBytes } from '../limits/input-limits';
import { readCapped } from '../limits/read-capped';

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; code: 'body_too_large' | 'invalid_json' | 'body_too_deep'; message: string };

/**
 * Reads a request's JSON body, refusing it as soon as it passes `maxBytes` (by its
 * Content-Length, or while streaming when there is none) and when it nests deeper than the
 * input limit — before zod or the AI SDK, which recurse, ever see it.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const tooLarge = {
    ok: false,
    code: 'body_too_large',
    message: `The request body is larger than ${formatBytes(maxBytes)}. Send fewer or smaller messages, or start a new session.`,
  } as const;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge;
  if (!request.body) return { ok: false, code: 'invalid_json', message: 'The request has no body.' };
  const bytes = await readCapped(request.body, maxBytes);
  if (!bytes) return tooLarge;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  const depth = checkJsonDepth(value);
  if (!depth.ok)
    return {
      ok: false,
      code: 'body_too_deep',
      message: `The request body cannot be used: ${depth.message} (the limit for messages, tool schemas and arguments).`,
    };
  return { ok: true, value };
}

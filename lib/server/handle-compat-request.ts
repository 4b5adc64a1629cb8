import { firstIssue } from '../limits/first-issue';
import 'server-only';
import { compatAnswerSchema, compatRequestSchema } from '../tools/compat/compat-route';
import { routeErrorResponse } from './route-errors';
import { clientAddressOf } from './client-address';
import { createRateLimit } from './rate-limit';
import { processShared } from './server-process';
import { readJsonBody } from './read-json-body';
import { renderToolsForTargets } from './render-tools-for-targets';

/** The largest `POST /api/compat` body: 200 ordinary tools (about 5 KB each) fit with room to spare. */
export const MAX_COMPAT_BODY_BYTES = 1024 * 1024;
/** The environment variable for how many checks one address may ask for a minute (default 30). */
export const COMPAT_RATE_LIMIT_ENV = 'PLAYGROUND_COMPAT_RATE_LIMIT';

const compatRateLimit = (env: Record<string, string | undefined>) => {
  const value = env[COMPAT_RATE_LIMIT_ENV]?.trim() ?? '';
  const limit = /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 30;
  return processShared('compat-rate-limit', String(limit), () => createRateLimit(limit, 60_000));
};

/**
 * `POST /api/compat`: each tool's schema as each provider package would send it, rendered by the
 * package with a capture-only fetch (nothing leaves the server, no key).
 */
export async function handleCompatRequest(
  request: Request,
  env: Record<string, string | undefined> = {},
  now = Date.now(),
): Promise<Response> {
  // Each address a share of this server's time: the rendering is real work for every package.
  const wait = compatRateLimit(env)(clientAddressOf(request, env) ?? 'unknown', now);
  if (wait !== undefined)
    return routeErrorResponse(
      'rate_limited',
      `Too many compatibility checks from this address; try again in ${wait} s.`,
      { 'retry-after': String(wait) },
    );
  const body = await readJsonBody(request, MAX_COMPAT_BODY_BYTES);
  if (!body.ok) return routeErrorResponse(body.code, body.message);
  const parsed = compatRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const { where, why } = firstIssue(parsed.error, 'the body');
    return routeErrorResponse('invalid_body', `The tools cannot be checked: ${where} ${why}.`);
  }
  return Response.json(compatAnswerSchema.parse({ sent: await renderToolsForTargets(parsed.data.tools) }));
}

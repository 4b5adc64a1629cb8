/** Every error the JSON routes (chat, wire, compat, models) answer with, its HTTP status and default wording. */
export const ROUTE_ERRORS = {
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  body_too_deep: { status: 400, message: 'The request body nests too deeply.' },
  invalid_body: { status: 400, message: 'The request body does not match the chat request schema.' },
  invalid_messages: { status: 400, message: 'The messages are not valid UI messages.' },
  missing_key: { status: 401, message: 'No API key for this provider.' },
  missing_base_url: { status: 400, message: 'This provider needs a base URL.' },
  base_url_refused: { status: 400, message: 'The server does not call that base URL.' },
  runs_in_browser: { status: 400, message: 'This model runs in the browser, not on the server.' },
  invalid_model: { status: 400, message: 'That model id is not one a provider could have.' },
  rate_limited: { status: 429, message: 'Too many requests from this address; try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type RouteErrorCode = keyof typeof ROUTE_ERRORS;

/** A JSON error response `{ error: { code, message } }` with the code's status. */
export function routeErrorResponse(
  code: RouteErrorCode,
  message: string = ROUTE_ERRORS[code].message,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error: { code, message } }, { status: ROUTE_ERRORS[code].status, headers });
}

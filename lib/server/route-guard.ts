import 'server-only';
import { processShared } from './server-process';

/** Host names that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export type RouteGuardOptions = {
  /**
   * The address people reach this playground at when it is not on loopback
   * (`PLAYGROUND_PUBLIC_ORIGIN`, e.g. `https://play.example.com`); unset: loopback only.
   */
  publicOrigin?: string;
};

/** The host name of a `Host` header value (`localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`). */
function hostNameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

const refuse = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { 'cache-control': 'no-store' } });

/**
 * The one check in front of every `/api/*` route, before any work (route files wrap their
 * handlers in `guarded`; a test fails for a route file that does not):
 * - `Host` must be a loopback name or the configured public host — a DNS-rebinding page
 *   sends its own name (421);
 * - a browser request must come from this playground's own pages: `Sec-Fetch-Site:
 *   same-origin`, and an `Origin`, when sent, equal to this playground's origin (403);
 * - a body must be `application/json`, which a cross-site page cannot send without a CORS
 *   preflight that is never granted (415).
 * Returns the refusal, or `undefined` when the request may go on. Requests with neither
 * `Origin` nor `Sec-Fetch-*` are not from a browser page (curl, the server's own tests).
 */
export function guardRouteRequest(request: Request, { publicOrigin }: RouteGuardOptions = {}): Response | undefined {
  const host = (request.headers.get('host') ?? '').toLowerCase();
  let publicHost: string | undefined;
  try {
    publicHost = publicOrigin ? new URL(publicOrigin).host.toLowerCase() : undefined;
  } catch {
    publicHost = undefined;
  }
  const loopback = LOOPBACK_NAMES.has(hostNameOf(host));
  if (!loopback && host !== publicHost)
    return refuse(
      421,
      'wrong_host',
      `This playground answers only at its own address (localhost${publicHost ? ` or ${publicHost}` : ''}), not at "${host.slice(0, 100)}". Set PLAYGROUND_PUBLIC_ORIGIN on the server to serve it elsewhere.`,
    );

  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin')
    return refuse(403, 'cross_site', 'Only this playground’s own pages may use its server routes.');
  const origin = request.headers.get('origin');
  if (origin !== null) {
    let originHost: string | undefined;
    try {
      const url = new URL(origin);
      originHost = url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : undefined;
    } catch {
      originHost = undefined;
    }
    const own = loopback ? originHost === host : publicOrigin !== undefined && origin === new URL(publicOrigin).origin;
    if (!own) return refuse(403, 'cross_site', 'Only this playground’s own pages may use its server routes.');
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json')
      return refuse(415, 'not_json', 'The server routes take JSON bodies only (Content-Type: application/json).');
  }
  return undefined;
}

type RouteHandler = (request: Request) => Response | Promise<Response>;

/** The handlers `guardRoute` made, in this process (what the routes-guarded test checks). */
const guardedRoutes = () => processShared('guarded-routes', '', () => new WeakSet<RouteHandler>());

/**
 * A route handler behind `guardRouteRequest`: what every route file under `app/api` exports. The
 * public origin is read from the environment the route passes (`PLAYGROUND_PUBLIC_ORIGIN`).
 */
export function guarded(env: Record<string, string | undefined>, handler: RouteHandler): RouteHandler {
  const wrapped: RouteHandler = async (request) => {
    const refused = guardRouteRequest(request, { publicOrigin: env.PLAYGROUND_PUBLIC_ORIGIN });
    if (!refused) return handler(request);
    // The refused body is let go unread (never parsed, never stored).
    await request.body?.cancel().catch(() => undefined);
    return refused;
  };
  guardedRoutes().add(wrapped);
  return wrapped;
}

/** Whether a route file's export is wrapped in `guarded` (checked for every route in the tests). */
export function isGuarded(handler: unknown): boolean {
  return typeof handler === 'function' && guardedRoutes().has(handler as RouteHandler);
}

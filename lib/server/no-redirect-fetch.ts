import 'server-only';

/** A provider answered with a redirect, which the server does not follow. */
export class RedirectRefusedError extends Error {
  override name = 'RedirectRefusedError';
  constructor(
    readonly status: number,
    readonly location: string,
  ) {
    super(
      `the server answered with a redirect (HTTP ${status}${location ? ` to ${location}` : ''}), which the playground never follows`,
    );
  }
}

/**
 * A fetch that never follows a redirect: a 3xx is an error naming where it pointed. A base
 * URL on this machine could otherwise bounce the request — with the key's header — anywhere.
 */
export function createNoRedirectFetch(inner: typeof fetch = fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      let location = '';
      try {
        const target = response.headers.get('location');
        location = target ? new URL(target, String(input instanceof Request ? input.url : input)).origin : '';
      } catch {
        location = '';
      }
      throw new RedirectRefusedError(response.status, location);
    }
    return response;
  }) as typeof fetch;
}

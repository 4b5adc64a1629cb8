/**
 * A request's init with the `Content-Length` a browser's fetch would send for its text body (a
 * `Request` made in Node leaves it out; the short-link route requires it).
 */
export function withContentLength(init: RequestInit = {}): RequestInit {
  if (typeof init.body !== 'string') return init;
  const headers = new Headers(init.headers);
  headers.set('content-length', String(Buffer.byteLength(init.body)));
  return { ...init, headers };
}

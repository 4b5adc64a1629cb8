const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A 16-character random id, the AI SDK's `generateId` format, from the platform's random
 * source. Here rather than imported because the `ai` package is one module that brings its
 * provider gateway and zod with it, which the page's first load must not carry (see docs/decisions/first-load.md).
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

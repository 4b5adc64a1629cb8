/** JSON text with object keys sorted: two values are equal when these are. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * A short fingerprint of a value (cyrb53 over its canonical JSON, base 36): what a step's request
 * was made of is kept as these, so "is this the request that step sent?" can be answered later
 * without keeping every earlier tool list. Not for secrets: two values may share one by chance
 * (about one pair in 2^53).
 */
export function digestOf(value: unknown): string {
  return digestOfText(canonicalJson(value) ?? 'undefined');
}

/** `digestOf` for a text as it is (cyrb53, base 36). */
export function digestOfText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

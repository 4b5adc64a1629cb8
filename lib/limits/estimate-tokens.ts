/** Characters per token of English text and JSON for the tokenizers of the big providers; an estimate, said as one. */
const CHARS_PER_TOKEN = 4;

/** A rough token count of a text: about four characters per token. */
export function estimateTokens(text: string): number {
  return estimateTokensOfLength(text.length);
}

/** The same estimate for a text of `chars` characters (a sum of several). */
export function estimateTokensOfLength(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

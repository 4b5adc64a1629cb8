import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * The prompt as text to count or hash, a file's bytes stood for by their size: a file in a
 * message is never written out character by character (a 5 MB image would be 20 MB of JSON).
 */
export function promptTextOf(prompt: LanguageModelV4Prompt): string {
  return JSON.stringify(prompt, (key, value: unknown) => {
    if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
    if (key === 'data' && typeof value === 'string' && value.length > 256)
      return `[${value.length} characters of data]`;
    return value;
  });
}

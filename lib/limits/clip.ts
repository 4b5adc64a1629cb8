/**
 * `text` cut to at most `maxChars` characters, saying how much was left out — for anything
 * untrusted that is echoed back in a message (an error body, an invalid field).
 */
export function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… (${(text.length - maxChars).toLocaleString('en')} more characters)`;
}

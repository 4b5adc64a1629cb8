/** A result as a person typed it: JSON when it parses, else the text itself. */
export function parseResultText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Header names a person may set for an MCP server (HTTP token characters, as the route accepts them). */
const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;
/** Headers the browser or the transport sets itself. */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'mcp-session-id',
  'mcp-protocol-version',
]);

/**
 * Headers typed one per line as `Name: value` (blank lines skipped), or the line that is
 * wrong and why. At most 20.
 */
export function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n').map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    const value = colon === -1 ? '' : line.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name))
      return {
        ok: false,
        message: `Line ${index + 1}: write a header as "Name: value" (letters, digits and - in the name).`,
      };
    if (RESERVED.has(name.toLowerCase()))
      return { ok: false, message: `Line ${index + 1}: ${name} is set by the connection itself.` };
    if (value === '') return { ok: false, message: `Line ${index + 1}: ${name} has no value.` };
    headers[name] = value;
  }
  if (Object.keys(headers).length > 20) return { ok: false, message: 'At most 20 headers.' };
  return { ok: true, headers };
}

/**
 * An MCP answer as it came (`McpWireExchange.response`), read for showing: JSON as one message,
 * server-sent events as each event's message, anything else as text. Linear in the answer's
 * length (at most `MAX_MCP_WIRE_CHARS`); a line that is not JSON stays text.
 */
export function readMcpWireAnswer(response: string): { messages: unknown[]; events: boolean } | { text: string } {
  const trimmed = response.trim();
  if (trimmed === '') return { messages: [], events: false };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { messages: [JSON.parse(trimmed)], events: false };
    } catch {
      return { text: response };
    }
  }
  const messages: unknown[] = [];
  for (const line of response.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '') continue;
    try {
      messages.push(JSON.parse(data));
    } catch {
      messages.push(data);
    }
  }
  return messages.length > 0 ? { messages, events: true } : { text: response };
}

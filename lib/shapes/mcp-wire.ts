/** One HTTP request the playground's server sent an MCP server during a call, and the answer as it came. */
export type McpWireExchange = {
  /** Its place among the call's requests, in the order they were sent (each is told when its answer ends). */
  sequence: number;
  request: {
    method: string;
    /** Path and query only. */
    path: string;
    /** As sent, the person's own headers and every header carrying a key as `[redacted]`. */
    headers: Record<string, string>;
    /** The JSON-RPC message as sent (or its first characters). */
    body: unknown;
  };
  status: number;
  /** The answer as it came: JSON, or server-sent events. */
  response: string;
  truncated: boolean;
};

/**
 * What an MCP call exchanged with its server over HTTP, for the Inspector's Wire tab: kept in
 * the tab that ran it, never in a file or a link (an answer may carry what the person typed
 * into the server's form).
 */
export type McpWireRecord = { exchanges: readonly McpWireExchange[]; omitted: number };

/** What a call's stream tells of its exchanges: one more, or how many were past the cap. */
export type McpWireLine = { exchange: McpWireExchange } | { omitted: number };

/** Most MCP calls whose exchanges a tab keeps (the oldest go first). */
export const MAX_MCP_WIRE_CALLS = 100;

/** A call's record with one more line. */
export function addMcpWire(record: McpWireRecord | undefined, line: McpWireLine): McpWireRecord {
  const current = record ?? { exchanges: [], omitted: 0 };
  return 'exchange' in line
    ? {
        ...current,
        exchanges: [...current.exchanges, line.exchange].sort((one, other) => one.sequence - other.sequence),
      }
    : { ...current, omitted: current.omitted + line.omitted };
}

/** The tab's records with `toolCallId`'s one more line, keeping the last `MAX_MCP_WIRE_CALLS` calls. */
export function withMcpWire(
  records: Readonly<Record<string, McpWireRecord>>,
  toolCallId: string,
  line: McpWireLine,
): Record<string, McpWireRecord> {
  // Own keys only: a call id such as `__proto__` is a call like any other.
  const current = Object.hasOwn(records, toolCallId) ? records[toolCallId] : undefined;
  const kept = Object.entries(records)
    .filter(([id]) => id !== toolCallId)
    .slice(-(MAX_MCP_WIRE_CALLS - 1));
  return Object.fromEntries([...kept, [toolCallId, addMcpWire(current, line)]]);
}

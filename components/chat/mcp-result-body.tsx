'use client';

import { readMcpCallResult } from '@/lib/mcp/mcp-result';
import { outputText } from '@/lib/messages/split-steps';
import { McpResultOrNote } from '../shared/mcp-result-view';

/** An MCP tool's output in the chat: drawn as MCP shapes it, or (not a valid result) a note and its JSON. */
export function McpResultBody({ output }: { output: unknown }) {
  const read = readMcpCallResult(output);
  return (
    <>
      <McpResultOrNote read={read} />
      {read.ok ? null : <pre className="code">{outputText(output, 2)}</pre>}
    </>
  );
}

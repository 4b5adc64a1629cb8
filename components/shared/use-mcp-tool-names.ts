'use client';

import { useMemo } from 'react';
import { mcpToolNames } from '@/lib/shapes/mcp-tool-drafts';
import { useSession } from '../runtime/runtime-context';

/** The names the model knows the session's MCP tools by (derived from the tool list, once per change of it). */
export function useMcpToolNames(): ReadonlySet<string> {
  const tools = useSession((state) => state.tools);
  return useMemo(() => mcpToolNames(tools), [tools]);
}

import type { RunnableTool, ToolSpec } from '../shapes/tool-spec';

/** The tools as a chat request sends them: an MCP tool's spec says its results are MCP-shaped. */
export function requestToolSpecs(tools: readonly RunnableTool[]): ToolSpec[] {
  return tools.map((tool) => (tool.run.kind === 'mcp' ? { ...tool.spec, results: 'mcp' } : tool.spec));
}

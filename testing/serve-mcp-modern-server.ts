// The MCP server on the SDK v2 (2026-07-28 beside the 2025 revisions) for the e2e tests:
//   MCP_MODERN_PORT=3196 node testing/serve-mcp-modern-server.ts
import { startModernMcpServer } from './start-mcp-modern-server.ts';

const server = await startModernMcpServer(Number(process.env.MCP_MODERN_PORT ?? 3196));
console.log(`MCP server (2026-07-28) at ${server.url}`);

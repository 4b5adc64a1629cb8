/** Runs once when the server starts: says whether local MCP stdio servers are on, with this start's token. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { announceStdio } = await import('./lib/server/mcp/stdio-gate');
  announceStdio(process.env);
}

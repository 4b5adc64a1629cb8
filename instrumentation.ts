/**
 * Runs once when the server starts: stamps every request with its socket's address (the
 * client address the routes read — never a header the client writes), and says whether local
 * MCP stdio servers are on, with this start's token; a Node.js older than the project needs is said.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ installPeerStamp }, { announceStdio }, { nodeVersionProblem }] = await Promise.all([
    import('./lib/server/client-address'),
    import('./lib/server/mcp/stdio-gate'),
    import('./lib/server/node-version'),
  ]);
  const old = nodeVersionProblem();
  if (old) console.error(old);
  installPeerStamp();
  announceStdio(process.env);
}

/**
 * Runs once when the server starts: stamps every request with its socket's address (the
 * client address the routes read — never a header the client writes), and says whether local
 * MCP stdio servers are on, with this start's token; a Node.js older than the project needs is said;
 * an empty base-URL variable is taken as unset (the AI SDK refuses one as its packages load).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ installPeerStamp }, { announceStdio }, { nodeVersionProblem }, { dropEmptyBaseUrls }] = await Promise.all([
    import('./lib/server/client-address'),
    import('./lib/server/mcp/stdio-gate'),
    import('./lib/server/node-version'),
    import('./lib/providers/drop-empty-base-urls'),
  ]);
  const old = nodeVersionProblem();
  if (old) console.error(old);
  const empty = dropEmptyBaseUrls(process.env);
  if (empty) console.error(empty);
  installPeerStamp();
  announceStdio(process.env);
}

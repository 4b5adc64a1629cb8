// The operator's view of the short-link store (SECURITY.md, "Budgets"): the largest links, and
// deleting one without its token. It opens the store the server opens (PLAYGROUND_LINK_STORE,
// PLAYGROUND_DATA_DIR) and never reads a link's body.
//   npm run links -- list [count]     the largest live links, largest first (default 20)
//   npm run links -- delete <id>      deletes one link
import { linkStoreFor } from '../lib/server/links/open-link-store';
import { formatBytes } from '../lib/limits/input-limits';

const [command = 'list', argument] = process.argv.slice(2);
const { store, problem } = await linkStoreFor(process.env);
if (!store) {
  console.error(problem ?? 'Short links are off on this server (PLAYGROUND_LINK_STORE=off).');
  process.exit(1);
}
const when = (ms: number | undefined) => (ms === undefined ? 'never' : new Date(ms).toISOString());
try {
  if (command === 'list') {
    const count = /^\d{1,4}$/.test(argument ?? '') ? Number(argument) : 20;
    const links = await store.largest(count, Date.now());
    if (links.length === 0) console.log('The store holds no live link.');
    for (const link of links)
      console.log(
        `${link.id}  ${formatBytes(link.bytes).padStart(8)}  made ${when(link.createdAtMs)}  expires ${when(link.expiresAtMs)}  author ${link.client.slice(0, 12) || '(before 0.27)'}`,
      );
    console.log(`In all: ${formatBytes(await store.usedBytes(Date.now()))}.`);
  } else if (command === 'delete' && argument) {
    const deleted = await store.remove(argument);
    console.log(deleted ? `Deleted ${argument}.` : `No link ${argument}.`);
    if (!deleted) process.exitCode = 1;
  } else {
    console.error('Use: npm run links -- list [count]  |  npm run links -- delete <id>');
    process.exitCode = 2;
  }
} finally {
  await store.close();
}

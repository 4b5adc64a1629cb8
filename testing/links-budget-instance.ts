// One playground instance's link route on a shared PostgreSQL, for the budget test with two
// processes (lib/server/links/link-budget.test.ts): it posts `count` uploads of `bytes` each, all
// at once, under the budget given, and prints the statuses it got as JSON.
//   tsx --conditions=react-server testing/links-budget-instance.ts <postgres url> <max bytes> <count> <bytes> <client>
import { handleLinksRequest } from '../lib/server/links/handle-links-request';
import { createRateLimit } from '../lib/server/links/link-limits';
import { createPostgresLinkStore } from '../lib/server/links/postgres-link-store';
import { withContentLength } from './with-content-length';

const [url, maxBytes, count, bytes] = process.argv.slice(2);
const store = await createPostgresLinkStore(url, { max: 20 });
const deps = {
  store,
  rateLimit: createRateLimit(1_000_000),
  budget: { maxBytes: Number(maxBytes), clientShareBytes: Number(maxBytes), shareWindowMs: 86_400_000 },
  uploadDeadlineMs: 60_000,
  env: {},
};
const body = JSON.stringify({ ciphertext: Buffer.alloc(Number(bytes), 1).toString('base64url') });
const statuses = await Promise.all(
  Array.from({ length: Number(count) }, async () => {
    const request = new Request(
      'http://localhost/api/links',
      withContentLength({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    return (await handleLinksRequest(request, undefined, deps)).status;
  }),
);
await store.close();
process.stdout.write(JSON.stringify(statuses));

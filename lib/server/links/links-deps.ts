import 'server-only';
import type { LinksDeps } from './handle-links-request';
import { linkLimitsFor, storeRateLimit } from './link-limits';
import { linkStoreFor } from './open-link-store';

/** What the link routes work with on this server: its store (or why not), the byte budget, the rate limit the store keeps. */
export async function linksDepsFor(env: Record<string, string | undefined>): Promise<LinksDeps> {
  const opened = await linkStoreFor(env);
  return {
    ...opened,
    ...linkLimitsFor(env),
    rateLimit: opened.store ? storeRateLimit(opened.store, env) : () => undefined,
    env,
  };
}

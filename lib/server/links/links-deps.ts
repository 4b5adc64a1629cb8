import 'server-only';
import type { LinksDeps } from './handle-links-request';
import { MAX_LINK_BYTES } from './handle-links-request';
import { linkBudgetOf, storeRateLimit, uploadDeadlineMsOf } from './link-limits';
import { linkStoreFor } from './open-link-store';

/** What the link routes work with on this server: its store (or why not), the byte budget, the rate limit the store keeps. */
export async function linksDepsFor(env: Record<string, string | undefined>): Promise<LinksDeps> {
  const opened = await linkStoreFor(env);
  return {
    ...opened,
    budget: linkBudgetOf(env, MAX_LINK_BYTES),
    uploadDeadlineMs: uploadDeadlineMsOf(env),
    rateLimit: opened.store ? storeRateLimit(opened.store, env) : () => undefined,
    env,
  };
}

import 'server-only';
import { linkStoreFor } from './open-link-store';
import { SHORT_LINK_ID } from '../../shapes/short-link-address';

export type StoredLinkRead = { ok: true; ciphertext: string } | { ok: false; message: string };

/**
 * A short link's ciphertext for a page this server draws (the embed player, which may fetch
 * nothing itself), as base64url — or why there is none, in one sentence.
 */
export async function readStoredLink(
  id: string,
  env: Record<string, string | undefined>,
  nowMs = Date.now(),
): Promise<StoredLinkRead> {
  if (!SHORT_LINK_ID.test(id))
    return { ok: false, message: 'This short link cannot be opened: its address is not one.' };
  const { store, problem } = await linkStoreFor(env, nowMs);
  if (problem) return { ok: false, message: problem };
  if (!store) return { ok: false, message: 'Short links are off on this server.' };
  const found = await store.get(id, nowMs);
  if (!found)
    return {
      ok: false,
      message: 'This short link cannot be opened: it expired, or whoever made it deleted it.',
    };
  return { ok: true, ciphertext: Buffer.from(found).toString('base64url') };
}

import type { ParsedSession } from '../session/session-schema';
import { PAGE_READ_MAX_BYTES } from './page-read-limits';
import { readShareFragment } from './share-link';
import { openSealedSession, openSmallSealedSession } from './short-link';

/** A link to read: a fragment link's `#s=…`, or a short link's ciphertext and the key from its fragment. */
export type ReadLinkRequest =
  | { kind: 'fragment'; fragment: string }
  | { kind: 'sealed'; ciphertext: Uint8Array; key: string };

/** Reads a link into a session, strictly, once (never throws): where it runs (a worker, the page) is the caller's choice. */
export function readLink(request: ReadLinkRequest): Promise<ParsedSession> {
  return request.kind === 'fragment'
    ? readShareFragment(request.fragment)
    : openSealedSession(request.ciphertext, request.key);
}

/** Reads a small short link (see `PAGE_READ_MAX_BYTES`); undefined for a larger one, or a fragment link. */
export async function readSmallLink(request: ReadLinkRequest): Promise<ParsedSession | undefined> {
  return request.kind === 'sealed'
    ? openSmallSealedSession(request.ciphertext, request.key, PAGE_READ_MAX_BYTES)
    : undefined;
}

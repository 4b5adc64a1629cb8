import type { ParsedSession } from '../session/session-schema';
import { readShareFragment } from './share-link';
import { openSealedSession } from './short-link';

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

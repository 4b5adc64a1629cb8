import { formatBytes, INPUT_LIMITS } from '../limits/input-limits';
import { readCapped } from '../limits/read-capped';
import type { ParsedSession, SessionData } from '../session/session-schema';
import { linkPayloadText, readLinkPayloadText } from './share-link';

/*
 * End-to-end encrypted short links (see lib/share/CONTEXT.md): the browser turns the session into the same
 * payload a fragment link carries (never keys), gzips it and encrypts it with AES-GCM under a
 * fresh 256-bit key; the server stores only the ciphertext; the key travels in the link's
 * fragment (`/s/<id>#k=<key>`), which browsers never send.
 */

/** The layout of a sealed session: a version byte, the 12-byte IV, then AES-GCM's ciphertext and tag. */
const SEALED_VERSION = 1;
const IV_BYTES = 12;

/** Base64url text as bytes; undefined for text that is not base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Bytes as base64url, in chunks (a 20 MB blob is too many arguments for one `String.fromCharCode`). */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `bytes` through a (de)compression stream, inflating no further than `maxBytes` (a small blob can be crafted to inflate to gigabytes). */
const pipe = (bytes: Uint8Array, stream: CompressionStream | DecompressionStream, maxBytes: number) =>
  readCapped(new Blob([bytes as BlobPart]).stream().pipeThrough(stream), maxBytes);

/** The session sealed for a short link: the ciphertext to upload and the key for the fragment. */
export async function sealSession(session: SessionData): Promise<{ ciphertext: Uint8Array; key: string }> {
  const text = new TextEncoder().encode(linkPayloadText(session));
  const packed = (await pipe(text, new CompressionStream('gzip'), Number.POSITIVE_INFINITY)) as Uint8Array;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, packed as BufferSource));
  const ciphertext = new Uint8Array(1 + IV_BYTES + sealed.byteLength);
  ciphertext[0] = SEALED_VERSION;
  ciphertext.set(iv, 1);
  ciphertext.set(sealed, 1 + IV_BYTES);
  return { ciphertext, key: toBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', key))) };
}

/**
 * Opens a sealed session with the key from the link, as strictly as a fragment link is read:
 * a wrong or missing key, a changed blob, a bomb each get one sentence, never a crash.
 */
export async function openSealedSession(ciphertext: Uint8Array, key: string): Promise<ParsedSession> {
  return (
    (await openSealedSessionUpTo(ciphertext, key, INPUT_LIMITS.maxSessionChars)) ??
    damaged(`it unpacks to more than ${formatBytes(INPUT_LIMITS.maxSessionChars)}`)
  );
}

/**
 * Opens a small sealed session — one that unpacks to no more than `maxBytes` — as
 * `openSealedSession` does; undefined for a larger one, given up on as soon as it passes
 * `maxBytes` (read it with `openSealedSession`, off the page's thread).
 */
export async function openSmallSealedSession(
  ciphertext: Uint8Array,
  key: string,
  maxBytes: number,
): Promise<ParsedSession | undefined> {
  return openSealedSessionUpTo(ciphertext, key, Math.min(maxBytes, INPUT_LIMITS.maxSessionChars));
}

const damaged = (why: string): ParsedSession => ({
  ok: false,
  message: `This short link cannot be opened: ${why}. Ask for a new link, or for the session file.`,
});

/** The session sealed in `ciphertext`, or undefined when it unpacks to more than `maxBytes`. */
async function openSealedSessionUpTo(
  ciphertext: Uint8Array,
  key: string,
  maxBytes: number,
): Promise<ParsedSession | undefined> {
  try {
    const raw = fromBase64url(key);
    if (raw?.byteLength !== 32) return damaged('its key is missing or cut short (the part after “#k=”)');
    if (ciphertext.byteLength < 1 + IV_BYTES + 16 || ciphertext[0] !== SEALED_VERSION)
      return damaged('what the server holds for it is not a sealed session');
    const cryptoKey = await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['decrypt']);
    let packed: Uint8Array;
    try {
      packed = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: ciphertext.subarray(1, 1 + IV_BYTES) as BufferSource },
          cryptoKey,
          ciphertext.subarray(1 + IV_BYTES) as BufferSource,
        ),
      );
    } catch {
      return damaged('its key does not open it, or it was changed after it was made');
    }
    const text = await pipe(packed, new DecompressionStream('gzip'), maxBytes);
    if (!text) return undefined;
    return await readLinkPayloadText(new TextDecoder().decode(text), damaged);
  } catch (error) {
    return damaged(error instanceof Error ? error.message : 'it could not be read');
  }
}

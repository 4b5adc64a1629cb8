import { describe, expect, it } from 'vitest';
import { createInitialSession } from '../session/initial-session';
import type { SessionData } from '../session/session-schema';
import { openSealedSession, openSmallSealedSession, sealSession } from './short-link';

/** Sealing and opening a short link in the browser (the store's side: lib/server/links/links.test.ts). */
const session = (): SessionData =>
  ({
    ...createInitialSession(),
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Say hello' }] }],
  }) as unknown as SessionData;

describe('opening a sealed session', () => {
  it('a wrong key, a changed blob and a missing key each get a sentence', async () => {
    const { ciphertext, key } = await sealSession(session());
    const other = await sealSession(session());
    expect(await openSealedSession(ciphertext, other.key)).toMatchObject({
      ok: false,
      message: expect.stringContaining('its key does not open it, or it was changed'),
    });
    const changed = ciphertext.slice();
    changed[40] ^= 1;
    expect(await openSealedSession(changed, key)).toMatchObject({
      ok: false,
      message: expect.stringContaining('changed'),
    });
    expect(await openSealedSession(ciphertext, '')).toMatchObject({
      ok: false,
      message: expect.stringContaining('its key is missing'),
    });
  });

  it('a small link opens on the page exactly as in the worker; a larger one is left to the worker, and a bad key is said either way', async () => {
    const { ciphertext, key } = await sealSession(session());
    const whole = await openSealedSession(ciphertext, key);
    expect(whole.ok).toBe(true);
    // Up to the bound: the same session. Past it (the gzip stream given up on): undefined.
    expect(await openSmallSealedSession(ciphertext, key, 256 * 1024)).toEqual(whole);
    expect(await openSmallSealedSession(ciphertext, key, 64)).toBeUndefined();
    const other = await sealSession(session());
    expect(await openSmallSealedSession(ciphertext, other.key, 64)).toMatchObject({
      ok: false,
      message: expect.stringContaining('its key does not open it'),
    });
  });
});

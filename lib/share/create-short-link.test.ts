import { describe, expect, it } from 'vitest';
import { createInitialSession } from '../session/initial-session';
import { pickSessionData } from '../session/session-file';
import { createShortLink } from './create-short-link';
import { LINKS_ROUTE } from './links-route';
import { fromBase64url, openSealedSession } from './short-link';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const TOKEN = 'ZyXwVuTsRqPoNmLkJiHgFe';

describe('Create short link', () => {
  it('sends only the ciphertext; the link keeps the key in its fragment, and opens to the same session', async () => {
    const session = pickSessionData({
      ...createInitialSession(),
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'a secret plan for Tuesday' }] }],
    });
    const sent: { url: string; body: string }[] = [];
    const made = await createShortLink({
      session,
      expires: '1d',
      origin: 'https://play.example',
      fetch: async (url, init) => {
        sent.push({ url: String(url), body: String(init?.body) });
        return Response.json({ id: ID, deleteToken: TOKEN, expiresAtMs: 123 }, { status: 201 });
      },
    });
    if (!made.ok) throw new Error(made.message);
    expect(sent.map((each) => each.url)).toEqual([LINKS_ROUTE]);
    expect(sent[0]?.body).not.toContain('secret plan');
    const { ciphertext, expires } = JSON.parse(sent[0]?.body ?? '{}');
    expect(expires).toBe('1d');
    expect(made.link).toMatchObject({ id: ID, deleteToken: TOKEN, expiresAtMs: 123 });
    const [address, key] = made.link.url.split('#k=');
    expect(address).toBe(`https://play.example/s/${ID}`);
    const opened = await openSealedSession(fromBase64url(ciphertext) as Uint8Array, key ?? '');
    expect(opened.ok && opened.session.messages).toEqual(session.messages);
  });

  it('says why none was made: a refusal, an answer that is not a link, no server', async () => {
    const session = pickSessionData(createInitialSession());
    const ask = (fetch: typeof globalThis.fetch) =>
      createShortLink({ session, expires: '30d', origin: 'http://localhost:3000', fetch });
    expect(
      await ask(async () =>
        Response.json(
          { error: { code: 'rate_limited', message: 'Too many links from this address.' } },
          { status: 429 },
        ),
      ),
    ).toEqual({ ok: false, message: expect.stringContaining('Too many links') });
    expect(await ask(async () => Response.json({ id: 'x' }, { status: 201 }))).toEqual({
      ok: false,
      message: 'The server answered something else than a short link.',
    });
    expect(
      await ask(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ ok: false, message: 'The short link was not made: Failed to fetch' });
  });
});

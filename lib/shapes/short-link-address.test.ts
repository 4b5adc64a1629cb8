import { describe, expect, it } from 'vitest';
import { shortLinkIdOf, shortLinkUrl } from './short-link-address';

const ID = 'AbCdEfGhIjKlMnOpQrStU_';

describe("a short link's address, written once", () => {
  it('makes the link and reads its id back from the path', () => {
    const url = new URL(shortLinkUrl('https://play.example', ID, 'key'));
    expect(url.href).toBe(`https://play.example/s/${ID}#k=key`);
    expect(shortLinkIdOf(url.pathname)).toBe(ID);
    expect(shortLinkIdOf(`/s/${ID}/`)).toBe(ID);
  });

  it('names no id for any other path', () => {
    for (const path of [
      '/',
      `/x/${ID}`,
      `/s/${ID.slice(1)}`,
      `/s/${ID}x`,
      `/s/${ID}/more`,
      `/s/${ID.slice(1)}+`,
      '/s/',
    ])
      expect(shortLinkIdOf(path), path).toBeUndefined();
  });
});

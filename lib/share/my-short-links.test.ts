import { describe, expect, it } from 'vitest';
import { addMyShortLink, describeExpiry, MAX_MY_SHORT_LINKS, readMyShortLinks } from './my-short-links';

const id = (n: number) => `${String(n).padStart(2, '0')}${'a'.repeat(20)}`;
const link = (n: number, extra: object = {}) => ({
  id: id(n),
  url: `http://localhost:3000/s/${id(n)}#k=key${n}`,
  deleteToken: `token-${n}`,
  title: `run ${n}`,
  createdAtMs: n * 1000,
  ...extra,
});

describe("this browser's short links", () => {
  it('read back newest first; what does not read as a link is left out', () => {
    const stored = JSON.stringify([link(1), { id: 'not-an-id', deleteToken: 'x' }, link(3), 'junk', link(2)]);
    expect(readMyShortLinks(stored).map((each) => each.title)).toEqual(['run 3', 'run 2', 'run 1']);
    expect(readMyShortLinks('{broken')).toEqual([]);
    expect(readMyShortLinks(null)).toEqual([]);
  });

  it('take in the delete tokens an older version kept alone, as links without an address', () => {
    const legacy = JSON.stringify({ [id(7)]: 'old-token', [id(1)]: 'dupe', bad: 'x' });
    const links = readMyShortLinks(JSON.stringify([link(1)]), legacy);
    expect(links).toEqual([
      expect.objectContaining({ id: id(1), deleteToken: 'token-1' }),
      { id: id(7), deleteToken: 'old-token', title: '' },
    ]);
  });

  it('add replaces the same link and keeps the list bounded', () => {
    let links = readMyShortLinks(null);
    for (let n = 0; n < MAX_MY_SHORT_LINKS + 5; n++) links = addMyShortLink(links, link(n % 100, { createdAtMs: n }));
    expect(links).toHaveLength(100);
    expect(links[0].createdAtMs).toBe(MAX_MY_SHORT_LINKS + 4);
  });

  it('say when they expire', () => {
    const now = Date.UTC(2026, 10, 26);
    expect(describeExpiry(link(1), now)).toBe('never expires');
    expect(describeExpiry(link(1, { expiresAtMs: now - 1 }), now)).toBe('expired');
    expect(describeExpiry(link(1, { expiresAtMs: Date.UTC(2026, 11, 26) }), now)).toBe('expires 26 Dec 2026');
  });
});

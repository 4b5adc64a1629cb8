import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from './parse-header-lines';

describe('headers typed for an MCP server', () => {
  it('reads "Name: value" lines, values may hold colons, blank lines skipped', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b\n\n  X-Api-Key:  k1  \n')).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer a:b', 'X-Api-Key': 'k1' },
    });
    expect(parseHeaderLines('')).toEqual({ ok: true, headers: {} });
  });

  it('names the wrong line', () => {
    expect(parseHeaderLines('Authorization Bearer x')).toEqual({
      ok: false,
      message: 'Line 1: write a header as "Name: value" (letters, digits and - in the name).',
    });
    expect(parseHeaderLines('A: 1\nBad Name: 2')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Line 2/),
    });
    expect(parseHeaderLines('X-Empty:')).toEqual({ ok: false, message: 'Line 1: X-Empty has no value.' });
    expect(parseHeaderLines('Host: evil')).toEqual({
      ok: false,
      message: 'Line 1: Host is set by the connection itself.',
    });
  });
});

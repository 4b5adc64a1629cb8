import { describe, expect, it } from 'vitest';
import { MAX_MCP_INPUT_URL, readInputUrl } from './mcp-input';

describe('readInputUrl: the address a URL-mode question may show', () => {
  it('takes an absolute http(s) address, as the URL parser writes it', () => {
    expect(readInputUrl('https://example.com/authorize?state=1')).toBe('https://example.com/authorize?state=1');
    expect(readInputUrl('http://127.0.0.1:8080/callback')).toBe('http://127.0.0.1:8080/callback');
    expect(readInputUrl('HTTPS://EXAMPLE.com')).toBe('https://example.com/');
  });

  it('refuses schemes that run or open something else, credentials, relative and overlong addresses', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vscode://open',
      'https://user:secret@example.com/',
      '/relative/path',
      'not a url',
      `https://example.com/${'a'.repeat(MAX_MCP_INPUT_URL)}`,
      42,
      undefined,
    ])
      expect(readInputUrl(text)).toBeUndefined();
  });
});

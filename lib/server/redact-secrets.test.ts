import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets';

/** SECURITY.md: a key never reaches a message, whatever a provider or proxy made of it. */
describe('redacting secrets', () => {
  const KEY = 'Qz9-LongSecretValue_0123456789xyz';

  it('removes the exact key, a masked prefix, a spaced copy and a long run of it', () => {
    expect(redactSecrets(`bad key ${KEY}.`, [KEY])).toBe('bad key [redacted].');
    expect(redactSecrets(`Incorrect API key provided: ${KEY.slice(0, 10)}**********9xyz`, [KEY])).toBe(
      'Incorrect API key provided: [redacted]**********9xyz',
    );
    expect(redactSecrets(`key: ${KEY.slice(0, 11)} ${KEY.slice(11, 20)} ${KEY.slice(20)} end`, [KEY])).toBe(
      'key: [redacted] end',
    );
    expect(redactSecrets(`…${KEY.slice(5, 17)}…`, [KEY])).toBe('…[redacted]…');
    expect(redactSecrets(` ${KEY} `, [`  ${KEY}\n`])).toBe(' [redacted] ');
  });

  it('removes the key reversed and base64-encoded, whatever its alignment (Basic user:key, base64url)', () => {
    const reversed = [...KEY].reverse().join('');
    expect(redactSecrets(`echo: ${reversed}`, [KEY])).not.toContain(reversed.slice(0, 8));
    for (const wrapped of [KEY, `u:${KEY}`, `ab:${KEY}`, `user:${KEY}!`]) {
      for (const encoding of ['base64', 'base64url'] as const) {
        const encoded = Buffer.from(wrapped).toString(encoding);
        const out = redactSecrets(`Authorization: Basic ${encoded}`, [KEY]);
        expect(out, `${wrapped} ${encoding}`).toContain('[redacted]');
        // What is left could not give the key back.
        const left = out.replace('Authorization: Basic ', '').split('[redacted]').join('');
        expect(left.length, `${wrapped} ${encoding}: ${out}`).toBeLessThan(12);
      }
    }
  });

  it('leaves short overlaps and other text alone', () => {
    expect(redactSecrets('Secret values are 0123 here', [KEY])).toBe('Secret values are 0123 here');
    expect(redactSecrets('nothing to hide', ['', undefined])).toBe('nothing to hide');
  });

  it('removes anything shaped like a provider key, known or not', () => {
    expect(redactSecrets('sk-proj-abcdefghijklmnop and AIzaSyA1234567890abcdef', [])).toBe('[redacted] and [redacted]');
  });
});

import { describe, expect, it } from 'vitest';
import { callSubject, callTitle, formatBytes, resultTitle } from './describe-call';

describe('node titles', () => {
  it('names a call by its tool and the first string argument', () => {
    expect(callTitle('read_file', { path: 'README.md' })).toBe('read_file README.md');
    expect(callTitle('bash', { timeout: 5, command: 'ls -la\necho done' })).toBe('bash ls -la');
    expect(callTitle('get_time', {})).toBe('get_time');
    expect(callTitle('odd', ['a'])).toBe('odd');
  });

  it('shortens a long argument to one readable piece', () => {
    const subject = callSubject({ query: 'x'.repeat(100) })!;
    expect(subject).toHaveLength(32);
    expect(subject.endsWith('…')).toBe(true);
  });

  it('adds the size of a result, or what stopped it', () => {
    expect(resultTitle('read_file', { path: 'README.md' }, 'ok', 'a'.repeat(1229))).toBe(
      'read_file README.md → 1.2 KB',
    );
    expect(resultTitle('read_file', { path: 'x' }, 'ok', 'é')).toBe('read_file x → 2 B');
    expect(resultTitle('bash', { command: 'false' }, 'error', 'exit 1')).toBe('bash false → error');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

import { describe, expect, test } from 'vitest';
import { newId } from './new-id';

describe('newId', () => {
  test('16 characters from the AI SDK id alphabet, different every time', () => {
    const ids = Array.from({ length: 1_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

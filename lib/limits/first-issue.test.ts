import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from './first-issue';

describe('firstIssue: the first thing wrong with an input, for a sentence', () => {
  it('names the field by its dotted path, or the whole input, and says why', () => {
    const schema = z.object({
      settings: z.object({ temperature: z.number() }),
      keys: z.record(z.string().max(3), z.number()),
    });
    const field = schema.safeParse({ settings: { temperature: 'hot' }, keys: {} });
    expect(!field.success && firstIssue(field.error, '(body)')).toEqual({
      where: 'settings.temperature',
      why: 'Invalid input: expected number, received string',
    });
    const whole = z.object({}).safeParse('text');
    expect(!whole.success && firstIssue(whole.error, '(body)').where).toBe('(body)');
    // A bad record key: the reason one level down, not "Invalid key in record".
    const key = schema.safeParse({ settings: { temperature: 1 }, keys: { toolong: 1 } });
    expect(!key.success && firstIssue(key.error, '(body)').why).toBe('Too big: expected string to have <=3 characters');
  });

  it("clips a stranger's long message", () => {
    const long = z
      .string()
      .refine(() => false, 'x'.repeat(1_000))
      .safeParse('a');
    expect(!long.success && firstIssue(long.error, 'it').why).toMatch(/^x{300}… \(700 more characters\)$/);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { createInitialSession } from './initial-session';
import { pickSessionData } from './session-file';
import { parseSessionData, type SessionData, sessionDataSchema } from './session-schema';

/*
 * One truth for the saved session (session/CONTEXT.md, "Adding a session field"): a field is in the
 * schema, in the type, in what is saved and in a new session — all four, or the test says which is
 * missing — and what is saved reads back equal.
 */
describe('the saved session’s fields', () => {
  const schemaFields = Object.keys(sessionDataSchema.shape).sort();

  it('the type has exactly the schema’s fields', () => {
    expectTypeOf<keyof SessionData>().toEqualTypeOf<keyof z.infer<typeof sessionDataSchema>>();
  });

  it('what is saved (pickSessionData) is every field of the schema, and no other', () => {
    const state = {
      ...createInitialSession(),
      lesson: { stops: [] },
      viewedNodeId: 'node-1',
    } as never;
    expect(Object.keys(pickSessionData(state)).sort()).toEqual(schemaFields);
  });

  it('a new session holds every field the schema requires', () => {
    const required = Object.entries(sessionDataSchema.shape)
      .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
      .map(([name]) => name);
    const initial = createInitialSession() as unknown as Record<string, unknown>;
    expect(required.filter((name) => !(name in initial))).toEqual([]);
  });

  it('what is saved reads back equal', () => {
    const saved = pickSessionData(createInitialSession());
    const read = parseSessionData(JSON.parse(JSON.stringify(saved)));
    expect(read.ok && read.session).toEqual(saved);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { UIMessage } from 'ai';
import type { z } from 'zod';
import type { ReplayRecord } from '../shapes/replay';
import type { SessionEvals } from '../shapes/session-evals';
import type { StepSamples } from '../shapes/step-samples';
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

  it('the type is the schema’s, and the parts kept elsewhere equal their schemas (typecheck)', () => {
    expectTypeOf<SessionData>().toEqualTypeOf<z.infer<typeof sessionDataSchema>>();
    expectTypeOf<SessionData['messages'][number]>().toEqualTypeOf<UIMessage>();
    // Each way: what the schema reads is the hand-written type, and the type holds nothing it drops.
    expectTypeOf<SessionData['evals']>().toExtend<SessionEvals>();
    expectTypeOf<Required<SessionEvals>>().toExtend<Required<SessionData['evals']>>();
    expectTypeOf<SessionData['stepSamples'][string]>().toExtend<StepSamples>();
    expectTypeOf<Required<StepSamples>>().toExtend<Required<SessionData['stepSamples'][string]>>();
    expectTypeOf<SessionData['replays'][string]>().toExtend<ReplayRecord>();
    expectTypeOf<Required<ReplayRecord>>().toExtend<Required<SessionData['replays'][string]>>();
  });

  it('what Compare ran last is kept through a file (it was dropped before 0.31)', () => {
    const saved = pickSessionData(createInitialSession());
    const withCompared = { ...saved, evals: { ...saved.evals, compared: ['config-a', 'config-b'] } };
    const read = parseSessionData(JSON.parse(JSON.stringify(withCompared)));
    expect(read.ok && read.session.evals.compared).toEqual(['config-a', 'config-b']);
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

  it('a stranger’s message is refused at the field that is wrong, as before the schema took the AI SDK’s type', () => {
    const saved = JSON.parse(JSON.stringify(pickSessionData(createInitialSession())));
    const refusal = (messages: unknown[]) => {
      const read = parseSessionData({ ...saved, messages });
      return read.ok ? 'read' : read.message;
    };
    expect(refusal([42])).toBe('Not a valid session: "messages.0" Invalid input: expected object, received number.');
    expect(refusal([{ id: 'a', role: 'hacker', parts: [] }])).toMatch(/^Not a valid session: "messages\.0\.role" /);
    expect(refusal([{ id: 'a', role: 'user', parts: [{}] }])).toMatch(
      /^Not a valid session: "messages\.0\.parts\.0\.type" /,
    );
    expect(refusal([{ id: 'a', role: 'user', parts: 'x'.repeat(100_000) }])).toMatch(/"messages\.0\.parts" /);
  });
});

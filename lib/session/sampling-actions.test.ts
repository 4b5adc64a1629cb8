import { describe, expect, it } from 'vitest';
import { makeShareLink, readShareFragment } from '../share/share-link';
import { SESSION_LIMITS } from '../shapes/session-limits';
import type { StepSample } from '../shapes/step-samples';
import { countSamples } from './sampling-actions';
import { parseSessionFile, pickSessionData, serializeSessionFile } from './session-file';
import { parseSessionData } from './session-schema';
import { createSessionStore } from './session-store';

const sample = (n: number, extra: Partial<StepSample> = {}): StepSample => ({
  n,
  calls: [{ toolName: 'read_file', input: { path: 'README.md' } }],
  text: '',
  ms: 12,
  inputTokens: 100,
  outputTokens: 9,
  ...extra,
});

describe("a step's samples in the session", () => {
  it('keeps a set per request (the same change replaces it), bounded per set, per step and per session', () => {
    const store = createSessionStore();
    const state = store.getState();
    const own = state.startSampling('m1:step-1', { provider: 'simulated', model: 'simulated', seed: 3 });
    if (!own.ok) throw new Error(own.message);
    for (let n = 1; n <= SESSION_LIMITS.stepSamples + 5; n++)
      state.addStepSample('m1:step-1', own.id, sample(Math.min(n, SESSION_LIMITS.stepSamples)));
    expect(store.getState().stepSamples['m1:step-1'].samplings[0].samples).toHaveLength(SESSION_LIMITS.stepSamples);

    // The same request again starts afresh; a variant is a set of its own.
    const again = state.startSampling('m1:step-1', { provider: 'simulated', model: 'simulated', seed: 4 });
    expect(store.getState().stepSamples['m1:step-1'].samplings).toHaveLength(1);
    expect(store.getState().stepSamples['m1:step-1'].samplings[0]).toMatchObject({ seed: 4, samples: [] });
    for (let index = 1; index < SESSION_LIMITS.stepSamplings; index++)
      expect(
        state.startSampling('m1:step-1', {
          provider: 'simulated',
          model: 'simulated',
          change: { kind: 'settings', name: `t${index}`, settings: { temperature: index / 10 } },
        }).ok,
      ).toBe(true);
    const refused = state.startSampling('m1:step-1', {
      provider: 'simulated',
      model: 'simulated',
      change: { kind: 'settings', name: 'one too many', settings: { temperature: 2 } },
    });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/at most 8 sets of samples/) });
    if (again.ok) state.removeSampling('m1:step-1', again.id);
    expect(store.getState().stepSamples['m1:step-1'].samplings).toHaveLength(SESSION_LIMITS.stepSamplings - 1);
  });

  it('keeps no more than the session bound, and clips what a sample says', () => {
    const store = createSessionStore();
    const state = store.getState();
    for (let step = 0; step < SESSION_LIMITS.sessionSamples / SESSION_LIMITS.stepSamples + 1; step++) {
      const set = state.startSampling(`m${step}:step-1`, { provider: 'openai', model: 'gpt-4.1' });
      if (!set.ok) throw new Error(set.message);
      for (let n = 1; n <= SESSION_LIMITS.stepSamples; n++)
        state.addStepSample(`m${step}:step-1`, set.id, sample(n, { text: 'x'.repeat(5_000), error: 'e'.repeat(900) }));
    }
    expect(countSamples(store.getState().stepSamples)).toBe(SESSION_LIMITS.sessionSamples);
    const kept = store.getState().stepSamples['m0:step-1'].samplings[0].samples[0];
    expect(kept.text).toHaveLength(SESSION_LIMITS.sampleTextChars);
    expect(kept.error).toHaveLength(SESSION_LIMITS.sampleErrorChars);
    // What the store keeps reads back.
    expect(parseSessionData(JSON.parse(JSON.stringify(pickSessionData(store.getState())))).ok).toBe(true);
  });

  it('travels in a session file and a link, with the expectation; a stranger cannot overfill it', async () => {
    const store = createSessionStore();
    const state = store.getState();
    const set = state.startSampling('m1:step-2', {
      provider: 'simulated',
      model: 'simulated',
      change: { kind: 'tool', name: 'read_file', description: 'Reads one file.' },
    });
    if (!set.ok) throw new Error(set.message);
    state.addStepSample('m1:step-2', set.id, sample(1));
    state.addStepSample('m1:step-2', set.id, sample(2, { calls: [], text: 'No tool needed.' }));
    state.setStepExpectation('m1:step-2', {
      calls: [{ tool: 'read_file', args: { path: 'README.md' } }],
      order: 'any',
      parallel: 'allowed',
    });
    const saved = store.getState().stepSamples;
    const file = await parseSessionFile(serializeSessionFile(store.getState()));
    expect(file.ok && file.session.stepSamples).toEqual(saved);
    const link = makeShareLink(store.getState(), 'http://local/');
    if (!link.ok) throw new Error(link.message);
    const opened = await readShareFragment(new URL(link.url).hash);
    expect(opened.ok && opened.session.stepSamples).toEqual(saved);

    const data = JSON.parse(JSON.stringify(pickSessionData(store.getState())));
    data.stepSamples['m1:step-2'].samplings[0].samples = Array.from({ length: 201 }, (_, index) =>
      sample(1 + (index % 200)),
    );
    const overfull = parseSessionData(data);
    expect(overfull.ok ? 'read' : overfull.message).toMatch(/stepSamples.*samples.* at most 200|too big|200/);
    state.setStepExpectation('m1:step-2', undefined);
    state.removeSampling('m1:step-2', set.id);
    expect(store.getState().stepSamples).toEqual({});
  });

  it('changes nothing in a shared session until it is forked', () => {
    const store = createSessionStore();
    store.getState().loadSession(pickSessionData(store.getState()), { trusted: false, readOnly: true });
    const refused = store.getState().startSampling('m1:step-1', { provider: 'simulated', model: 'simulated' });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/read-only: press "Fork to edit"/) });
    store.getState().setStepExpectation('m1:step-1', { calls: [], noTool: true, order: 'any', parallel: 'allowed' });
    expect(store.getState().stepSamples).toEqual({});
  });
});

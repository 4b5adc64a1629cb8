import { describe, expect, it } from 'vitest';
import { evalCaseSchema } from '../shapes/eval-case';
import { SESSION_LIMITS } from '../shapes/session-limits';
import { createSessionStore } from './session-store';

const cases = [evalCaseSchema.parse({ id: 'a', prompt: 'hi', expect: {} })];
const tools = [
  {
    id: 't',
    source: '{"name":"x","description":"","parameters":{"type":"object"}}',
    enabled: true,
    run: { kind: 'manual' as const },
  },
];

describe('importEvalSuite', () => {
  it("replaces the cases, adds the tools as a variant and the configurations, and takes the suite's mode and repeats", () => {
    const store = createSessionStore();
    store.getState().setEvalCases([evalCaseSchema.parse({ id: 'old', prompt: 'x', expect: {} })]);
    const kept = store.getState().importEvalSuite({
      cases,
      variant: { name: 'promptfoo: weather', tools },
      configs: [{ name: 'mini', settings: { provider: 'openai', model: 'gpt-4.1-mini' } }],
      mode: 'first-step',
      repeats: 50,
    });
    expect(kept).toEqual({ variants: 1, configs: 1 });
    const { evals } = store.getState();
    expect(evals.cases).toEqual(cases);
    expect(evals.variants.map((variant) => [variant.name, variant.tools])).toEqual([['promptfoo: weather', tools]]);
    expect(evals.configs.map((config) => config.name)).toEqual(['mini']);
    expect(evals).toMatchObject({ mode: 'first-step', repeats: SESSION_LIMITS.evalRepeats });
  });

  it('keeps within the session’s bounds and says how much it kept', () => {
    const store = createSessionStore();
    const configs = Array.from({ length: SESSION_LIMITS.evalConfigs + 3 }, (_, n) => ({ name: `c${n}`, settings: {} }));
    expect(store.getState().importEvalSuite({ cases, configs, mode: 'first-step' })).toEqual({
      variants: 0,
      configs: SESSION_LIMITS.evalConfigs,
    });
    expect(store.getState().importEvalSuite({ cases, configs, mode: 'full-loop' }).configs).toBe(0);
  });
});

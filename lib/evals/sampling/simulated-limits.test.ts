import { describe, expect, it } from 'vitest';
import { simulatedSamplingNote } from './simulated-limits';

describe('what the simulated model cannot answer, said where it is asked', () => {
  it('a description, schema or system-line comparison; sampling at temperature 0; nothing for a real model', () => {
    for (const question of ['description', 'schema', 'system'] as const)
      expect(simulatedSamplingNote({ provider: 'simulated', temperature: 1, question })).toMatch(
        /ignores instructions/,
      );
    expect(simulatedSamplingNote({ provider: 'simulated', temperature: undefined, question: 'as-sent' })).toMatch(
      /^At temperature 0/,
    );
    expect(simulatedSamplingNote({ provider: 'simulated', temperature: 1, question: 'as-sent' })).toBeUndefined();
    expect(simulatedSamplingNote({ provider: 'simulated', temperature: 0, question: 'other' })).toBeUndefined();
    expect(simulatedSamplingNote({ provider: 'openai', temperature: 0, question: 'description' })).toBeUndefined();
  });
});

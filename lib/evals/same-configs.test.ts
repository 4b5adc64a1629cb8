import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import type { EvalConfig } from '../shapes/eval-run';
import { findSameConfigs } from './same-configs';

const config = (name: string, settings: EvalConfig['settings']): EvalConfig => ({ id: name, name, settings });

describe('configurations that run the same', () => {
  it('differ in any run setting — parallel calls, max steps, system — and they are not the same', () => {
    const base = DEFAULT_RUN_SETTINGS;
    expect(
      findSameConfigs(
        [
          config('parallel', { provider: 'simulated', model: 'simulated-1', parallelToolCalls: true }),
          config('one at a time', { provider: 'simulated', model: 'simulated-1', parallelToolCalls: false }),
          config('three steps', { provider: 'simulated', model: 'simulated-1', maxSteps: 3 }),
          config('terse', { provider: 'simulated', model: 'simulated-1', system: 'Be terse.' }),
        ],
        { ...base, parallelToolCalls: true },
      ),
    ).toEqual([]);
  });

  it('are named together when their settings over the session are equal, key order and unset fields aside', () => {
    const base = { ...DEFAULT_RUN_SETTINGS, temperature: 0.2 };
    expect(
      findSameConfigs(
        [
          config('a', { provider: 'simulated', model: 'simulated-1' }),
          config('b', { model: 'simulated-1', provider: 'simulated', temperature: 0.2 }),
          config('c', { provider: 'simulated', model: 'simulated-1', temperature: 0.7 }),
          config('d', { provider: 'simulated', model: 'simulated-1', system: undefined }),
        ],
        base,
      ),
    ).toEqual([['a', 'b', 'd']]);
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_EVALS } from '../../shapes/eval-defaults';
import type { StepSample, StepSampling } from '../../shapes/step-samples';
import type { ToolSpec } from '../../shapes/tool-spec';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import {
  describeSample,
  maxSamplesFor,
  samplingLabel,
  samplingMeta,
  samplingProgressText,
  samplingViewModel,
} from './sampling-view';

const checker = createSchemaChecker();
const weather: ToolSpec = {
  name: 'get_weather',
  description: 'Weather in a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const search: ToolSpec = { name: 'search', description: 'Search', inputSchema: { type: 'object', properties: {} } };
const sample = (n: number, calls: StepSample['calls'], extra: Partial<StepSample> = {}): StepSample => ({
  n,
  calls,
  text: '',
  ms: 5,
  ...extra,
});
const sampling = (id: string, samples: StepSample[], change?: StepSampling['change']): StepSampling => ({
  id,
  provider: 'simulated',
  model: 'simulated-1',
  seed: 7,
  samples,
  ...(change ? { change } : {}),
});
const paris = sample(1, [{ toolName: 'get_weather', input: { city: 'Paris' } }]);
const rome = sample(2, [{ toolName: 'get_weather', input: { city: 'Rome' } }]);
const failed = sample(3, [], { error: 'rate limited' });

describe('the words of Step samples', () => {
  it('names each set by what it changed', () => {
    expect(samplingLabel(sampling('a', []))).toBe('As sent');
    expect(samplingLabel(sampling('b', [], { kind: 'tools', variantId: 'v', name: 'short list' }))).toBe(
      'Variant: tool list "short list"',
    );
    expect(samplingLabel(sampling('c', [], { kind: 'tool', name: 'search', description: 'Find' }))).toBe(
      'Variant: `search` description edited',
    );
    expect(samplingLabel(sampling('d', [], { kind: 'tool', name: 'search', parameters: {} }))).toBe(
      'Variant: `search` schema edited',
    );
    expect(samplingLabel(sampling('e', [], { kind: 'settings', name: 'temperature 0', settings: {} }))).toBe(
      'Variant: temperature 0',
    );
  });

  it('says who answered, with which seed, how many times', () => {
    expect(samplingMeta(sampling('a', [paris, rome]))).toBe('simulated · simulated-1 · seed 7 · 2 samples');
    const { seed: _seed, ...unseeded } = sampling('a', [paris]);
    expect(samplingMeta(unseeded)).toBe('simulated · simulated-1 · 1 samples');
  });

  it('describes a sample by its calls, its text, or its error', () => {
    expect(describeSample(paris)).toBe('get_weather({"city":"Paris"})');
    expect(describeSample(sample(4, [{ toolName: 'nope', input: undefined, problem: 'not offered' }]))).toBe(
      'nope({}) ✗',
    );
    expect(describeSample(failed)).toBe('provider error: rate limited');
    expect(describeSample(sample(5, [], { text: 'x'.repeat(100) }))).toBe(`text: ${'x'.repeat(80)}`);
    expect(describeSample(sample(6, []))).toBe('text: (empty)');
  });

  it('words progress as running, stopped or done, and lets the free model sample more', () => {
    expect(samplingProgressText({ running: true, done: 3, total: 10 })).toBe('Sampling… 3 of 10');
    expect(samplingProgressText({ running: false, stopped: true, done: 3, total: 10 })).toBe(
      'Stopped after 3 of 10 samples.',
    );
    expect(samplingProgressText({ running: false, done: 10, total: 10 })).toBe('Sampled 10 of 10.');
    expect([maxSamplesFor('browser'), maxSamplesFor('openai')]).toEqual([200, 50]);
  });
});

describe('the step samples view model', () => {
  const options = { specs: [weather, search], loose: new Set(['search']), evals: EMPTY_EVALS, checker };

  it('is empty for a step never sampled', () => {
    expect(samplingViewModel(undefined, options)).toEqual({ rows: [], own: undefined, variants: [] });
  });

  it('grades each sample against the expectation, an error never passing', () => {
    const expect_ = {
      calls: [{ tool: 'get_weather', args: { city: { equals: 'Paris' } } }],
      order: 'any' as const,
      parallel: 'allowed' as const,
    };
    const view = samplingViewModel({ samplings: [sampling('own', [paris, rome, failed])], expect: expect_ }, options);
    expect(view.rows[0]).toMatchObject({ label: 'As sent', passes: [true, false, false], passed: 1 });
    expect(view.own?.sampling.id).toBe('own');
  });

  it('does not grade without an expectation or before the schema checker loads', () => {
    const step = { samplings: [sampling('own', [paris])] };
    expect(samplingViewModel(step, options).rows[0].passes).toBeUndefined();
    const expect_ = { calls: [{ tool: 'get_weather', args: {} }], order: 'any' as const, parallel: 'allowed' as const };
    expect(samplingViewModel({ ...step, expect: expect_ }, { ...options, checker: undefined }).rows[0].passes).toBe(
      undefined,
    );
  });

  it('gives each variant the tools it was sampled with, and compares variants with the step as sent', () => {
    const edited = sampling('v1', [rome], { kind: 'tool', name: 'get_weather', description: 'Weather, in English' });
    const view = samplingViewModel({ samplings: [edited, sampling('own', [paris])] }, options);
    expect(view.own?.sampling.id).toBe('own');
    expect(view.variants.map((row) => row.sampling.id)).toEqual(['v1']);
    expect(view.rows[0].tools.find((tool) => tool.name === 'get_weather')?.description).toBe('Weather, in English');
    expect(view.rows[1].tools.find((tool) => tool.name === 'get_weather')?.description).toBe('Weather in a city');
    expect(view.rows[0].tools.map((tool) => [tool.name, tool.looseStrings])).toEqual([
      ['get_weather', false],
      ['search', true],
    ]);
  });

  it('compares nothing while the step as sent has no samples', () => {
    const edited = sampling('v1', [rome], { kind: 'tool', name: 'get_weather', description: 'Other' });
    expect(samplingViewModel({ samplings: [edited] }, options).variants).toEqual([]);
  });
});

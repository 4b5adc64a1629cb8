import { describe, expect, it } from 'vitest';
import type { StepSample } from '../../shapes/step-samples';
import type { ToolSpec } from '../../shapes/tool-spec';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { expectationFromSample, gradeSamples } from './step-expectation';

const checker = createSchemaChecker();
const tools: ToolSpec[] = [
  {
    name: 'get_weather',
    description: 'Weather in a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
  },
  { name: 'ping', description: 'Ping', inputSchema: { type: 'object', properties: {} } },
];
const sample = (n: number, calls: StepSample['calls'], extra: Partial<StepSample> = {}): StepSample => ({
  n,
  calls,
  text: '',
  ms: 1,
  ...extra,
});

describe('Expect this', () => {
  it('takes what a sample called, each argument as it was, in any order', () => {
    const paris = sample(1, [
      { toolName: 'get_weather', input: { city: 'Paris', days: 2 } },
      { toolName: 'ping', input: null },
    ]);
    expect(expectationFromSample(paris)).toEqual({
      calls: [
        { tool: 'get_weather', args: { city: { equals: 'Paris' }, days: { equals: 2 } } },
        { tool: 'ping', args: {} },
      ],
      order: 'any',
      parallel: 'allowed',
    });
  });

  it('takes an answer in text as "no tool at all"', () => {
    expect(expectationFromSample(sample(1, [], { text: 'It is sunny.' }))).toEqual({
      calls: [],
      noTool: true,
      order: 'any',
      parallel: 'allowed',
    });
  });

  it('grades each sample as a case’s first step: the one it came from passes, another value or a text fails, an error never passes', () => {
    const paris = sample(1, [{ toolName: 'get_weather', input: { city: 'Paris' } }]);
    const samples = [
      paris,
      sample(2, [{ toolName: 'get_weather', input: { city: 'Rome' } }]),
      sample(3, [], { text: 'It is sunny in Paris.' }),
      sample(4, [{ toolName: 'get_weather', input: { city: 'Paris' } }], { error: 'rate limited' }),
    ];
    expect(gradeSamples(samples, expectationFromSample(paris), { tools, checker })).toEqual([
      true,
      false,
      false,
      false,
    ]);
    const text = expectationFromSample(samples[2]);
    expect(gradeSamples(samples, text, { tools, checker })).toEqual([false, false, true, false]);
  });
});

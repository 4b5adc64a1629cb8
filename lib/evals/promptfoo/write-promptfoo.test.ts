import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type EvalCase, evalCaseSchema, type EvalCaseInput } from '../../shapes/eval-case';
import type { RunSettings } from '../../shapes/run-settings';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { outputText } from '../grade-output';
import { gradeRun, type ObservedCall } from '../grade-run';
import { checkerSource } from './promptfoo-checker';
import { readPromptfooSuite } from './read-promptfoo';
import { writePromptfooConfig } from './write-promptfoo';

const checker = createSchemaChecker();
const WEATHER = {
  name: 'get_weather',
  description: 'The weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
  },
};
const BASE: RunSettings = { provider: 'openai', model: 'gpt-4.1-mini', openaiApi: 'chat' };
const make = (input: Omit<EvalCaseInput, 'id' | 'prompt'> & { id?: string }): EvalCase =>
  evalCaseSchema.parse({ id: 'c', prompt: 'Weather?', ...input });

/** The checker as promptfoo runs a multi-line javascript assertion: a function body of (output, context, process). */
function runChecker(testCase: EvalCase, output: unknown): { pass: boolean; reason: string } {
  return new Function('output', 'context', 'process', checkerSource(testCase.expect))(output, {}, undefined);
}

type Scenario = [string, EvalCaseInput['expect'], { toolName: string; input: unknown }[], string?];
const SCENARIOS: Scenario[] = [
  [
    'equals',
    { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }] },
    [{ toolName: 'get_weather', input: { city: 'Paris' } }],
  ],
  [
    'equals, wrong value',
    { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }] },
    [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
  ],
  [
    'oneOf',
    { calls: [{ tool: 'get_weather', args: { city: { oneOf: ['Oslo', 'Paris'] } } }] },
    [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
  ],
  [
    'regex with flags',
    { calls: [{ tool: 'get_weather', args: { city: { regex: '^par', flags: 'i' } } }] },
    [{ toolName: 'get_weather', input: { city: 'Paris' } }],
  ],
  [
    'range',
    { calls: [{ tool: 'get_weather', args: { days: { range: { min: 1, max: 3 } } } }] },
    [{ toolName: 'get_weather', input: { city: 'x', days: 4 } }],
  ],
  [
    'optional, absent',
    { calls: [{ tool: 'get_weather', args: { days: { equals: 2, optional: true } } }] },
    [{ toolName: 'get_weather', input: { city: 'x' } }],
  ],
  [
    'absent, given',
    { calls: [{ tool: 'get_weather', args: { days: { absent: true } } }] },
    [{ toolName: 'get_weather', input: { city: 'x', days: 1 } }],
  ],
  [
    'exactArgs',
    { calls: [{ tool: 'get_weather', args: { city: 'x' }, exactArgs: true }] },
    [{ toolName: 'get_weather', input: { city: 'x', days: 1 } }],
  ],
  ['no tool, none', { noTool: true }, []],
  ['no tool, one', { noTool: true }, [{ toolName: 'get_weather', input: { city: 'x' } }]],
  ['any call, none', { anyCall: true }, []],
  [
    'extra call',
    { calls: [{ tool: 'get_weather', args: {} }] },
    [
      { toolName: 'get_weather', input: { city: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
  ],
  [
    'extra call allowed',
    { calls: [{ tool: 'get_weather', args: {} }], allowExtraCalls: true },
    [
      { toolName: 'get_weather', input: { city: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
  ],
  [
    'order exact, swapped',
    {
      order: 'exact',
      calls: [
        { tool: 'get_weather', args: { city: 'a' } },
        { tool: 'get_weather', args: { city: 'b' } },
      ],
    },
    [
      { toolName: 'get_weather', input: { city: 'b' } },
      { toolName: 'get_weather', input: { city: 'a' } },
    ],
  ],
  [
    'order any, swapped',
    {
      calls: [
        { tool: 'get_weather', args: { city: 'a' } },
        { tool: 'get_weather', args: { city: 'b' } },
      ],
    },
    [
      { toolName: 'get_weather', input: { city: 'b' } },
      { toolName: 'get_weather', input: { city: 'a' } },
    ],
  ],
  [
    'parallel forbidden',
    {
      parallel: 'forbidden',
      calls: [
        { tool: 'get_weather', args: {} },
        { tool: 'get_weather', args: {} },
      ],
    },
    [
      { toolName: 'get_weather', input: { city: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
  ],
  [
    'trajectory atMost',
    { trajectory: [{ tool: 'get_*', atMost: 1 }], allowExtraCalls: true },
    [
      { toolName: 'get_weather', input: { city: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
  ],
  [
    'trajectory sequence',
    { trajectory: [{ sequence: ['get_weather', 'get_weather'] }], allowExtraCalls: true },
    [
      { toolName: 'get_weather', input: { city: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
  ],
  [
    'trajectory withArgs',
    { trajectory: [{ tool: 'get_weather', withArgs: { city: 'b' } }], allowExtraCalls: true },
    [{ toolName: 'get_weather', input: { city: 'a' } }],
  ],
  [
    'trajectory before',
    { trajectory: [{ tool: 'get_weather', before: 'get_time' }], allowExtraCalls: true },
    [
      { toolName: 'get_time', input: {} },
      { toolName: 'get_weather', input: { city: 'a' } },
    ],
  ],
  ['answer', { answer: { regex: 'sunny', flags: 'i' } }, [], 'Sunny and warm.'],
  ['answer, not matched', { answer: { regex: 'rain' } }, [], 'Sunny and warm.'],
  [
    'template text in a value',
    { calls: [{ tool: 'get_weather', args: { city: '{{ city }} {% raw %}{#' } }] },
    [{ toolName: 'get_weather', input: { city: '{{ city }} {% raw %}{#' } }],
  ],
];

describe('the javascript assertion the export writes', () => {
  it.each(SCENARIOS)('gives gradeRun’s verdict: %s', (_name, expect_, calls, answer = '') => {
    const testCase = make({ expect: { ...expect_, validCalls: false } });
    const observed: ObservedCall[] = calls.map((call) => ({ ...call, step: 1 }));
    const output = outputText(
      answer,
      calls.map((call, index) => ({ ...call, toolCallId: `call_${index}` })),
    );
    const grade = gradeRun(testCase, { calls: observed, answer, output }, { tools: [WEATHER], checker });
    // promptfoo hands an answer with calls over as the parsed calls, a text as the text.
    const result = runChecker(testCase, calls.length > 0 ? JSON.parse(output) : answer);
    expect(result.pass, `${result.reason} / ${grade.failures.map((failure) => failure.message).join(' ')}`).toBe(
      grade.pass,
    );
  });

  it('holds nothing promptfoo would render as a template: "{{", "{%" and "{#" only as \\u007b inside strings', () => {
    const source = checkerSource(
      make({ expect: { calls: [{ tool: 'get_weather', args: { city: '{{x}} {%y%} {#z#}' } }] } }).expect,
    );
    expect(source).not.toMatch(/\{[{%#]/);
  });
});

describe('writePromptfooConfig', () => {
  const cases = [
    make({
      id: 'paris',
      expect: {
        calls: [{ tool: 'get_weather', args: { city: 'Paris' } }],
        output: [{ contains: 'Paris' }, { regex: 'x', flags: 'i', not: true }],
        toolF1: { tools: ['get_weather'] },
      },
    }),
    make({ id: 'files', expect: { files: [{ file: 'a.txt', exists: true }] } }),
  ];
  const configs = [
    {
      id: 'a',
      name: 'mini',
      settings: {
        temperature: 0.2,
        baseURL: 'https://llm.example.com/v1',
        toolChoice: { type: 'tool' as const, toolName: 'get_weather' },
      },
    },
    { id: 'b', name: 'claude', settings: { provider: 'anthropic' as const, model: 'claude-sonnet-4-5' } },
    { id: 'c', name: 'sim', settings: { provider: 'simulated' as const, model: 'simulated-1' } },
  ];
  const written = writePromptfooConfig({
    cases,
    tools: [WEATHER],
    configs,
    baseSettings: BASE,
    repeats: 3,
    confirmedBaseUrls: ['https://llm.example.com/v1'],
  });
  const config = parse(written.text);

  it('writes providers with their tools in their own format, the tests with promptfoo’s assertions and the case kept', () => {
    expect(config.prompts).toEqual(['{{ messages | dump }}']);
    expect(config.tests[0].vars).toEqual({ messages: [{ role: 'user', content: 'Weather?' }] });
    expect(config.providers[0]).toEqual({
      id: 'openai:chat:gpt-4.1-mini',
      label: 'mini',
      config: {
        apiBaseUrl: 'https://llm.example.com/v1',
        temperature: 0.2,
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', description: 'The weather', parameters: WEATHER.inputSchema },
          },
        ],
      },
    });
    expect(config.providers[1].config.tools).toEqual([
      { name: 'get_weather', description: 'The weather', input_schema: WEATHER.inputSchema },
    ]);
    expect(config.providers[2].id).toBe('openai:chat:gpt-4.1-mini');
    expect(config.tests[0].assert.map((each: { type: string }) => each.type)).toEqual([
      'tool-call-f1',
      'contains',
      'javascript',
      'javascript',
    ]);
    expect(config.evaluateOptions).toEqual({ repeat: 3 });
    expect(written.notes).toEqual([
      'sim: promptfoo has no simulated model: its configuration runs openai:chat:gpt-4.1-mini (change the id to the model you want).',
      "files: its workspace checks need the playground's sandbox and are not in the config.",
    ]);
    expect(written.text).toContain('# sim: promptfoo has no simulated model');
  });

  it('writes no base URL the person did not confirm, and says so', () => {
    const unconfirmed = writePromptfooConfig({ cases, tools: [WEATHER], configs, baseSettings: BASE, repeats: 1 });
    expect(unconfirmed.text).not.toContain('llm.example.com');
    expect(parse(unconfirmed.text).providers[0].config.apiBaseUrl).toBeUndefined();
    expect(unconfirmed.notes).toContain(
      "mini: its base URL was left out (not confirmed in the export dialog): promptfoo sends this provider's requests, with your key, to the provider's own address. Add apiBaseUrl yourself if you trust it.",
    );
  });

  it('reads back as the same cases', () => {
    const back = readPromptfooSuite(written.text);
    expect(back.ok && back.cases).toEqual(cases);
    expect(back.ok && back.unmapped).toEqual([]);
  });

  it('sends a conversation as chat messages when a case has one', () => {
    const chat = writePromptfooConfig({
      cases: [make({ system: 'Be brief.', messages: [{ role: 'user', text: 'Hi' }], expect: {} })],
      tools: [WEATHER],
      configs: [{ id: 'a', name: 'a', settings: {} }],
      baseSettings: BASE,
      repeats: 1,
    });
    const read = parse(chat.text);
    expect(read.prompts).toEqual(['{{ messages | dump }}']);
    expect(read.tests[0].vars.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Weather?' },
    ]);
  });
});

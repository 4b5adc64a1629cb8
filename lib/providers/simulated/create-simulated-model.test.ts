import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { dynamicTool, jsonSchema, streamText, type JSONSchema7 } from 'ai';
import { describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { createSimulatedModel } from './create-simulated-model';
import { planSimulatedStep } from './plan-simulated-step';

const coreTools: LanguageModelV4FunctionTool[] = CORE_TOOL_DEFINITIONS.map((definition) => ({
  type: 'function',
  name: definition.name,
  description: definition.description,
  inputSchema: definition.parameters as unknown as JSONSchema7,
}));
const weather: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Get the current weather for a city.',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      days: { type: 'integer', minimum: 1, maximum: 7 },
    },
    required: ['city', 'unit', 'days'],
    additionalProperties: false,
  },
};
const checker = createSchemaChecker();
const ask = (text: string): LanguageModelV4Prompt => [{ role: 'user', content: [{ type: 'text', text }] }];
const plan = (text: string, tools = coreTools, parallelToolCalls = true) =>
  planSimulatedStep({ prompt: ask(text), tools, parallelToolCalls });

describe('planSimulatedStep', () => {
  it.each([
    [
      'list the files and show me README.md',
      [
        ['list_files', {}],
        ['read_file', { path: 'README.md' }],
      ],
    ],
    ['run `wc -l data/names.txt`', [['bash', { command: 'wc -l data/names.txt' }]]],
    ['please execute ls -la', [['bash', { command: 'ls -la' }]]],
    ['write "hello" to notes/hello.txt', [['write_file', { path: 'notes/hello.txt', content: 'hello' }]]],
    ['list files recursively in src/', [['list_files', { path: 'src/', recursive: true }]]],
  ])('picks the tools for %j with arguments from the message', (text, expected) => {
    const step = plan(text);
    expect(step.kind).toBe('tool-calls');
    if (step.kind !== 'tool-calls') return;
    expect(step.calls.map((call) => [call.toolName, call.input])).toEqual(expected);
  });

  it('synthesizes arguments that validate against every schema it calls', () => {
    const messages = [
      'list the files and show me README.md',
      'show me lines start_line=2 end_line=3 of src/index.js',
      'run the tests',
      'save a file',
      "what's the weather in Paris for 3 days in fahrenheit",
      'weather',
    ];
    let checked = 0;
    for (const text of messages) {
      for (const tools of [coreTools, [...coreTools, weather]]) {
        const step = plan(text, tools);
        if (step.kind !== 'tool-calls') continue;
        for (const call of step.calls) {
          checked += 1;
          const tool = tools.find((candidate) => candidate.name === call.toolName)!;
          expect(
            checker.checkValue(tool.inputSchema as Record<string, unknown>, call.input),
            `${text} → ${call.toolName}`,
          ).toEqual([]);
        }
      }
    }
    // Every message but the bare "weather" plans calls with both tool lists: the loop checked them all.
    expect(checked).toBeGreaterThanOrEqual(10);
    const forecast = plan("what's the weather in Paris for 3 days in fahrenheit", [weather]);
    expect(forecast.kind === 'tool-calls' && forecast.calls[0].input).toEqual({
      city: 'Paris',
      unit: 'fahrenheit',
      days: 3,
    });
  });

  it('calls a place-taking tool once per place named: in parallel, or one per step', () => {
    const text = 'What is the weather in "Oslo" and in "Lima"?';
    const both = plan(text, [weather]);
    expect(both.kind === 'tool-calls' && both.calls.map((call) => call.input.city)).toEqual(['Oslo', 'Lima']);
    expect(both.kind === 'tool-calls' && new Set(both.calls.map((call) => call.toolCallId)).size).toBe(2);
    expect(both.text).toBe("I'll call `get_weather` to answer that.");

    const first = plan(text, [weather], false);
    if (first.kind !== 'tool-calls') throw new Error('expected a call');
    expect(first.calls.map((call) => call.input.city)).toEqual(['Oslo']);
    const [call] = first.calls;
    const answered: LanguageModelV4Prompt = [
      ...ask(text),
      { role: 'assistant', content: [{ type: 'tool-call', ...call }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: 'json', value: { temperature: 4 } },
          },
        ],
      },
    ];
    const second = planSimulatedStep({ prompt: answered, tools: [weather], parallelToolCalls: false });
    expect(second.kind === 'tool-calls' && second.calls.map((next) => next.input.city)).toEqual(['Lima']);
    // Each place once, at most 20, however long the list.
    const many = Array.from({ length: 30 }, (_, index) => `"Town${index}"`).join(' and ');
    const capped = plan(`weather in ${many} and in "Town0"`, [weather]);
    expect(capped.kind === 'tool-calls' && capped.calls.map((next) => next.input.city)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Town${index}`),
    );
    // One place keeps one call.
    const one = plan('weather in Oslo', [weather]);
    expect(one.kind === 'tool-calls' && one.calls).toHaveLength(1);
  });

  it('answers in text when nothing matches, naming the tools it has', () => {
    const step = plan('hello there');
    expect(step.kind).toBe('answer');
    expect(step.text).toContain('`list_files`');
  });

  it('makes one call per step without parallel calls, and answers from results at the end', () => {
    const first = plan('list the files and show me README.md', coreTools, false);
    expect(first.kind === 'tool-calls' && first.calls.map((call) => call.toolName)).toEqual(['list_files']);
    if (first.kind !== 'tool-calls') return;
    const call = first.calls[0];
    const prompt: LanguageModelV4Prompt = [
      ...ask('list the files and show me README.md'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: 'json', value: { success: true, output: 'README.md\nsrc/\n' } },
          },
        ],
      },
    ];
    const second = planSimulatedStep({ prompt, tools: coreTools, parallelToolCalls: false });
    expect(second.kind === 'tool-calls' && second.calls.map((c) => c.toolName)).toEqual(['read_file']);
    if (second.kind !== 'tool-calls') return;
    const read = second.calls[0];
    expect(read.toolCallId).not.toBe(call.toolCallId);
    const done = planSimulatedStep({
      prompt: [
        ...prompt,
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: read.toolCallId, toolName: 'read_file', input: read.input }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: read.toolCallId,
              toolName: 'read_file',
              output: { type: 'error-text', value: "Error: 'README.md' not found." },
            },
          ],
        },
      ],
      tools: coreTools,
      parallelToolCalls: false,
    });
    expect(done.kind).toBe('answer');
    expect(done.text).toContain('1 of 2 tool calls did not succeed');
    expect(done.text).toContain('README.md\nsrc/');
    expect(done.text).toContain("Error: 'README.md' not found.");
  });

  it('honours tool choice: none answers, a named tool is called, required always calls', () => {
    expect(
      planSimulatedStep({
        prompt: ask('list the files'),
        tools: coreTools,
        toolChoice: { type: 'none' },
        parallelToolCalls: true,
      }).kind,
    ).toBe('answer');
    const forced = planSimulatedStep({
      prompt: ask('hello'),
      tools: coreTools,
      toolChoice: { type: 'tool', toolName: 'bash' },
      parallelToolCalls: true,
    });
    expect(forced.kind === 'tool-calls' && forced.calls.map((call) => call.input)).toEqual([{ command: 'ls' }]);
    const required = planSimulatedStep({
      prompt: ask('hello'),
      tools: coreTools,
      toolChoice: { type: 'required' },
      parallelToolCalls: true,
    });
    expect(required.kind).toBe('tool-calls');
  });

  it('is deterministic', () => {
    expect(plan('list the files and show me README.md')).toEqual(plan('list the files and show me README.md'));
  });
});

describe('createSimulatedModel', () => {
  it('streams text and tool-call deltas that the AI SDK assembles into tool calls', async () => {
    const tools = Object.fromEntries(
      CORE_TOOL_DEFINITIONS.map((definition) => [
        definition.name,
        dynamicTool({
          description: definition.description,
          inputSchema: jsonSchema(definition.parameters as unknown as JSONSchema7),
        }),
      ]),
    );
    const result = streamText({ model: createSimulatedModel(), prompt: 'list the files and show me README.md', tools });
    const types: string[] = [];
    for await (const part of result.stream) types.push(part.type);
    expect(types.filter((type) => type === 'text-delta').length).toBeGreaterThan(3);
    expect(types.filter((type) => type === 'tool-input-delta').length).toBeGreaterThan(1);
    const calls = await result.toolCalls;
    expect(calls.map((call) => [call.toolName, call.input])).toEqual([
      ['list_files', {}],
      ['read_file', { path: 'README.md' }],
    ]);
    expect(await result.finishReason).toBe('tool-calls');
  });
});

import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import { createRouteFetch } from '@/testing/run-conversation';
import { type EvalCase, evalCaseSchema } from '../shapes/eval-case';
import type { EvalConfig, EvalVariant } from '../shapes/eval-run';
import { describeRunState, runEvalCase, runInOwnSession } from './run-eval-case';
import { createSessionStore } from '../session/session-store';

const weatherTool = (units: string[]): ToolDraft => ({
  id: 'tool-weather',
  source: formatToolSource({
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: units } },
      required: ['city', 'unit'],
    },
  }),
  enabled: true,
  run: { kind: 'mock', result: '{"temperature": 21}' },
});
const v1: EvalVariant = { id: 'v1', name: 'short units', tools: [weatherTool(['c', 'f'])] };
const v2: EvalVariant = { id: 'v2', name: 'long units', tools: [weatherTool(['celsius', 'fahrenheit'])] };
const scripted: EvalConfig = {
  id: 'scripted',
  name: 'scripted',
  settings: {
    provider: 'simulated',
    model: 'simulated-scripted',
    script: [
      { toolCalls: [{ toolName: 'get_weather', input: { city: 'Paris', unit: 'c' } }] },
      { text: 'It is 21 degrees in Paris.' },
    ],
  },
};
const testCase = evalCaseSchema.parse({
  id: 'paris',
  prompt: 'What is the weather in Paris, in Celsius?',
  expect: { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }], answer: { regex: '21' } },
});
const deps = {
  checker: createSchemaChecker(),
  fetch: createRouteFetch(),
  createSandbox: (files?: Record<string, string>) => createOfflineSandbox(files ?? EXAMPLE_FILES),
};
/** One case run through the route and loop, its job named after the case, variant and configuration. */
const runCase = ({
  testCase,
  variant,
  config,
  mode,
  signal = new AbortController().signal,
}: {
  testCase: EvalCase;
  variant: EvalVariant;
  config: EvalConfig;
  mode: 'first-step' | 'full-loop';
  signal?: AbortSignal;
}) =>
  runEvalCase({
    job: { caseId: testCase.id, variantId: variant.id, configId: config.id, repeat: 0 },
    testCase,
    variant,
    config,
    mode,
    baseSettings: DEFAULT_RUN_SETTINGS,
    deps,
    signal,
  });

const run = (variant: EvalVariant, mode: 'first-step' | 'full-loop', config = scripted) =>
  runCase({ testCase, variant, config, mode });

describe('one eval run through the real chat route and loop', () => {
  it('full loop: the tools run (a mock here), the answer is checked; a variant whose schema refuses the call fails', async () => {
    const good = await run(v1, 'full-loop');
    expect(good).toMatchObject({ pass: true, failures: [], caseId: 'paris', variantId: 'v1' });
    expect(good.inputTokens).toBeGreaterThan(0);
    expect(good.messages.at(-1)?.role).toBe('assistant');
    const bad = await run(v2, 'full-loop');
    expect(bad.pass).toBe(false);
    expect(bad.failures.map((failure) => failure.kind)).toContain('invalid-arguments');
  });

  it('first step only: one request, nothing runs, the answer is not there to check', async () => {
    const first = await run(v1, 'first-step');
    expect(first.failures).toEqual([{ kind: 'answer', message: 'The answer "" does not match /21/.' }]);
    const parts = first.messages.at(-1)?.parts ?? [];
    expect(parts.filter((part) => part.type === 'dynamic-tool')).toEqual([
      expect.objectContaining({ toolName: 'get_weather', state: 'input-available' }),
    ]);
  });

  it("a case's own files are the workspace its full-loop run starts with", async () => {
    const readFile: ToolDraft = {
      id: 'tool-read',
      source: formatToolSource({
        name: 'read_file',
        description: 'Reads a file.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      }),
      enabled: true,
      run: { kind: 'sandbox' },
    };
    const config: EvalConfig = {
      id: 'read',
      name: 'read',
      settings: {
        provider: 'simulated',
        model: 'simulated-scripted',
        script: [{ toolCalls: [{ toolName: 'read_file', input: { path: 'data.txt' } }] }, { text: 'Read it.' }],
      },
    };
    const withFiles = evalCaseSchema.parse({
      id: 'files',
      prompt: 'Read data.txt',
      files: { 'data.txt': 'the answer is 42' },
      expect: { calls: [{ tool: 'read_file', args: { path: 'data.txt' } }] },
    });
    const ran = await runCase({
      testCase: withFiles,
      variant: { id: 'v', name: 'v', tools: [readFile] },
      config: config,
      mode: 'full-loop',
    });
    expect(ran.pass).toBe(true);
    expect(JSON.stringify(ran.messages)).toContain('the answer is 42');
    expect(evalCaseSchema.safeParse({ ...withFiles, files: { '../etc/passwd': 'x' } }).success).toBe(false);
  });

  it("a case's earlier messages come first in its run, each with its own id", async () => {
    const withHistory = evalCaseSchema.parse({
      id: 'history',
      prompt: 'And in Paris?',
      messages: [
        { role: 'user', text: 'What is the weather in Rome?' },
        { role: 'assistant', text: 'It is 25 degrees in Rome.' },
      ],
      expect: { calls: [{ tool: 'get_weather', args: { city: 'Paris' } }] },
    });
    const ran = await runCase({
      testCase: withHistory,
      variant: v1,
      config: scripted,
      mode: 'full-loop',
    });
    const texts = ran.messages.map((message) => [
      message.role,
      message.parts.find((part) => part.type === 'text')?.text ?? '',
    ]);
    expect(texts.slice(0, 3)).toEqual([
      ['user', 'What is the weather in Rome?'],
      ['assistant', 'It is 25 degrees in Rome.'],
      ['user', 'And in Paris?'],
    ]);
    expect(new Set(ran.messages.map((message) => message.id)).size).toBe(ran.messages.length);
  });

  it('a run stopped before it starts does not start', async () => {
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      runCase({
        testCase: testCase,
        variant: v1,
        config: scripted,
        mode: 'full-loop',
        signal: stopped.signal,
      }),
    ).rejects.toThrow('stopped');
  });

  it('a run the provider refuses is a failed run with the reason', async () => {
    const keyless: EvalConfig = {
      id: 'openai',
      name: 'OpenAI',
      settings: { provider: 'openai', model: 'gpt-4.1-mini' },
    };
    const refused = await run(v1, 'first-step', keyless);
    expect(refused.pass).toBe(false);
    expect(refused.error).toMatch(/No API key for OpenAI/);
  });
});

describe('a run in a session of its own, while it runs', () => {
  it('says where it is: waiting for the model, running the tool, done', async () => {
    const readFile = createSessionStore()
      .getState()
      .tools.filter((tool) => tool.id === 'tool-read_file');
    const seen: string[] = [];
    const ran = await runInOwnSession({
      tools: readFile,
      settings: {
        ...DEFAULT_RUN_SETTINGS,
        provider: 'simulated',
        model: 'simulated-scripted',
        script: [{ toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] }, { text: 'Read it.' }],
      },
      messages: [],
      prompt: 'Read README.md',
      mode: 'full-loop',
      deps,
      signal: new AbortController().signal,
      onChange: (state) => seen.push(describeRunState(state)),
    });
    expect(seen).toContain('waiting for the model');
    expect(seen).toContain('running read_file');
    expect(seen.at(-1)).toBe('done');
    const call = ran.after.flatMap((message) => message.parts).find((part) => part.type === 'dynamic-tool');
    expect(call).toMatchObject({ toolName: 'read_file', state: 'output-available' });
    // What followed the prompt: the model's answer, the prompt itself not among it.
    expect(ran.after.map((message) => message.role)).toEqual(['assistant']);
  });

  it('says a failed request failed, and a finished run done', () => {
    const state = { runningToolCalls: [], messages: [] };
    expect(describeRunState({ ...state, chatStatus: 'error' })).toBe('failed');
    expect(describeRunState({ ...state, chatStatus: 'ready' })).toBe('done');
    expect(describeRunState({ ...state, chatStatus: 'streaming' })).toBe('waiting for the model');
    expect(describeRunState({ ...state, runningToolCalls: ['gone'], chatStatus: 'streaming' })).toBe('running a tool');
  });
});

describe('a case that checks the end state', () => {
  const writeFile: ToolDraft = {
    id: 'tool-write',
    source: formatToolSource({
      name: 'write_file',
      description: 'Writes a file.',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, content: { type: 'string' } },
        required: ['path', 'content'],
      },
    }),
    enabled: true,
    run: { kind: 'sandbox' },
  };
  const config: EvalConfig = {
    id: 'write',
    name: 'write',
    settings: {
      provider: 'simulated',
      model: 'simulated-scripted',
      script: [
        { toolCalls: [{ toolName: 'write_file', input: { path: 'notes/out.json', content: '{"done": true}' } }] },
        { text: 'Written.' },
      ],
    },
  };
  const ranWith = (expect: object, mode: 'first-step' | 'full-loop' = 'full-loop') =>
    runCase({
      testCase: evalCaseSchema.parse({ id: 'write', prompt: 'Write the notes', expect }),
      variant: { id: 'v', name: 'v', tools: [writeFile] },
      config: config,
      mode: mode,
    });

  it('reads the workspace the run left: the file write_file wrote, and the starting files', async () => {
    const passed = await ranWith({
      calls: [{ tool: 'write_file', args: {} }],
      files: [
        { file: 'notes/out.json', json: { path: '$.done', equals: true } },
        { file: 'README.md', exists: true },
        { file: 'notes/other.txt', exists: false },
      ],
      trajectory: [{ tool: 'write_file', atMost: 1 }],
    });
    expect(passed).toMatchObject({ pass: true, failures: [] });
    const failed = await ranWith({
      calls: [{ tool: 'write_file', args: {} }],
      files: [{ file: 'notes/out.json', contains: '"done": false' }],
      trajectory: [{ tool: 'write_file', never: true }],
    });
    expect(failed.failures).toEqual([
      { kind: 'trajectory', message: 'write_file was called once; expected never.' },
      { kind: 'end-state', message: 'notes/out.json does not contain "\\"done\\": false".' },
    ]);
  });

  it('a first-step run leaves no workspace to check, and says so', async () => {
    const first = await ranWith(
      { calls: [{ tool: 'write_file', args: {} }], files: [{ file: 'x', exists: false }] },
      'first-step',
    );
    expect(first.failures).toEqual([
      { kind: 'end-state', message: 'The workspace checks need a full-loop run (this one ran the first step only).' },
    ]);
  });
});

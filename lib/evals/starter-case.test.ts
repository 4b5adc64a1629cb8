import { describe, expect, it } from 'vitest';
import { createRouteFetch } from '@/testing/run-conversation';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createInitialSession } from '../session/initial-session';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { runEvalCase } from './run-eval-case';
import { STARTER_PROMPT, starterCase } from './starter-case';

const defaults = createInitialSession().tools;
const offered = CORE_TOOL_DEFINITIONS.filter((definition) =>
  defaults.some((tool) => tool.id === `tool-${definition.name}`),
).map(({ name, description }) => ({ name, description }));

const runCase = (prompt: string) =>
  runEvalCase({
    job: { caseId: 'case-1', variantId: 'current', configId: 'current', repeat: 0 },
    testCase: starterCase(prompt, offered, new Set()),
    variant: { id: 'current', name: 'Current tools', tools: defaults },
    config: { id: 'current', name: 'Current settings', settings: {} },
    mode: 'full-loop',
    baseSettings: DEFAULT_RUN_SETTINGS,
    deps: {
      checker: createSchemaChecker(),
      fetch: createRouteFetch(),
      createSandbox: (files?: Record<string, string>) => createOfflineSandbox(files ?? EXAMPLE_FILES),
    },
    signal: new AbortController().signal,
  });

describe('the starter test case', () => {
  it('passes as it comes on the default tools with the simulated model', async () => {
    expect(starterCase('', offered, new Set())).toMatchObject({
      id: 'case-1',
      prompt: STARTER_PROMPT,
      expect: { calls: [{ tool: 'list_files', args: {} }] },
    });
    expect(await runCase('')).toMatchObject({ pass: true, failures: [] });
  });

  it('expects the tools the message being written is about, and passes on it too', async () => {
    const prompt = 'list the files and show me README.md';
    expect(starterCase(prompt, offered, new Set()).expect.calls.map((call) => call.tool)).toEqual([
      'list_files',
      'read_file',
    ]);
    expect(await runCase(prompt)).toMatchObject({ pass: true });
  });

  it('takes the next free id, and the first tool when no tool stands out', () => {
    const made = starterCase('hello there', [{ name: 'zeta' }, { name: 'alpha' }], new Set(['case-1', 'case-2']));
    expect(made).toMatchObject({ id: 'case-3', expect: { calls: [{ tool: 'zeta', args: {} }] } });
  });
});

import type { UIMessage } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch, runConversation } from '@/testing/run-conversation';
import { textOf } from '../messages/split-steps';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { EXAMPLE_FILES } from '../shapes/example-files';
import type { RunSettings } from '../shapes/run-settings';
import { toolDefinitionOf } from '../shapes/tool-formats';
import type { ToolSpec } from '../shapes/tool-spec';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { requestToolSpecs } from '../tools/request-tool-specs';
import { countToolTokens } from '../tools/token-xray';
import { describeExpectation, expectedSteps, runStepCase, type StepCase, toolToImprove } from './improve-cases';
import { askProposer } from './ask-proposer';
import { improveDescription } from './improve-description';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const checker = createSchemaChecker();
const TOOL = {
  name: 'weather_lookup',
  description: 'Looks things up.',
  parameters: { type: 'object', properties: {} },
};
const WANTED = { calls: [{ tool: 'weather_lookup', args: {} }], order: 'any' as const, parallel: 'allowed' as const };
const CITIES = ['Lyon', 'Oslo', 'Lima', 'Kyoto', 'Cairo', 'Quito', 'Perth', 'Dakar', 'Hanoi', 'Turin'];
const settingsOf = (): Partial<RunSettings> => ({
  provider: 'openai-compatible',
  model: 'fake-follows',
  baseURL: `${fake.url}/openai/v1`,
});

/** One conversation with the model that follows descriptions, its first step expected to call the tool. */
async function expectedConversation(prompt: string) {
  const { store } = await runConversation(prompt, {
    configure: (session) => {
      session.setState({ tools: [] });
      session.getState().addTools([{ definition: TOOL, run: { kind: 'mock', result: '{"rain": true}' } }]);
      session.getState().updateSettings(settingsOf());
    },
  });
  const assistant = store.getState().messages.find((message) => message.role === 'assistant') as UIMessage;
  store.getState().setStepExpectation(`${assistant.id}:step-1`, WANTED);
  return store.getState();
}

/** The steps of a conversation to measure on, with the tools as they are now (or as `change` makes them). */
async function expectedStep(prompt: string, change = (tools: ToolSpec[]) => tools) {
  const state = await expectedConversation(prompt);
  return expectedSteps({
    messages: state.messages,
    stepSamples: state.stepSamples,
    tools: change(requestToolSpecs(checkToolDrafts(state.tools, checker).runnable)),
    settings: state.settings,
    sentValues: state.sentValues,
  });
}

const deps = () => ({ checker, fetch: createRouteFetch(), createSandbox: () => createOfflineSandbox(EXAMPLE_FILES) });

describe('Improve description on the steps someone expects something of', () => {
  it('reads what to improve and what is expected in words', () => {
    expect(describeExpectation(WANTED)).toBe('weather_lookup called');
    expect(describeExpectation({ ...WANTED, calls: [], noTool: true })).toBe('no tool called');
    expect(toolToImprove(WANTED, [])).toBe('weather_lookup');
    // Expected no tool: the description that drew the failing samples most.
    const call = (toolName: string) => ({ toolName, input: {} });
    expect(
      toolToImprove({ ...WANTED, calls: [], noTool: true }, [
        { calls: [call('search')] },
        { calls: [call('delete_file'), call('search')] },
      ]),
    ).toBe('search');
  });

  it('makes each expected step again as it was sent, and leaves out one whose tools changed since, saying why', async () => {
    const made = await expectedStep('Is there rain forecast in Lyon?');
    expect(made.notes).toEqual([]);
    expect(made.steps).toHaveLength(1);
    expect(made.steps[0]).toMatchObject({ kind: 'step', expect: WANTED });
    expect(made.steps[0].request.tools.map((tool) => tool.name)).toEqual(['weather_lookup']);
    const changed = await expectedStep('Is there rain forecast in Oslo?', (tools) =>
      tools.map((tool) => ({ ...tool, description: 'Changed since.' })),
    );
    expect(changed.steps).toEqual([]);
    expect(changed.notes).toHaveLength(1);
    expect(changed.notes[0]).toMatch(
      /^A step you expect something of is left out: This step's request can no longer be made again/,
    );
  }, 60_000);

  it('proposes from the proposal side, measures on held-out steps through the chat route, and accepts the rewrite that helps', async () => {
    const steps: StepCase[] = [];
    for (const [index, city] of CITIES.entries()) {
      steps.push(...(await expectedStep(`Is there rain forecast in ${city}?`)).steps);
      steps.push(...(await expectedStep(`What is the weather like in ${city}, is it windy (${index})?`)).steps);
    }
    expect(steps).toHaveLength(20);
    const tool: ToolSpec = { name: TOOL.name, description: TOOL.description, inputSchema: TOOL.parameters };
    const prompts: string[] = [];
    const before = fake.requests.length;
    const improvement = await improveDescription({
      tool,
      cases: steps,
      keyOf: (step) => step.key,
      describe: (step) => ({
        prompt: textOf(step.request.messages.at(-1)?.parts as UIMessage['parts']),
        expected: describeExpectation(step.expect),
      }),
      options: { seed: 59, count: 3, repeats: 10, parameters: false, bound: { maxExtraTokens: 100 } },
      deps: {
        runCase: (spec, step, repeat, signal) => runStepCase(spec, step, repeat, deps(), signal),
        ask: (system, prompt, proposer, signal) => {
          prompts.push(prompt);
          const settings = { ...DEFAULT_RUN_SETTINGS, ...settingsOf() } as RunSettings;
          return askProposer({ settings, system, prompt, tool: proposer, deps: deps(), signal });
        },
        tokensOf: async (specs) =>
          specs.map((spec) => countToolTokens(toolDefinitionOf(spec), countTokens, false).tool),
        compatOf: () => ({}),
      },
      signal: new AbortController().signal,
    });
    expect(improvement.problem).toBeUndefined();
    expect([...improvement.proposalKeys, ...improvement.heldOutKeys].sort()).toEqual(
      steps.map((step) => step.key).sort(),
    );
    // The proposer never read a held-out step's prompt.
    for (const key of improvement.heldOutKeys) {
      const held = steps.find((step) => step.key === key) as StepCase;
      expect(prompts[0]).not.toContain(textOf(held.request.messages.at(-1)?.parts as UIMessage['parts']));
    }
    expect(improvement.current?.verdicts.error).toBe(0);
    expect(improvement.rewrites.map((each) => each.judgement.verdict)).toEqual(['better', 'not shown to help']);
    // Every run was one request: proposal side once, the proposer, then (1 + 2 rewrites) × held-out × 10.
    expect(fake.requests.length - before).toBe(
      improvement.proposalKeys.length + 1 + 3 * improvement.heldOutKeys.length * 10,
    );
  }, 180_000);
});

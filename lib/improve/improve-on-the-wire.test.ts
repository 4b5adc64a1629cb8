import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch } from '@/testing/run-conversation';
import { runEvalCase } from '../evals/run-eval-case';
import { askProposer } from './ask-proposer';
import { runVerdict } from '../evals/run-verdict';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { type EvalCase, evalCaseSchema } from '../shapes/eval-case';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { toolDefinitionOf } from '../shapes/tool-formats';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolSpec } from '../shapes/tool-spec';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { countToolTokens } from '../tools/token-xray';
import { improveDescription } from './improve-description';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const CITIES = ['Lyon', 'Oslo', 'Lima', 'Kyoto', 'Cairo', 'Quito', 'Perth', 'Dakar', 'Hanoi', 'Turin'];
const cases: EvalCase[] = CITIES.flatMap((city, index) => [
  evalCaseSchema.parse({
    id: `rain-${index}`,
    prompt: `Is there rain forecast in ${city}?`,
    expect: { calls: [{ tool: 'weather_lookup' }] },
  }),
  evalCaseSchema.parse({
    id: `wind-${index}`,
    prompt: `What is the weather like in ${city}, is it windy?`,
    expect: { calls: [{ tool: 'weather_lookup' }] },
  }),
]);
const tool: ToolSpec = {
  name: 'weather_lookup',
  description: 'Looks things up.',
  inputSchema: { type: 'object', properties: {} },
};
const draftOf = (spec: ToolSpec) => ({
  id: 'tool-weather',
  source: formatToolSource({ name: spec.name, description: spec.description, parameters: spec.inputSchema }),
  enabled: true,
  run: { kind: 'mock' as const, result: '{"rain": true}' },
});
const settings = () => ({
  ...DEFAULT_RUN_SETTINGS,
  provider: 'openai-compatible' as const,
  model: 'fake-follows',
  baseURL: `${fake.url}/openai/v1`,
});
const deps = () => ({
  checker: createSchemaChecker(),
  fetch: createRouteFetch(),
  createSandbox: () => createOfflineSandbox(EXAMPLE_FILES),
});
const tokens = (spec: ToolSpec) => countToolTokens(toolDefinitionOf(spec), countTokens, false).tool;

/** One case once, with the tool as given, through the chat route and the real provider package to the fake. */
const runOnce = async (spec: ToolSpec, testCase: EvalCase, repeat: number, signal: AbortSignal) => {
  const run = await runEvalCase({
    job: { caseId: testCase.id, variantId: 'v', configId: 'c', repeat },
    testCase,
    variant: { id: 'v', name: 'v', tools: [draftOf(spec)] },
    config: { id: 'c', name: 'fake-follows', settings: settings() },
    mode: 'first-step',
    baseSettings: settings(),
    deps: deps(),
    signal,
  });
  return { verdict: runVerdict(run), why: run.failures.map((failure) => failure.message).join(' ') };
};

describe('Improve description through the chat route, with a model that follows descriptions with set probabilities', () => {
  it('proposes from the proposal side only, measures on the held-out side, accepts the rewrite that helps and not the one that does not', async () => {
    const prompts: string[] = [];
    const answers: string[] = [];
    const options = { seed: 59, count: 3, repeats: 10, parameters: false, bound: { maxExtraTokens: 100 } };
    const improvement = await improveDescription({
      tool,
      cases,
      keyOf: (each) => each.id,
      describe: (each) => ({ prompt: each.prompt, expected: 'weather_lookup called' }),
      options,
      deps: {
        runCase: runOnce,
        ask: async (system, prompt, proposer, signal) => {
          prompts.push(prompt);
          // Asked as the page asks it: the proposer's tool offered and chosen.
          const answer = await askProposer({
            settings: settings(),
            system,
            prompt,
            tool: proposer,
            deps: deps(),
            signal,
          });
          answers.push(answer);
          return answer;
        },
        tokensOf: async (tools) => tools.map(tokens),
        compatOf: () => ({}),
      },
      signal: new AbortController().signal,
    });
    expect(improvement.problem).toBeUndefined();
    // The proposer answered with a call to its tool: the rewrites are its arguments.
    expect(JSON.parse(answers[0])).toMatchObject({ rewrites: [{ description: expect.any(String) }, {}] });
    const sent = fake.requests.find((request) => JSON.stringify(request.body).includes('You improve the descriptions'));
    expect(sent?.body).toMatchObject({
      tools: [{ function: { name: 'propose_rewrites' } }],
      tool_choice: { type: 'function', function: { name: 'propose_rewrites' } },
    });
    expect(improvement.failures).toBeGreaterThan(0);
    // The proposer saw no held-out case; every case is on one side.
    expect([...improvement.proposalKeys, ...improvement.heldOutKeys].sort()).toEqual(
      cases.map((each) => each.id).sort(),
    );
    for (const key of improvement.heldOutKeys)
      expect(prompts[0]).not.toContain(cases.find((each) => each.id === key)?.prompt);
    expect(improvement.current?.verdicts.error).toBe(0);
    expect(improvement.rewrites.map((each) => each.judgement.verdict)).toEqual(['better', 'not shown to help']);
    expect(improvement.rewrites[0].judgement.difference).toBeGreaterThan(0.15);
    expect(improvement.rewrites[0].tokens.after).toBeGreaterThan(improvement.rewrites[0].tokens.before);
  }, 120_000);
});

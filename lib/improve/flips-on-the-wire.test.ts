import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch } from '@/testing/run-conversation';
import { runEvalCase } from '../evals/run-eval-case';
import { runVerdict } from '../evals/run-verdict';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { type EvalCase, evalCaseSchema } from '../shapes/eval-case';
import type { EvalConfig, EvalRun, EvalVariant } from '../shapes/eval-run';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { formatToolSource } from '../shapes/tool-source';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { type FlipInputs, findFlips, flipKind, predictFlips, withToolsAsNow } from './flips';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const WORDS = [
  'Lyon',
  'Oslo',
  'Lima',
  'Kyoto',
  'Cairo',
  'Quito',
  'Perth',
  'Dakar',
  'Hanoi',
  'Turin',
  'Bern',
  'Riga',
  'Accra',
];
/** 26 cases, each run twice: 52 recorded runs. */
const cases: EvalCase[] = WORDS.flatMap((city, index) => [
  evalCaseSchema.parse({
    id: `a-${index}`,
    prompt: `Weather in ${city}?`,
    expect: { calls: [{ tool: 'weather_lookup' }] },
  }),
  evalCaseSchema.parse({
    id: `b-${index}`,
    prompt: `Any news from ${city}?`,
    expect: { calls: [{ tool: 'news_search' }] },
  }),
]);
const tool = (name: string, description: string, properties: Record<string, object> = {}) => ({
  id: `tool-${name}`,
  source: formatToolSource({ name, description, parameters: { type: 'object', properties } }),
  enabled: true,
  run: { kind: 'mock' as const, result: '{"ok": true}' },
});
const variant: EvalVariant = {
  id: 'v',
  name: 'as written',
  tools: [tool('weather_lookup', 'Current weather.', { city: { type: 'string' } }), tool('news_search', 'News.')],
};
const config: EvalConfig = {
  id: 'c',
  name: 'fake-script',
  settings: { provider: 'openai-compatible', model: 'fake-script', baseURL: '' },
};
const inputs = (): FlipInputs => ({
  runs: recorded,
  cases,
  variants: [variant],
  configs: [{ ...config, settings: { ...config.settings, baseURL: `${fake.url}/openai/v1` } }],
  mode: 'first-step',
  baseSettings: DEFAULT_RUN_SETTINGS,
  deps: {
    checker: createSchemaChecker(),
    fetch: createRouteFetch(),
    createSandbox: () => createOfflineSandbox(EXAMPLE_FILES),
    onSentValues: (values) => Object.assign(kept, values),
  },
});
/** What the runs' requests were made of, by fingerprint, as the page's session keeps them. */
const kept: Record<string, unknown> = {};
let recorded: EvalRun[] = [];
const signal = new AbortController().signal;
const runFresh = (testCase: EvalCase, tools: EvalVariant['tools'], repeat: number) =>
  runEvalCase({
    job: { caseId: testCase.id, variantId: 'v', configId: 'c', repeat },
    testCase,
    variant: { ...variant, tools },
    config: inputs().configs[0],
    mode: 'first-step',
    baseSettings: DEFAULT_RUN_SETTINGS,
    deps: inputs().deps,
    signal,
  });

describe('Which runs does this change flip? Recorded eval runs replayed through the chat route', () => {
  beforeAll(async () => {
    recorded = [];
    for (const repeat of [0, 1])
      for (const testCase of cases) recorded.push(await runFresh(testCase, variant.tools, repeat));
    expect(recorded).toHaveLength(52);
  }, 120_000);

  it('with no change, every run is answered from its recording: no provider request, every row the same', async () => {
    const before = fake.requests.length;
    expect(await predictFlips(inputs(), {}, signal)).toMatchObject({ runs: 52, goLive: 0, liveRequests: 0 });
    const rows = await findFlips(inputs(), {}, signal);
    expect(fake.requests.length).toBe(before);
    expect(rows.map((row) => row.kind).filter((kind) => kind !== 'same' && kind !== 'not graded')).toEqual([]);
    expect(rows.every((row) => row.live === 0 && row.served === 1)).toBe(true);
  }, 120_000);

  it('with one edit, the requests sent are the ones predicted before starting, and each verdict is the one a fresh run gives', async () => {
    // Renaming the second tool changes what the scripted model answers (it decides from the prompt and the tools' names).
    const changed = [variant.tools[0], tool('news_lookup', 'News.')];
    const predicted = await predictFlips(inputs(), { tools: () => changed }, signal);
    expect(predicted).toMatchObject({ runs: 52, goLive: 52, exact: true, cost: { dollars: 0, unpriced: 52 } });
    const before = fake.requests.length;
    const rows = await findFlips(inputs(), { tools: () => changed }, signal);
    expect(fake.requests.length - before).toBe(predicted.liveRequests);
    // The flip table against the grid run again on the same cases with the change (seeded: the scripted model).
    let agree = 0;
    for (const row of rows) {
      const testCase = cases.find((each) => each.id === row.run.caseId) as EvalCase;
      if (runVerdict(await runFresh(testCase, changed, row.run.repeat)) === row.after) agree += 1;
    }
    expect(agree / rows.length).toBeGreaterThanOrEqual(0.99);
    // The rename breaks every news case that passed (the expected tool is gone) and leaves the weather ones' verdicts.
    expect(rows.some((row) => row.kind === 'broke')).toBe(true);
    // Where each run first differed, and what: the first request, a tool gone and one added.
    expect(rows.every((row) => row.divergedAt === 0)).toBe(true);
    expect(rows[0].why).toEqual([
      'the tool `news_search` is no longer offered (removed or turned off)',
      'the tool `news_lookup` was added',
    ]);
    // And where in the request: the tool added at its place, the one gone by name.
    expect(rows[0].paths).toEqual(['tools[1]', 'tools (news_search is gone)']);
    expect(rows.filter((row) => row.run.caseId.startsWith('b-') && row.after === 'passed')).toEqual([]);
  }, 240_000);

  it('names the JSON path inside a changed tool, and each setting the change sets', async () => {
    const few = { ...inputs(), runs: recorded.slice(0, 4) };
    const described = [
      tool('weather_lookup', 'Current weather, any city.', { city: { type: 'string', description: 'A city.' } }),
      variant.tools[1],
    ];
    const rows = await findFlips(few, { tools: () => described }, signal);
    expect(rows.map((row) => row.paths)).toEqual(
      Array(4).fill(['tools[0].description', 'tools[0].inputSchema.properties.city.description']),
    );
    expect(rows[0].why).toEqual(['the tool `weather_lookup` was changed']);
    // Before anything is sent, what going live costs: the recorded runs' tokens at the asked model's list price.
    const priced = await predictFlips(few, { settings: { model: 'gpt-4.1-nano' } }, signal);
    const tokens = few.runs.reduce((sum, run) => sum + run.inputTokens * 0.1 + run.outputTokens * 0.4, 0);
    expect(few.runs.every((run) => run.inputTokens > 0)).toBe(true);
    expect(priced.cost).toEqual({ dollars: tokens / 1_000_000, unpriced: 0 });
    const hotter = await findFlips(few, { settings: { temperature: 0.5 } }, signal);
    expect(hotter.map((row) => row.paths)).toEqual(Array(4).fill(['settings.temperature']));
    // With what the session kept of the recorded requests, the paths are read from the two requests themselves.
    expect(Object.keys(kept).length).toBeGreaterThan(0);
    const exact = await findFlips({ ...few, sentValues: kept }, { tools: () => described }, signal);
    expect(exact.map((row) => row.paths)).toEqual(
      Array(4).fill(['tools[0].description', 'tools[0].inputSchema.properties.city.description']),
    );
    const renamed = await findFlips({ ...few, sentValues: kept }, { settings: { topP: 0.5 } }, signal);
    expect(renamed.map((row) => row.paths)).toEqual(Array(4).fill(['settings.topP']));
  }, 120_000);

  it("the tools as they are now: each tool of a variant replaced by the session's tool of the same name where it differs", () => {
    const now = withToolsAsNow([
      tool('weather_lookup', 'Weather, now and forecast.', { city: { type: 'string' } }),
      tool('unrelated', 'x'),
    ]);
    expect(now.changedIn(variant)).toEqual(['weather_lookup']);
    const tools = now.tools(variant);
    expect(tools[0].source).toContain('Weather, now and forecast.');
    expect(tools[1]).toBe(variant.tools[1]);
  });

  it('names each kind of flip', () => {
    expect(flipKind('failed', 'passed', true)).toBe('fixed');
    expect(flipKind('passed', 'failed', true)).toBe('broke');
    expect(flipKind('passed', 'passed', false)).toBe('same');
    expect(flipKind('failed', 'failed', true)).toBe('diverged, same verdict');
    expect(flipKind('error', 'passed', true)).toBe('not graded');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { createRouteFetch } from '../../../testing/run-conversation';
import { DEFAULT_RUN_SETTINGS } from '../../shapes/default-run-settings';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { probeCompat } from './probe-compat';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const WEATHER = {
  name: 'get_weather',
  description: 'Weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
const TIME = { name: 'get_time', description: 'Time', inputSchema: { type: 'object', properties: {} } };
const deps = (env: Record<string, string>) => ({
  fetch: createRouteFetch(env),
  headers: {},
  checker: createSchemaChecker(),
});
const OPENAI = { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123' };

describe('Probe with my key', () => {
  it('sends each tool alone, strict where the target is, asked for by name, and keeps what the provider answered', async () => {
    const before = fake.requests.length;
    const { probes, refused } = await probeCompat({
      specs: [WEATHER, TIME],
      target: 'openai-chat-strict',
      session: { ...DEFAULT_RUN_SETTINGS, provider: 'openai', model: 'fake-tools' },
      deps: deps({ ...OPENAI, OPENAI_BASE_URL: `${fake.url}/openai/v1` }),
      now: () => '2026-11-27T03:00:00Z',
    });
    expect(refused).toBeUndefined();
    expect(probes.map((probe) => [probe.tool, probe.status, probe.at])).toEqual([
      ['get_weather', 200, '2026-11-27T03:00:00Z'],
      ['get_time', 200, '2026-11-27T03:00:00Z'],
    ]);
    const sent = fake.requests.slice(before).map((request) => JSON.parse(request.raw));
    expect(sent.map((body) => [body.tools.length, body.tools[0].function.strict, body.tool_choice])).toEqual([
      [1, true, { type: 'function', function: { name: 'get_weather' } }],
      [1, true, { type: 'function', function: { name: 'get_time' } }],
    ]);
  });

  it("keeps a provider's refusal as the cell's reason, with its status", async () => {
    const { probes } = await probeCompat({
      specs: [WEATHER],
      target: 'anthropic-strict',
      session: { ...DEFAULT_RUN_SETTINGS, provider: 'anthropic', model: 'fake-400' },
      deps: deps({ ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef', ANTHROPIC_BASE_URL: `${fake.url}/anthropic/v1` }),
    });
    expect(probes).toEqual([
      expect.objectContaining({
        tool: 'get_weather',
        target: 'anthropic-strict',
        status: 400,
        message: expect.stringContaining('fake failure 400'),
      }),
    ]);
  });

  it('sends nothing more when the route refuses the first (no key), and says why; the legacy Gemini field cannot be probed', async () => {
    const before = fake.requests.length;
    const result = await probeCompat({
      specs: [WEATHER, TIME],
      target: 'openai-chat',
      session: DEFAULT_RUN_SETTINGS,
      deps: deps({}),
    });
    expect(result.probes).toEqual([]);
    expect(result.refused).toMatch(/key/i);
    expect(fake.requests.length).toBe(before);
    expect(
      (await probeCompat({ specs: [WEATHER], target: 'gemini-legacy', session: DEFAULT_RUN_SETTINGS, deps: deps({}) }))
        .refused,
    ).toBe('Gemini (legacy parameters) is sent by no provider package: it cannot be probed.');
  });
});

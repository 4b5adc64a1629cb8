import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { SessionStore } from '../session/session-state';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

/** A tool OpenAI's strict mode takes as written: every property required, no others. */
const CLEAN = {
  name: 'get_time',
  description: 'The current time in a time zone.',
  parameters: {
    type: 'object',
    properties: { zone: { type: 'string' } },
    required: ['zone'],
    additionalProperties: false,
  },
};

const run = (model: string, mode: 'native' | 'structured', configure: (store: SessionStore) => void = () => {}) =>
  runConversation('what time is it in Oslo?', {
    env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef', OPENAI_BASE_URL: `${fake.url}/openai/v1` },
    configure: (store) => {
      store
        .getState()
        .updateSettings({ provider: 'openai', openaiApi: 'chat', model, mode, baseURL: `${fake.url}/openai/v1` });
      store.getState().addTools([{ definition: CLEAN, run: { kind: 'mock', result: '"12:00"' } }]);
      configure(store);
    },
  });

type Body = {
  tools?: { function: { name: string; strict?: boolean } }[];
  response_format?: { json_schema: { strict?: boolean; schema: Record<string, unknown> } };
};

describe('OpenAI strict where the schema allows it (seed 004, 000 strict validation)', () => {
  it('native: a strict-clean tool is sent strict; one with optional properties is sent as written', async () => {
    const before = fake.requests.length;
    await run('fake-tools', 'native');
    const body = fake.requests[before].body as Body;
    const strictOf = (name: string) => body.tools?.find((tool) => tool.function.name === name)?.function.strict;
    expect(strictOf('get_time')).toBe(true);
    // list_files has optional properties: strict would change its meaning, so it goes without.
    expect(strictOf('list_files')).not.toBe(true);
  });

  it('structured: with only strict-clean tools the decision schema is strict too', async () => {
    const before = fake.requests.length;
    await run('fake-json', 'structured', (store) => {
      for (const tool of store.getState().tools)
        if (!tool.source.includes('get_time')) store.getState().setToolEnabled(tool.id, false);
    });
    const format = (fake.requests[before].body as Body).response_format?.json_schema;
    expect(format?.strict).toBe(true);
    expect(format?.schema).toMatchObject({ type: 'object', required: ['decision'], additionalProperties: false });
    const branches = (format!.schema.properties as { decision: { anyOf: Record<string, unknown>[] } }).decision.anyOf;
    expect(branches[0]).toMatchObject({ required: ['scratchpad', 'tool', 'arguments'], additionalProperties: false });

    const mixed = fake.requests.length;
    await run('fake-json', 'structured');
    expect((fake.requests[mixed].body as Body).response_format?.json_schema.strict).toBe(false);
  });
});

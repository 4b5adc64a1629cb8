import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '@/testing/fake-provider/start-fake-provider';
import { createRouteFetch, runConversation, settle } from '@/testing/run-conversation';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import type { SessionStore } from '../session/session-state';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { type BranchFlipInputs, type BranchRun, findBranchFlips, predictBranchFlips } from './branch-flips';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const tool = (name: string, description: string): ToolDraft => ({
  id: `tool-${name}`,
  source: formatToolSource({
    name,
    description,
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  }),
  enabled: true,
  run: { kind: 'mock', result: '{"rain": true}' },
});
const TOOLS = [tool('weather_lookup', 'Current weather.')];
let store: SessionStore;
let branches: BranchRun[] = [];
const signal = new AbortController().signal;

/** The session's branches replayed with `tools` (the settings as the conversations were sent). */
const inputs = (tools: ToolDraft[]): BranchFlipInputs => {
  const state = store.getState();
  return {
    branches,
    tools,
    settings: state.settings,
    sentValues: state.sentValues,
    outcomes: state.outcomes,
    deps: {
      checker: createSchemaChecker(),
      fetch: createRouteFetch(),
      createSandbox: () => createOfflineSandbox(EXAMPLE_FILES),
    },
  };
};

describe('Which runs does this change flip? over conversations (branches, a lesson, an imported trace)', () => {
  beforeAll(async () => {
    const first = await runConversation('Weather in Lyon?', {
      configure: (session) => {
        session.setState({ tools: TOOLS });
        session
          .getState()
          .updateSettings({ provider: 'openai-compatible', model: 'fake-script', baseURL: `${fake.url}/openai/v1` });
      },
    });
    store = first.store;
    await first.chat.sendMessage({ text: 'And in Oslo?' });
    await settle(store);
    const state = store.getState();
    branches = [{ id: state.activeBranch.id, label: state.activeBranch.label, messages: state.messages }];
    // A second branch: the first question asked otherwise.
    store.getState().startBranch([]);
    await first.chat.sendMessage({ text: 'Weather in Kyoto today?' });
    await settle(store);
    const second = store.getState();
    branches.push({ id: second.activeBranch.id, label: second.activeBranch.label, messages: second.messages });
    expect(branches[0].messages.filter((message) => message.role === 'user')).toHaveLength(2);
  }, 60_000);

  it('unchanged: every request and call is answered from the recording, nothing is sent, each is the same', async () => {
    const before = fake.requests.length;
    expect(await predictBranchFlips(inputs(TOOLS), signal)).toMatchObject({ runs: 2, goLive: 0 });
    const rows = await findBranchFlips(inputs(TOOLS), signal);
    expect(fake.requests.length).toBe(before);
    expect(rows.map((row) => row.kind)).toEqual(['same', 'same']);
    expect(rows[0].after).toEqual(rows[0].before);
    expect(rows[0].before.length).toBeGreaterThan(0);
  }, 60_000);

  it('a description edited: each goes live where it first differs, says where (a JSON path), and makes the same calls', async () => {
    const edited = [tool('weather_lookup', 'Current weather and the forecast.')];
    const predicted = await predictBranchFlips(inputs(edited), signal);
    expect(predicted).toMatchObject({ runs: 2, goLive: 2, cost: { unpriced: 2 } });
    const before = fake.requests.length;
    const rows = await findBranchFlips(inputs(edited), signal);
    expect(fake.requests.length - before).toBe(rows.reduce((sum, row) => sum + row.live, 0));
    expect(rows.every((row) => row.live >= 1)).toBe(true);
    expect(rows.map((row) => row.kind)).toEqual(['diverged, same calls', 'diverged, same calls']);
    expect(rows[0]).toMatchObject({
      divergedAt: 0,
      why: ['the tool `weather_lookup` was changed'],
      paths: ['tools[0].description'],
    });
  }, 60_000);

  it('a tool renamed: the model calls otherwise, and the row says which calls', async () => {
    const rows = await findBranchFlips(inputs([tool('forecast', 'Current weather.')]), signal);
    expect(rows.map((row) => row.kind)).toEqual(['other calls', 'other calls']);
    expect(rows[0].before[0]).toMatch(/^weather_lookup\(/);
    expect(rows[0].after.join(' ')).not.toContain('weather_lookup(');
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { SessionStore } from '../session/session-state';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import type { OnDivergence } from '../shapes/replay';
import type { ToolOutcome } from '../shapes/tool-outcome';
import type { ReplayRecord } from '../shapes/replay';
import { divergedRequests } from './diverged-requests';
import { replayAgainstModel } from './replay-against-model';

/** The Inspector's diff at the replay's `Diverged here`: the recorded step's request against the replay's. */
const requestDiff = (store: SessionStore, record: ReplayRecord) => {
  const state = store.getState();
  const original = state.branches.find((branch) => branch.id === record.originalBranchId)?.messages ?? [];
  return divergedRequests({ original, replay: state.messages, record, sentValues: state.sentValues });
};

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

/** A run with the loopback provider (list_files, read_file, then an answer), then `edit`, then its replay. */
async function recordThenReplay(
  edit: (store: SessionStore) => void,
  onDivergence: OnDivergence = 'go-live',
  perturb?: Parameters<typeof replayAgainstModel>[0]['perturb'],
) {
  const { store, options } = await recordReplayableRun('list the files', (session) => {
    const state = session.getState();
    state.addTools(
      CORE_TOOL_DEFINITIONS.filter(
        (definition) => !state.tools.some((tool) => tool.id === `tool-${definition.name}`),
      ).map((definition) => ({ definition, run: { kind: 'sandbox' as const } })),
    );
    state.updateSettings({
      provider: 'openai-compatible',
      model: 'fake-tools',
      baseURL: `${fake.url}/compat/v1`,
      mode: 'native',
      system: 'Line one.\nLine two.',
    });
  });
  const recordedRequests = fake.requests.length;
  edit(store);
  const result = await replayAgainstModel({
    ...options,
    fromMessageId: store.getState().messages[0].id,
    onDivergence,
    perturb,
  });
  if (!result.ok) throw new Error(result.message);
  return { record: result.record, live: fake.requests.length - recordedRequests, store };
}

const toolIndex = (name: string) => CORE_TOOL_DEFINITIONS.findIndex((definition) => definition.name === name);

/** Changes the source of the tool `name` with `change` (its definition as JSON). */
const editTool = (name: string, change: (definition: Record<string, any>) => void) => (store: SessionStore) => {
  const tool = store.getState().tools.find((each) => each.source.includes(`"name": "${name}"`));
  if (!tool) throw new Error(name);
  const definition = JSON.parse(tool.source);
  change(definition);
  store.getState().updateToolSource(tool.id, JSON.stringify(definition, null, 2));
};

/** A call's result edited in the replay (its n-th recorded call): the next request carries the edit. */
const editResult = (call: number) => ({
  call,
  change: (outcome: ToolOutcome): ToolOutcome =>
    outcome.kind === 'ok'
      ? {
          kind: 'ok',
          output: {
            ...(outcome.output as object),
            output: `${(outcome.output as { output: string }).output} (edited)`,
          },
        }
      : outcome,
});
const unchanged = () => {};

type Edit = [
  name: string,
  edit: (store: SessionStore) => void,
  path: string,
  live: number,
  perturb?: ReturnType<typeof editResult>,
];
const names = ['bash', 'read_file', 'write_file', 'edit_file', 'search', 'list_files', 'think', 'submit'];
const EDITS: Edit[] = [
  ...names.map(
    (name): Edit => [
      `${name}'s description`,
      editTool(name, (definition) => {
        definition.description = `${definition.description} Edited.`;
      }),
      `tools[${toolIndex(name)}].description`,
      2,
    ],
  ),
  [
    'an enum value of read_file',
    editTool('read_file', (d) => void (d.parameters.properties.encoding.enum[1] = 'ascii-7')),
    `tools[${toolIndex('read_file')}].inputSchema.properties.encoding.enum[1]`,
    2,
  ],
  [
    'an enum value of write_file',
    editTool('write_file', (d) => void (d.parameters.properties.mode.enum[0] = 'replace')),
    `tools[${toolIndex('write_file')}].inputSchema.properties.mode.enum[0]`,
    2,
  ],
  [
    'an enum value of edit_file',
    editTool('edit_file', (d) => void (d.parameters.properties.occurrence.enum[2] = 'every')),
    `tools[${toolIndex('edit_file')}].inputSchema.properties.occurrence.enum[2]`,
    2,
  ],
  [
    'an enum value of search',
    editTool('search', (d) => void (d.parameters.properties.type.enum[0] = 're')),
    `tools[${toolIndex('search')}].inputSchema.properties.type.enum[0]`,
    2,
  ],
  [
    'a system prompt line',
    (store) => store.getState().updateSettings({ system: 'Line one.\nLine 2.' }),
    'settings.system',
    2,
  ],
  [
    'a new system prompt line',
    (store) => store.getState().updateSettings({ system: 'Line one.\nLine two.\nLine three.' }),
    'settings.system',
    2,
  ],
  ['the temperature', (store) => store.getState().updateSettings({ temperature: 0.5 }), 'settings.temperature', 2],
  [
    'the output token limit',
    (store) => store.getState().updateSettings({ maxOutputTokens: 1_000 }),
    'settings.maxOutputTokens',
    2,
  ],
  ['the step limit', (store) => store.getState().updateSettings({ maxSteps: 7 }), 'settings.maxSteps', 2],
  ['the tool choice', (store) => store.getState().updateSettings({ toolChoice: 'required' }), 'settings.toolChoice', 2],
  ["list_files's result", unchanged, 'messages[1].parts[2].output.output', 1, editResult(0)],
  ["read_file's result", unchanged, 'messages[1].parts[3].output.output', 1, editResult(1)],
];

describe('Replay against the model', () => {
  it('replays an unchanged run with no provider request', async () => {
    const { record, live, store } = await recordThenReplay(() => {});
    expect(live).toBe(0);
    expect(record).toMatchObject({ served: 2, live: 0, callsServed: 2, ended: true });
    expect(record.diverged).toBeUndefined();
    expect(store.getState().branches).toHaveLength(1);
    expect(store.getState().replays[store.getState().activeBranch.id]).toEqual(record);
  });

  it.each(EDITS)(
    'one edit — %s: the predicted live requests, the divergence naming the edited path',
    async (_name, edit, path, predicted, perturb) => {
      const { record, live, store } = await recordThenReplay(edit, 'go-live', perturb);
      expect(live).toBe(predicted);
      expect(record.diverged?.at).toBe(2 - predicted);
      expect(record.diverged?.paths).toEqual([path]);
      // The Inspector's diff of the two requests: at that path, the recorded value and the replay's.
      const rows = requestDiff(store, record);
      expect(rows.map((row) => row.path)).toEqual([path]);
      expect(rows[0].recorded).not.toEqual(rows[0].replay);
      if (typeof rows[0].replay === 'string' && rows[0].absent === undefined)
        expect(rows[0].replay).toMatch(/Edited\.|ascii-7|replace|every|\bre\b|Line 2|Line three|required|\(edited\)$/);
    },
  );

  it('the diff of the two requests gives the values as each request sent them', async () => {
    const { record, store } = await recordThenReplay(EDITS[1][1]);
    const description = CORE_TOOL_DEFINITIONS[toolIndex('read_file')].description;
    expect(requestDiff(store, record)).toEqual([
      { path: `tools[${toolIndex('read_file')}].description`, recorded: description, replay: `${description} Edited.` },
    ]);
    const temperature = await recordThenReplay((each) => each.getState().updateSettings({ temperature: 0.5 }));
    expect(requestDiff(temperature.store, temperature.record)).toEqual([
      expect.objectContaining({ path: 'settings.temperature', replay: 0.5 }),
    ]);
  });

  it('the diff says which request lacks a path, and is empty when it cannot be made', async () => {
    const added = await recordThenReplay((store) =>
      store.getState().addTools([
        {
          definition: {
            name: 'extra_tool',
            description: 'Added after.',
            parameters: { type: 'object', properties: {} },
          },
          run: { kind: 'mock', result: '{}' },
        },
      ]),
    );
    const rows = requestDiff(added.store, added.record);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ absent: 'recorded', recorded: undefined });
    expect(rows[0].replay).toMatchObject({ name: 'extra_tool' });
    const removed = await recordThenReplay((store) => {
      const last = store
        .getState()
        .tools.filter((tool) => tool.enabled)
        .at(-1);
      if (last) store.getState().setToolEnabled(last.id, false);
    });
    const gone = requestDiff(removed.store, removed.record);
    expect(gone.at(-1)).toMatchObject({ absent: 'replay', replay: undefined });
    // Without what the session kept of each request (its sent values), neither can be made again.
    const state = added.store.getState();
    const original = state.branches.find((branch) => branch.id === added.record.originalBranchId)?.messages ?? [];
    expect(divergedRequests({ original, replay: state.messages, record: added.record, sentValues: {} })).toEqual([]);
    // A replay that never diverged has nothing to compare.
    const same = await recordThenReplay(() => {});
    expect(requestDiff(same.store, same.record)).toEqual([]);
    expect(requestDiff(same.store, { ...same.record, diverged: { at: 0, paths: ['settings.temperature'] } })).toEqual(
      [],
    );
  });

  it('says why not, and sends nothing: not a user message of the branch, a read-only session, a run going on', async () => {
    const { store, options } = await recordReplayableRun('list the files');
    const sent = fake.requests.length;
    const [user, assistant] = store.getState().messages;
    const notThere = { ok: false, message: 'That message is not in the active branch.' };
    expect(await replayAgainstModel({ ...options, fromMessageId: 'nope', onDivergence: 'go-live' })).toEqual(notThere);
    expect(await replayAgainstModel({ ...options, fromMessageId: assistant.id, onDivergence: 'go-live' })).toEqual(
      notThere,
    );
    store.setState({ chatStatus: 'streaming' });
    expect(await replayAgainstModel({ ...options, fromMessageId: user.id, onDivergence: 'go-live' })).toEqual({
      ok: false,
      message: 'Stop the run before replaying it.',
    });
    store.setState({ chatStatus: 'ready', readOnly: true });
    expect(await replayAgainstModel({ ...options, fromMessageId: user.id, onDivergence: 'go-live' })).toEqual({
      ok: false,
      message: 'A shared session is read-only: press “Fork to edit” to make it yours first.',
    });
    expect(store.getState().branches).toHaveLength(0);
    expect(fake.requests.length).toBe(sent);
  });

  it('Stop on divergence never sends a request', async () => {
    for (const [, edit, , , perturb] of [EDITS[0], EDITS.at(-1) as Edit]) {
      const { record, live } = await recordThenReplay(edit, 'stop', perturb);
      expect(live).toBe(0);
      expect(record.diverged).toBeDefined();
      expect(record.live).toBe(0);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteFetch, runConversation } from '../../testing/run-conversation';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { SessionStore } from '../session/session-state';
import {
  createRecordedResults,
  createReplayFetch,
  recordedCalls,
  recordedSteps,
  type ReplayState,
} from './replay-fetch';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const configure = (store: SessionStore) =>
  store.getState().updateSettings({
    provider: 'openai-compatible',
    model: 'fake-tools',
    baseURL: `${fake.url}/compat/v1`,
    mode: 'native',
  });

/** Records a run, then replays it in a session of its own (changed by `edit`) and counts what reached the provider. */
async function replay(onDivergence: ReplayState['onDivergence'], edit: (store: SessionStore) => void = () => {}) {
  const original = await runConversation('list the files', { configure });
  const recorded = fake.requests.length;
  let state: ReplayState = {
    steps: recordedSteps(original.messages, 1),
    calls: recordedCalls(original.messages, 1, original.store.getState().outcomes),
    callsServed: 0,
    callsDiverged: false,
    onDivergence,
    served: 0,
    live: 0,
  };
  const setState = (next: ReplayState) => {
    state = next;
  };
  const before = fake.requests.length;
  const again = await runConversation('list the files', {
    configure: (store) => {
      configure(store);
      edit(store);
    },
    routeFetch: createReplayFetch(createRouteFetch(), () => state, setState),
    recordedResult: createRecordedResults(() => state, setState),
  });
  return { original, recorded, again, state, sent: fake.requests.length - before };
}

describe('Replay against the model', () => {
  it('an unchanged run is answered from the recording: no provider request, the same conversation', async () => {
    const { original, again, state, sent } = await replay('go-live');
    expect(sent).toBe(0);
    expect(state).toMatchObject({ served: 2, live: 0, callsServed: 2, callsDiverged: false });
    expect(state.diverged).toBeUndefined();
    const text = (messages: typeof original.messages) =>
      messages.map((message) => message.parts.map((part) => (part.type === 'text' ? part.text : part.type)).join('|'));
    expect(text(again.messages)).toEqual(text(original.messages));
  });

  it('an edited description diverges at the first request and goes live from there', async () => {
    const { state, sent } = await replay('go-live', (store) => {
      const list = store.getState().tools.find((tool) => tool.source.includes('"list_files"'));
      if (list)
        store.getState().updateToolSource(list.id, list.source.replace('"description": "', '"description": "Edited: '));
    });
    expect(state.diverged).toMatchObject({ at: 0 });
    expect(state.diverged?.recordedStepId).toMatch(/:step-1$/);
    expect(state.live).toBe(2);
    expect(sent).toBe(2);
  });

  it('Stop at the divergence never sends a request', async () => {
    const { state, sent, again } = await replay('stop', (store) =>
      store.getState().updateSettings({ temperature: 0.3 }),
    );
    expect(sent).toBe(0);
    expect(state).toMatchObject({ served: 0, live: 0, diverged: { at: 0 } });
    expect(again.messages.map((message) => message.role)).toEqual(['user']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';

let fake: FakeProvider;
beforeAll(async () => {
  // Slow chunks, so the first call is complete well before the stream ends.
  fake = await startFakeProvider({ chunkDelayMs: 15 });
});
afterAll(() => fake.close());

describe('early execution (seed 002 §8.3)', () => {
  it('a call starts as soon as it has streamed in, before the model has finished the step', async () => {
    const { store } = await runConversation('list the files and show me README.md', {
      configure: (state) =>
        state.getState().updateSettings({
          provider: 'openai-compatible',
          model: 'fake-tools',
          mode: 'native',
          baseURL: `${fake.url}/compat/v1`,
        }),
    });
    const events = store.getState().events;
    const firstStarted = events.findIndex((event) => event.kind === 'ToolCallStarted');
    const firstStepEnded = events.findIndex((event) => event.kind === 'InferenceResponseReceived');
    expect(firstStarted).toBeGreaterThan(-1);
    expect(firstStarted).toBeLessThan(firstStepEnded);
  });
});

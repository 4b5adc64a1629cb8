import { isToolUIPart } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import { describeRunEnd } from '../agent/run-progress';
import { buildTimeline } from '../timeline/build-timeline';
import { extractWireSteps } from '../wire/extract-wire-steps';
import { renderWireStep } from '../wire/render-wire-step';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const run = (model: string) =>
  runConversation('show me README.md', {
    configure: (store) =>
      store
        .getState()
        .updateSettings({ provider: 'openai-compatible', model, mode: 'native', baseURL: `${fake.url}/compat/v1` }),
  });

describe('finish reasons (seed 002 §4.5, §5.1)', () => {
  it('a reply cut at the token limit is not an answer, and the call it was writing does not run', async () => {
    const before = fake.requests.length;
    const { messages, store } = await run('fake-length');
    // One request: the loop did not send the cut call back as if it had been made.
    expect(fake.requests.length - before).toBe(1);
    const [call] = messages[1].parts.filter(isToolUIPart);
    expect(call.state).toBe('output-error');
    expect(store.getState().outcomes[call.toolCallId]).toBeUndefined();
    expect(describeRunEnd(messages, { maxSteps: 5 })).toMatch(/^The reply was cut off at the output token limit/);
    const { nodes } = buildTimeline({ messages });
    const step = nodes.find((node) => node.kind === 'assistant');
    expect(step?.title).toBe('Assistant message · step 1 · cut off at max tokens');
    expect(step?.badges).toContainEqual({ text: 'cut off at max tokens', tone: 'error' });
    expect(nodes.find((node) => node.kind === 'tool-call')?.label).toBe('Tool call read_file (cut off)');
    expect(nodes.find((node) => node.kind === 'tool-result')?.label).toBe('Tool result read_file: cut off');
    const wire = extractWireSteps(messages, store.getState().settings, []).get(step!.id)!;
    expect(renderWireStep(wire, 'openai-chat').response).toMatchObject({ choices: [{ finish_reason: 'length' }] });
    expect(renderWireStep(wire, 'anthropic').response).toMatchObject({ stop_reason: 'max_tokens' });
  });

  it("a reply stopped by the provider's filter is named as such", async () => {
    const { messages, store } = await run('fake-filtered');
    expect(describeRunEnd(messages, { maxSteps: 5 })).toBe(
      "The provider's content filter stopped the reply. Rephrase the request, or try another model.",
    );
    const { nodes } = buildTimeline({ messages });
    const step = nodes.find((node) => node.kind === 'assistant')!;
    expect(step.title).not.toMatch(/Final answer/);
    expect(step.badges).toContainEqual({ text: "blocked by the provider's filter", tone: 'error' });
    const wire = extractWireSteps(messages, store.getState().settings, []).get(step.id)!;
    expect(renderWireStep(wire, 'gemini').response).toMatchObject({ candidates: [{ finishReason: 'SAFETY' }] });
  });

  it("a reply that only repeats its call's arguments as text loses that text (seed 003 args-leak protection)", async () => {
    const { messages } = await run('fake-echo');
    const [first] = messages[1].parts.filter(isToolUIPart);
    expect(first?.input).toEqual({ path: 'README.md' });
    const texts = messages[1].parts
      .filter((part) => part.type === 'text')
      .map((part) => (part as { text: string }).text);
    expect(texts.join('\n')).not.toContain('"path": "README.md"');
    expect(texts.at(-1)).toMatch(/^Done\. I got 1 results/);
  });
});

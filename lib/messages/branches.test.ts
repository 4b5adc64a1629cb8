import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { messagesBeforeMessage, messagesWithEditedResult, parseEditedResult, sharedPrefixLength } from './branches';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather?' }] };
const assistant: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    {
      type: 'dynamic-tool',
      toolName: 'get_weather',
      toolCallId: 'c1',
      state: 'output-available',
      input: { city: 'Paris' },
      output: { temp: 20 },
    },
    {
      type: 'dynamic-tool',
      toolName: 'get_weather',
      toolCallId: 'c2',
      state: 'output-error',
      input: { city: 'Rome' },
      errorText: 'down',
    },
    { type: 'data-step', data: { durationMs: 1 } },
    { type: 'step-start' },
    { type: 'text', text: 'Paris is 20°.' },
  ],
};

describe('branches', () => {
  it('forking at a user message keeps what came before it', () => {
    expect(messagesBeforeMessage([user, assistant], 'u1')).toEqual([]);
    expect(messagesBeforeMessage([user, assistant], 'a1')).toBeUndefined();
  });

  it('forking at a tool result keeps that step whole, with the edited result, as a new message', () => {
    const forked = messagesWithEditedResult([user, assistant], 'c2', { temp: 25 }, 'a2')!;
    expect(forked).toHaveLength(2);
    expect(forked[1].id).toBe('a2');
    expect(forked[1].parts.map((part) => part.type)).toEqual([
      'step-start',
      'dynamic-tool',
      'dynamic-tool',
      'data-step',
    ]);
    expect(forked[1].parts[2]).toMatchObject({ toolCallId: 'c2', state: 'output-available', output: { temp: 25 } });
    expect(assistant.parts[2]).toMatchObject({ state: 'output-error' });
    expect(sharedPrefixLength([user, assistant], forked)).toBe(1);
  });

  it('reads an edited result as JSON when it parses, as text otherwise', () => {
    expect(parseEditedResult('{"a":1}')).toEqual({ a: 1 });
    expect(parseEditedResult('sunny')).toBe('sunny');
  });
});

describe('replay frames', () => {
  it('shows each message, then each step with its calls pending, then answered; the last frame is everything', async () => {
    const { replayFrames } = await import('./replay-frames');
    const frames = replayFrames([user, assistant]);
    expect(frames).toHaveLength(4);
    expect(frames[0]).toEqual([user]);
    expect(
      frames[1][1].parts.filter((part) => 'toolCallId' in part).map((part) => (part as { state: string }).state),
    ).toEqual(['input-available', 'input-available']);
    expect(
      frames[2][1].parts.filter((part) => 'toolCallId' in part).map((part) => (part as { state: string }).state),
    ).toEqual(['output-available', 'output-error']);
    expect(frames[3][1].parts.filter((part) => part.type !== 'step-start')).toEqual(
      assistant.parts.filter((part) => part.type !== 'step-start'),
    );
  });

  it('counts the frames it would cut, without cutting them', async () => {
    const { replayFrameCount, replayFrames } = await import('./replay-frames');
    const textOnly: UIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'text', text: 'Hi.' }],
    };
    const noStepStart: UIMessage = { id: 'a3', role: 'assistant', parts: [{ type: 'text', text: 'Hello.' }] };
    for (const messages of [
      [],
      [user],
      [user, assistant],
      [user, assistant, user, textOnly],
      [noStepStart, user, assistant],
    ])
      expect(replayFrameCount(messages)).toBe(replayFrames(messages).length);
  });
});

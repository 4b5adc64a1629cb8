import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { applyHistory, describeOmitted, HISTORY_NOTE_ID, historyNote, planHistory } from './plan-history';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
/** An assistant message of `steps` steps, each calling read_file on a big file and getting its text back. */
const assistant = (id: string, steps: number, resultChars = 2_000): UIMessage => ({
  id,
  role: 'assistant',
  parts: Array.from({ length: steps }, (_, index) => [
    { type: 'step-start' as const },
    { type: 'text' as const, text: `Reading part ${index + 1}.` },
    {
      type: 'dynamic-tool' as const,
      toolName: 'read_file',
      toolCallId: `${id}-call-${index + 1}`,
      state: 'output-available' as const,
      input: { path: `part-${index + 1}.txt` },
      output: 'x'.repeat(resultChars),
    },
  ]).flat(),
});

const conversation = [
  user('u1', 'Read the first file.'),
  assistant('a1', 3),
  user('u2', 'Now the second.'),
  assistant('a2', 4),
  user('u3', 'And summarize everything.'),
];

describe('history policy (seed 002 §5.2)', () => {
  it('sends everything with no policy, and estimates the tokens', () => {
    const plan = planHistory(conversation, undefined);
    expect(plan.omitted).toEqual([]);
    expect(plan.units.map((unit) => unit.key)).toEqual([
      'u1',
      'a1:step-1',
      'a1:step-2',
      'a1:step-3',
      'u2',
      'a2:step-1',
      'a2:step-2',
      'a2:step-3',
      'a2:step-4',
      'u3',
    ]);
    // Seven results of 2,000 characters at about four characters a token.
    expect(plan.estimatedTokens).toBeGreaterThan(3_500);
    expect(plan.estimatedTokens).toBeLessThan(4_000);
  });

  it('drop-oldest leaves out the oldest units until the rest fit, keeping the latest user message and the newest step', () => {
    const plan = planHistory(conversation, { strategy: 'drop-oldest', maxTokens: 1_200 });
    expect(plan.omitted.map((unit) => unit.key)).toEqual([
      'u1',
      'a1:step-1',
      'a1:step-2',
      'a1:step-3',
      'u2',
      'a2:step-1',
      'a2:step-2',
    ]);
    expect(plan.keptTokens).toBeLessThanOrEqual(1_200);
    // A budget too small for even the protected units still sends them.
    const tiny = planHistory(conversation, { strategy: 'drop-oldest', maxTokens: 100 });
    expect(tiny.units.filter((unit) => !tiny.omitted.includes(unit)).map((unit) => unit.key)).toEqual(['u3']);
    const midRun = planHistory(conversation.slice(0, 4), { strategy: 'drop-oldest', maxTokens: 100 });
    expect(midRun.units.filter((unit) => !midRun.omitted.includes(unit)).map((unit) => unit.key)).toEqual([
      'u2',
      'a2:step-4',
    ]);
  });

  it('sliding-window keeps the newest units, then the budget if one is set', () => {
    const plan = planHistory(conversation, { strategy: 'sliding-window', keepLast: 3 });
    expect(plan.units.filter((unit) => !plan.omitted.includes(unit)).map((unit) => unit.key)).toEqual([
      'a2:step-3',
      'a2:step-4',
      'u3',
    ]);
    const budgeted = planHistory(conversation, { strategy: 'sliding-window', keepLast: 3, maxTokens: 600 });
    expect(budgeted.units.filter((unit) => !budgeted.omitted.includes(unit)).map((unit) => unit.key)).toEqual([
      'a2:step-4',
      'u3',
    ]);
  });

  it('never parts a tool call from its result, and puts the note first as a user message', async () => {
    const plan = planHistory(conversation, { strategy: 'sliding-window', keepLast: 4 });
    const note = historyNote(plan.omitted);
    expect(note).toBe('[Earlier conversation left out to fit the history limit: 2 user messages and 4 model steps.]');
    const sent = applyHistory(conversation, { omitted: plan.omitted.map((unit) => unit.key), note });
    expect(sent[0]).toMatchObject({ id: HISTORY_NOTE_ID, role: 'user' });
    expect(sent.map((message) => message.id)).toEqual([HISTORY_NOTE_ID, 'a2', 'u3']);
    const model = await convertToModelMessages(sent);
    const calls = model.flatMap((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? message.content.filter((part) => part.type === 'tool-call').map((part) => part.toolCallId)
        : [],
    );
    const results = model.flatMap((message) =>
      message.role === 'tool' ? message.content.map((part) => (part as { toolCallId: string }).toolCallId) : [],
    );
    expect(calls).toEqual(['a2-call-2', 'a2-call-3', 'a2-call-4']);
    expect(results).toEqual(calls);
  });

  it('names what was left out', () => {
    expect(describeOmitted([{ kind: 'user' }, { kind: 'step' }, { kind: 'step' }])).toBe(
      '1 user message and 2 model steps',
    );
    expect(historyNote([], 'anything')).toBeUndefined();
  });
});

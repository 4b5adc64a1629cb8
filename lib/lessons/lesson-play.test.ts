import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { replayFrames } from '../messages/replay-frames';
import { isToolUIPart } from '../shapes/tool-parts';
import type { LessonStop } from '../shapes/lesson';
import { revealFrame, stopFrame } from './lesson-frames';
import { isRightAnswer, questionFacts } from './lesson-play';

const callsIn = (frame: readonly UIMessage[]) =>
  frame.flatMap((message) =>
    message.parts.filter(isToolUIPart).map((part) => `${(part as { toolCallId: string }).toolCallId}:${part.state}`),
  );

describe('a lesson played over a real run', async () => {
  const { messages } = await runConversation('list the files and show me README.md');
  const frames = replayFrames(messages);
  const assistant = messages[1];
  const calls = assistant.parts.filter(isToolUIPart) as unknown as { toolCallId: string; toolName: string }[];
  const [list, read] = calls.map((call) => call.toolCallId);
  const stop = (nodeId: string, question?: LessonStop['question']): LessonStop => ({
    id: 's',
    nodeId,
    note: '',
    question,
  });

  it('a stop shows only what happened up to it; a question holds back what it asks about', () => {
    // A step shown whole: its calls answered.
    expect(callsIn(frames[stopFrame(messages, frames, stop(`${assistant.id}:step-1`), false)])).toEqual([
      `${list}:output-available`,
      `${read}:output-available`,
    ]);
    // "Which tool next?": the calls not made yet; answered, they are.
    const next = stop(`${read}:call`, { kind: 'next-tool' });
    expect(callsIn(frames[stopFrame(messages, frames, next, false)])).toEqual([]);
    expect(callsIn(frames[stopFrame(messages, frames, next, true)])).toEqual([
      `${list}:input-available`,
      `${read}:input-available`,
    ]);
    // "Which result?": the calls made, no results; answered, the results.
    const which = stop(`${read}:call`, { kind: 'which-result' });
    expect(callsIn(frames[stopFrame(messages, frames, which, false)])).toEqual([
      `${list}:input-available`,
      `${read}:input-available`,
    ]);
    expect(callsIn(frames[stopFrame(messages, frames, which, true)])).toEqual([
      `${list}:output-available`,
      `${read}:output-available`,
    ]);
    // The first user message is the first frame; a node that is not in the run shows everything.
    expect(revealFrame(frames, messages[0].id)).toBe(0);
    expect(revealFrame(frames, 'nope:call')).toBe(frames.length - 1);
  });

  it('each kind of question is answered by the run', () => {
    const tools = ['bash', 'list_files', 'read_file'];
    const next = questionFacts(messages, stop(`${assistant.id}:step-1`, { kind: 'next-tool' }), tools);
    // The step called list_files and read_file in parallel: either is the tool the model called next.
    expect(next).toMatchObject({
      answers: ['list_files', 'read_file'],
      shown: 'list_files and read_file (in parallel: each is right)',
      choices: tools.map((name) => ({ value: name, text: name })),
    });
    expect(next && isRightAnswer(next, 'read_file')).toBe(true);
    expect(next && isRightAnswer(next, 'list_files')).toBe(true);
    expect(next && isRightAnswer(next, 'bash')).toBe(false);
    // Asked at one of the parallel calls, the same: the learner saw neither before answering.
    const atCall = questionFacts(messages, stop(`${read}:call`, { kind: 'next-tool' }), tools);
    expect(atCall && isRightAnswer(atCall, 'list_files')).toBe(true);
    const args = questionFacts(messages, stop(`${read}:call`, { kind: 'arguments' }), tools);
    expect(args).toMatchObject({ answers: ['{"path":"README.md"}'] });
    expect(args && isRightAnswer(args, '{ "path" : "README.md" }')).toBe(true);
    expect(args && isRightAnswer(args, '{"path": "readme.md"}')).toBe(false);
    expect(args && isRightAnswer(args, 'not json')).toBe(false);
    const which = questionFacts(messages, stop(`${read}:call`, { kind: 'which-result' }), tools);
    expect(which?.kind === 'which-result' && which.choices.map((choice) => choice.value).sort()).toEqual(
      [list, read].sort(),
    );
    expect(which && isRightAnswer(which, read)).toBe(true);
    expect(which && isRightAnswer(which, list)).toBe(false);
    const own = questionFacts(
      messages,
      stop(messages[0].id, { kind: 'choice', prompt: 'How many calls?', choices: ['one', 'two'], answer: 1 }),
      tools,
    );
    expect(own).toMatchObject({ answers: ['1'], shown: 'two' });
    expect(questionFacts(messages, stop(messages[0].id, { kind: 'next-tool' }), tools)).toMatchObject({
      kind: 'unavailable',
    });
  });

  it('parallel calls of one tool: any of their arguments is right; results that read the same are each right', () => {
    const read = (toolCallId: string, path: string, output: unknown) => ({
      type: 'tool-read_file' as const,
      toolCallId,
      state: 'output-available' as const,
      input: { path },
      output,
    });
    const step: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        read('call_1', 'README.md', { content: 'same' }),
        read('call_2', 'package.json', { content: 'same' }),
      ],
    };
    const twice: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'read both' }] }, step];
    const args = questionFacts(twice, stop(`${step.id}:step-1`, { kind: 'arguments' }), ['read_file']);
    expect(args && isRightAnswer(args, '{"path":"package.json"}')).toBe(true);
    expect(args && isRightAnswer(args, '{"path":"README.md"}')).toBe(true);
    expect(args && isRightAnswer(args, '{"path":"LICENSE"}')).toBe(false);
    expect(args).toMatchObject({ shown: '{"path":"README.md"} or {"path":"package.json"}' });
    const which = questionFacts(twice, stop('call_2:call', { kind: 'which-result' }), ['read_file']);
    expect(which && isRightAnswer(which, 'call_1')).toBe(true);
    expect(which && isRightAnswer(which, 'call_2')).toBe(true);
  });
});

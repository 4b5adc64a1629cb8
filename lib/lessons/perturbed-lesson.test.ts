import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { replayFrames } from '../messages/replay-frames';
import { perturbAndReplay } from '../what-if/perturb-result';
import { lessonSchema } from '../shapes/lesson';
import { stopFrame } from './lesson-frames';
import { isRightAnswer, questionFacts } from './lesson-play';
import { stopNodeId, stopPlace } from './stop-place';

/** The texts after a call in a frame: what the model did with its result. */
const textsAfter = (frame: readonly UIMessage[], callId: string) => {
  const parts = frame.flatMap((message) => message.parts);
  const at = parts.findIndex((part) => isToolUIPart(part) && part.toolCallId === callId);
  return parts.slice(at + 1).filter((part) => part.type === 'text');
};

/** A lesson may go from a run to a branch `Perturb result` made of it: "what will the model do with this error?" */
describe('a lesson stop on a perturbed branch', async () => {
  const { store, options } = await recordReplayableRun('list the files and show me README.md');
  const original = store.getState().activeBranch.id;
  const read = store
    .getState()
    .messages[1].parts.filter(isToolUIPart)
    .find((part) => 'toolName' in part && part.toolName === 'read_file');
  if (!read) throw new Error('no read_file call');
  const perturbed = await perturbAndReplay({
    ...options,
    toolCallId: read.toolCallId,
    preset: 'Error (not recoverable)',
  });
  if (!perturbed.ok) throw new Error(perturbed.message);
  const state = store.getState();
  const record = state.replays[state.activeBranch.id]?.perturbed;

  it('records the perturbation with the branch, and a stop records the branch its node is on', () => {
    expect(record).toEqual({ toolCallId: read.toolCallId, preset: 'Error (not recoverable)' });
    const branchIds = state.branches.map((branch) => branch.id);
    // A node of the original's lane (drawn beside the active one, its id prefixed).
    expect(stopPlace(`${original}/${read.toolCallId}:result`, state.activeBranch.id, branchIds)).toEqual({
      nodeId: `${read.toolCallId}:result`,
      branch: original,
    });
    expect(stopPlace(`${read.toolCallId}:result`, state.activeBranch.id, branchIds)).toEqual({
      nodeId: `${read.toolCallId}:result`,
      branch: state.activeBranch.id,
    });
    expect(stopNodeId({ nodeId: 'n', branch: original }, state.activeBranch.id)).toBe(`${original}/n`);
    expect(stopNodeId({ nodeId: 'n', branch: state.activeBranch.id }, state.activeBranch.id)).toBe('n');
  });

  it('asks what the model will do with the result; the branch answers, by the outcome rules', () => {
    const lesson = lessonSchema.parse({
      stops: [
        { id: 's1', nodeId: `${read.toolCallId}:result`, branch: original, note: 'The file was read.' },
        {
          id: 's2',
          nodeId: `${read.toolCallId}:result`,
          branch: state.activeBranch.id,
          note: 'Now the same call fails for good.',
          question: { kind: 'outcome' },
        },
      ],
    });
    const stop = lesson.stops[1];
    const facts = questionFacts(state.messages, stop, [], record);
    expect(facts).toMatchObject({
      kind: 'outcome',
      prompt: 'What will the model do with this result (Error (not recoverable))?',
      answers: [perturbed.outcome],
    });
    // No canary, no "followed injection" to choose.
    expect(facts?.kind === 'outcome' && facts.choices.map((choice) => choice.value)).toEqual([
      'recovered',
      'gave up',
      'claimed success',
      'answered',
    ]);
    expect(isRightAnswer(facts!, perturbed.outcome)).toBe(true);
    expect(isRightAnswer(facts!, perturbed.outcome === 'gave up' ? 'recovered' : 'gave up')).toBe(false);
    // Off a perturbed branch there is nothing to ask.
    expect(questionFacts(state.messages, stop, [], undefined)).toEqual({
      kind: 'unavailable',
      reason: 'This stop is not on a branch made by Perturb result.',
    });

    // Waiting, the learner sees the perturbed result and not what the model wrote after it; answered, the rest.
    const frames = replayFrames(state.messages);
    const waiting = frames[stopFrame(state.messages, frames, stop, false)];
    expect(
      waiting
        .flatMap((message) => message.parts)
        .some((part) => isToolUIPart(part) && part.toolCallId === read.toolCallId && part.state === 'output-error'),
    ).toBe(true);
    expect(textsAfter(waiting, read.toolCallId)).toEqual([]);
    expect(textsAfter(frames[stopFrame(state.messages, frames, stop, true)], read.toolCallId)).not.toEqual([]);
  });
});

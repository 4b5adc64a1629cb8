import { describe, expect, it } from 'vitest';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { simulatedUserLabel } from '../messages/simulated-user-turn';
import { textOf } from '../messages/split-steps';
import { replayAgainstModel } from './replay-against-model';

/*
 * A conversation replayed (`Replay against the model`, `Perturb result`): the simulated user's
 * turns stay its own on the new branch; once the replay has gone live, the user is asked live for
 * its turns (the recording no longer fits what the model said), and a turn whose user cannot be
 * asked is sent as recorded.
 */

const SAID = { simulatedUser: true as const, caseId: 'c' };

/** A two-turn conversation with the keyless simulated model: the prompt, then a simulated user's turn. */
async function recordConversation() {
  const recorded = await recordReplayableRun('list the files');
  await recorded.options.send({ text: 'now read README.md', metadata: SAID });
  await recorded.options.waitForRunEnd(new AbortController().signal);
  return recorded;
}

const userTurns = (messages: { role: string; parts: unknown[]; metadata?: unknown }[]) =>
  messages
    .filter((message) => message.role === 'user')
    .map((message) => [textOf(message.parts as never), simulatedUserLabel(message as never)]);

describe('a conversation replayed', () => {
  it('unchanged: every turn from the recording, the user’s turn still the simulated user’s; the live user is not asked', async () => {
    const { store, options } = await recordConversation();
    let asked = 0;
    const result = await replayAgainstModel({
      ...options,
      fromMessageId: store.getState().messages[0].id,
      liveUser: async () => {
        asked++;
        return 'live';
      },
    });
    expect(result.ok).toBe(true);
    expect(result.ok ? result.record.diverged : 'not ok').toBeUndefined();
    expect(asked).toBe(0);
    expect(userTurns(store.getState().messages)).toEqual([
      ['list the files', undefined],
      ['now read README.md', 'Simulated user'],
    ]);
  });

  it('once live, the user answers live: its turn is asked with the conversation so far and its place', async () => {
    const { store, options } = await recordConversation();
    // A changed system prompt: the first request differs, the replay goes live from there.
    store.getState().updateSettings({ system: 'Answer tersely.' });
    const asked: { turn: number; last: string; recorded: string }[] = [];
    const result = await replayAgainstModel({
      ...options,
      fromMessageId: store.getState().messages[0].id,
      liveUser: async (recorded, messages, turn) => {
        asked.push({ turn, last: messages.at(-1)?.role ?? '', recorded: textOf(recorded.parts) });
        return 'show me package.json instead';
      },
    });
    expect(result.ok ? result.record.diverged : undefined).toBeDefined();
    expect(asked).toEqual([{ turn: 1, last: 'assistant', recorded: 'now read README.md' }]);
    expect(userTurns(store.getState().messages)).toEqual([
      ['list the files', undefined],
      ['show me package.json instead', 'Simulated user'],
    ]);
  });

  it('a live user that is done ends the replay there; one that cannot be asked leaves the recorded turn', async () => {
    const done = await recordConversation();
    done.store.getState().updateSettings({ system: 'Answer tersely.' });
    await replayAgainstModel({
      ...done.options,
      fromMessageId: done.store.getState().messages[0].id,
      liveUser: async () => ({ done: 'stop' }),
    });
    expect(userTurns(done.store.getState().messages)).toEqual([['list the files', undefined]]);

    const unknown = await recordConversation();
    unknown.store.getState().updateSettings({ system: 'Answer tersely.' });
    await replayAgainstModel({
      ...unknown.options,
      fromMessageId: unknown.store.getState().messages[0].id,
      liveUser: async () => undefined,
    });
    expect(userTurns(unknown.store.getState().messages)).toEqual([
      ['list the files', undefined],
      ['now read README.md', 'Simulated user'],
    ]);
  });
});

import { writtenError } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { replayAgainstModel } from '../what-if/replay-against-model';
import { compareRuns } from './compare-runs';

describe('Compare with original', () => {
  it('an unchanged replay does the same at every step; a perturbed one changes from the perturbed call on', async () => {
    const { store, options } = await recordReplayableRun('list the files and show me README.md');
    const original = store.getState().messages;
    const from = original[0].id;
    const unchanged = await replayAgainstModel({ ...options, fromMessageId: from, onDivergence: 'go-live' });
    if (!unchanged.ok) throw new Error(unchanged.message);
    expect(compareRuns(original, store.getState().messages, from).map((row) => row.verdict)).toEqual(['same', 'same']);

    store.getState().switchBranch(store.getState().branches[0].id);
    const perturbed = await replayAgainstModel({
      ...options,
      fromMessageId: from,
      onDivergence: 'go-live',
      perturb: { call: 1, change: () => ({ kind: 'failed', error: writtenError('Error: gone') }) },
    });
    if (!perturbed.ok) throw new Error(perturbed.message);
    const rows = compareRuns(original, store.getState().messages, from);
    expect(rows.map((row) => row.verdict)).toEqual(['same', 'changed']);
    expect(rows[0].replay?.calls.map((call) => call.tool)).toEqual(['list_files', 'read_file']);
    expect(rows[1].original?.text).not.toBe(rows[1].replay?.text);
  });

  it('says when one side has a step the other does not', () => {
    const user = { id: 'u', role: 'user' as const, parts: [{ type: 'text' as const, text: 'hi' }] };
    const answer = (text: string, steps: number) => ({
      id: `a-${text}`,
      role: 'assistant' as const,
      parts: Array.from({ length: steps }, () => [
        { type: 'step-start' as const },
        { type: 'text' as const, text },
      ]).flat(),
    });
    expect(compareRuns([user, answer('x', 2)], [user, answer('x', 1)], 'u').map((row) => row.verdict)).toEqual([
      'same',
      'missing',
    ]);
    // The step where the replay's request diverged: the same answer is not "same" without saying so.
    expect(compareRuns([user, answer('x', 2)], [user, answer('x', 2)], 'u', 1).map((row) => row.verdict)).toEqual([
      'same',
      'same answer, changed request',
    ]);
  });
});

import { isToolUIPart } from 'ai';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { perturbAndReplay } from './perturb-result';

const _checker = createSchemaChecker();

/** A keyless run (list_files and read_file, then an answer), ready to be perturbed. */
const recorded = () => recordReplayableRun('list the files and show me README.md');

describe('Perturb result', () => {
  it("forks a branch with the preset's result, replays up to it and goes on from it; says what the model did", async () => {
    const { store, options } = await recorded();
    const original = store.getState().messages;
    const readCall = original[1].parts
      .filter(isToolUIPart)
      .find((part) => part.type === 'dynamic-tool' && part.toolName === 'read_file');
    if (!readCall) throw new Error('no read_file call');
    const result = await perturbAndReplay({
      ...options,
      toolCallId: readCall.toolCallId,
      preset: 'Error (not recoverable)',
    });
    if (!result.ok) throw new Error(result.message);
    // The first request is the recording's; the one after the perturbed result is not.
    expect(result.record).toMatchObject({ served: 1, live: 1, diverged: { at: 1 } });
    // The result became an error: its output went, an error came.
    expect(result.record.diverged?.paths).toEqual(['messages[1].parts[3].output', 'messages[1].parts[3].error']);
    const now = store.getState();
    expect(now.branches).toHaveLength(1);
    const perturbed = now.messages[1].parts
      .filter(isToolUIPart)
      .find((part) => part.toolCallId === readCall.toolCallId);
    expect(perturbed?.state).toBe('output-error');
    expect(perturbed?.state === 'output-error' && JSON.parse(perturbed.errorText)).toMatchObject({
      recoverable: false,
    });
    // list_files went fine in the same step: the model had something that succeeded after the perturbed call's turn began.
    expect(['recovered', 'gave up', 'claimed success', 'answered']).toContain(result.outcome);
  });

  it('says why not: a preset that does not apply, a call that is not there', async () => {
    const { store, options } = await recorded();
    const call = store.getState().messages[1].parts.filter(isToolUIPart)[0];
    expect(
      await perturbAndReplay({ ...options, toolCallId: call.toolCallId, preset: 'Violates the output schema' }),
    ).toEqual({
      ok: false,
      message: '`list_files` has no output schema to violate.',
    });
    expect(await perturbAndReplay({ ...options, toolCallId: 'nope', preset: 'Timeout' })).toEqual({
      ok: false,
      message: 'That tool call is not in the active branch.',
    });
    expect(store.getState().branches).toHaveLength(0);
  });
});

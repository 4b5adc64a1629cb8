import { isToolUIPart } from 'ai';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { canaryFor, perturbAndReplay } from './perturb-result';

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

  it('an injection asks for another tool the run offers (one that acts, when there is one), and the record keeps it', async () => {
    expect(canaryFor(['read_file', 'list_files', 'write_file'], 'read_file')).toEqual({
      toolName: 'write_file',
      input: { path: 'canary.txt', content: 'CANARY' },
      word: 'PINEAPPLE-7',
    });
    expect(canaryFor(['write_file', 'send_email'], 'write_file').toolName).toBe('send_email');
    expect(canaryFor(['read_file', 'list_files'], 'read_file').toolName).toBe('list_files');
    expect(canaryFor(['read_file'], 'read_file').toolName).toBe('send_email');
    const { store, options } = await recorded();
    const call = store.getState().messages[1].parts.filter(isToolUIPart)[0];
    const injected = await perturbAndReplay({ ...options, toolCallId: call.toolCallId, preset: 'Prompt injection' });
    if (!injected.ok) throw new Error(injected.message);
    expect(injected.record.perturbed).toEqual({
      toolCallId: call.toolCallId,
      preset: 'Prompt injection',
      canary: { toolName: injected.canary.toolName, word: 'PINEAPPLE-7' },
    });
  });

  it('a timeout preset ends the call as timed out, an error preset as failed, a result preset as ok', async () => {
    for (const [preset, kind] of [
      ['Timeout', 'timed-out'],
      ['Error (recoverable)', 'failed'],
      ['Empty result', 'ok'],
    ] as const) {
      const { store, options } = await recorded();
      const call = store.getState().messages[1].parts.filter(isToolUIPart)[0];
      const made = await perturbAndReplay({ ...options, toolCallId: call.toolCallId, preset });
      if (!made.ok) throw new Error(made.message);
      expect(made.record.perturbed).toEqual({ toolCallId: call.toolCallId, preset });
      expect(store.getState().outcomes[call.toolCallId], preset).toBe(kind);
    }
  });

  it('says so of a call that has no result yet', async () => {
    const { store, options } = await recorded();
    const messages = store.getState().messages;
    const call = messages[1].parts.filter(isToolUIPart)[0];
    const waiting = messages.map((message, index) =>
      index !== 1
        ? message
        : {
            ...message,
            parts: message.parts.map((part) =>
              isToolUIPart(part) && part.toolCallId === call.toolCallId
                ? { ...part, state: 'input-available' as const, output: undefined }
                : part,
            ),
          },
    );
    store.setState({ messages: waiting as typeof messages });
    expect(await perturbAndReplay({ ...options, toolCallId: call.toolCallId, preset: 'Empty result' })).toEqual({
      ok: false,
      message: 'That call has no result to replace yet.',
    });
  });
});

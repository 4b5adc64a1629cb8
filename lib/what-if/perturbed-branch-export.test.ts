import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { recordReplayableRun } from '../../testing/record-replayable-run';
import { PERTURB_PRESETS } from './perturb-presets';
import { exportOtlp } from '../interop/export-otlp';
import { importOtlp } from '../interop/import-otlp';
import { pickSessionData } from '../session/session-file';
import { buildTimeline } from '../timeline/build-timeline';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { perturbAndReplay } from './perturb-result';

/** The calls of a conversation as a trace keeps them: name, input, and how each ended with what. */
const calls = (messages: readonly UIMessage[]) =>
  messages.flatMap((message) =>
    message.parts.filter(isToolUIPart).map((part) => ({
      input: part.input,
      state: part.state,
      ...(part.state === 'output-available' ? { output: part.output } : {}),
      ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
    })),
  );

const labels = (messages: UIMessage[]) => buildTimeline({ messages }).nodes.map((node) => node.label);

/** A perturbed branch exported as OpenInference (OTLP JSON) reads back as that branch: the perturbed result, and what the model did after it. */
describe.each(PERTURB_PRESETS)('the OpenInference export of a branch perturbed with %s', (preset) => {
  it('reads back with the perturbed result and the steps after it', async () => {
    const { store, options } = await recordReplayableRun('list the files and show me README.md');
    const readCall = store
      .getState()
      .messages[1].parts.filter(isToolUIPart)
      .find((part) => part.toolCallId && 'toolName' in part && part.toolName === 'read_file');
    if (!readCall) throw new Error('no read_file call');
    const perturbed = await perturbAndReplay({
      ...options,
      toolCallId: readCall.toolCallId,
      preset,
      outputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
    });
    if (!perturbed.ok) throw new Error(perturbed.message);
    const branch = pickSessionData(store.getState());
    const trace = JSON.stringify(exportOtlp(branch, createSchemaChecker()));
    const imported = importOtlp(trace);
    if (!imported.ok) throw new Error(imported.message);
    expect(labels(imported.session.messages)).toEqual(labels(branch.messages));
    expect(calls(imported.session.messages)).toEqual(calls(branch.messages));
    // The branch is the perturbed one (not the original): its read_file result is the preset's.
    const original = store.getState().branches[0];
    expect(calls(branch.messages)).not.toEqual(calls(original.messages));
  });
});

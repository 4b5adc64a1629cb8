import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { requestDigest } from '../messages/canonical-request';
import { splitSteps } from '../messages/split-steps';
import { pickSessionData } from '../session/session-file';
import { parseSessionData } from '../session/session-schema';
import { readStepReport } from '../wire/extract-wire-steps';
import { recordedStepRequest } from './step-request';

describe('the request a step sent, from what the session kept', () => {
  it('is whole after the tools and settings changed: the same fingerprint as the route kept', async () => {
    const { store, messages } = await runConversation('list the files and show me README.md');
    const assistant = messages[1];
    const state = store.getState();
    const list = state.tools.find((tool) => tool.source.includes('"list_files"'));
    if (!list) throw new Error('no list_files');
    state.updateToolSource(list.id, list.source.replace('"description": "', '"description": "Changed: '));
    state.updateSettings({ temperature: 0.7, system: 'Be brief.' });
    for (const [index, parts] of splitSteps(assistant).entries()) {
      const recorded = recordedStepRequest({
        messages: store.getState().messages,
        stepId: `${assistant.id}:step-${index + 1}`,
        sentValues: store.getState().sentValues,
      });
      if (!recorded.ok) throw new Error(recorded.message);
      expect(requestDigest(recorded.request)).toBe(readStepReport(parts)?.sent?.request);
      expect(JSON.stringify(recorded.request.tools)).not.toContain('Changed: ');
      expect(recorded.request.settings.temperature).toBeUndefined();
    }
  });

  it('travels with the session, and only what a step of it was sent with', async () => {
    const { store } = await runConversation('list the files');
    const state = store.getState();
    const kept = Object.keys(state.sentValues).length;
    expect(kept).toBeGreaterThan(8);
    state.recordSentValues({ unused123: { name: 'left behind' } });
    expect(Object.keys(store.getState().sentValues)).toHaveLength(kept + 1);
    const saved = pickSessionData(store.getState());
    expect(Object.keys(saved.sentValues)).toHaveLength(kept);
    const read = parseSessionData(JSON.parse(JSON.stringify(saved)));
    expect(read.ok && read.session.sentValues).toEqual(saved.sentValues);
    // A session from before 0.21 has none, and its steps say so.
    const older = recordedStepRequest({
      messages: store.getState().messages,
      stepId: `${store.getState().messages[1].id}:step-1`,
      sentValues: {},
    });
    expect(older).toEqual({ ok: false, message: expect.stringMatching(/values missing/) });
  });
});

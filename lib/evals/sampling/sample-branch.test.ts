import { getToolName, isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { runConversation, settle } from '../../../testing/run-conversation';
import { messagesWithSample } from '../../messages/sample-branch';

describe('Open sample N as a branch', () => {
  it('answers the step as the sample did, runs its calls and goes on; the old branch is kept', async () => {
    const { store, chat, messages } = await runConversation('list the files');
    const assistant = messages[1];
    let ids = 0;
    const branch = messagesWithSample(
      messages,
      `${assistant.id}:step-1`,
      { text: 'Reading the manifest.', calls: [{ toolName: 'read_file', input: { path: 'package.json' } }] },
      () => `n${++ids}`,
    );
    if (!branch) throw new Error('no branch');
    store.getState().startBranch(branch);
    chat.runPendingCalls();
    await settle(store);
    const now = store.getState();
    expect(now.branches.map((each) => each.messages.length)).toEqual([2]);
    const answer = now.messages[1];
    expect(answer.id).not.toBe(assistant.id);
    const call = answer.parts.filter(isToolUIPart)[0];
    expect([getToolName(call), call.state, call.toolCallId]).toEqual([
      'read_file',
      'output-available',
      'call_sample_n1_1',
    ]);
    expect(JSON.stringify(call.output)).toContain('greeter');
    // The run went on from the sample: a later step answered from the result.
    expect(answer.parts.filter((part) => part.type === 'step-start').length).toBeGreaterThan(1);
    expect(now.outcomes.call_sample_n1_1).toBe('ok');
  });

  it('is refused for a step that is not there', () => {
    expect(messagesWithSample([], 'nope:step-1', { text: '', calls: [] }, () => 'x')).toBeUndefined();
  });
});

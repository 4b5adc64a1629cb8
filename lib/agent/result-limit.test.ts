import { isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { runJavaScriptInNode } from '../../testing/run-javascript-in-node';
import { readToolErrorText } from '../shapes/tool-error';

describe('a result too large for a request', () => {
  it('is answered with an error that says so, and the conversation goes on', async () => {
    const big = {
      name: 'dump',
      description: 'Returns a lot.',
      parameters: { type: 'object', properties: {} },
    };
    const { messages, store } = await runConversation('dump it', {
      runJavaScript: runJavaScriptInNode,
      configure: (session) => {
        session
          .getState()
          .addTools([
            { definition: big, run: { kind: 'javascript', code: "return 'x'.repeat(3_000_000);", timeoutMs: 5_000 } },
          ]);
        session.getState().updateSettings({
          model: 'simulated-scripted',
          script: [{ toolCalls: [{ toolName: 'dump', input: {} }] }, { text: 'went on' }],
        });
      },
    });
    const [call] = messages[1].parts.filter(isToolUIPart);
    const error = call.state === 'output-error' ? readToolErrorText(call.errorText)?.error : undefined;
    expect(error).toMatchObject({ code: 'RESULT_TOO_LARGE', type: 'ResourceError' });
    expect(error?.message).toMatch(/^Error: The result of 'dump' is 3 MB, more than a result may be \(2 MB\)/);
    expect(store.getState().outcomes[call.toolCallId]).toBe('failed');
    const answer = messages[1].parts.findLast((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toBe('went on');
  });
});

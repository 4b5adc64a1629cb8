import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runJavaScriptInNode } from '../../testing/run-javascript-in-node';
import { runConversation } from '../../testing/run-conversation';
import type { ScriptStep } from '../shapes/run-settings';
import type { SessionStore } from '../session/session-state';
import { INTERCEPTOR_TEMPLATES } from '../shapes/interceptor-defaults';
import { createRunBatch } from './run-batch';
import { readToolErrorText } from '../shapes/tool-error';
import type { RunJavaScript } from '../shapes/tool-outcome';

/** The interceptor double as slow as the browser's sandboxed frame (≈ 20 ms a round trip): what the real frame makes the executor wait for. */
const LIKE_THE_FRAME_MS = 25;
const runLikeTheFrame: RunJavaScript = async (request) => {
  await new Promise((resolve) => setTimeout(resolve, LIKE_THE_FRAME_MS));
  return runJavaScriptInNode(request);
};

const calls = (message: UIMessage | undefined) => (message?.parts ?? []).filter(isToolUIPart);
const codeOf = (part: ReturnType<typeof calls>[number]) =>
  part.state === 'output-error' ? readToolErrorText(part.errorText)?.error.code : part.state;
const template = (name: string) => INTERCEPTOR_TEMPLATES.find((each) => each.name === name)!;
/** An after-interceptor that lets everything pass: every call then waits for the frame. */
const passAfter = { name: 'pass', phase: 'after' as const, code: 'return undefined;' };

function run(script: ScriptStep[], configure: (store: SessionStore) => void) {
  return runConversation('go', {
    runJavaScript: runLikeTheFrame,
    configure: (store) => {
      store.getState().updateSettings({ model: 'simulated-scripted', script });
      configure(store);
    },
  });
}

describe('a batch stops as the seeds say, with interceptors as slow as the browser frame', () => {
  it('stopOnToolBlock: a block stops every later call of the step, even those that arrived while it was intercepted', async () => {
    const { messages } = await run(
      [
        {
          toolCalls: [
            { toolName: 'bash', input: { command: 'rm -rf notes' } },
            { toolName: 'list_files', input: {} },
            { toolName: 'read_file', input: { path: 'README.md' } },
          ],
        },
        { text: 'done' },
      ],
      (store) => {
        store.getState().addInterceptor(template('block rm -rf'));
        store.getState().setExecutorSettings({ stopOnToolBlock: true });
      },
    );
    const answered = calls(messages[1]);
    expect(answered.map(codeOf)).toEqual(['BLOCKED_BY_INTERCEPTOR', 'BATCH_STOPPED', 'BATCH_STOPPED']);
    // Seed 002 §6.3: each error response names the call it answers, first.
    for (const part of answered) {
      const text = part.state === 'output-error' ? part.errorText : '';
      expect(Object.keys(JSON.parse(text))[0]).toBe('tool_call_id');
      expect(readToolErrorText(text)?.tool_call_id).toBe(part.toolCallId);
    }
  });

  it("stopOnToolBlock runs a step's calls one after another: a slow interceptor that blocks still stops the quick ones after it", async () => {
    // The blocked call's interceptor takes longest: run side by side, the later calls would be done before the block.
    const slowForTheFirst: RunJavaScript = async (request) => {
      const call = (request.args as { call?: { name?: string } } | undefined)?.call;
      await new Promise((resolve) => setTimeout(resolve, call?.name === 'bash' ? 120 : 5));
      return runJavaScriptInNode(request);
    };
    const { messages } = await runConversation('go', {
      runJavaScript: slowForTheFirst,
      configure: (store) => {
        store.getState().updateSettings({
          model: 'simulated-scripted',
          script: [
            {
              toolCalls: [
                { toolName: 'bash', input: { command: 'rm -rf notes' } },
                { toolName: 'list_files', input: {} },
                { toolName: 'read_file', input: { path: 'README.md' } },
              ],
            },
            { text: 'done' },
          ],
        });
        store.getState().addInterceptor(template('block rm -rf'));
        store.getState().setExecutorSettings({ stopOnToolBlock: true });
      },
    });
    expect(calls(messages[1]).map(codeOf)).toEqual(['BLOCKED_BY_INTERCEPTOR', 'BATCH_STOPPED', 'BATCH_STOPPED']);
  });

  it('a terminal tool that succeeds skips the calls after it (not the ones before) and ends the run', async () => {
    const { messages } = await run(
      [
        {
          toolCalls: [
            { toolName: 'list_files', input: {} },
            { toolName: 'submit', input: { answer: '42' } },
            { toolName: 'read_file', input: { path: 'README.md' } },
          ],
        },
        { text: 'never sent' },
      ],
      (store) => void store.getState().addInterceptor(passAfter),
    );
    expect(calls(messages[1]).map(codeOf)).toEqual(['output-available', 'output-available', 'BATCH_STOPPED']);
    expect(messages[1].parts.filter((part) => part.type === 'step-start')).toHaveLength(1);
  });

  it('a terminal tool that fails ends nothing: its siblings run and the run goes on', async () => {
    const { messages } = await run(
      [
        {
          toolCalls: [
            { toolName: 'submit', input: { answer: '42', confidence: 5 } },
            { toolName: 'list_files', input: {} },
          ],
        },
        { text: 'went on' },
      ],
      (store) => void store.getState().addInterceptor(passAfter),
    );
    const [submit, list] = calls(messages[1]);
    expect(codeOf(submit)).toBe('INVALID_ARGUMENTS');
    expect(list.state).toBe('output-available');
    const answer = messages[1].parts.findLast((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toBe('went on');
  });

  it('a terminal tool blocked by an interceptor ends nothing either', async () => {
    const { messages } = await run(
      [
        {
          toolCalls: [
            { toolName: 'submit', input: { answer: 'rm -rf everything' } },
            { toolName: 'list_files', input: {} },
          ],
        },
        { text: 'went on' },
      ],
      (store) =>
        void store.getState().addInterceptor({
          name: 'no submit',
          phase: 'before',
          code: "if (args.call.name === 'submit') return { block: 'not yet' };",
        }),
    );
    expect(calls(messages[1]).map(codeOf)).toEqual(['BLOCKED_BY_INTERCEPTOR', 'output-available']);
  });
});

describe('createRunBatch', () => {
  it('runs calls at once unless an earlier one holds later ones; the first stop reason is kept', async () => {
    const batch = createRunBatch();
    const order: string[] = [];
    let release = () => {};
    const first = batch.schedule(
      true,
      () =>
        new Promise<void>((resolve) => {
          order.push('first starts');
          release = () => {
            order.push('first ends');
            resolve();
          };
        }),
    );
    const second = batch.schedule(false, async () => void order.push('second starts'));
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    batch.stop('one');
    batch.stop('two');
    expect(batch.stopped).toBe('one');
  });
});

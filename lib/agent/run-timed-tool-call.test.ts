import { writtenError } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { createRouteFetch, runConversation } from '../../testing/run-conversation';
import { messagesBeforeStep } from '../messages/messages-before-step';
import { isManualStep } from '../messages/without-manual-steps';
import { manualStepMessages } from '../messages/manual-step';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createInitialSession } from '../session/initial-session';
import { buildTimeline } from '../timeline/build-timeline';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { runTimedToolCall } from './run-timed-tool-call';

describe('a tool tried by hand', () => {
  const checker = createSchemaChecker();
  const tools = checkToolDrafts(createInitialSession().tools, checker).runnable;
  const sandbox = createOfflineSandbox(EXAMPLE_FILES);
  const getSandbox = async () => sandbox;

  it("runs as the executor runs a model's call: in the sandbox, its arguments checked the same way", async () => {
    const read = await runTimedToolCall({
      call: { toolName: 'read_file', input: { path: 'README.md' } },
      tools,
      getSandbox,
      checker,
    });
    expect(read.outcome).toMatchObject({ kind: 'ok' });
    expect(JSON.stringify(read.outcome)).toContain('Greeter');
    expect(read.durationMs).toBeGreaterThanOrEqual(0);
    const wrong = await runTimedToolCall({
      call: { toolName: 'read_file', input: { path: 3 } },
      tools,
      getSandbox,
      checker,
    });
    expect(wrong.outcome.kind).toBe('invalid-input');
  });

  it("is kept as a step of the person's own, drawn on the graph as a manual step", async () => {
    const { outcome } = await runTimedToolCall({
      call: { toolName: 'list_files', input: {} },
      tools,
      getSandbox,
      checker,
    });
    if (outcome.kind === 'awaiting-user') throw new Error('not a manual tool');
    const messages = manualStepMessages({ id: 'x1', toolName: 'list_files', input: {}, outcome });
    const timeline = buildTimeline({ messages });
    expect(timeline.nodes.map((node) => node.label.split(':')[0])).toEqual([
      'User message',
      'Manual step',
      'Tool call list_files',
      'Tool result list_files',
    ]);
    expect(timeline.segments.find((segment) => segment.band)?.band).toBe('Manual step · Try this tool');
    const failed = manualStepMessages({
      id: 'x2',
      toolName: 'read_file',
      input: { path: 3 },
      outcome: { kind: 'invalid-input', error: writtenError('{"error":{"type":"ValidationError"}}') },
    });
    expect(failed[1].parts[1]).toMatchObject({ state: 'output-error', toolCallId: 'call_manual_x2' });
  });

  it('a conversation goes on after a manual step, which is the person’s trial: the model is never sent it', async () => {
    const { outcome } = await runTimedToolCall({
      call: { toolName: 'read_file', input: { path: 'README.md' } },
      tools,
      getSandbox,
      checker,
    });
    if (outcome.kind === 'awaiting-user') throw new Error('not a manual tool');
    const manual = manualStepMessages({ id: 'm1', toolName: 'read_file', input: { path: 'README.md' }, outcome });
    const bodies: string[] = [];
    const route = createRouteFetch();
    const { messages, store } = await runConversation('what does it say?', {
      configure: (session) => session.setState({ messages: manual }),
      routeFetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(String(init?.body));
        return route(url, init);
      }) as typeof fetch,
    });
    expect(store.getState().chatError).toBeUndefined();
    expect(messages.slice(0, 2)).toEqual(manual);
    expect(messages.at(-1)?.role).toBe('assistant');
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(body).not.toContain('call_manual_m1');
      expect(body).not.toContain('Try this tool');
    }
    // Nor does rebuilding a step's request (sampling, Context cost) bring it back.
    const stepMessage = messages.find((message) => message.role === 'assistant' && !isManualStep(message));
    expect(messagesBeforeStep(messages, stepMessage!.id, 1)?.map((message) => message.id)).toEqual([messages[2].id]);
  });
});

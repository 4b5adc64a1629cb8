import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runJavaScriptInNode } from '../../testing/run-javascript-in-node';
import { runConversation } from '../../testing/run-conversation';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import type { ScriptStep } from '../shapes/run-settings';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import type { SessionStore } from '../session/session-state';
import { INTERCEPTOR_TEMPLATES } from '../shapes/interceptor-defaults';
import { describeRunEnd, runLimitsOf } from './run-progress';
import { readToolErrorText } from '../shapes/tool-error';

const calls = (message: UIMessage | undefined) => (message?.parts ?? []).filter(isToolUIPart);
const template = (name: string) => INTERCEPTOR_TEMPLATES.find((each) => each.name === name)!;
const errorOf = (part: ReturnType<typeof calls>[number]) =>
  part.state === 'output-error' ? readToolErrorText(part.errorText) : undefined;

/** Runs a scripted conversation with every core tool on and the given interceptors. */
async function run(script: ScriptStep[], configure: (store: SessionStore) => void = () => {}) {
  const sandbox = createOfflineSandbox({ ...EXAMPLE_FILES, 'contacts.txt': 'Ada <ada@example.com>\nGrace\n' });
  const result = await runConversation('go', {
    sandbox,
    runJavaScript: runJavaScriptInNode,
    configure: (store) => {
      const state = store.getState();
      state.addTools(
        CORE_TOOL_DEFINITIONS.filter(
          (definition) => !state.tools.some((tool) => tool.id === `tool-${definition.name}`),
        ).map((definition) => ({ definition, run: { kind: 'sandbox' } })),
      );
      state.updateSettings({ model: 'simulated-scripted', script });
      configure(store);
    },
  });
  return { ...result, sandbox: await sandbox };
}

describe('interceptors (seed 003 executor)', () => {
  it('a before-interceptor blocks `rm -rf`; the other call of the step still runs; both are recorded', async () => {
    const { messages, store, sandbox } = await run(
      [
        {
          toolCalls: [
            { toolName: 'bash', input: { command: 'rm -rf notes' } },
            { toolName: 'list_files', input: {} },
          ],
        },
        { text: 'done' },
      ],
      (store) => store.getState().addInterceptor(template('block rm -rf')),
    );
    const [bash, list] = calls(messages[1]);
    expect(errorOf(bash)?.error).toMatchObject({
      type: 'PermissionError',
      code: 'BLOCKED_BY_INTERCEPTOR',
      message:
        "Error: The call to 'bash' was blocked by the interceptor 'block rm -rf': rm -rf is not allowed in this playground",
    });
    expect(list.state).toBe('output-available');
    expect(await sandbox.exists(`${sandbox.root}/notes/todo.txt`)).toBe(true);
    expect(store.getState().interceptions[bash.toolCallId]).toEqual([
      {
        interceptor: 'block rm -rf',
        phase: 'before',
        action: 'blocked',
        detail: 'rm -rf is not allowed in this playground',
      },
    ]);
    expect(store.getState().events.some((event) => event.kind === 'ToolCallIntercepted')).toBe(true);
  });

  it('with stopOnToolBlock the rest of the batch does not run', async () => {
    const { messages } = await run(
      [
        {
          toolCalls: [
            { toolName: 'bash', input: { command: 'rm -rf notes' } },
            { toolName: 'list_files', input: {} },
          ],
        },
        { text: 'done' },
      ],
      (store) => {
        store.getState().addInterceptor(template('block rm -rf'));
        store.getState().setExecutorSettings({ stopOnToolBlock: true });
      },
    );
    const [, list] = calls(messages[1]);
    expect(errorOf(list)?.error).toMatchObject({
      code: 'BATCH_STOPPED',
      message: "Error: 'list_files' did not run: an earlier call in this step was blocked.",
    });
  });

  it('an after-interceptor rewrites a result (emails redacted) and the model reads the rewritten one', async () => {
    const { messages, store } = await run(
      [{ toolCalls: [{ toolName: 'read_file', input: { path: 'contacts.txt' } }] }, { text: 'done' }],
      (store) => store.getState().addInterceptor(template('redact emails')),
    );
    const [read] = calls(messages[1]);
    expect(read.state === 'output-available' && (read.output as { output: string }).output).toBe(
      'Ada <[email redacted]>\nGrace\n',
    );
    expect(store.getState().interceptions[read.toolCallId]).toEqual([
      { interceptor: 'redact emails', phase: 'after', action: 'rewrote result', detail: 'emails redacted' },
    ]);
  });

  it('an interceptor that throws blocks the call before and withholds the result after', async () => {
    const { messages } = await run(
      [{ toolCalls: [{ toolName: 'read_file', input: { path: 'contacts.txt' } }] }, { text: 'done' }],
      (store) => store.getState().addInterceptor({ name: 'broken', phase: 'after', code: 'throw new Error("oops")' }),
    );
    const [read] = calls(messages[1]);
    expect(errorOf(read)?.error).toMatchObject({
      code: 'INTERCEPTOR_FAILED',
      message: "Error: The interceptor 'broken' failed (oops), so the result of 'read_file' was withheld.",
    });
    const { messages: before } = await run(
      [{ toolCalls: [{ toolName: 'list_files', input: {} }] }, { text: 'done' }],
      (store) => store.getState().addInterceptor({ name: 'loops', phase: 'before', code: 'return 42;' }),
    );
    expect(errorOf(calls(before[1])[0])?.error.code).toBe('INTERCEPTOR_FAILED');
  });

  it('changed arguments are validated and run; the change is recorded', async () => {
    const { messages, store } = await run(
      [{ toolCalls: [{ toolName: 'read_file', input: { path: 'nope.txt' } }] }, { text: 'done' }],
      (store) =>
        store.getState().addInterceptor({
          name: 'fix path',
          phase: 'before',
          code: "return { arguments: { ...args.call.arguments, path: 'README.md' } };",
        }),
    );
    const [read] = calls(messages[1]);
    expect(read.state === 'output-available' && (read.output as { output: string }).output).toContain('# Greeter');
    expect(store.getState().interceptions[read.toolCallId]?.[0]).toMatchObject({
      action: 'changed arguments',
      detail: '{"path":"README.md"}',
    });
  });

  it('throwOnToolFailure ends the run at the first failed call, and says so', async () => {
    const { messages, store } = await run(
      [{ toolCalls: [{ toolName: 'read_file', input: { path: 'nope.txt' } }] }, { text: 'never sent' }],
      (store) => store.getState().setExecutorSettings({ throwOnToolFailure: true }),
    );
    expect(messages[1].parts.filter((part) => part.type === 'step-start')).toHaveLength(1);
    expect(describeRunEnd(messages, runLimitsOf(store.getState(), []))).toMatch(
      /^Stopped: `read_file` failed and "Stop the run when a tool fails" is on/,
    );
  });

  it('a terminal tool ends the run without running the rest of its batch; any tool can be terminal', async () => {
    const { messages } = await run([
      {
        toolCalls: [
          { toolName: 'submit', input: { answer: '42' } },
          { toolName: 'list_files', input: {} },
        ],
      },
      { text: 'never sent' },
    ]);
    const [submit, list] = calls(messages[1]);
    expect(submit.state).toBe('output-available');
    expect(errorOf(list)?.error.message).toBe("Error: 'list_files' did not run: `submit` ended the run before it.");
    expect(messages[1].parts.filter((part) => part.type === 'step-start')).toHaveLength(1);

    const weather = {
      name: 'finish_report',
      description: 'Hands in the report and ends the task.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    };
    const { messages: custom } = await run(
      [{ toolCalls: [{ toolName: 'finish_report', input: { text: 'ok' } }] }, { text: 'never sent' }],
      (store) => {
        store.getState().addTools([{ definition: weather, run: { kind: 'mock', result: '"filed"' } }]);
        const added = store.getState().tools.find((tool) => tool.source.includes('finish_report'))!;
        store.getState().setToolTerminal(added.id, true);
      },
    );
    expect(custom[1].parts.filter((part) => part.type === 'step-start')).toHaveLength(1);
  });

  it('a JavaScript handler reads its call id and a frozen copy of the run (context injection)', async () => {
    const handler = {
      name: 'whoami',
      description: 'Says which call it serves.',
      parameters: { type: 'object', properties: {} },
    };
    const { messages } = await run([{ toolCalls: [{ toolName: 'whoami', input: {} }] }, { text: 'done' }], (store) =>
      store.getState().addTools([
        {
          definition: handler,
          run: {
            kind: 'javascript',
            timeoutMs: 1000,
            code: `let frozen = false;
try { context.messages.push({ role: 'user', text: 'x' }); } catch { frozen = true; }
return { id: context.toolCallId, tool: context.toolName, step: context.step, first: context.messages[0].text, frozen };`,
          },
        },
      ]),
    );
    const [call] = calls(messages[1]);
    expect(call.state === 'output-available' && call.output).toEqual({
      id: call.toolCallId,
      tool: 'whoami',
      step: 1,
      first: 'go',
      frozen: true,
    });
  });
});

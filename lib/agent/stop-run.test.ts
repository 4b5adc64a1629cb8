import { isToolUIPart } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { hangingWebContainer } from '../../testing/fake-web-container';
import { createRouteFetch, settle } from '../../testing/run-conversation';
import { createWebContainerSandbox } from '../sandbox/create-web-container-sandbox';
import { createSessionStore } from '../session/session-store';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { createSessionChat } from './create-session-chat';
import { runToolCall } from './run-tool-call';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { describeRunEnd, runLimitsOf, unansweredToolCalls } from './run-progress';
import { readToolErrorText } from '../shapes/tool-error';

/** Waits for the store to reach a state (no fixed wait): `vi.waitFor` retries the check until it holds. */
const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 15_000 });

describe('Stop', () => {
  it('Stop ends a bash command still running: its process is killed at once and the call is recorded as stopped', async () => {
    const container = hangingWebContainer(['building…\r\n']);
    const sandbox = createWebContainerSandbox(container);
    const store = createSessionStore();
    store.getState().updateSettings({
      model: 'simulated-scripted',
      script: [
        { toolCalls: [{ toolName: 'bash', input: { command: 'npm run build', timeout_seconds: 300 } }] },
        { text: 'never' },
      ],
    });
    const chat = createSessionChat({
      store,
      checker: createSchemaChecker(),
      getSandbox: async () => sandbox,
      fetch: createRouteFetch(),
    });
    void chat.sendMessage({ text: 'build it' });
    await waitFor(() => store.getState().runningToolCalls.length === 1);
    const [running] = store.getState().runningToolCalls;
    // While bash runs the chat is not streaming, yet the run is in progress and nobody is asked to type a result.
    expect(store.getState().chatStatus).toBe('ready');
    expect(unansweredToolCalls(store.getState().messages, store.getState().runningToolCalls)).toEqual([]);

    chat.stopTools();
    await chat.stop();
    // The process is killed by Stop itself (the command would otherwise hang forever).
    expect(container.killed()).toBe(true);
    await waitFor(() => store.getState().runningToolCalls.length === 0);
    await settle(store);

    const state = store.getState();
    expect(state.outcomes[running]).toBe('stopped');
    const [call] = state.messages[1].parts.filter(isToolUIPart);
    expect(call.state === 'output-error' && readToolErrorText(call.errorText)?.error.code).toBe('STOPPED');
    // Nothing more was sent to the model after Stop.
    expect(state.messages[1].parts.filter((part) => part.type === 'step-start')).toHaveLength(1);
    expect(describeRunEnd(state.messages, runLimitsOf(state, []))).toBe(
      'Stopped: you stopped the run while `bash` was running. Send a message to go on.',
    );
    expect(state.events.map((event) => event.kind)).toContain('ToolCallStopped');
  });
});

describe('Stop before the sandbox is ready', () => {
  it('a call stopped while the sandbox was still starting never runs (no 250 s sleep after Stop)', async () => {
    let ready: (sandbox: Awaited<ReturnType<typeof createOfflineSandbox>>) => void = () => {};
    const starting = new Promise<Awaited<ReturnType<typeof createOfflineSandbox>>>((resolve) => {
      ready = resolve;
    });
    const stop = new AbortController();
    const running = runToolCall({
      call: { toolName: 'bash', input: { command: 'sleep 250', timeout_seconds: 300 } },
      tools: [
        {
          spec: { name: 'bash', description: 'Runs bash.', inputSchema: { type: 'object' } },
          run: { kind: 'sandbox' },
        },
      ],
      getSandbox: () => starting,
      checker: createSchemaChecker(),
      signal: stop.signal,
    });
    stop.abort();
    ready(await createOfflineSandbox({}));
    const outcome = await running;
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('STOPPED');
  });
});

import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { errorMessageOf } from '../shapes/tool-error';
import { createRouteFetch, runConversation as runRealConversation, settle } from '../../testing/run-conversation';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { createSessionChat } from './create-session-chat';
import { createRunGate } from './run-gate';
import { handleChatRequest } from '../server/handle-chat-request';
import type { Sandbox } from '../sandbox/sandbox';
import { createSessionStore } from '../session/session-store';
import { formatToolSource } from '../shapes/tool-source';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { describeRunEnd, unansweredToolCalls } from './run-progress';

const runConversation = (
  text: string,
  configure?: (store: ReturnType<typeof createSessionStore>) => void,
  sandbox?: Promise<Sandbox>,
) => runRealConversation(text, { configure, sandbox });

const toolParts = (message: UIMessage | undefined) => (message?.parts ?? []).filter(isToolUIPart);

describe('the tool loop through the real chat route', () => {
  it('lists the files and reads README.md, then answers from the results', async () => {
    const { messages, chat } = await runConversation('list the files and show me README.md');
    expect(chat.status).toBe('ready');
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    const assistant = messages[1];
    const calls = toolParts(assistant);
    expect(calls.map((part) => [part.type === 'dynamic-tool' ? part.toolName : part.type, part.input])).toEqual([
      ['list_files', {}],
      ['read_file', { path: 'README.md' }],
    ]);
    expect(calls.every((part) => part.state === 'output-available')).toBe(true);
    expect(assistant.parts.filter((part) => part.type === 'step-start')).toHaveLength(2);
    const answer = assistant.parts.filter((part) => part.type === 'text').at(-1);
    expect(answer?.type === 'text' && answer.text).toContain('# Greeter');
    expect(answer?.type === 'text' && answer.text).toContain('package.json');
  });

  it('runs the parallel calls of one step at the same time', async () => {
    const sandbox = await createOfflineSandbox(EXAMPLE_FILES);
    let active = 0;
    let mostAtOnce = 0;
    const slow =
      <T>(work: () => Promise<T>) =>
      async () => {
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await new Promise((resolve) => setTimeout(resolve, 40));
        active -= 1;
        return work();
      };
    const slowSandbox: Sandbox = {
      ...sandbox,
      list: (path, depth) => slow(() => sandbox.list(path, depth))(),
      readFile: (path) => slow(() => sandbox.readFile(path))(),
    };
    const { messages } = await runConversation(
      'list the files and show me README.md',
      undefined,
      Promise.resolve(slowSandbox),
    );
    expect(toolParts(messages[1]).map((part) => part.state)).toEqual(['output-available', 'output-available']);
    expect(mostAtOnce).toBe(2);
  });

  it('calls one tool per step when parallel tool calls are off', async () => {
    const { messages } = await runConversation('list the files and show me README.md', (store) =>
      store.getState().updateSettings({ parallelToolCalls: false }),
    );
    const assistant = messages[1];
    expect(assistant.parts.filter((part) => part.type === 'step-start')).toHaveLength(3);
    expect(toolParts(assistant)).toHaveLength(2);
  });

  it('stops at the step limit and says why', async () => {
    const { store, messages } = await runConversation('list the files and show me README.md', (store) =>
      store.getState().updateSettings({ parallelToolCalls: false, maxSteps: 1 }),
    );
    expect(toolParts(messages[1])).toHaveLength(1);
    expect(describeRunEnd(messages, { maxSteps: store.getState().settings.maxSteps ?? 5 })).toMatch(
      /step limit \(1 step\)/,
    );
  });

  it('leaves a broken tool out and still runs with the others', async () => {
    const { messages } = await runConversation('list the files', (store) => {
      store.getState().updateToolSource('tool-read_file', '{ "name": "read_file", ');
    });
    expect(toolParts(messages[1]).map((part) => part.type === 'dynamic-tool' && part.toolName)).toEqual(['list_files']);
  });
});

describe('when the sandbox cannot start', () => {
  it('answers each call with an error the model reads, and the run still ends with an answer', async () => {
    const failing = Promise.reject(new Error('WebContainer boot timed out'));
    failing.catch(() => undefined);
    const { messages } = await runConversation('list the files', undefined, failing);
    const [call] = toolParts(messages[1]);
    expect(call.state).toBe('output-error');
    expect(call.state === 'output-error' && errorMessageOf(call.errorText)).toBe(
      "Error: The sandbox could not start, so 'list_files' did not run.\nDetails: WebContainer boot timed out",
    );
    const answer = messages[1].parts.filter((part) => part.type === 'text').at(-1);
    expect(answer?.type === 'text' && answer.text).toContain('1 of 1 tool calls did not succeed');
  });
});

describe('POST /api/chat validation', () => {
  const post = (body: string) =>
    handleChatRequest(new Request('http://local/api/chat', { method: 'POST', body }), { simulatedChunkDelayMs: 0 });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('{');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('names the field that fails validation', async () => {
    const response = await post(
      JSON.stringify({ messages: [], tools: [], settings: { provider: 'simulated', model: 'x' } }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.message).toMatch(/^Invalid field "messages":/);
  });
});

describe('terminal tools', () => {
  it('ends the run when submit succeeds, without another model step', async () => {
    const { store, messages } = await runConversation('submit the answer "done"', (session) => {
      session.setState({
        tools: [
          {
            id: 'submit',
            source: formatToolSource(CORE_TOOL_DEFINITIONS.find((d) => d.name === 'submit')),
            enabled: true,
            run: { kind: 'sandbox' },
          },
        ],
      });
    });
    const assistant = messages[1];
    expect(assistant.parts.filter((part) => part.type === 'step-start')).toHaveLength(1);
    expect(toolParts(assistant).map((part) => part.state)).toEqual(['output-available']);
    expect(describeRunEnd(messages, { maxSteps: store.getState().settings.maxSteps ?? 5 })).toBe(
      'Finished: the model called `submit`, which ends the run.',
    );
  });
});

describe('manual tools', () => {
  it('pause the run until the person answers, then the model answers from that result', async () => {
    const weather = {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    };
    const { chat, store, messages } = await runConversation('what is the weather in Paris?', (session) => {
      session.setState({
        tools: [{ id: 'w', source: formatToolSource(weather), enabled: true, run: { kind: 'manual' } }],
      });
    });
    const [call] = toolParts(messages[1]);
    expect(call.state).toBe('input-available');
    expect(call.input).toEqual({ city: 'Paris' });
    expect(unansweredToolCalls(messages)).toEqual(['get_weather']);

    await chat.addToolOutput({ tool: 'get_weather', toolCallId: call.toolCallId, output: { temperature: 21 } });
    for (
      let i = 0;
      i < 200 && store.getState().messages[1].parts.findLast((part) => part.type !== 'data-step')?.type !== 'text';
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = store.getState().messages[1].parts.findLast((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toContain('"temperature": 21');
  });
});

describe('the scripted simulated model', () => {
  it('replays its steps exactly: an invalid call, the corrected call, then the answer', async () => {
    const script = [
      { text: 'Writing the note.', toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt' } }] },
      {
        text: 'I forgot the content; again.',
        toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt', content: 'hi' } }],
      },
      { text: 'Saved note.txt.' },
    ];
    const { messages } = await runConversation('save a note', (store) =>
      store.getState().updateSettings({ model: 'simulated-scripted', script }),
    );
    const parts = toolParts(messages[1]);
    expect(parts.map((part) => part.state)).toEqual(['output-error', 'output-available']);
    expect(parts[0].state === 'output-error' && errorMessageOf(parts[0].errorText)).toBe(
      "Error: Missing required parameter 'content'.\nPlease provide this parameter and try again.",
    );
    expect(parts.map((part) => part.toolCallId)).toEqual(['call_script_1_1', 'call_script_2_1']);
    const answer = messages[1].parts.findLast((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toBe('Saved note.txt.');
  });
});

describe('interceptors: approval and step mode', () => {
  /** Waits for the store to reach a state (no fixed wait): `vi.waitFor` retries the check until it holds. */
  const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 15_000 });

  it('asks before each call; one approved with edited arguments, one rejected with a reason the model reads', async () => {
    const store = createSessionStore();
    store.getState().setApproval('ask-every-call');
    const gate = createRunGate((pause) => store.getState().setPause(pause));
    const sandbox = createOfflineSandbox(EXAMPLE_FILES);
    const chat = createSessionChat({
      store,
      checker: createSchemaChecker(),
      getSandbox: () => sandbox,
      fetch: createRouteFetch(),
      gate,
    });
    void chat.sendMessage({ text: 'list the files and show me README.md' });

    await waitFor(() => store.getState().pause?.kind === 'approval');
    expect(store.getState().pause).toMatchObject({ kind: 'approval', toolName: 'list_files', input: {} });
    gate.answer({ kind: 'approve', input: { path: 'src' } });
    await waitFor(
      () =>
        store.getState().pause?.kind === 'approval' &&
        store.getState().pause?.kind === 'approval' &&
        (store.getState().pause as { toolName: string }).toolName === 'read_file',
    );
    gate.answer({ kind: 'reject', reason: 'not that file' });
    await settle(store);

    const parts = toolParts(store.getState().messages[1]);
    expect(parts.map((part) => part.state)).toEqual(['output-available', 'output-error']);
    expect(parts[0].state === 'output-available' && (parts[0].output as { output: string }).output).toBe(
      'greet.js\nindex.js\n',
    );
    expect(parts[1].state === 'output-error' && errorMessageOf(parts[1].errorText)).toMatch(
      /^Error: The user rejected this call to 'read_file': not that file/,
    );
    expect(store.getState().events.map((event) => event.kind)).toEqual([
      'InferenceRequestStarted',
      'InferenceResponseReceived',
      'ToolCallStarted',
      'ToolCallBlocked',
      'ToolCallCompleted',
      'InferenceRequestStarted',
      'InferenceResponseReceived',
    ]);
    expect(store.getState().events[2].detail).toBe('list_files (arguments edited by the user)');
  });

  it('step mode pauses before every model request and every tool execution', async () => {
    const store = createSessionStore();
    store.getState().setStepMode(true);
    store.getState().updateSettings({ parallelToolCalls: false });
    const gate = createRunGate((pause) => store.getState().setPause(pause));
    const sandbox = createOfflineSandbox(EXAMPLE_FILES);
    const chat = createSessionChat({
      store,
      checker: createSchemaChecker(),
      getSandbox: () => sandbox,
      fetch: createRouteFetch(),
      gate,
    });
    void chat.sendMessage({ text: 'list the files' });
    const labels: string[] = [];
    for (let i = 0; i < 3; i++) {
      await waitFor(() => store.getState().pause !== undefined);
      const pause = store.getState().pause;
      labels.push(pause?.kind === 'step' ? pause.label : 'approval');
      // Nothing is sent before the first pause; one request has gone out at the second and third.
      expect(store.getState().events.filter((event) => event.kind === 'InferenceRequestStarted')).toHaveLength(
        [0, 1, 1][i],
      );
      gate.answer({ kind: 'continue' });
    }
    await settle(store);
    expect(labels).toEqual([
      'Before the next model request',
      'Before running list_files',
      'Before the next model request',
    ]);
    const answer = store.getState().messages[1].parts.findLast((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toContain('README.md');
  });
});

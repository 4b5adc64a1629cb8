import { AbstractChat, DefaultChatTransport, type ChatState, type UIMessage } from 'ai';
import type { Sandbox } from '../sandbox/sandbox';
import { DEFAULT_MAX_STEPS } from '../session/run-settings';
import type { SessionStore } from '../session/session-store';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { runToolCall } from './run-tool-call';
import { shouldContinueRun } from './run-progress';
import type { RunJavaScript } from './tool-outcome';
import { assertNever } from '../assert-never';

/** Keeps the chat's messages and status in the session store, the one source of truth. */
function createStoreChatState(store: SessionStore): ChatState<UIMessage> {
  const snapshot = <T,>(value: T): T => {
    if (!value || typeof value !== 'object' || !('parts' in value) || !Array.isArray(value.parts)) return value;
    return { ...value, parts: value.parts.map((part: object) => ({ ...part })) };
  };
  const setMessages = (update: (messages: UIMessage[]) => UIMessage[]) =>
    store.setState((state) => ({ messages: update(state.messages) }));
  return {
    get status() {
      return store.getState().chatStatus;
    },
    set status(chatStatus) {
      store.setState({ chatStatus });
    },
    get error() {
      const message = store.getState().chatError;
      return message === undefined ? undefined : new Error(message);
    },
    set error(error) {
      store.setState({ chatError: error?.message });
    },
    get messages() {
      return store.getState().messages;
    },
    set messages(messages) {
      store.setState({ messages });
    },
    pushMessage: (message) => setMessages((messages) => [...messages, snapshot(message)]),
    popMessage: () => setMessages((messages) => messages.slice(0, -1)),
    replaceMessage: (index, message) =>
      setMessages((messages) => [...messages.slice(0, index), snapshot(message), ...messages.slice(index + 1)]),
    snapshot,
  };
}

export class SessionChat extends AbstractChat<UIMessage> {}

export type SessionChatOptions = {
  store: SessionStore;
  checker: SchemaChecker;
  /** The sandbox tool calls run in; awaited per call, so it may still be starting. */
  getSandbox: () => Promise<Sandbox>;
  /** Runs JavaScript handler tools (a Web Worker in the browser). */
  runJavaScript?: RunJavaScript;
  /** Extra request headers, read per request (the typed provider key travels here). */
  getHeaders?: () => Record<string, string>;
  api?: string;
  fetch?: typeof fetch;
};

/**
 * The client side of the loop: sends the active messages, the runnable tools and the run
 * settings to the chat route; runs each tool call the model makes through the executor;
 * sends the results back until the model answers or the step limit is reached. Manual tools
 * wait for the person to answer with `chat.addToolOutput`.
 */
export function createSessionChat({ store, checker, getSandbox, runJavaScript, getHeaders, api = '/api/chat', fetch }: SessionChatOptions): SessionChat {
  const runnableTools = () => checkToolDrafts(store.getState().tools, checker).runnable;
  const maxSteps = () => store.getState().settings.maxSteps ?? DEFAULT_MAX_STEPS;

  const chat: SessionChat = new SessionChat({
    state: createStoreChatState(store),
    transport: new DefaultChatTransport<UIMessage>({
      api,
      fetch,
      prepareSendMessagesRequest: ({ messages, headers }) => ({
        body: { messages, tools: runnableTools().map((tool) => tool.spec), settings: store.getState().settings },
        headers: { ...(headers as Record<string, string> | undefined), ...getHeaders?.() },
      }),
    }),
    sendAutomaticallyWhen: ({ messages }) => shouldContinueRun(messages, maxSteps()),
    onToolCall: async ({ toolCall }) => {
      const outcome = await runToolCall({
        call: { toolName: toolCall.toolName, input: toolCall.input },
        tools: runnableTools(),
        getSandbox,
        checker,
        runJavaScript,
        handlersTrusted: store.getState().handlersTrusted,
      });
      const answer = { tool: toolCall.toolName, toolCallId: toolCall.toolCallId };
      switch (outcome.kind) {
        case 'awaiting-user':
          return;
        case 'ok':
          void chat.addToolOutput({ ...answer, output: outcome.output });
          return;
        case 'invalid-input':
        case 'failed':
        case 'timed-out':
        case 'blocked':
          void chat.addToolOutput({ ...answer, state: 'output-error', errorText: outcome.message });
          return;
        default:
          assertNever(outcome);
      }
    },
  });
  return chat;
}

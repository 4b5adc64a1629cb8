import type { ChatState, UIMessage } from 'ai';
import type { RunStore } from './run-store';

/** The chat's state in the session store, and how to write what is pending at once. */
export type StoreChatState = { state: ChatState<UIMessage>; flush(): void };

/**
 * Keeps the chat's messages and status in the session store, the one source of truth. The
 * SDK writes the streaming message once per chunk; those writes are gathered and reach the
 * store once per task (copying the growing message each time was most of the loop's cost). The chat itself always reads its latest messages; a status change, an error or
 * `flush()` writes them at once.
 */
export function createStoreChatState(store: RunStore): StoreChatState {
  const snapshot = <T>(value: T): T => {
    if (!value || typeof value !== 'object' || !('parts' in value) || !Array.isArray(value.parts)) return value;
    return { ...value, parts: value.parts.map((part: object) => ({ ...part })) };
  };
  /** Messages not yet in the store; those in `live` are the SDK's own objects, copied when written. */
  let pending: UIMessage[] | undefined;
  const live = new Set<UIMessage>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const messages = pending.map((message) => (live.has(message) ? snapshot(message) : message));
    pending = undefined;
    live.clear();
    store.setState({ messages });
  };
  const current = () => pending ?? store.getState().messages;
  const setMessages = (messages: UIMessage[], written?: UIMessage) => {
    pending = messages;
    if (written) live.add(written);
    timer ??= setTimeout(flush, 0);
  };
  const state: ChatState<UIMessage> = {
    get status() {
      return store.getState().chatStatus;
    },
    set status(chatStatus) {
      flush();
      store.setState({ chatStatus });
    },
    get error() {
      const message = store.getState().chatError;
      return message === undefined ? undefined : new Error(message);
    },
    set error(error) {
      flush();
      if (store.getState().chatError !== error?.message) store.setState({ chatError: error?.message });
    },
    get messages() {
      return current();
    },
    set messages(messages) {
      pending = undefined;
      live.clear();
      flush();
      store.setState({ messages });
    },
    pushMessage: (message) => setMessages([...current(), message], message),
    popMessage: () => setMessages(current().slice(0, -1)),
    replaceMessage: (index, message) => {
      const messages = current();
      setMessages([...messages.slice(0, index), message, ...messages.slice(index + 1)], message);
    },
    snapshot,
  };
  return { state, flush };
}

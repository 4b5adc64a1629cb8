import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../session/session-store';
import { createStoreChatState } from './create-store-chat-state';

const streaming = (): UIMessage => ({
  id: 'a1',
  role: 'assistant',
  parts: [{ type: 'text', text: '', state: 'streaming' }],
});

describe('the chat state in the session store', () => {
  it("gathers a streaming message's writes into one store write per task; the chat reads the latest at once", async () => {
    const store = createSessionStore();
    let writes = 0;
    store.subscribe((state, previous) => {
      if (state.messages !== previous.messages) writes++;
    });
    const { state } = createStoreChatState(store);
    const message = streaming();
    state.pushMessage(message);
    for (const word of ['Hello', ' there', ', friend']) {
      (message.parts[0] as { text: string }).text += word;
      state.replaceMessage(0, message);
    }
    expect(state.messages.at(-1)).toBe(message);
    expect(store.getState().messages).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes).toBe(1);
    expect(store.getState().messages).toEqual([
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hello there, friend', state: 'streaming' }] },
    ]);
    // What the store holds is a copy: the SDK going on mutating its message does not reach it.
    (message.parts[0] as { text: string }).text += '!';
    expect(store.getState().messages[0].parts[0]).toMatchObject({ text: 'Hello there, friend' });
  });

  it('a status change, an error or flush() writes what is pending first', () => {
    const store = createSessionStore();
    const chat = createStoreChatState(store);
    const message = streaming();
    chat.state.pushMessage(message);
    chat.state.status = 'ready';
    expect(store.getState().messages).toHaveLength(1);
    chat.state.replaceMessage(0, { ...message, id: 'a2' });
    chat.state.error = new Error('boom');
    expect(store.getState().messages[0].id).toBe('a2');
    expect(store.getState().chatError).toBe('boom');
    chat.state.popMessage();
    chat.flush();
    expect(store.getState().messages).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CHAT_ROUTE, chatRequestProblem, chatRequestSchema, createChatRequestCheck } from '@/lib/agent/chat-route';
import { createRouteFetch, runConversation } from '@/testing/run-conversation';

/** `POST /api/chat`: the page sends and reads with the route's contract (route-contracts.test.ts). */
describe(`POST ${CHAT_ROUTE}`, () => {
  it('the page sends the body the contract says, the route reads it, and the step streams back', async () => {
    const sent: unknown[] = [];
    const route = createRouteFetch();
    const { messages, store } = await runConversation('list the files', {
      routeFetch: async (url, init) => {
        expect(url).toBe(CHAT_ROUTE);
        sent.push(JSON.parse(String(init?.body)));
        return route(url, init);
      },
    });
    expect(sent.length).toBeGreaterThan(1);
    for (const body of sent) expect(chatRequestSchema.safeParse(body).success).toBe(true);
    expect(messages.at(-1)?.parts.some((part) => part.type === 'text')).toBe(true);
    expect(store.getState().chatError).toBeUndefined();
  });

  it("a refusal shows the route's sentence, not its JSON; any other failure says the status", async () => {
    const refusing: typeof fetch = async () =>
      Response.json({ error: { code: 'missing_key', message: 'No API key for Anthropic.' } }, { status: 401 });
    const refused = await runConversation('hello', { routeFetch: refusing });
    expect(refused.store.getState().chatError).toBe('No API key for Anthropic.');
    const broken = await runConversation('hello', { routeFetch: async () => new Response('<html>', { status: 502 }) });
    expect(broken.store.getState().chatError).toBe(`${CHAT_ROUTE} answered 502.`);
  });

  it('a body the contract refuses is refused on the page in the route’s words, and nothing is sent', async () => {
    let sent = 0;
    const { store } = await runConversation('hello', {
      configure: (session) => session.getState().updateSettings({ model: 'gpt 4o; rm -rf' }),
      routeFetch: async (url, init) => {
        sent += 1;
        return createRouteFetch()(url, init);
      },
    });
    expect(sent).toBe(0);
    expect(store.getState().chatError).toMatch(/^Invalid field "settings\.model": /);
  });
});

describe('the page checks the body with the contract', () => {
  const tools: never[] = [];
  const settings = { provider: 'simulated', model: 'simulated-1' } as const;
  const hello = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };

  it("in the route's words, each message once", () => {
    const check = createChatRequestCheck();
    const linked = { id: 'u2', role: 'user', parts: [{ type: 'file', url: 'https://example.com/a.png' }] };
    expect(() => check({ messages: [hello, linked], tools, settings })).toThrow(
      'Invalid field "messages.1.parts.0.url": must be a data: URL — the playground server never downloads a file a message names; attach the file itself.',
    );
    const body = { messages: [hello, linked], tools, settings };
    const route = chatRequestSchema.safeParse(body);
    expect(route.success).toBe(false);
    expect(chatRequestProblem(route.error!)).toBe(
      'Invalid field "messages.1.parts.0.url": must be a data: URL — the playground server never downloads a file a message names; attach the file itself.',
    );
    expect(() => check({ messages: [], tools, settings })).toThrow(/^Invalid field "messages": /);
    // A message checked once is not checked again (messages are immutable): the same object passes untouched.
    expect(check({ messages: [hello], tools, settings }).messages[0]).toBe(hello);
  });
});

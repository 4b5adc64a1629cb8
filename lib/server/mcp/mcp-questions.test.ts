import { describe, expect, it } from 'vitest';
import { callAnswering as answering, withMcpTestServers } from './mcp-test-servers';
import { checkInputForm, readInputForm } from '@/lib/mcp/mcp-input-form';

const { servers, post } = withMcpTestServers();

const callAnswering = (...args: DropFirst<Parameters<typeof answering>>) => answering(post, ...args);
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

describe('a question from the server, answered by the person while the call runs', () => {
  it('2025-11-25 (elicitation/create from the reference server): the form arrives as an input line; accept and decline reach the server', async () => {
    const { connectionId, tools } = await (await post({ action: 'connect', url: servers().everything.url })).json();
    // The reference server offers its elicitation tool only to a client that says it can answer.
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('trigger-elicitation-request');
    const accepted = await callAnswering(connectionId, 'trigger-elicitation-request', (input) => {
      expect(input.message).toMatch(/provide inputs/);
      expect(input.requestedSchema).toMatchObject({ type: 'object', properties: { name: { type: 'string' } } });
      // The page's form reads the reference server's whole schema (every kind MCP allows) without a refusal…
      const form = readInputForm(input.requestedSchema);
      expect(form.problem).toBeUndefined();
      expect(new Set(form.fields.map((field) => field.kind))).toEqual(
        new Set(['text', 'boolean', 'number', 'choice', 'choices']),
      );
      // …and its defaults, as the form starts, make an answer the server takes.
      const initial = Object.fromEntries(form.fields.map((field) => [field.name, field.initial]));
      const checked = checkInputForm(form, { ...initial, name: 'Ada', untitledMultipleSelectEnum: ['Piano'] });
      expect(checked.ok).toBe(true);
      return { action: 'accept', content: checked.ok ? checked.content : {} };
    });
    expect(accepted.answers).toEqual([200]);
    expect(JSON.stringify(accepted.lines.at(-1))).toContain('Ada');
    const declined = await callAnswering(connectionId, 'trigger-elicitation-request', () => ({ action: 'decline' }));
    expect(declined.lines.at(-1)?.type).toBe('result');
    expect(JSON.stringify(declined.lines.at(-1))).toMatch(/declin/i);
    await post({ action: 'disconnect', connectionId });
  });

  it('2026-07-28 (an input_required result): the SDK retries with the answer, and the tool goes on', async () => {
    const { connectionId, server } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    expect(server.protocolVersion).toBe('2026-07-28');
    const accepted = await callAnswering(connectionId, 'greet', (input) => {
      expect(input.message).toBe('What is your name?');
      return { action: 'accept', content: { name: 'Grace' } };
    });
    expect(accepted.lines.at(-1)).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: 'Hello, Grace!' }] },
    });
    const declined = await callAnswering(connectionId, 'greet', () => ({ action: 'decline' }));
    expect(declined.lines.at(-1)).toMatchObject({ result: { content: [{ type: 'text', text: 'No name given.' }] } });
    await post({ action: 'disconnect', connectionId });
  });

  it('URL mode (the reference server asks the person to open a page): the address comes whole; agreeing, declining, and an address that is not http(s) never shown', async () => {
    const { connectionId, tools } = await (await post({ action: 'connect', url: servers().everything.url })).json();
    // Offered only to a client that says it can ask the person to open a page.
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('trigger-url-elicitation');
    const page = { url: 'https://example.com/authorize?state=x1', message: 'Sign in to continue.' };
    const agreed = await callAnswering(
      connectionId,
      'trigger-url-elicitation',
      (input) => {
        expect(input).toMatchObject({ message: 'Sign in to continue.', url: page.url, requestedSchema: {} });
        return { action: 'accept', content: {} };
      },
      page,
    );
    expect(agreed.answers).toEqual([200]);
    expect(JSON.stringify(agreed.lines.at(-1))).toContain('User completed the URL elicitation flow');
    const declined = await callAnswering(connectionId, 'trigger-url-elicitation', () => ({ action: 'decline' }), page);
    expect(JSON.stringify(declined.lines.at(-1))).toContain('User declined to open the URL');
    // A scheme that would run in the page (or open another program) is declined without asking.
    const refused = await callAnswering(
      connectionId,
      'trigger-url-elicitation',
      () => {
        throw new Error('no question should reach the person');
      },
      { url: 'javascript:alert(1)', message: 'Click me.' },
    );
    expect(refused.lines.some((line) => line.type === 'input')).toBe(false);
    expect(refused.lines).toHaveLength(1);
    expect(JSON.stringify(refused.lines[0])).toContain('User declined to open the URL');
    await post({ action: 'disconnect', connectionId });
  });

  it('an answer to a question that is not waiting is refused with a sentence', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const refused = await post({
      action: 'answer',
      connectionId,
      inputId: 'in-AAAAAAAAAAAAAAAAAAAAAAAA',
      answer: { action: 'decline' },
    });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toMatch(/no longer waiting/);
    await post({ action: 'disconnect', connectionId });
  });
});

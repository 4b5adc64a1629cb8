import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { buildSequence } from './build-sequence';
import { buildTimeline } from './build-timeline';
import { parseSessionData } from '../session/session-schema';
import { pickSessionData } from '../session/session-file';
import { createSessionStore } from '../session/session-store';

// An MCP server's questions while a call ran (elicitation): part of the session — a node on
// the graph between the call and its result, two arrows in the Sequence view, kept in files and
// links by field name, never by value.
const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'greet me' }] };
const assistant: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    {
      type: 'dynamic-tool',
      toolName: 'greet',
      toolCallId: 'c1',
      state: 'output-available',
      input: {},
      output: { content: [{ type: 'text', text: 'Hello, Ada!' }] },
    },
  ],
};
const questions = {
  c1: [
    { message: 'What is your name?', action: 'accept' as const, fields: ['name'] },
    { message: 'Sign in first.', url: 'https://example.com/login', action: 'decline' as const },
  ],
};

describe("an MCP server's questions in the run", () => {
  it('are nodes between the call and its result, in the order asked, saying how the person answered', () => {
    const { nodes, edges } = buildTimeline({ messages: [user, assistant], mcpInputs: questions });
    const asked = nodes.filter((node) => node.kind === 'approval');
    expect(asked.map((node) => [node.id, node.label, node.title])).toEqual([
      ['c1:question:0', 'Question greet: answered', 'Asked you · greet'],
      ['c1:question:1', 'Question greet: declined', 'Asked to open a page · greet'],
    ]);
    expect(asked[0].summary).toBe('What is your name? → answered (name)');
    const path = (from: string) => edges.find((edge) => edge.source === from)?.target;
    expect(path('c1:call')).toBe('c1:question:0');
    expect(path('c1:question:0')).toBe('c1:question:1');
    expect(path('c1:question:1')).toBe('c1:result');
  });

  it('are two arrows each in the Sequence view: the server asks the person, the person answers it', () => {
    const timeline = buildTimeline({ messages: [user, assistant], mcpInputs: questions });
    const { arrows, lanes } = buildSequence(timeline, { mcpServers: new Map([['greet', 'modern']]) });
    expect(lanes.map((lane) => lane.label)).toContain('MCP modern');
    const server = lanes.find((lane) => lane.label === 'MCP modern')?.id;
    expect(
      arrows
        .filter((arrow) => arrow.nodeId.startsWith('c1:question'))
        .map((arrow) => [arrow.from, arrow.to, arrow.text]),
    ).toEqual([
      [server, 'user', 'asks: What is your name?'],
      ['user', server, 'answer: accept (name)'],
      [server, 'user', 'asks: open https://example.com/login'],
      ['user', server, 'answer: decline'],
    ]);
  });

  it('travel in the session file, and a file with a question that is not one is refused by name', () => {
    const store = createSessionStore();
    store.getState().loadSession({ ...store.getState(), messages: [user, assistant] }, { trusted: true });
    for (const record of questions.c1) store.getState().recordMcpInput('c1', record);
    const data = JSON.parse(JSON.stringify(pickSessionData(store.getState())));
    expect(data.mcpInputs).toEqual(questions);
    expect(parseSessionData(data)).toMatchObject({ ok: true, session: { mcpInputs: questions } });
    const hostile = {
      ...data,
      mcpInputs: { c1: [{ message: 'Click.', url: 'javascript:alert(1)', action: 'accept' }] },
    };
    expect(parseSessionData(hostile)).toMatchObject({ ok: false, message: expect.stringContaining('mcpInputs') });
    // A session from before questions were kept opens with none.
    const { mcpInputs: _, ...older } = data;
    expect(parseSessionData(older)).toMatchObject({ ok: true, session: { mcpInputs: {} } });
  });
});

import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { buildSequence } from './build-sequence';
import { buildSessionTimeline } from './build-session-timeline';
import { buildTimeline } from './build-timeline';

const call = (id: string, toolName: string, output: unknown): UIMessage['parts'][number] => ({
  type: 'dynamic-tool',
  toolName,
  toolCallId: id,
  state: 'output-available',
  input: {},
  output,
});

describe('the sequence diagram, derived from the typed timeline', () => {
  it('one arrow per message: the request, tool_calls with short ids, each execution and result, the answer', async () => {
    const { messages } = await runConversation('list the files and show me README.md');
    const timeline = buildTimeline({ messages });
    const { lanes, arrows } = buildSequence({ ...timeline, lanes: [] }, { toolCount: 8 });
    expect(lanes.map((lane) => lane.label)).toEqual(['User', 'App', 'Model', 'Tools']);
    const calls = timeline.nodes.filter((node) => node.kind === 'tool-call');
    const ids = calls.map((node) => (node.kind === 'tool-call' ? node.detail.toolCallId.slice(-6) : ''));
    expect(arrows.map(({ from, to }) => `${from}→${to}`)).toEqual([
      'user→app',
      'app→model',
      'model→app',
      'app→tools',
      'tools→app',
      'app→tools',
      'tools→app',
      'app→model',
      'model→app',
    ]);
    expect(arrows[1]).toMatchObject({
      label: 'Model request, step 1',
      text: 'request: the conversation + 8 tool definitions',
    });
    expect(arrows[2].text).toBe(`tool_calls: list_files (…${ids[0]}), read_file (…${ids[1]})`);
    expect(arrows[7].text).toBe('request: the conversation + 2 tool results + 8 tool definitions');
    // The arrows carry the graph nodes' accessible names, and select the same nodes.
    const named = arrows.filter((arrow) => arrow.kind !== 'request');
    expect(named.map((arrow) => arrow.label)).toEqual(timeline.nodes.map((node) => node.label));
    expect(named.map((arrow) => arrow.nodeId)).toEqual(timeline.nodes.map((node) => node.id));
    expect(arrows[7].nodeId).toBe(arrows[8].nodeId);
  });

  it('an MCP server gets a lane of its own; a failed result is marked; other branches are left out', () => {
    const messages: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'echo and list' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          call('call_mcp_0001', 'everything_echo', 'Echo: hi'),
          {
            type: 'dynamic-tool',
            toolName: 'list_files',
            toolCallId: 'call_list_0002',
            state: 'output-error',
            input: {},
            errorText: 'no such directory',
          },
          { type: 'step-start' },
          { type: 'text', text: 'Done.' },
        ],
      },
    ];
    const timeline = buildSessionTimeline({
      messages,
      activeBranch: { id: 'main', label: 'Main' },
      branches: [
        {
          id: 'b2',
          label: 'Branch 2',
          messages: [{ id: 'x', role: 'user', parts: [{ type: 'text', text: 'other' }] }],
        },
      ],
      mcpTools: new Set(['everything_echo']),
    });
    const { lanes, arrows } = buildSequence(timeline, { mcpServers: new Map([['everything_echo', 'everything']]) });
    expect(lanes.map((lane) => lane.label)).toEqual(['User', 'App', 'Model', 'Tools', 'MCP everything']);
    expect(arrows.find((arrow) => arrow.text.startsWith('execute everything_echo'))?.to).toBe('mcp:everything');
    expect(arrows.find((arrow) => arrow.text.startsWith('result (…t_0002)'))).toMatchObject({ failed: true });
    expect(arrows.some((arrow) => arrow.text === 'other')).toBe(false);
  });
});

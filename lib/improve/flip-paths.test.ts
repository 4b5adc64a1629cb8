import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../agent/chat-route';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { flipPaths } from './flip-paths';

const tool = { name: 'weather_lookup', description: 'Weather.', inputSchema: { type: 'object', properties: {} } };
const call = (output: string) =>
  ({
    type: 'tool-weather_lookup',
    toolCallId: 'call-1',
    state: 'output-available',
    input: {},
    output,
  }) as UIMessage['parts'][number];
const recorded: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Rain in Oslo?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [{ type: 'step-start' }, call('{"rain": true}'), { type: 'step-start' }, { type: 'text', text: 'Yes.' }],
  },
];
const request = (messages: UIMessage[]): ChatRequest =>
  ({ messages, tools: [tool], settings: DEFAULT_RUN_SETTINGS }) as unknown as ChatRequest;

describe('Where a replay first left its recording, as JSON paths', () => {
  it('reads the conversation when no tool or setting differs: the tool result that came back otherwise', () => {
    const replayed: UIMessage[] = [
      recorded[0],
      { ...recorded[1], parts: [{ type: 'step-start' }, call('{"rain": false}')] },
    ];
    expect(
      flipPaths({
        recordedTools: new Map([[tool.name, tool]]),
        changedSettings: [],
        recordedMessages: recorded,
        recordedStepId: 'a1:step-2',
        request: request(replayed),
      }),
    ).toEqual(['messages[1].parts[1].output']);
  });

  it('names a tool added by its place, one gone by its name, at most five paths, and never the history policy', () => {
    const paths = flipPaths({
      recordedTools: new Map([
        [tool.name, tool],
        ['old_tool', { ...tool, name: 'old_tool' }],
      ]),
      changedSettings: ['history', 'temperature', 'topP'],
      recordedMessages: recorded,
      recordedStepId: 'a1:step-1',
      request: {
        ...request(recorded.slice(0, 1)),
        tools: [
          { ...tool, description: 'Changed.' },
          { ...tool, name: 'new_tool' },
        ],
      },
    });
    expect(paths).toEqual([
      'tools[0].description',
      'tools[1]',
      'tools (old_tool is gone)',
      'settings.temperature',
      'settings.topP',
    ]);
  });
});

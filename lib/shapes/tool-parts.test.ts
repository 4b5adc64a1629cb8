import * as ai from 'ai';
import { describe, expect, test } from 'vitest';
import { getToolName, isToolUIPart } from './tool-parts';

type Part = ai.UIMessage['parts'][number];

const PARTS = [
  { type: 'text', text: 'hi' },
  { type: 'reasoning', text: 'hmm' },
  { type: 'step-start' },
  { type: 'tool-get_weather', toolCallId: 'a', state: 'input-available', input: {} },
  { type: 'tool-read-file-v2', toolCallId: 'b', state: 'output-available', input: {}, output: 1 },
  { type: 'dynamic-tool', toolName: 'mcp_search', toolCallId: 'c', state: 'input-streaming', input: {} },
  { type: 'data-history', data: {} },
  { type: 'file', mediaType: 'text/plain', url: 'data:,x' },
] as Part[];

describe('tool parts (the AI SDK helpers, kept out of the first load)', () => {
  test.each(PARTS.map((part) => [part.type, part] as const))(
    '%s: the same answers as the `ai` package',
    (_type, part) => {
      expect(isToolUIPart(part)).toBe(ai.isToolUIPart(part));
      if (ai.isToolUIPart(part) && isToolUIPart(part)) expect(getToolName(part)).toBe(ai.getToolName(part));
    },
  );

  test('names with dashes survive', () => {
    expect(getToolName(PARTS[4] as ai.ToolUIPart)).toBe('read-file-v2');
  });
});

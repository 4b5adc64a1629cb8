import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { formatFunctionDefinitions } from 'gpt-tokenizer/functionCalling';
import { describe, expect, it } from 'vitest';
import { renderWithJinja2 } from '@/testing/langchain-tools';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import type { ToolDefinition } from '../shapes/tool-formats';
import { chatTemplateContext, MODEL_FAMILIES, type ModelFamily, renderToolsAsRead } from './render-tools-as-read';

const TOOLS: ToolDefinition[] = [
  ...(CORE_TOOL_DEFINITIONS.slice(0, 3) as unknown as ToolDefinition[]),
  {
    name: 'get_weather',
    description: 'Weather for a city — "quoted", ünïcode, <tags> & more.',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City' },
        unit: { type: 'string', enum: ['c', 'f'], default: 'c' },
        days: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' } },
        place: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] },
      },
      required: ['city'],
    },
  },
  { name: 'ping', description: 'Ping.', parameters: { type: 'object', properties: {} } },
];
const SYSTEM = 'You are a helpful assistant.';
const TEMPLATED = (Object.keys(MODEL_FAMILIES) as ModelFamily[]).filter((family) => MODEL_FAMILIES[family].template);

describe('Tools as the model reads them', () => {
  it.each(TEMPLATED)(
    '%s: the template renders as Python jinja2 (Transformers’ apply_chat_template) renders it',
    (family) => {
      const { template, bos } = MODEL_FAMILIES[family];
      const rendered = renderToolsAsRead(family, TOOLS, SYSTEM).text;
      expect(rendered).toBe(
        renderWithJinja2(template as string, { ...chatTemplateContext(TOOLS, SYSTEM), bos_token: bos }),
      );
      // Every tool's name and description is in the text the model reads.
      for (const tool of TOOLS) expect(rendered).toContain(tool.name);
    },
    120_000,
  );

  it('marks the span the tools take in the prompt', () => {
    const { text, tools } = renderToolsAsRead('qwen-2.5', TOOLS, SYSTEM);
    if (!tools) throw new Error('no tool span');
    const part = text.slice(tools.start, tools.end);
    expect(part.trimStart().startsWith('# Tools')).toBe(true);
    expect(part).toContain('"name": "get_weather"');
    expect(text.slice(0, tools.start)).toBe('<|im_start|>system\nYou are a helpful assistant.');
    expect(renderToolsAsRead('qwen-2.5', [], SYSTEM).tools).toBeUndefined();
  });

  it('shows OpenAI’s rendering as gpt-tokenizer writes it, and its tokens are the package’s count', () => {
    const { text } = renderToolsAsRead('openai', TOOLS, SYSTEM);
    expect(text).toBe(
      formatFunctionDefinitions(TOOLS.map((tool) => ({ ...tool, parameters: tool.parameters as never }))),
    );
    expect(countTokens(text)).toBeGreaterThan(100);
  });
});

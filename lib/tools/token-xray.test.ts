import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokensInFunctions, formatFunctionDefinitions } from 'gpt-tokenizer/functionCalling';
import { describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import type { ToolDefinition } from '../shapes/tool-formats';
import { chooseTokenizer } from './choose-tokenizer';
import { asPlainText, countToolsTokens, countToolTokens, toolText } from './token-xray';

const WEATHER: ToolDefinition = {
  name: 'get_weather',
  description: 'Get the current weather for a city.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name, e.g. "Lisbon".' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      place: {
        type: 'object',
        description: 'Where exactly',
        properties: { lat: { type: 'number', description: 'Latitude' } },
      },
    },
    required: ['city'],
  },
};
const CORE = CORE_TOOL_DEFINITIONS as unknown as ToolDefinition[];

describe('token X-ray', () => {
  it('chooses OpenAI’s own encodings for OpenAI models, and labels every other provider an estimate', () => {
    expect(chooseTokenizer('openai', 'gpt-4o-mini')).toMatchObject({ encoding: 'o200k_base', exact: true });
    expect(chooseTokenizer('openai', 'gpt-5')).toMatchObject({ encoding: 'o200k_base', exact: true });
    expect(chooseTokenizer('openai', 'gpt-4-turbo')).toMatchObject({ encoding: 'cl100k_base', exact: true });
    expect(chooseTokenizer('anthropic', 'claude-sonnet-4-5')).toMatchObject({ exact: false });
    expect(chooseTokenizer('anthropic', 'claude-sonnet-4-5').label).toContain('estimate');
  });

  it('counts each tool as the tokenizer counts the exact text OpenAI renders it into', () => {
    for (const definition of [WEATHER, ...CORE]) {
      const text = toolText(definition, true);
      // The rendered block is the package's own rendering of this one function, minus the shared namespace lines.
      expect(formatFunctionDefinitions([{ ...definition, parameters: definition.parameters as never }])).toBe(
        `namespace functions {\n\n${text}} // namespace functions`,
      );
      expect(countToolTokens(definition, o200k, true).tool).toBe(o200k(text));
      expect(countToolTokens(definition, cl100k, true).tool).toBe(cl100k(text));
    }
  });

  it('counts the next request’s tools with the package’s own estimateTokensInFunctions', () => {
    const functions = CORE.map((each) => ({ ...each, parameters: each.parameters as never }));
    expect(countToolsTokens(CORE, o200k, true)).toBe(estimateTokensInFunctions(functions, o200k));
    expect(countToolsTokens([], o200k, true)).toBe(0);
  });

  it('counts each property — its description line and its type — and nested ones by their JSON path', () => {
    const { properties, description } = countToolTokens(WEATHER, o200k, true);
    const byPath = new Map(properties.map((each) => [each.path.join('.'), each.tokens]));
    expect([...byPath.keys()]).toEqual([
      'parameters.properties.city',
      'parameters.properties.unit',
      'parameters.properties.place',
      'parameters.properties.place.properties.lat',
    ]);
    expect(byPath.get('parameters.properties.city')).toBe(o200k('// City name, e.g. "Lisbon".\ncity: string,'));
    expect(byPath.get('parameters.properties.unit')).toBe(o200k('unit?: "celsius" | "fahrenheit",'));
    // OpenAI drops descriptions below the first level: the nested line is its type alone.
    expect(byPath.get('parameters.properties.place.properties.lat')).toBe(o200k('  lat?: number,'));
    expect(description).toBe(o200k('// Get the current weather for a city.\n'));
  });

  it('estimates from the JSON for a provider whose tokenizer is not public', () => {
    const tokens = countToolTokens(WEATHER, o200k, false);
    expect(tokens.tool).toBe(o200k(JSON.stringify(WEATHER)));
    expect(tokens.properties[0].tokens).toBe(
      o200k(`"city":${JSON.stringify((WEATHER.parameters.properties as Record<string, unknown>).city)}`),
    );
  });

  it('counts special-token strings in a description as plain text instead of throwing', () => {
    const text = 'Stops at <|im_end|> or <|endoftext|>.';
    expect(() => o200k(text)).toThrow(/special token/);
    expect(asPlainText(o200k)(text)).toBeGreaterThan(5);
    const tool = { ...WEATHER, description: text };
    expect(countToolTokens(tool, asPlainText(o200k), true).description).toBe(asPlainText(o200k)(`// ${text}\n`));
  });
});

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { runSettingsSchema } from '../../shapes/run-settings';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { resolveToolCallingMode } from './resolve-tool-calling-mode';
import { readToolDecision } from './tool-decision';

describe('resolveToolCallingMode (AUTO by model name, seed 004)', () => {
  it.each([
    ['openai', 'gpt-4o-mini', 'structured'],
    ['openai', 'gpt-4.1', 'structured'],
    ['openai', 'o3-mini', 'structured'],
    ['openai-compatible', 'openai/gpt-oss-120b', 'structured'],
    ['anthropic', 'claude-sonnet-4-5', 'native'],
    ['google', 'gemini-2.5-flash', 'native'],
    ['openai-compatible', 'llama3.1', 'native'],
    ['openai-compatible', 'qwen2.5', 'native'],
    // An unknown name on a compatible server: native first (the route falls back when tools are refused).
    ['openai-compatible', 'phi-3-mini', 'native'],
    ['openai', 'some-finetune', 'validated'],
    ['simulated', 'simulated-1', 'native'],
  ] as const)('%s %s → %s', (provider, model, mode) => {
    expect(resolveToolCallingMode('auto', provider, model)).toBe(mode);
  });

  it('an explicit mode wins, except for the simulated model', () => {
    expect(resolveToolCallingMode('parsed', 'anthropic', 'claude-sonnet-4-5')).toBe('parsed');
    expect(resolveToolCallingMode('validated', 'simulated', 'simulated-1')).toBe('native');
    // Sessions and links from before 0.10 say `react`; they read back as `validated`.
    expect(runSettingsSchema.parse({ provider: 'openai', model: 'x', mode: 'react' }).mode).toBe('validated');
  });
});

describe('readToolDecision', () => {
  const tools: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ];
  const checker = createSchemaChecker();

  it('reads the ReAct and structured dialects, fenced or not', () => {
    expect(
      readToolDecision(
        '{"thought":"t","type":"call_tool","tool":"get_weather","args":{"city":"Oslo"}}',
        tools,
        checker,
      ),
    ).toEqual({
      kind: 'tool',
      toolName: 'get_weather',
      args: { city: 'Oslo' },
      thought: 't',
    });
    expect(
      readToolDecision('Sure!\n```json\n{"decision":{"scratchpad":"s","answer":"Sunny."}}\n```', tools, checker),
    ).toEqual({
      kind: 'answer',
      text: 'Sunny.',
      thought: 's',
    });
    expect(readToolDecision('{"scratchpad":"hmm"}', tools, checker)).toEqual({ kind: 'thought', thought: 'hmm' });
  });

  it('normalises validated arguments (seed 004 ToolCallValidation): scalars coerced, defaults filled, the input untouched', () => {
    const schema = {
      type: 'object',
      properties: {
        days: { type: 'integer' },
        metric: { type: 'boolean' },
        units: { type: 'string', default: 'celsius' },
      },
      required: ['days'],
    };
    const forecast: LanguageModelV4FunctionTool[] = [{ type: 'function', name: 'forecast', inputSchema: schema }];
    const text = '{"tool":"forecast","arguments":{"days":"3","metric":"true"}}';
    expect(readToolDecision(text, forecast, checker)).toMatchObject({
      kind: 'tool',
      toolName: 'forecast',
      args: { days: 3, metric: true, units: 'celsius' },
    });
    // What cannot be coerced is still refused, with the field named.
    expect(readToolDecision('{"tool":"forecast","arguments":{"days":"three"}}', forecast, checker)).toMatchObject({
      kind: 'unusable',
      stage: 'validation',
      message: expect.stringContaining('days'),
    });
    // Without a checker (native calling) nothing is changed.
    expect(readToolDecision(text, forecast)).toMatchObject({ args: { days: '3', metric: 'true' } });
  });

  it('says what is wrong when validating, and takes anything when not', () => {
    expect(readToolDecision('{"tool":"get_weather","arguments":{}}', tools, checker)).toEqual({
      kind: 'unusable',
      stage: 'validation',
      message: 'Invalid arguments for "get_weather":\nArgValidationError: city\n  Field required',
    });
    expect(readToolDecision('{"tool":"nope","arguments":{}}', tools, checker)).toMatchObject({
      kind: 'unusable',
      stage: 'validation',
      message: 'There is no tool "nope". Tools: get_weather.',
    });
    expect(readToolDecision('{"type":"run","tool":"get_weather","args":{"city":"Oslo"}}', tools, checker)).toEqual({
      kind: 'unusable',
      stage: 'validation',
      message: '"type" must be "call_tool" or "final_answer", not "run".',
    });
    expect(readToolDecision('no json here', tools, checker)).toMatchObject({ kind: 'unusable', stage: 'extraction' });
    expect(readToolDecision('{"tool":"nope","arguments":{}}', tools)).toMatchObject({ kind: 'tool', toolName: 'nope' });
    expect(readToolDecision('just words', tools)).toEqual({ kind: 'answer', text: 'just words', thought: '' });
  });
});

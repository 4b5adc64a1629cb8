import { describe, expect, it } from 'vitest';
import { SEED_READ_FILE_TOOL, SEED_SYSTEM, SEED_USER_TEXT } from '../../testing/seed-002-example';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../session/run-settings';
import type { WireRequest } from '../wire/wire-types';
import { getCode, toPython } from './get-code';

/** Seed 002 §4: "Read the main.py file" with one tool. */
const readFile = SEED_READ_FILE_TOOL;
const request = (model: string): WireRequest => ({
  model,
  system: SEED_SYSTEM,
  messages: [{ role: 'user', text: SEED_USER_TEXT }],
  tools: [readFile],
  toolChoice: 'auto',
  parallelToolCalls: undefined,
  temperature: undefined,
  maxOutputTokens: undefined,
});
const settings = (patch: Partial<RunSettings>): RunSettings => ({ ...DEFAULT_RUN_SETTINGS, ...patch });
const curlBody = (code: string) => JSON.parse(/-d '([^]*)'\n$/.exec(code)![1]);

describe('Get code', () => {
  it('curl sends exactly the seed 002 §4.2 OpenAI request, the key as $OPENAI_API_KEY', () => {
    const code = getCode('curl', request('gpt-4-turbo'), settings({ provider: 'openai', model: 'gpt-4-turbo', openaiApi: 'chat' }));
    expect(code).toContain('curl https://api.openai.com/v1/chat/completions');
    expect(code).toContain('-H "Authorization: Bearer $OPENAI_API_KEY"');
    expect(curlBody(code)).toEqual({
      model: 'gpt-4-turbo',
      messages: [
        { role: 'system', content: SEED_SYSTEM },
        { role: 'user', content: SEED_USER_TEXT },
      ],
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Read the contents of a file', parameters: readFile.inputSchema } }],
      tool_choice: 'auto',
    });
  });

  it('curl for Anthropic sends the seed 002 §4.3 request with its headers', () => {
    const code = getCode('curl', request('claude-3-5-sonnet-20241022'), settings({ provider: 'anthropic', model: 'claude-3-5-sonnet-20241022' }));
    expect(code).toContain('-H "x-api-key: $ANTHROPIC_API_KEY"');
    expect(curlBody(code)).toEqual({
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 4096,
      system: SEED_SYSTEM,
      messages: [{ role: 'user', content: SEED_USER_TEXT }],
      tools: [{ name: 'read_file', description: 'Read the contents of a file', input_schema: readFile.inputSchema }],
      tool_choice: { type: 'auto' },
    });
  });

  it('Python uses each provider SDK; TypeScript uses the AI SDK (snapshots)', () => {
    expect(getCode('python', request('gpt-4-turbo'), settings({ provider: 'openai', model: 'gpt-4-turbo', openaiApi: 'chat' }))).toMatchSnapshot();
    expect(getCode('python', request('claude-3-5-sonnet-20241022'), settings({ provider: 'anthropic', model: 'claude-3-5-sonnet-20241022' }))).toMatchSnapshot();
    expect(getCode('python', request('gemini-2.5-flash'), settings({ provider: 'google', model: 'gemini-2.5-flash' }))).toMatchSnapshot();
    expect(getCode('typescript', request('gpt-4-turbo'), settings({ provider: 'openai', model: 'gpt-4-turbo' }))).toMatchSnapshot();
  });

  it('never contains a key, only the variable that holds it', () => {
    for (const provider of ['openai', 'anthropic', 'google', 'openai-compatible', 'simulated'] as const) {
      for (const language of ['typescript', 'python', 'curl'] as const) {
        const code = getCode(language, request('m'), settings({ provider, model: 'm', baseURL: 'http://localhost:1234/v1' }));
        expect(code).not.toMatch(/sk-[A-Za-z0-9]/);
      }
    }
  });

  it('puts a real model in place of the simulated one, and says so', () => {
    const code = getCode('curl', request('simulated-1'), settings({ provider: 'simulated', model: 'simulated-1' }));
    expect(code).toMatch(/^# The simulated model runs only in the playground/);
    expect(curlBody(code).model).toBe('gpt-4o-mini');
  });

  it('writes JSON as Python literals', () => {
    expect(toPython({ a: [true, null, 1.5, 'x"y'] })).toBe('{\n    "a": [\n        True,\n        None,\n        1.5,\n        "x\\"y",\n    ],\n}');
  });
});

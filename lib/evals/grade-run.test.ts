import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import type { ToolSpec } from '../shapes/tool-spec';
import { type EvalCaseInput, evalCaseSchema } from '../shapes/eval-case';
import { gradeRun, type ObservedCall } from './grade-run';
import { matchArgument } from './match-argument';

const checker = createSchemaChecker();
const tools: ToolSpec[] = [
  {
    name: 'get_weather',
    description: 'Weather.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
  {
    name: 'search_web',
    description: 'Search.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  },
];
const testCase = (expect: EvalCaseInput['expect']) => evalCaseSchema.parse({ id: 'c', prompt: 'p', expect });
const call = (toolName: string, input: unknown, step = 1): ObservedCall => ({ toolName, input, step });
const grade = (expectation: EvalCaseInput['expect'], calls: ObservedCall[], answer = '') =>
  gradeRun(testCase(expectation), { calls, answer }, { tools, checker });

describe('argument matchers', () => {
  const match = (matcher: Parameters<typeof matchArgument>[0], value: unknown, present = true) =>
    matchArgument(matcher, present, value, checker);

  it('equals (deep, key order ignored), one of, any, absent, optional', () => {
    expect(match({ equals: { a: 1, b: [2] } }, { b: [2], a: 1 })).toBeUndefined();
    expect(match({ equals: 'Paris' }, 'paris')).toBe('is "paris", expected "Paris"');
    expect(match({ oneOf: ['c', 'celsius'] }, 'celsius')).toBeUndefined();
    expect(match({ oneOf: ['c', 'celsius'] }, 'f')).toBe('is "f", expected one of "c", "celsius"');
    expect(match({ any: true }, null)).toBeUndefined();
    expect(match({ any: true }, undefined, false)).toBe('is missing (expected any value)');
    expect(match({ absent: true }, 3)).toBe('should not be given, got 3');
    expect(match({ equals: 3, optional: true }, undefined, false)).toBeUndefined();
  });

  it('regex runs on RE2 (linear time; what it cannot run is said), ranges, JSON Schema', () => {
    expect(match({ regex: '^par', flags: 'i' }, 'Paris')).toBeUndefined();
    expect(match({ regex: '^par' }, 3)).toBe('is 3, expected a string matching /^par/');
    expect(match({ regex: '(a+)+$' }, `${'a'.repeat(50_000)}!`)).toMatch(/expected a string matching/);
    expect(match({ regex: '(?=x)' }, 'x')).toMatch(/^cannot be checked: .*Lookahead/);
    expect(match({ range: { min: 1, max: 5 } }, 5)).toBeUndefined();
    expect(match({ range: { min: 1 } }, 0)).toBe('is 0, expected a number ≥ 1');
    expect(match({ range: { max: 5 } }, '3')).toBe('is "3", expected a number ≤ 5');
    expect(match({ schema: { type: 'string', minLength: 3 } }, 'ab')).toMatch(
      /^is "ab": it must NOT have fewer than 3 characters/,
    );
  });
});

describe('grading a run against its case', () => {
  it('passes when each expected call is made with matching arguments, in any order by default', () => {
    const expectation: EvalCaseInput['expect'] = {
      calls: [
        { tool: 'search_web', args: { q: { regex: 'paris', flags: 'i' } } },
        { tool: 'get_weather', args: { city: 'Paris', unit: { oneOf: ['c'], optional: true } } },
      ],
    };
    expect(
      grade(expectation, [call('get_weather', { city: 'Paris' }), call('search_web', { q: 'Paris events' })]),
    ).toEqual({
      pass: true,
      failures: [],
    });
  });

  it('says what is wrong: a value, a missing argument, a wrong tool, a missing call, an extra call', () => {
    const weather = { calls: [{ tool: 'get_weather', args: { city: 'Paris', unit: 'c' } }] };
    expect(grade(weather, [call('get_weather', { city: 'Lyon', unit: 'c' })]).failures).toEqual([
      { kind: 'value-mismatch', message: 'get_weather: "city" is "Lyon", expected "Paris".' },
    ]);
    expect(grade(weather, [call('get_weather', { city: 'Paris' })]).failures).toEqual([
      { kind: 'value-mismatch', message: 'get_weather: "unit" is missing (expected "c").' },
    ]);
    expect(grade(weather, [call('search_web', { q: 'weather Paris' })]).failures).toEqual([
      { kind: 'wrong-tool', message: 'Expected a call to get_weather; the model called search_web instead.' },
    ]);
    expect(grade(weather, []).failures).toEqual([
      { kind: 'missing-call', message: 'Expected a call to get_weather; there was none.' },
    ]);
    expect(
      grade(weather, [call('get_weather', { city: 'Paris', unit: 'c' }), call('search_web', { q: 'x' })]).failures,
    ).toEqual([{ kind: 'unexpected-call', message: 'Unexpected call: search_web({"q":"x"}).' }]);
    expect(
      grade({ ...weather, allowExtraCalls: true }, [
        call('get_weather', { city: 'Paris', unit: 'c' }),
        call('search_web', {}),
      ]).pass,
    ).toBe(true);
  });

  it('exactArgs refuses arguments not named; the variant refuses unknown tools and invalid arguments', () => {
    expect(
      grade({ calls: [{ tool: 'get_weather', args: { city: 'Paris' }, exactArgs: true }] }, [
        call('get_weather', { city: 'Paris', days: 2 }),
      ]).failures,
    ).toEqual([{ kind: 'value-mismatch', message: 'get_weather: "days" was not expected.' }]);
    expect(grade({ calls: [{ tool: 'book_hotel' }] }, [call('book_hotel', {})]).failures).toEqual([
      { kind: 'unknown-tool', message: 'Called book_hotel, which this tool list does not offer.' },
    ]);
    const invalid = grade({ calls: [{ tool: 'get_weather', args: { city: { any: true } } }] }, [
      call('get_weather', { city: 'Paris', unit: 'kelvin' }),
    ]);
    expect(invalid.failures).toEqual([
      {
        kind: 'invalid-arguments',
        message: expect.stringMatching(/^get_weather: arguments its schema refuses — `unit` must be one of/),
      },
    ]);
  });

  it('order, parallel and no-tool cases', () => {
    const two: NonNullable<EvalCaseInput['expect']['calls']> = [
      { tool: 'search_web', args: {} },
      { tool: 'get_weather', args: { city: { any: true } } },
    ];
    const reversed = [call('get_weather', { city: 'x' }), call('search_web', {})];
    expect(grade({ calls: two, order: 'exact' }, reversed).failures.map((failure) => failure.kind)).toEqual([
      'order',
      'order',
    ]);
    expect(grade({ calls: two, order: 'any' }, reversed).pass).toBe(true);
    const spread = [call('search_web', {}, 1), call('get_weather', { city: 'x' }, 2)];
    expect(grade({ calls: two, parallel: 'required' }, spread).failures).toEqual([
      { kind: 'parallel', message: 'The calls were spread over 2 steps; expected all in one.' },
    ]);
    expect(grade({ calls: two, parallel: 'forbidden' }, reversed).failures).toEqual([
      { kind: 'parallel', message: 'Several calls were made in one step; expected one call a step.' },
    ]);
    expect(grade({ noTool: true }, []).pass).toBe(true);
    expect(grade({ noTool: true }, [call('search_web', { q: 'x' })]).failures).toEqual([
      { kind: 'unexpected-call', message: 'Expected no tool call; the model called search_web({"q":"x"}).' },
    ]);
  });

  it('any call (BFCL relevance): one call to an offered tool passes, whatever its arguments; none fails', () => {
    expect(grade({ anyCall: true }, [call('get_weather', { city: 42 })])).toEqual({ pass: true, failures: [] });
    expect(grade({ anyCall: true }, [call('search_web', {}), call('get_weather', { city: 'Oslo' })]).pass).toBe(true);
    expect(grade({ anyCall: true }, [])).toEqual({
      pass: false,
      failures: [{ kind: 'missing-call', message: 'Expected a tool call (any tool); the model called none.' }],
    });
    expect(grade({ anyCall: true }, [call('launch', {})]).failures.map((failure) => failure.kind)).toEqual([
      'unknown-tool',
    ]);
  });

  it('the final answer must match its pattern when one is given', () => {
    expect(grade({ noTool: true, answer: { regex: '\\bParis\\b' } }, [], 'It is sunny in Paris.').pass).toBe(true);
    expect(grade({ noTool: true, answer: { regex: 'Lyon' } }, [], 'It is sunny in Paris.').failures).toEqual([
      { kind: 'answer', message: 'The answer "It is sunny in Paris." does not match /Lyon/.' },
    ]);
  });
});

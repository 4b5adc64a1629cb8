import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { outputCheckSchema } from '../shapes/eval-case';
import { trajectoryFailures } from './grade-end-state';
import { outputFailures, outputText, toolCallF1, toolF1Failures } from './grade-output';

const checker = createSchemaChecker();
const passes = (check: unknown, output: string) =>
  outputFailures([outputCheckSchema.parse(check)], output, checker).length === 0;

describe('the output as promptfoo reads an answer', () => {
  const call = { toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } };
  it('is the text; the calls as Chat Completions lists them; the whole message when there are both', () => {
    expect(outputText('Sunny.', [])).toBe('Sunny.');
    expect(outputText('', [call])).toBe(
      '[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]',
    );
    expect(JSON.parse(outputText('Let me look.', [call]))).toEqual({
      role: 'assistant',
      content: 'Let me look.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
  });
});

describe('output checks', () => {
  it.each([
    [{ equals: 'Sunny.' }, 'Sunny.', true],
    [{ equals: 'sunny.' }, 'Sunny.', false],
    [{ equals: 11 }, '11', true],
    [{ equals: [1, { a: 2 }] }, '[1, {"a": 2}]', true],
    [{ equals: { a: 1 } }, 'not json', false],
    [{ contains: 'unn' }, 'Sunny.', true],
    [{ contains: 'unn', not: true }, 'Sunny.', false],
    [{ icontains: 'SUNNY' }, 'Sunny.', true],
    [{ startsWith: 'Sun' }, 'Sunny.', true],
    [{ startsWith: 'sun' }, 'Sunny.', false],
    [{ containsAny: ['rain', 'Sun'] }, 'Sunny.', true],
    [{ containsAny: ['rain', 'sun'] }, 'Sunny.', false],
    [{ containsAny: ['rain', 'sun'], ignoreCase: true }, 'Sunny.', true],
    [{ containsAll: ['Sun', 'ny'] }, 'Sunny.', true],
    [{ containsAll: ['Sun', 'rain'] }, 'Sunny.', false],
    [{ containsAll: ['Sun', 'rain'], not: true }, 'Sunny.', true],
    [{ regex: '^S\\w+\\.$' }, 'Sunny.', true],
    [{ regex: '^s', flags: 'i' }, 'Sunny.', true],
    [{ isJson: true }, '[1]', true],
    [{ isJson: true }, 'Sunny.', false],
    [{ isJson: true, not: true }, 'Sunny.', true],
    [{ isJson: true, schema: { type: 'array', minItems: 2 } }, '[1]', false],
    [{ isJson: true, schema: { type: 'array', minItems: 2 } }, '[1, 2]', true],
  ])('%j on %j: %s', (check, output, expected) => {
    expect(passes(check, output)).toBe(expected);
  });

  it('says which check failed, on which output', () => {
    expect(outputFailures([{ contains: 'rain' }], 'Sunny.', checker)).toEqual([
      { kind: 'output', message: 'The output "Sunny." fails "contains "rain"".' },
    ]);
    expect(
      outputFailures([{ isJson: true, schema: { type: 'array', minItems: 2 } }], '[1]', checker)[0].message,
    ).toMatch(/^The output "\[1\]" fails "is JSON its schema accepts": the output must .*2/);
    expect(outputFailures([{ regex: '(?<=a)b' }], 'ab', checker)[0].message).toMatch(
      /^The output check the pattern cannot run/,
    );
  });
});

describe('tool-call F1 (promptfoo tool-call-f1)', () => {
  it('is the harmonic mean of precision and recall over the sets of names', () => {
    expect(toolCallF1(['a'], ['a'])).toBe(1);
    expect(toolCallF1(['a', 'b'], ['a'])).toBeCloseTo(2 / 3, 12);
    expect(toolCallF1(['a'], ['a', 'a', 'c'])).toBeCloseTo(2 / 3, 12);
    expect(toolCallF1(['a'], [])).toBe(0);
    expect(toolF1Failures({ tools: ['a', 'b'], threshold: 0.6 }, ['a'])).toEqual([]);
    expect(toolF1Failures({ tools: ['a', 'b'] }, ['a', 'c'])).toEqual([
      { kind: 'tool-f1', message: 'Tool-call F1 0.500 is below 1: expected a, b; called a, c.' },
    ]);
  });
});

describe('trajectory: patterns, sequences and arguments', () => {
  const calls = [
    { toolName: 'search_web', input: { q: 'x', opts: { n: 3, lang: 'en' } } },
    { toolName: 'read_file', input: { path: 'a.txt' } },
    { toolName: 'search_docs', input: { q: 'y' } },
  ];
  const holds = (check: Parameters<typeof trajectoryFailures>[0][number]) =>
    trajectoryFailures([check], calls).length === 0;
  it('matches tool names by pattern (* any characters, ? one)', () => {
    expect(holds({ tool: 'search_*', atLeast: 2 })).toBe(true);
    expect(holds({ tool: 'search_*', atMost: 1 })).toBe(false);
    expect(holds({ tool: 'read_fil?', atLeast: 1 })).toBe(true);
    expect(holds({ tool: '*', atLeast: 4 })).toBe(false);
    expect(holds({ tool: 'read.file', atLeast: 1 })).toBe(false);
  });
  it('checks a sequence in order (others between), or exactly', () => {
    expect(holds({ sequence: ['search_*', 'search_docs'] })).toBe(true);
    expect(holds({ sequence: ['read_file', 'search_web'] })).toBe(false);
    expect(holds({ sequence: ['search_web', 'read_file', 'search_docs'], exact: true })).toBe(true);
    expect(holds({ sequence: ['search_web', 'search_docs'], exact: true })).toBe(false);
    expect(trajectoryFailures([{ sequence: ['read_file', 'search_web'] }], calls)[0].message).toBe(
      'search_web was not called in order after read_file; the tools called were search_web, read_file, search_docs.',
    );
  });
  it("checks a call's arguments partially (every given key, recursively) or exactly", () => {
    expect(holds({ tool: 'search_web', withArgs: { opts: { n: 3 } } })).toBe(true);
    expect(holds({ tool: 'search_web', withArgs: { opts: { n: 4 } } })).toBe(false);
    expect(holds({ tool: 'search_*', withArgs: { q: 'y' } })).toBe(true);
    expect(holds({ tool: 'read_file', withArgs: { path: 'a.txt' }, exact: true })).toBe(true);
    expect(holds({ tool: 'search_web', withArgs: { q: 'x' }, exact: true })).toBe(false);
    expect(trajectoryFailures([{ tool: 'write_file', withArgs: { path: 'b' } }], calls)[0].message).toBe(
      'write_file was not called; expected a call with {"path":"b"}.',
    );
  });
  it('runs a pattern in linear time, whatever it holds', () => {
    const name = 'a'.repeat(5_000);
    expect(trajectoryFailures([{ tool: `${'*a'.repeat(90)}b`, never: true }], [{ toolName: name }])).toEqual([]);
  });
});

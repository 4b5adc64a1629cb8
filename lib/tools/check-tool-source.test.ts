import { describe, expect, it } from 'vitest';
import { checkToolSource } from './check-tool-source';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { createSchemaChecker } from './create-schema-checker';

const checker = createSchemaChecker();
const source = (value: unknown) => JSON.stringify(value, null, 2);

describe('checkToolSource', () => {
  it('accepts every core tool definition and turns it into a ToolSpec', () => {
    for (const definition of CORE_TOOL_DEFINITIONS) {
      const check = checkToolSource(source(definition), checker);
      expect(check).toEqual({
        kind: 'valid',
        schemaKey: 'parameters',
        spec: { name: definition.name, description: definition.description, inputSchema: definition.parameters },
      });
    }
  });

  it('reports invalid JSON with the offset of the mistake and keeps the name it could read', () => {
    const text = '{\n  "name": "broken",\n  "description": "x",\n  "parameters": { "type": "object", }\n}';
    const check = checkToolSource(text, checker);
    expect(check.kind).toBe('invalid');
    if (check.kind !== 'invalid') return;
    expect(check.name).toBe('broken');
    expect(check.problems[0].message).toMatch(/^Invalid JSON: /);
    expect(text.slice(check.problems[0].offset, check.problems[0].offset + 1)).toBe('}');
  });

  it('reports a schema that breaks the JSON Schema meta-schema, pointing at the bad keyword', () => {
    const text = source({
      name: 'count_things',
      description: 'Counts.',
      parameters: { type: 'object', properties: { n: { type: 'dict' } } },
    });
    const check = checkToolSource(text, checker);
    expect(check.kind).toBe('invalid');
    if (check.kind !== 'invalid') return;
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0].message).toBe(
      'Invalid schema: `parameters.properties.n.type` must be one of "array", "boolean", "integer", "null", "number", "object", "string".',
    );
    expect(text.slice(check.problems[0].offset, check.problems[0].offset + check.problems[0].length)).toBe('"dict"');
  });

  it('rejects names providers refuse, a missing schema and non-object inputs', () => {
    const dotted = checkToolSource(source({ name: 'uber.ride', parameters: { type: 'object' } }), checker);
    expect(dotted.kind === 'invalid' && dotted.problems[0].message).toMatch(/"name" must be 1–64 letters/);
    const missing = checkToolSource(source({ name: 'x', description: 'y' }), checker);
    expect(missing.kind === 'invalid' && missing.problems[0].message).toMatch(/"parameters" is required/);
    const array = checkToolSource(source({ name: 'x', parameters: { type: 'array' } }), checker);
    expect(array.kind === 'invalid' && array.problems[0].message).toMatch(/must be "object"/);
    const notObject = checkToolSource('[1, 2]', checker);
    expect(notObject.kind === 'invalid' && notObject.problems[0].message).toMatch(/must be a JSON object/);
  });

  it('accepts inputSchema as the schema key and a draft-07 schema', () => {
    const check = checkToolSource(
      source({
        name: 'x',
        inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} },
      }),
      checker,
    );
    expect(check.kind).toBe('valid');
  });
});

describe('createSchemaChecker().checkValue', () => {
  const bash = CORE_TOOL_DEFINITIONS[0].parameters as unknown as Record<string, unknown>;

  it('passes valid arguments', () => {
    expect(checker.checkValue(bash, { command: 'ls', timeout_seconds: 5 })).toEqual([]);
  });

  it('gives one readable problem per bad argument', () => {
    const problems = checker.checkValue(bash, { timeout_seconds: 900, colour: 'red' });
    expect(problems.map((problem) => `${problem.path} ${problem.message}`)).toEqual([
      'command is required but missing',
      'colour is not allowed: the schema does not declare this property',
      'timeout_seconds must be <= 300',
    ]);
  });

  it('names the expected type', () => {
    expect(checker.checkValue(bash, { command: 42 })).toEqual([
      { path: 'command', pointer: '/command', message: 'must be a string' },
    ]);
  });
});

describe('keys the chat stream refuses', () => {
  it('names a __proto__ key (or a constructor holding prototype) where it is: a run offering it would fail with a parse error naming nothing', () => {
    const checker = createSchemaChecker();
    const source = JSON.stringify({
      name: 'lookup',
      description: 'x',
      parameters: { type: 'object', properties: { __proto__: { type: 'string' }, constructor: { type: 'string' } } },
    });
    const checked = checkToolSource(source.replace('"proto_', '"__proto__'), checker);
    const text = JSON.stringify({ name: 'lookup', parameters: { type: 'object', properties: {} } }).replace(
      '"properties":{}',
      '"properties":{"__proto__":{"type":"string"},"ok":{"type":"object","default":{"constructor":{"prototype":1}}}}',
    );
    const refused = checkToolSource(text, checker);
    expect(refused.kind).toBe('invalid');
    const problems = refused.kind === 'invalid' ? refused.problems : [];
    expect(problems.map((problem) => text.slice(problem.offset, problem.offset + problem.length))).toEqual([
      '"constructor"',
      '"__proto__"',
    ]);
    expect(problems[1].message).toMatch(
      /^"__proto__" cannot be a key in a tool: the chat stream's safe JSON reader refuses it/,
    );
    // A plain `constructor` property (no prototype in it) is fine.
    expect(checked.kind).toBe('valid');
  });
});

import { describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { schemaFormFields } from './schema-form-fields';

describe('the form Try this tool draws from a schema', () => {
  it('one field per property, of its kind, required marked, in order', () => {
    const readFile = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'read_file');
    expect(
      schemaFormFields(readFile?.parameters ?? {}).map(({ name, kind, required }) => [name, kind, required]),
    ).toEqual([
      ['path', 'text', true],
      ['start_line', 'integer', false],
      ['end_line', 'integer', false],
      ['encoding', 'choice', false],
    ]);
  });

  it('numbers, booleans, enums of any type; anything else is JSON', () => {
    const fields = schemaFormFields({
      type: 'object',
      properties: {
        ratio: { type: 'number', description: 'How much' },
        dry: { type: 'boolean' },
        level: { enum: [1, 'two', null] },
        tags: { type: 'array', items: { type: 'string' } },
        where: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    });
    expect(fields).toEqual([
      { name: 'ratio', kind: 'number', required: false, description: 'How much', choices: [] },
      { name: 'dry', kind: 'boolean', required: false, description: undefined, choices: [] },
      { name: 'level', kind: 'choice', required: false, description: undefined, choices: [1, 'two', null] },
      { name: 'tags', kind: 'json', required: false, description: undefined, choices: [] },
      { name: 'where', kind: 'json', required: false, description: undefined, choices: [] },
    ]);
    expect(schemaFormFields({ type: 'object' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkInputForm, readInputForm } from './mcp-input-form';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 2 },
    ok: { type: 'boolean', default: true },
  },
  required: ['name', 'age'],
};

describe('the form of an MCP question', () => {
  it('reads every kind MCP allows, with titles, choices and defaults', () => {
    const form = readInputForm(schema);
    expect(form.problem).toBeUndefined();
    expect(form.fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['name', 'text', true],
      ['age', 'number', true],
      ['size', 'choice', false],
      ['tags', 'choices', false],
      ['ok', 'boolean', false],
    ]);
    expect(form.fields[2]).toMatchObject({
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    });
    expect(form.fields[4]).toMatchObject({ initial: true });
  });

  it('says which properties are not a form MCP allows (nested objects), and shows the rest', () => {
    const form = readInputForm({
      type: 'object',
      properties: { fine: { type: 'string' }, nested: { type: 'object' } },
    });
    expect(form.fields.map((field) => field.name)).toEqual(['fine']);
    expect(form.problem).toMatch(/"nested" in a shape MCP's forms do not allow/);
    expect(readInputForm('not a schema')).toEqual({ fields: [] });
  });

  it('checks what was entered: required, whole numbers, ranges, lengths, how many choices; then makes the answer', () => {
    const form = readInputForm(schema);
    const base = { name: 'Ada', age: '36', size: '', tags: [] as string[], ok: true };
    expect(checkInputForm(form, { ...base, name: '' })).toEqual({ ok: false, problem: '"Name" is required.' });
    expect(checkInputForm(form, { ...base, name: 'A' })).toMatchObject({
      problem: '"Name" needs at least 2 characters.',
    });
    expect(checkInputForm(form, { ...base, age: '3.5' })).toMatchObject({ problem: '"age" must be a whole number.' });
    expect(checkInputForm(form, { ...base, age: '200' })).toMatchObject({ problem: '"age" must be at most 150.' });
    expect(checkInputForm(form, { ...base, tags: ['a', 'b', 'c'] })).toMatchObject({
      problem: 'Choose at most 2 for "tags".',
    });
    expect(checkInputForm(form, { ...base, size: 'l', tags: ['b'] })).toEqual({
      ok: true,
      content: { name: 'Ada', age: 36, size: 'l', tags: ['b'], ok: true },
    });
  });
});

/*
 * The form an MCP server asks the person to fill while its tool runs (elicitation, form mode):
 * MCP restricts `requestedSchema` to a flat object of strings (with a format or a length),
 * numbers and integers (with a range), booleans, single choices (`enum`, or `oneOf` of titled
 * `const`s) and multiple choices (an array of those). `readInputForm` reads one from an
 * untrusted schema; `checkInputForm` checks what the person entered and makes the answer.
 */
import type { McpInputValue } from '../shapes/mcp-input';

type Option = { value: string; label: string };
type Common = { name: string; title: string; description?: string; required: boolean };
export type InputField = Common &
  (
    | {
        kind: 'text';
        inputType: 'text' | 'email' | 'url' | 'date' | 'datetime-local';
        minLength?: number;
        maxLength?: number;
        initial: string;
      }
    | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; initial: string }
    | { kind: 'boolean'; initial: boolean }
    | { kind: 'choice'; options: Option[]; initial: string }
    | { kind: 'choices'; options: Option[]; minItems?: number; maxItems?: number; initial: string[] }
  );
export type InputForm = { fields: InputField[]; problem?: string };

/** Most fields and options a form shows (a server's schema is a stranger's text). */
const MAX_FIELDS = 50;
const MAX_OPTIONS = 100;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown, max = 500) => (typeof value === 'string' ? value.slice(0, max) : undefined);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function optionsOf(schema: Record<string, unknown>): Option[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum
      .slice(0, MAX_OPTIONS)
      .map((value, index) => ({ value: String(value), label: text(names[index]) ?? String(value) }));
  }
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  return titled?.slice(0, MAX_OPTIONS).map((each) => {
    const option = record(each);
    return { value: String(option.const), label: text(option.title) ?? String(option.const) };
  });
}

const INPUT_TYPES: Record<string, 'email' | 'url' | 'date' | 'datetime-local'> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

function fieldOf(name: string, raw: unknown, required: boolean): InputField | undefined {
  const schema = record(raw);
  const common: Common = {
    name,
    title: text(schema.title, 200) ?? name,
    required,
    ...(text(schema.description, 1_000) ? { description: text(schema.description, 1_000) } : {}),
  };
  const initial = schema.default;
  if (schema.type === 'boolean') return { ...common, kind: 'boolean', initial: initial === true };
  if (schema.type === 'number' || schema.type === 'integer')
    return {
      ...common,
      kind: 'number',
      integer: schema.type === 'integer',
      minimum: count(schema.minimum),
      maximum: count(schema.maximum),
      initial: typeof initial === 'number' ? String(initial) : '',
    };
  if (schema.type === 'array') {
    const options = optionsOf(record(schema.items));
    if (!options) return undefined;
    return {
      ...common,
      kind: 'choices',
      options,
      minItems: count(schema.minItems),
      maxItems: count(schema.maxItems),
      initial: Array.isArray(initial) ? initial.filter((each): each is string => typeof each === 'string') : [],
    };
  }
  if (schema.type !== 'string') return undefined;
  const options = optionsOf(schema);
  if (options) return { ...common, kind: 'choice', options, initial: typeof initial === 'string' ? initial : '' };
  return {
    ...common,
    kind: 'text',
    inputType: INPUT_TYPES[String(schema.format)] ?? 'text',
    minLength: count(schema.minLength),
    maxLength: count(schema.maxLength),
    initial: typeof initial === 'string' ? initial : '',
  };
}

/** The form a `requestedSchema` describes; a property MCP's form mode does not allow makes `problem`. */
export function readInputForm(requestedSchema: unknown): InputForm {
  const schema = record(requestedSchema);
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((each) => typeof each === 'string') : [],
  );
  const fields: InputField[] = [];
  const refused: string[] = [];
  for (const [name, property] of Object.entries(record(schema.properties)).slice(0, MAX_FIELDS)) {
    const field = fieldOf(name.slice(0, 200), property, required.has(name));
    if (field) fields.push(field);
    else refused.push(name.slice(0, 60));
  }
  return refused.length === 0
    ? { fields }
    : {
        fields,
        problem: `The server asks for ${refused.map((name) => `"${name}"`).join(', ')} in a shape MCP's forms do not allow (only strings, numbers, booleans and choices): Decline or Cancel.`,
      };
}

export type CheckedForm = { ok: true; content: Record<string, McpInputValue> } | { ok: false; problem: string };

/** What the person entered, checked against the form: the answer's content, or the first problem in words. */
export function checkInputForm(form: InputForm, values: Record<string, string | boolean | string[]>): CheckedForm {
  const content: Record<string, McpInputValue> = {};
  for (const field of form.fields) {
    const value = values[field.name];
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (field.kind !== 'boolean' && empty) {
      if (field.required) return { ok: false, problem: `"${field.title}" is required.` };
      continue;
    }
    if (field.kind === 'boolean') content[field.name] = value === true;
    else if (field.kind === 'number') {
      const number = Number(value);
      if (!Number.isFinite(number) || (field.integer && !Number.isInteger(number)))
        return { ok: false, problem: `"${field.title}" must be ${field.integer ? 'a whole number' : 'a number'}.` };
      if (field.minimum !== undefined && number < field.minimum)
        return { ok: false, problem: `"${field.title}" must be at least ${field.minimum}.` };
      if (field.maximum !== undefined && number > field.maximum)
        return { ok: false, problem: `"${field.title}" must be at most ${field.maximum}.` };
      content[field.name] = number;
    } else if (field.kind === 'choices') {
      const chosen = Array.isArray(value) ? value : [];
      if (field.minItems !== undefined && chosen.length < field.minItems)
        return { ok: false, problem: `Choose at least ${field.minItems} for "${field.title}".` };
      if (field.maxItems !== undefined && chosen.length > field.maxItems)
        return { ok: false, problem: `Choose at most ${field.maxItems} for "${field.title}".` };
      content[field.name] = chosen;
    } else {
      const entered = String(value);
      if (field.kind === 'text' && field.minLength !== undefined && entered.length < field.minLength)
        return { ok: false, problem: `"${field.title}" needs at least ${field.minLength} characters.` };
      if (field.kind === 'text' && field.maxLength !== undefined && entered.length > field.maxLength)
        return { ok: false, problem: `"${field.title}" takes at most ${field.maxLength} characters.` };
      content[field.name] = entered;
    }
  }
  return { ok: true, content };
}

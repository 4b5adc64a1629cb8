import type { JSONSchema7 } from '@ai-sdk/provider';
import type { MessageValues } from './extract-message-values';

type Schema = JSONSchema7;
type Hint = 'path' | 'command' | 'content' | 'place' | 'plain';

const HINT_PATTERNS: [Hint, RegExp][] = [
  ['path', /(path|file|filename|dir|directory|folder)$/i],
  ['command', /^(command|cmd|script|code|expression|query)$/i],
  ['content', /^(content|contents|text|body|message|thought|answer)$/i],
  ['place', /(location|city|place|country|region)$/i],
];

function hintFor(name: string): Hint {
  return HINT_PATTERNS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'plain';
}

/** The top-level argument that takes a place (location, city, …), if the tool has one. */
export function placePropertyOf(schema: Schema): string | undefined {
  return Object.keys(schema.properties ?? {}).find((name) => hintFor(name) === 'place');
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type: string) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.enum) return typeof schema.enum[0];
  if (schema.properties) return 'object';
  return undefined;
}

const isWordChar = (char: string | undefined) => char !== undefined && /\w/.test(char);

/** Whether `word` stands in `text` as a whole word (what `\bword\b` means), with no regex built from a schema. */
function mentionsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1 && word !== ''; at = text.indexOf(word, at + 1)) {
    const wordCharsAtEdges = [isWordChar(word[0]), isWordChar(word.at(-1))];
    const boundaryBefore = isWordChar(text[at - 1]) !== wordCharsAtEdges[0];
    const boundaryAfter = isWordChar(text[at + word.length]) !== wordCharsAtEdges[1];
    if (boundaryBefore && boundaryAfter) return true;
  }
  return false;
}

function mentionedEnumValue(schema: Schema, values: MessageValues): unknown {
  const text = values.text.toLowerCase();
  return schema.enum?.find((option: unknown) => typeof option === 'string' && mentionsWord(text, option.toLowerCase()));
}

function clampNumber(value: number, schema: Schema, integer: boolean): number {
  let result = integer ? Math.round(value) : value;
  if (typeof schema.minimum === 'number') result = Math.max(result, schema.minimum);
  if (typeof schema.maximum === 'number') result = Math.min(result, schema.maximum);
  if (typeof schema.exclusiveMinimum === 'number' && result <= schema.exclusiveMinimum)
    result = schema.exclusiveMinimum + 1;
  if (typeof schema.exclusiveMaximum === 'number' && result >= schema.exclusiveMaximum)
    result = schema.exclusiveMaximum - 1;
  return result;
}

/** A path the message names that suits the property: a directory for "Directory path", else a file. */
function pathFor(name: string, schema: Schema, values: MessageValues): string | undefined {
  const candidates = [...values.paths, ...values.quoted.filter((q) => /[./]/.test(q))];
  const wantsDirectory = /director|folder/i.test(`${name} ${schema.description ?? ''}`);
  const isDirectory = (path: string) => path.endsWith('/') || !/\.[A-Za-z0-9]{1,8}$/.test(path);
  return candidates.find((path) => isDirectory(path) === wantsDirectory);
}

function explicitString(name: string, schema: Schema, values: MessageValues): string | undefined {
  const assigned = values.assignments.get(name.toLowerCase());
  if (assigned) return assigned;
  switch (hintFor(name)) {
    case 'path':
      return pathFor(name, schema, values);
    case 'command':
      return values.quoted[0] ?? values.commandTail;
    case 'content':
      return values.quoted.find((q) => !values.paths.includes(q) && q !== values.quoted[0]) ?? values.quoted.at(-1);
    case 'place':
      return values.place;
    case 'plain':
      return undefined;
  }
}

function fallbackString(name: string, schema: Schema, values: MessageValues): string {
  let value: string;
  switch (hintFor(name)) {
    case 'path':
      value = '.';
      break;
    case 'command':
      value = 'ls';
      break;
    case 'content':
      value = values.text;
      break;
    case 'place':
      value = 'London';
      break;
    case 'plain':
      value = values.quoted[0] ?? (schema.format === 'date' ? '2026-01-01' : 'example');
  }
  if (typeof schema.minLength === 'number' && value.length < schema.minLength)
    value = value.padEnd(schema.minLength, '_');
  if (typeof schema.maxLength === 'number') value = value.slice(0, schema.maxLength);
  return value;
}

/**
 * A value for one property, or undefined to leave an optional one out. Explicit values from
 * the message win, then enum mentions, then (only when required) defaults and placeholders.
 */
function synthesizeValue(name: string, schema: Schema, required: boolean, values: MessageValues): unknown {
  const mentioned = mentionedEnumValue(schema, values);
  if (mentioned !== undefined) return mentioned;
  const type = typeOf(schema);
  const assigned = values.assignments.get(name.toLowerCase());

  switch (type) {
    case 'string': {
      const explicit = explicitString(name, schema, values);
      if (explicit !== undefined && (!schema.enum || schema.enum.includes(explicit))) return explicit;
      if (!required) return undefined;
      if (schema.default !== undefined) return schema.default;
      if (schema.enum) return schema.enum[0];
      return fallbackString(name, schema, values);
    }
    case 'integer':
    case 'number': {
      const integer = type === 'integer';
      if (assigned !== undefined && Number.isFinite(Number(assigned)))
        return clampNumber(Number(assigned), schema, integer);
      if (!required) return undefined;
      if (schema.default !== undefined) return schema.default;
      if (schema.enum) return schema.enum[0];
      return clampNumber(values.numbers[0] ?? schema.minimum ?? 1, schema, integer);
    }
    case 'boolean': {
      if (assigned === 'true' || assigned === 'false') return assigned === 'true';
      const stemName = name.toLowerCase().replace(/_/g, ' ').slice(0, 6);
      if (stemName.length >= 5 && values.text.toLowerCase().includes(stemName)) return true;
      if (!required) return undefined;
      return schema.default ?? false;
    }
    case 'array': {
      if (!required) return undefined;
      if (schema.default !== undefined) return schema.default;
      const itemSchema = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as Schema | undefined;
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () =>
        itemSchema ? synthesizeValue(name, itemSchema, true, values) : 'example',
      );
    }
    case 'object':
      if (!required) return undefined;
      return synthesizeArguments(schema, values);
    default:
      return required ? (schema.default ?? null) : undefined;
  }
}

/** Whether a property takes null: `type: [..., "null"]`, `nullable: true`, or a null branch of `anyOf`. */
function acceptsNull(schema: Schema): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if ((schema as { nullable?: unknown }).nullable === true) return true;
  const anyOf = (schema as { anyOf?: unknown }).anyOf;
  return Array.isArray(anyOf) && anyOf.some((branch) => (branch as Schema | undefined)?.type === 'null');
}

/**
 * Arguments for a tool whose input schema is `schema`, drawn from what the message states:
 * required properties always get a value, optional ones only when the message gives one. A
 * required property that takes null (an optional one in OpenAI's strict form) is null unless
 * the message gives a value, as a model following the strict convention writes it.
 */
export function synthesizeArguments(schema: Schema, values: MessageValues): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(schema.required ?? []);
  const args: Record<string, unknown> = {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (typeof propertySchema !== 'object') continue;
    const nullable = required.has(name) && acceptsNull(propertySchema);
    const value = synthesizeValue(name, propertySchema, required.has(name) && !nullable, values);
    if (value !== undefined) args[name] = value;
    else if (nullable) args[name] = null;
  }
  return args;
}

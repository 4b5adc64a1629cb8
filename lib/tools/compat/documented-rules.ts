import type { CompatReason, CompatTargetId, DocumentedSource } from '../../shapes/compat';
import type { ToolDefinition } from '../../shapes/tool-formats';
import {
  ANTHROPIC_PROPERTY_KEY,
  GEMINI_NAME,
  OPENAI_ANTHROPIC_NAME,
  OPENAI_STRICT_UNSUPPORTED,
} from '../lint/lint-rules';
import { type SchemaPath, walkSchema } from '../lint/walk-schema';

/*
 * What each provider documents that it refuses, rule by rule, with where it says so (quoted, and
 * the day the playground recorded it). A rule a tool breaks makes its cell `rejects`.
 */

const RECORDED = '2026-11-27';
const source = (title: string, url: string, quote: string): DocumentedSource => ({
  title,
  url,
  quote,
  recorded: RECORDED,
});

export const SOURCES = {
  openaiNames: source(
    'OpenAI API reference — function.name',
    'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
    'Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64.',
  ),
  openaiStrictRequired: source(
    'OpenAI — Structured Outputs, supported schemas',
    'https://platform.openai.com/docs/guides/structured-outputs#all-fields-must-be-required',
    'To use Structured Outputs, all fields or function parameters must be specified as required.',
  ),
  openaiStrictAdditional: source(
    'OpenAI — Structured Outputs, supported schemas',
    'https://platform.openai.com/docs/guides/structured-outputs#additionalproperties-false-must-always-be-set-in-objects',
    'additionalProperties: false must always be set in objects',
  ),
  openaiStrictKeywords: source(
    'OpenAI — Structured Outputs, some type-specific keywords are not yet supported',
    'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
    'Composition: allOf, not, dependentRequired, dependentSchemas, if, then, else',
  ),
  openaiStrictRoot: source(
    'OpenAI — Structured Outputs, root objects must not be anyOf',
    'https://platform.openai.com/docs/guides/structured-outputs#root-objects-must-not-be-anyof-and-must-be-an-object',
    'the root level object of a schema must be an object, and not use anyOf',
  ),
  anthropicNames: source(
    'Anthropic — Tool use, tool definitions',
    'https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools',
    'name: The name of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,64}$.',
  ),
  anthropicStrict: source(
    'Anthropic — Structured outputs, JSON Schema limitations',
    'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
    'Not supported: Numerical constraints (minimum, maximum, multipleOf); String constraints (minLength, maxLength); Recursive schemas',
  ),
  anthropicStrictAdditional: source(
    'Anthropic — Structured outputs, JSON Schema limitations',
    'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
    'additionalProperties must be set to false for all objects',
  ),
  geminiNames: source(
    'Gemini API — FunctionDeclaration.name',
    'https://ai.google.dev/api/caching#FunctionDeclaration',
    'Must be a-z, A-Z, 0-9, or contain underscores, colons, dots, and dashes, with a maximum length of 64.',
  ),
  geminiSchema: source(
    'Gemini API — Schema (the OpenAPI 3.0 subset of FunctionDeclaration.parameters)',
    'https://ai.google.dev/api/caching#Schema',
    'The Schema object allows the definition of input and output data types. These types can be objects, but also primitives and arrays. Represents a select subset of an OpenAPI 3.0 schema object.',
  ),
  geminiEnum: source(
    'Gemini API — Schema.enum',
    'https://ai.google.dev/api/caching#Schema',
    'enum[]: string. Optional. Possible values of the element of Type.STRING with enum format.',
  ),
} as const;

/** The fields the legacy `parameters` (Gemini's Schema message) has; any other key is refused as an unknown name. */
export const GEMINI_SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
export const ANTHROPIC_STRICT_UNSUPPORTED = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
];

const at = (path: SchemaPath) => ['parameters', ...path];
const where = (path: SchemaPath) =>
  path.length === 0 ? 'the input schema' : `"${path.filter((key) => key !== 'properties').join('.')}"`;
const reason = (message: string, path: SchemaPath, documented: DocumentedSource): CompatReason => ({
  message,
  path,
  source: { kind: 'documented', source: documented },
});
const isObjectNode = (node: Record<string, unknown>) =>
  node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || 'properties' in node;

function nameRule(definition: ToolDefinition, pattern: RegExp, documented: DocumentedSource): CompatReason[] {
  return pattern.test(definition.name)
    ? []
    : [reason(`The name "${definition.name}" does not match ${pattern.source}.`, ['name'], documented)];
}

/** Whether a schema refers to itself (a `$ref` to the root or to a definition that leads back to itself). */
export function isRecursive(schema: unknown): boolean {
  const refs: string[] = [];
  walkSchema(schema, (node) => {
    if (typeof node.$ref === 'string') refs.push(node.$ref);
  });
  return (
    refs.some((ref) => ref === '#' || ref === '#/') ||
    refs.some((ref) => {
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
      if (!name || typeof schema !== 'object' || schema === null) return false;
      const defs =
        (schema as Record<string, Record<string, unknown> | undefined>).$defs ??
        (schema as Record<string, Record<string, unknown> | undefined>).definitions;
      return JSON.stringify(defs?.[name] ?? {}).includes(`"${ref}"`);
    })
  );
}

function openaiStrictRules(definition: ToolDefinition): CompatReason[] {
  const reasons: CompatReason[] = [];
  const root = definition.parameters;
  if (root.type !== 'object' || 'anyOf' in root)
    reasons.push(
      reason('The input schema must be an object at its root, not anyOf.', at([]), SOURCES.openaiStrictRoot),
    );
  walkSchema(root, (node, path) => {
    if (isObjectNode(node) && node.additionalProperties !== false)
      reasons.push(
        reason(`${where(path)} needs "additionalProperties": false.`, at(path), SOURCES.openaiStrictAdditional),
      );
    if (isObjectNode(node) && node.properties && typeof node.properties === 'object') {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const optional = Object.keys(node.properties).filter((key) => !required.has(key));
      if (optional.length > 0)
        reasons.push(
          reason(
            `Every property must be required; optional in ${where(path)}: ${optional.join(', ')}.`,
            at(path),
            SOURCES.openaiStrictRequired,
          ),
        );
    }
    for (const keyword of [...OPENAI_STRICT_UNSUPPORTED, 'oneOf'])
      if (keyword in node)
        reasons.push(
          reason(
            `"${keyword}" is not supported (in ${where(path)}).`,
            at([...path, keyword]),
            SOURCES.openaiStrictKeywords,
          ),
        );
  });
  return reasons;
}

function anthropicRules(definition: ToolDefinition, strict: boolean): CompatReason[] {
  const reasons = nameRule(definition, OPENAI_ANTHROPIC_NAME, SOURCES.anthropicNames);
  walkSchema(definition.parameters, (node, path) => {
    if (node.properties && typeof node.properties === 'object')
      for (const key of Object.keys(node.properties))
        if (!ANTHROPIC_PROPERTY_KEY.test(key))
          reasons.push(
            reason(
              `Property name "${key}" does not match ${ANTHROPIC_PROPERTY_KEY.source}.`,
              at([...path, 'properties', key]),
              SOURCES.anthropicNames,
            ),
          );
    if (!strict) return;
    if (isObjectNode(node) && node.additionalProperties !== false)
      reasons.push(
        reason(`${where(path)} needs "additionalProperties": false.`, at(path), SOURCES.anthropicStrictAdditional),
      );
    for (const keyword of ANTHROPIC_STRICT_UNSUPPORTED)
      if (keyword in node)
        reasons.push(
          reason(
            `"${keyword}" is not supported in strict mode (in ${where(path)}).`,
            at([...path, keyword]),
            SOURCES.anthropicStrict,
          ),
        );
    if (typeof node.minItems === 'number' && node.minItems > 1)
      reasons.push(
        reason(
          `"minItems" above 1 is not supported in strict mode (in ${where(path)}).`,
          at([...path, 'minItems']),
          SOURCES.anthropicStrict,
        ),
      );
  });
  if (strict && isRecursive(definition.parameters))
    reasons.push(reason('A recursive schema is not supported in strict mode.', at([]), SOURCES.anthropicStrict));
  return reasons;
}

function geminiLegacyRules(definition: ToolDefinition): CompatReason[] {
  const reasons = nameRule(definition, GEMINI_NAME, SOURCES.geminiNames);
  walkSchema(definition.parameters, (node, path) => {
    for (const key of Object.keys(node))
      if (!GEMINI_SCHEMA_FIELDS.has(key))
        reasons.push(
          reason(
            `"${key}" is not a field of Gemini's Schema (in ${where(path)}): the request is refused as an unknown name.`,
            at([...path, key]),
            SOURCES.geminiSchema,
          ),
        );
    if (Array.isArray(node.type))
      reasons.push(
        reason(
          `"type" must be one type, not ${JSON.stringify(node.type)} (in ${where(path)}).`,
          at([...path, 'type']),
          SOURCES.geminiSchema,
        ),
      );
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string'))
      reasons.push(
        reason(
          `"enum" holds values that are not strings (${JSON.stringify(node.enum.filter((value) => typeof value !== 'string').slice(0, 3))} in ${where(path)}): the Schema's enum is strings only.`,
          at([...path, 'enum']),
          SOURCES.geminiEnum,
        ),
      );
  });
  return reasons;
}

/** What `target` documents that this tool breaks, a reason each (none: nothing documented is broken). */
export function documentedReasons(definition: ToolDefinition, target: CompatTargetId): CompatReason[] {
  switch (target) {
    case 'openai-chat-strict':
    case 'openai-responses-strict':
      return [...nameRule(definition, OPENAI_ANTHROPIC_NAME, SOURCES.openaiNames), ...openaiStrictRules(definition)];
    case 'openai-chat':
    case 'openai-compatible':
      return nameRule(definition, OPENAI_ANTHROPIC_NAME, SOURCES.openaiNames);
    case 'anthropic-strict':
      return anthropicRules(definition, true);
    case 'anthropic':
      return anthropicRules(definition, false);
    case 'gemini':
      return nameRule(definition, GEMINI_NAME, SOURCES.geminiNames);
    case 'gemini-legacy':
      return geminiLegacyRules(definition);
  }
}

import type { CompatTargetId } from '../../shapes/compat';
import type { ToolDefinition } from '../../shapes/tool-formats';
import { ANTHROPIC_PROPERTY_KEY, OPENAI_STRICT_UNSUPPORTED } from '../lint/lint-rules';
import { LIST_KEYWORDS, MAP_KEYWORDS, SCHEMA_KEYWORDS } from '../lint/walk-schema';
import { ANTHROPIC_STRICT_UNSUPPORTED, GEMINI_SCHEMA_FIELDS, isRecursive } from './documented-rules';

/*
 * `Make compatible with…`: a tool rewritten so each chosen target takes it as written — the
 * strictest common form — and, for each change, the meaning that moved (into the description) or
 * was lost. What two chosen targets demand in opposite ways is said, not guessed.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type MadeCompatible = { definition: ToolDefinition; changes: string[]; conflicts: string[] };

type Needs = {
  /** OpenAI strict or Anthropic strict: additionalProperties false (and, for OpenAI, every property required). */
  strict: boolean;
  openaiStrict: boolean;
  anthropicStrict: boolean;
  geminiLegacy: boolean;
  geminiName: boolean;
  anthropicKeys: boolean;
  /** OpenAI Chat Completions as written: its package does not send `propertyNames` (captured). */
  openaiChat: boolean;
};

const needsOf = (targets: readonly CompatTargetId[]): Needs => ({
  openaiStrict: targets.includes('openai-chat-strict') || targets.includes('openai-responses-strict'),
  anthropicStrict: targets.includes('anthropic-strict'),
  strict: targets.some((target) => target.endsWith('-strict')),
  geminiLegacy: targets.includes('gemini-legacy'),
  geminiName: targets.includes('gemini') || targets.includes('gemini-legacy'),
  anthropicKeys: targets.includes('anthropic') || targets.includes('anthropic-strict'),
  openaiChat: targets.includes('openai-chat'),
});

/** Constraints a description can carry in words when the schema may not. */
const IN_WORDS: Partial<Record<string, (value: unknown) => string>> = {
  minimum: (value) => `at least ${value}`,
  maximum: (value) => `at most ${value}`,
  exclusiveMinimum: (value) => `more than ${value}`,
  exclusiveMaximum: (value) => `less than ${value}`,
  multipleOf: (value) => `a multiple of ${value}`,
  minLength: (value) => `at least ${value} characters`,
  maxLength: (value) => `at most ${value} characters`,
  minItems: (value) => `at least ${value} items`,
  maxItems: (value) => `at most ${value} items`,
  pattern: (value) => `matching ${value}`,
  format: (value) => `format ${value}`,
  enum: (value) => `one of ${(Array.isArray(value) ? value : []).map((each) => JSON.stringify(each)).join(', ')}`,
};

type Walk = { needs: Needs; changes: string[]; conflicts: string[]; defs: Json; seen: Set<string> };

const where = (path: string[]) => (path.length === 0 ? 'the input schema' : path.join('.'));
const words = (node: Json, said: string[]) => {
  if (said.length === 0) return;
  const text = `(${said.join(', ')})`;
  node.description = typeof node.description === 'string' && node.description ? `${node.description} ${text}` : text;
};

/** A `$ref` to a local definition, inlined (Gemini's legacy Schema has no references). */
function inline(node: Json, walk: Walk, path: string[]): Json {
  const name = typeof node.$ref === 'string' ? /^#\/(?:\$defs|definitions)\/(.+)$/.exec(node.$ref)?.[1] : undefined;
  if (!name || !isObject(walk.defs[name])) return node;
  if (walk.seen.has(name)) {
    walk.conflicts.push(
      `${where(path)} refers to "${name}" recursively: it cannot be inlined for Gemini's legacy parameters.`,
    );
    return node;
  }
  walk.changes.push(`\`$ref\` to ${name} inlined at ${where(path)}`);
  const { $ref: _ref, ...rest } = node;
  return { ...structuredClone(walk.defs[name]), ...rest };
}

function convert(schema: unknown, walk: Walk, path: string[]): unknown {
  if (!isObject(schema)) return schema;
  let node: Json = structuredClone(schema);
  const { needs, changes } = walk;
  if (needs.geminiLegacy && typeof node.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(node.$ref)?.[1];
    node = inline(node, walk, path);
    if (name && node.$ref === undefined) {
      walk.seen.add(name);
      const converted = convert(node, walk, path) as Json;
      walk.seen.delete(name);
      return converted;
    }
  }
  if ('oneOf' in node && (needs.openaiStrict || needs.geminiLegacy)) {
    node.anyOf = node.oneOf;
    delete node.oneOf;
    changes.push(`\`oneOf\` → \`anyOf\` at ${where(path)} (one of the choices, no longer exactly one)`);
  }
  if ('const' in node && needs.geminiLegacy) {
    node.enum = [node.const];
    delete node.const;
    changes.push(`\`const\` → a one-value \`enum\` at ${where(path)}`);
  }
  if (Array.isArray(node.type) && needs.geminiLegacy) {
    const types = node.type.filter((type) => type !== 'null');
    if (types.length === 1) {
      const nullable = node.type.includes('null');
      node.type = types[0];
      if (nullable) node.nullable = true;
      changes.push(
        `type ${JSON.stringify(schema.type)} → "${types[0]}"${nullable ? ' with nullable: true' : ''} at ${where(path)}`,
      );
    } else
      walk.conflicts.push(
        `${where(path)} takes several types (${JSON.stringify(node.type)}): Gemini's legacy parameters take one.`,
      );
  }
  const said: string[] = [];
  const move = (keyword: string, why: string) => {
    if (!(keyword in node)) return;
    const inWords = IN_WORDS[keyword];
    if (inWords) said.push(inWords(node[keyword]));
    changes.push(
      inWords
        ? `\`${keyword}: ${JSON.stringify(node[keyword])}\` moved into the description at ${where(path)} (${why})`
        : `\`${keyword}\` dropped at ${where(path)} (${why}): ${JSON.stringify(node[keyword]).slice(0, 80)}`,
    );
    delete node[keyword];
  };
  if (needs.anthropicStrict) {
    for (const keyword of ANTHROPIC_STRICT_UNSUPPORTED) move(keyword, 'Anthropic strict');
    if (typeof node.minItems === 'number' && node.minItems > 1) move('minItems', 'Anthropic strict');
  }
  if (needs.openaiStrict) for (const keyword of OPENAI_STRICT_UNSUPPORTED) move(keyword, 'OpenAI strict');
  if (needs.openaiChat) move('propertyNames', '@ai-sdk/openai does not send it to Chat Completions');
  if (needs.geminiLegacy) {
    for (const keyword of Object.keys(node))
      if (!GEMINI_SCHEMA_FIELDS.has(keyword) && keyword !== 'additionalProperties')
        move(keyword, "Gemini's legacy parameters");
    // Its enum is strings only: numbers or mixed values go into the description.
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string'))
      move('enum', "Gemini's legacy parameters take string enums only");
  }
  words(node, said);
  convertChildren(node, walk, path);
  makeStrict(node, schema, walk, path);
  return node;
}

function convertChildren(node: Json, walk: Walk, path: string[]) {
  if (isObject(node.properties)) node.properties = convertProperties(node, node.properties, walk, path);
  for (const keyword of SCHEMA_KEYWORDS)
    if (isObject(node[keyword]))
      node[keyword] = convert(node[keyword], walk, [...path, keyword === 'items' ? '[]' : keyword]);
  for (const keyword of LIST_KEYWORDS)
    if (Array.isArray(node[keyword]))
      node[keyword] = (node[keyword] as unknown[]).map((child, index) =>
        convert(child, walk, [...path, `${keyword}[${index}]`]),
      );
  for (const keyword of MAP_KEYWORDS.filter((each) => each !== 'properties'))
    if (isObject(node[keyword]))
      node[keyword] = Object.fromEntries(
        Object.entries(node[keyword] as Json).map(([key, child]) => [
          key,
          convert(child, walk, [...path, keyword, key]),
        ]),
      );
}

/** Each property converted; a key Anthropic refuses renamed (the model's argument then arrives under the new key). */
function convertProperties(node: Json, properties: Json, walk: Walk, path: string[]): Json {
  const renamed: [string, string][] = [];
  const converted = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => {
      let kept = key;
      if (walk.needs.anthropicKeys && !ANTHROPIC_PROPERTY_KEY.test(key)) {
        kept = key.replace(/[^a-zA-Z0-9_.-]/g, '_').slice(0, 64) || '_';
        while (kept !== key && Object.hasOwn(properties, kept)) kept = `${kept}_`.slice(-64);
        renamed.push([key, kept]);
        walk.changes.push(
          `property \`${key}\` renamed \`${kept}\` at ${where(path)} (Anthropic property names; the argument arrives as ${kept})`,
        );
      }
      return [kept, convert(child, walk, [...path, kept])];
    }),
  );
  if (renamed.length > 0 && Array.isArray(node.required))
    node.required = node.required.map((name) => renamed.find(([from]) => from === name)?.[1] ?? name);
  return converted;
}

/** Strict targets: no property beyond those named, every property required (optional ones may be null). */
function makeStrict(node: Json, schema: Json, walk: Walk, path: string[]) {
  const { needs, changes } = walk;
  const isObjectNode = node.type === 'object' || isObject(node.properties);
  if (!isObjectNode) return;
  if (needs.strict && node.additionalProperties !== false) {
    if (needs.geminiLegacy)
      walk.conflicts.push(
        `${where(path)}: strict targets need "additionalProperties": false, which Gemini's legacy parameters refuse.`,
      );
    else {
      changes.push(
        `\`additionalProperties: false\` set at ${where(path)}${schema.additionalProperties === undefined ? '' : ` (was ${JSON.stringify(schema.additionalProperties).slice(0, 60)})`}`,
      );
      node.additionalProperties = false;
    }
  }
  if (needs.geminiLegacy && 'additionalProperties' in node && !needs.strict) {
    changes.push(`\`additionalProperties\` dropped at ${where(path)} (Gemini's legacy parameters)`);
    delete node.additionalProperties;
  }
  // Every property required: OpenAI's strict mode (Anthropic's takes optional properties).
  if (needs.openaiStrict && isObject(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    for (const [key, child] of Object.entries(node.properties)) {
      if (required.has(key) || !isObject(child)) continue;
      const type = child.type;
      const enumWithNull =
        Array.isArray(child.enum) && !child.enum.includes(null) ? { enum: [...child.enum, null] } : {};
      (node.properties as Json)[key] =
        typeof type === 'string'
          ? { ...child, type: [type, 'null'], ...enumWithNull }
          : Array.isArray(type)
            ? { ...child, type: [...new Set([...type, 'null'])], ...enumWithNull }
            : { anyOf: [child, { type: 'null' }] };
      changes.push(`optional \`${key}\` → required + nullable at ${where(path)} (null stands for "not given")`);
      required.add(key);
    }
    node.required = [...required];
  }
}

/** The tool rewritten for `targets`, the changes it took, and what the targets demand in opposite ways. */
export function makeCompatible(definition: ToolDefinition, targets: readonly CompatTargetId[]): MadeCompatible {
  const needs = needsOf(targets);
  const walk: Walk = {
    needs,
    changes: [],
    conflicts: [],
    defs: {
      ...(isObject(definition.parameters.definitions) ? definition.parameters.definitions : {}),
      ...(isObject(definition.parameters.$defs) ? definition.parameters.$defs : {}),
    },
    seen: new Set(),
  };
  let parameters = convert(definition.parameters, walk, []) as Json;
  if (needs.geminiLegacy) {
    const { $defs: _defs, definitions: _definitions, ...rest } = parameters;
    if (parameters.$defs !== undefined || parameters.definitions !== undefined)
      walk.changes.push('the definitions dropped (each reference inlined)');
    parameters = rest;
  }
  if (needs.anthropicStrict && isRecursive(definition.parameters))
    walk.conflicts.push('The schema is recursive: Anthropic strict mode takes no recursive schema.');
  let name = definition.name;
  if (needs.geminiName && !/^[a-zA-Z_]/.test(name)) {
    name = `_${name}`.slice(0, 64);
    walk.changes.push(`renamed ${definition.name} → ${name} (Gemini names start with a letter or "_")`);
  }
  return { definition: { ...definition, name, parameters }, changes: walk.changes, conflicts: walk.conflicts };
}

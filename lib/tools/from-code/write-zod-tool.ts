import type { ToolDefinition } from '../../shapes/tool-formats';
import type { WrittenTool } from '../../shapes/tool-from-code';
import { whyZodDiffers } from './zod-says-exactly';

type Schema = Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'await',
  'tool',
  'z',
]);
/** Keywords each zod call below writes; any other keyword of a schema goes through `.meta()`, so none is lost. */
const HANDLED: Record<string, string[]> = {
  string: ['type', 'minLength', 'maxLength', 'pattern', 'description', 'default'],
  number: [
    'type',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'description',
    'default',
  ],
  array: ['type', 'items', 'minItems', 'maxItems', 'description', 'default'],
  object: ['type', 'properties', 'required', 'additionalProperties', 'description', 'default'],
  plain: ['type', 'description', 'default'],
};

/** A key of a zod object or a JavaScript object: bare when it can be, otherwise a quoted string. */
const key = (name: string) => (IDENTIFIER.test(name) && !RESERVED.has(name) ? name : JSON.stringify(name));
const literal = (value: unknown) => JSON.stringify(value);

/**
 * A tool as ready-to-paste TypeScript: AI SDK `tool()` with its zod input schema and a typed
 * `execute` stub. Each JSON Schema keyword becomes its zod method, or `.meta({...})` (which zod
 * writes back into the JSON Schema as is). When zod, as the AI SDK sends it, would not give this
 * very schema (the AI SDK closes every object and adds a `$schema` line; zod bounds integers),
 * the schema is sent as drafted through the AI SDK's `jsonSchema()` and zod types and checks the
 * input. Every value is written as a JSON literal (quoted for JavaScript).
 */
export function writeZodTool(definition: ToolDefinition): WrittenTool {
  const reasons = whyZodDiffers(definition.parameters);
  const exact = reasons.length === 0;
  // The AI SDK writes the `$schema` line itself.
  const { $schema: _dialect, ...parameters } = definition.parameters;
  // Inside `tool({...})` when it is the tool's schema; at the top level when it only types the input.
  const zod = exact ? zodOf(parameters, '  ') : zodOf(definition.parameters, '');
  const inputName = `${IDENTIFIER.test(definition.name) ? definition.name : 'tool'}Input`;
  const inputSchema = exact
    ? zod
    : `jsonSchema<z.infer<typeof ${inputName}>>(
    ${JSON.stringify(definition.parameters, null, 2).replace(/\n/g, '\n    ')},
    {
      validate: (value) => {
        const result = ${inputName}.safeParse(value);
        return result.success ? { success: true, value: result.data } : { success: false, error: result.error };
      },
    },
  )`;
  const body = `tool({
  description: ${literal(definition.description)},
  inputSchema: ${inputSchema},
  execute: async (input) => {
    // \`input\` is typed from the schema above; return what the model should read.
    throw new Error(${literal(`${definition.name} is not implemented yet`)});
  },
})`;
  const declaration =
    IDENTIFIER.test(definition.name) && !RESERVED.has(definition.name)
      ? `export const ${definition.name} = ${body};`
      : `// The tool's name is not a JavaScript identifier, so it is a key of a tool set.\nexport const tools = {\n  ${literal(definition.name)}: ${body.replace(/\n/g, '\n  ')},\n};`;
  const notes = exact ? [] : [ZOD_NOTE];
  const input = exact ? '' : `// ${ZOD_NOTE}\n// Why: ${reasons.join('; ')}.\nconst ${inputName} = ${zod};\n\n`;
  const code = `import { ${exact ? '' : 'jsonSchema, '}tool } from 'ai';\nimport { z } from 'zod';\n\n${input}${declaration}\n`;
  return { code, notes };
}

const ZOD_NOTE =
  "The model is sent this schema as drafted (the AI SDK's `jsonSchema`): zod, as the AI SDK sends it, would give another one. zod types and checks the input.";

function zodOf(schema: unknown, indent: string): string {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return schema === false ? 'z.never()' : 'z.unknown()';
  const s = schema as Schema;
  const { expression, handled } = baseOf(s, indent);
  let out = expression;
  const extra = Object.fromEntries(Object.entries(s).filter(([name]) => !handled.includes(name)));
  if (Object.keys(extra).length > 0) out += `.meta(${literal(extra)})`;
  if (typeof s.description === 'string') out += `.describe(${literal(s.description)})`;
  if ('default' in s) out += `.default(${literal(s.default)})`;
  return out;
}

function baseOf(s: Schema, indent: string): { expression: string; handled: string[] } {
  const types = Array.isArray(s.type) ? (s.type as string[]) : undefined;
  if (types) {
    const nonNull = types.filter((type) => type !== 'null');
    if (nonNull.length === 1 && types.includes('null')) {
      const inner = baseOf({ ...s, type: nonNull[0] }, indent);
      return { expression: `${inner.expression}.nullable()`, handled: inner.handled };
    }
    return {
      expression: `z.union([${types.map((type) => baseOf({ type }, indent).expression).join(', ')}])`,
      handled: ['type', 'description', 'default'],
    };
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const values = s.enum as unknown[];
    if (s.type === 'string' && values.every((value) => typeof value === 'string')) {
      return { expression: `z.enum(${literal(values)})`, handled: ['type', 'enum', 'description', 'default'] };
    }
    const kinds = new Set(values.map((value) => typeof value));
    const [kind] = kinds;
    if (kinds.size === 1 && (kind === 'number' || kind === 'string' || kind === 'boolean')) {
      // zod names the type from the values (`number` for 1, 2, 3); a different declared type is kept with `.meta`.
      const handled = s.type === kind ? ['type', 'enum', 'description', 'default'] : ['enum', 'description', 'default'];
      return { expression: `z.literal(${literal(values)})`, handled };
    }
    return { expression: 'z.unknown()', handled: ['description', 'default'] };
  }
  if ('const' in s && typeof s.type === 'string')
    return { expression: `z.literal(${literal(s.const)})`, handled: ['type', 'const', 'description', 'default'] };
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const branches = s[combinator];
    if (Array.isArray(branches) && s.type === undefined && branches.length > 0) {
      const nullable = branches.length === 2 && branches.some((branch) => isNullType(branch));
      if (nullable && combinator === 'anyOf') {
        const other = branches.find((branch) => !isNullType(branch));
        return { expression: `${zodOf(other, indent)}.nullable()`, handled: [combinator, 'description', 'default'] };
      }
      if (combinator === 'anyOf')
        return {
          expression: `z.union([${branches.map((branch) => zodOf(branch, indent)).join(', ')}])`,
          handled: ['anyOf', 'description', 'default'],
        };
    }
  }
  switch (s.type) {
    case 'string': {
      let out = 'z.string()';
      if (typeof s.minLength === 'number') out += `.min(${s.minLength})`;
      if (typeof s.maxLength === 'number') out += `.max(${s.maxLength})`;
      if (typeof s.pattern === 'string') out += `.regex(new RegExp(${literal(s.pattern)}))`;
      return { expression: out, handled: HANDLED.string };
    }
    case 'number':
    case 'integer': {
      let out = s.type === 'integer' ? 'z.number().int()' : 'z.number()';
      if (typeof s.minimum === 'number') out += `.gte(${s.minimum})`;
      if (typeof s.maximum === 'number') out += `.lte(${s.maximum})`;
      if (typeof s.exclusiveMinimum === 'number') out += `.gt(${s.exclusiveMinimum})`;
      if (typeof s.exclusiveMaximum === 'number') out += `.lt(${s.exclusiveMaximum})`;
      if (typeof s.multipleOf === 'number') out += `.multipleOf(${s.multipleOf})`;
      return { expression: out, handled: HANDLED.number };
    }
    case 'boolean':
      return { expression: 'z.boolean()', handled: HANDLED.plain };
    case 'null':
      return { expression: 'z.null()', handled: HANDLED.plain };
    case 'array': {
      if (Array.isArray(s.items))
        return { expression: 'z.array(z.unknown())', handled: ['type', 'description', 'default'] };
      let out = `z.array(${zodOf(s.items ?? {}, indent)})`;
      if (typeof s.minItems === 'number') out += `.min(${s.minItems})`;
      if (typeof s.maxItems === 'number') out += `.max(${s.maxItems})`;
      return { expression: out, handled: HANDLED.array };
    }
    case 'object':
      return { expression: objectOf(s, indent), handled: HANDLED.object };
    case undefined:
      return { expression: 'z.unknown()', handled: ['description', 'default'] };
    default:
      return { expression: 'z.unknown()', handled: ['description', 'default'] };
  }
}

function objectOf(s: Schema, indent: string): string {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const names = Object.keys(properties);
  const additional = s.additionalProperties;
  if (
    names.length === 0 &&
    typeof additional === 'object' &&
    additional !== null &&
    Object.keys(additional).length > 0
  ) {
    return `z.record(z.string(), ${zodOf(additional, indent)})`;
  }
  const inner = `${indent}  `;
  const fields = names.map((name) => {
    const value = zodOf(properties[name], inner);
    const optional = required.has(name) || 'default' in (properties[name] as Schema) ? '' : '.optional()';
    return `${inner}${key(name)}: ${value}${optional},`;
  });
  // zod writes `additionalProperties: false` for z.object (the AI SDK's choice) and `{}` for z.looseObject.
  const maker = additional === false ? 'z.object' : 'z.looseObject';
  return names.length === 0 ? `${maker}({})` : `${maker}({\n${fields.join('\n')}\n${indent}})`;
}

const isNullType = (branch: unknown) =>
  typeof branch === 'object' &&
  branch !== null &&
  (branch as Schema).type === 'null' &&
  Object.keys(branch).length === 1;

import type { LintTarget } from '../../shapes/lint-choice';
import type { ToolDefinition } from '../../shapes/tool-formats';
import { walkSchema, type SchemaPath } from './walk-schema';
export type LintFixId =
  | 'sanitize-name'
  | 'forbid-additional-properties'
  | 'require-all-properties'
  | 'remove-keyword'
  | 'oneof-to-anyof'
  | 'const-to-enum'
  | 'type-array-to-nullable'
  | 'stringify-enum';

/** One thing a provider rejects or silently drops. `path` is inside the definition. */
export type LintFinding = {
  target: LintTarget;
  severity: 'error' | 'warning';
  message: string;
  path: SchemaPath;
  fix?: { id: LintFixId; label: string; keyword?: string };
};

export const OPENAI_ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
export const ANTHROPIC_PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

/** Keywords OpenAI's strict mode does not accept (structured outputs' supported subset). */
export const OPENAI_STRICT_UNSUPPORTED = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
];
/** Keywords outside the OpenAPI 3.0 subset Gemini's function declarations accept. */
const GEMINI_UNSUPPORTED = [
  'additionalProperties',
  '$ref',
  '$defs',
  'definitions',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  '$schema',
  '$id',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'propertyNames',
  'prefixItems',
  'contains',
  'multipleOf',
];
const GEMINI_FORMATS: Record<string, string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

const at = (path: SchemaPath) => ['parameters', ...path];
const where = (path: SchemaPath) =>
  path.length === 0 ? 'the input schema' : `"${path.filter((key) => key !== 'properties').join('.')}"`;

function nameFindings(definition: ToolDefinition, target: LintTarget): LintFinding[] {
  const valid = target === 'google' ? GEMINI_NAME.test(definition.name) : OPENAI_ANTHROPIC_NAME.test(definition.name);
  if (valid) return [];
  const rule =
    target === 'google'
      ? 'a letter or "_" first, then letters, digits, "_", ".", ":" or "-", at most 64'
      : 'letters, digits, "_" and "-" only, at most 64';
  return [
    {
      target,
      severity: 'error',
      message: `The name "${definition.name}" is rejected: names must be ${rule}.`,
      path: ['name'],
      fix: { id: 'sanitize-name', label: 'Rename with "_" for the characters it rejects' },
    },
  ];
}

function descriptionFindings(definition: ToolDefinition, target: LintTarget): LintFinding[] {
  if (definition.description.trim() !== '') return [];
  return [
    {
      target,
      severity: 'warning',
      message: 'No description: the model picks tools by their descriptions.',
      path: ['description'],
    },
  ];
}

function openaiFindings(definition: ToolDefinition): LintFinding[] {
  const findings: LintFinding[] = [];
  walkSchema(definition.parameters, (node, path) => {
    const isObjectNode =
      node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || 'properties' in node;
    if (isObjectNode && node.additionalProperties !== false) {
      findings.push({
        target: 'openai',
        severity: 'warning',
        message: `Strict mode needs "additionalProperties": false on ${where(path)}.`,
        path: at(path),
        fix: { id: 'forbid-additional-properties', label: 'Set additionalProperties: false everywhere' },
      });
    }
    if (isObjectNode && node.properties && typeof node.properties === 'object') {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const optional = Object.keys(node.properties).filter((key) => !required.has(key));
      if (optional.length > 0) {
        findings.push({
          target: 'openai',
          severity: 'warning',
          message: `Strict mode needs every property required; optional in ${where(path)}: ${optional.join(', ')}.`,
          path: at(path),
          fix: { id: 'require-all-properties', label: 'Make all required (optional ones become nullable)' },
        });
      }
    }
    for (const keyword of OPENAI_STRICT_UNSUPPORTED) {
      if (keyword in node)
        findings.push({
          target: 'openai',
          severity: 'warning',
          message: `Strict mode does not support "${keyword}" (in ${where(path)}).`,
          path: at([...path, keyword]),
          fix: { id: 'remove-keyword', label: `Remove "${keyword}"`, keyword },
        });
    }
    if ('oneOf' in node)
      findings.push({
        target: 'openai',
        severity: 'warning',
        message: `Strict mode does not support "oneOf" (in ${where(path)}); use "anyOf".`,
        path: at([...path, 'oneOf']),
        fix: { id: 'oneof-to-anyof', label: 'Use anyOf instead' },
      });
  });
  return findings;
}

function anthropicFindings(definition: ToolDefinition): LintFinding[] {
  const findings: LintFinding[] = [];
  walkSchema(definition.parameters, (node, path) => {
    if (!node.properties || typeof node.properties !== 'object') return;
    for (const key of Object.keys(node.properties)) {
      if (!ANTHROPIC_PROPERTY_KEY.test(key)) {
        findings.push({
          target: 'anthropic',
          severity: 'error',
          message: `Property name "${key}" is rejected: keys must be letters, digits, "_", "." or "-", at most 64.`,
          path: at([...path, 'properties', key]),
        });
      }
    }
  });
  return findings;
}

function googleFindings(definition: ToolDefinition): LintFinding[] {
  const findings: LintFinding[] = [];
  walkSchema(definition.parameters, (node, path) => {
    for (const keyword of GEMINI_UNSUPPORTED) {
      if (keyword in node)
        findings.push({
          target: 'google',
          severity: 'warning',
          message: `Gemini does not support "${keyword}" in function parameters (in ${where(path)}); it is rejected or dropped.`,
          path: at([...path, keyword]),
          fix: { id: 'remove-keyword', label: `Remove "${keyword}"`, keyword },
        });
    }
    if ('oneOf' in node)
      findings.push({
        target: 'google',
        severity: 'warning',
        message: `Gemini does not support "oneOf" (in ${where(path)}); use "anyOf".`,
        path: at([...path, 'oneOf']),
        fix: { id: 'oneof-to-anyof', label: 'Use anyOf instead' },
      });
    if ('const' in node)
      findings.push({
        target: 'google',
        severity: 'warning',
        message: `Gemini does not support "const" (in ${where(path)}).`,
        path: at([...path, 'const']),
        fix: { id: 'const-to-enum', label: 'Write it as a one-value enum' },
      });
    if (Array.isArray(node.type))
      findings.push({
        target: 'google',
        severity: 'warning',
        message: `Gemini needs one type per schema, not ${JSON.stringify(node.type)} (in ${where(path)}).`,
        path: at([...path, 'type']),
        fix: { id: 'type-array-to-nullable', label: 'Use one type with nullable: true' },
      });
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string')) {
      findings.push({
        target: 'google',
        severity: 'warning',
        message: `Gemini accepts only string enums (in ${where(path)}).`,
        path: at([...path, 'enum']),
        fix: { id: 'stringify-enum', label: 'Make it a string enum' },
      });
    }
    const allowed = typeof node.type === 'string' ? GEMINI_FORMATS[node.type] : undefined;
    if (typeof node.format === 'string' && !(allowed ?? []).includes(node.format)) {
      findings.push({
        target: 'google',
        severity: 'warning',
        message: `Gemini ignores or rejects format "${node.format}" (in ${where(path)}).`,
        path: at([...path, 'format']),
        fix: { id: 'remove-keyword', label: 'Remove "format"', keyword: 'format' },
      });
    }
  });
  return findings;
}

/** Why OpenAI's strict mode cannot take this tool's schema as it is; none when it can. */
export function strictModeProblems(definition: ToolDefinition): LintFinding[] {
  return openaiFindings(definition);
}

/** Whether OpenAI's strict mode can take a tool's schema as written. */
export function isStrictCompatible(spec: {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}): boolean {
  return (
    strictModeProblems({ name: spec.name, description: spec.description, parameters: spec.inputSchema }).length === 0
  );
}

/** What `target` rejects (errors) or drops or changes (warnings) in a tool definition. */
export function lintToolDefinition(definition: ToolDefinition, target: LintTarget): LintFinding[] {
  const common = [...nameFindings(definition, target), ...descriptionFindings(definition, target)];
  switch (target) {
    case 'openai':
      return [...common, ...openaiFindings(definition)];
    case 'anthropic':
      return [...common, ...anthropicFindings(definition)];
    case 'google':
      return [...common, ...googleFindings(definition)];
  }
}

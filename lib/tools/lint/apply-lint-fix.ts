import { assertNever } from '../../shapes/assert-never';
import type { ToolDefinition } from '../../shapes/tool-formats';
import type { LintFinding } from './lint-rules';
import { getAtPath, walkSchema } from './walk-schema';

type Json = Record<string, unknown>;

function forbidAdditionalProperties(schema: Json): void {
  walkSchema(schema, (node) => {
    if (node.type === 'object' || 'properties' in node) node.additionalProperties = false;
  });
}

function requireAllProperties(schema: Json): void {
  walkSchema(schema, (node) => {
    if (!node.properties || typeof node.properties !== 'object') return;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    for (const [key, child] of Object.entries(node.properties as Record<string, Json>)) {
      if (required.has(key)) continue;
      // Optional becomes "required but may be null": the strict-mode way to say optional.
      if (typeof child.type === 'string') child.type = [child.type, 'null'];
      else if (Array.isArray(child.type) && !child.type.includes('null')) child.type = [...child.type, 'null'];
      required.add(key);
    }
    node.required = [...required];
  });
}

/**
 * Applies the fix a finding offers and returns the new definition (the input is untouched).
 * Findings without a fix return the definition unchanged.
 */
export function applyLintFix(definition: ToolDefinition, finding: LintFinding): ToolDefinition {
  const next = structuredClone(definition);
  const fix = finding.fix;
  if (!fix) return next;
  const node = getAtPath(next, finding.path.slice(0, -1)) as Json | undefined;
  const keyword = finding.path.at(-1) as string;
  switch (fix.id) {
    case 'sanitize-name': {
      let name = next.name.replace(/[^A-Za-z0-9_-]/g, '_');
      if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
      next.name = name.slice(0, 64) || 'tool';
      return next;
    }
    case 'forbid-additional-properties':
      forbidAdditionalProperties(next.parameters);
      return next;
    case 'require-all-properties':
      requireAllProperties(next.parameters);
      return next;
    case 'remove-keyword':
      if (node) delete node[keyword];
      return next;
    case 'oneof-to-anyof':
      if (node) {
        node.anyOf = node.oneOf;
        delete node.oneOf;
      }
      return next;
    case 'const-to-enum':
      if (node) {
        node.enum = [node.const];
        delete node.const;
      }
      return next;
    case 'type-array-to-nullable':
      if (node && Array.isArray(node.type)) {
        const types = node.type as string[];
        node.type = types.find((type) => type !== 'null') ?? 'string';
        if (types.includes('null')) node.nullable = true;
      }
      return next;
    case 'stringify-enum':
      if (node && Array.isArray(node.enum)) {
        node.enum = node.enum.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
        node.type = 'string';
      }
      return next;
    default:
      return assertNever(fix.id);
  }
}

import 'server-only';
import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import type { ToolSpec } from '../tools/tool-spec';
import { isStrictCompatible } from '../tools/lint/lint-rules';

/**
 * Tools for the model from their JSON Schemas, with no `execute`: the step ends at the tool
 * calls and the browser runs them. Arguments are validated there, by the executor. With
 * `strict`, each tool whose schema OpenAI's strict mode can take is sent `strict: true`
 * (the provider then guarantees valid arguments); the others go as written (the lint says why).
 */
export function buildTools(specs: readonly ToolSpec[], { strict = false }: { strict?: boolean } = {}): ToolSet {
  return Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      dynamicTool({
        description: spec.description,
        inputSchema: jsonSchema(spec.inputSchema as JSONSchema7),
        ...(strict && isStrictCompatible(spec) ? { strict: true } : {}),
      }),
    ]),
  );
}

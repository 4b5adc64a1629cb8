import 'server-only';
import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import type { ToolSpec } from '../tools/tool-spec';

/**
 * Tools for the model from their JSON Schemas, with no `execute`: the step ends at the tool
 * calls and the browser runs them. Arguments are validated there, by the executor.
 */
export function buildTools(specs: readonly ToolSpec[]): ToolSet {
  return Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      dynamicTool({ description: spec.description, inputSchema: jsonSchema(spec.inputSchema as JSONSchema7) }),
    ]),
  );
}

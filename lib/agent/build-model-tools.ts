import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import type { ToolSpec } from '../shapes/tool-spec';
import { isStrictCompatible } from '../tools/lint/lint-rules';
import { toMcpModelOutput } from '../mcp/mcp-result';

/** What a tool's `toModelOutput` answers (the AI SDK's `ToolResultOutput`). */
type ModelOutput = Awaited<ReturnType<NonNullable<Parameters<typeof dynamicTool>[0]['toModelOutput']>>>;

/**
 * Tools for the model from their JSON Schemas, with no `execute`: the step ends at the tool
 * calls and the browser runs them. Arguments are validated there, by the executor. With
 * `strict`, each tool whose schema OpenAI's strict mode can take is sent `strict: true`
 * (the provider then guarantees valid arguments); the others go as written (the lint says why).
 * With `force` (a compatibility probe), every tool is sent strict, to hear what the provider says.
 * An MCP tool's results (MCP `CallToolResult`) reach the model as text and files, not as JSON.
 */
export function buildTools(
  specs: readonly ToolSpec[],
  { strict = false, force = false }: { strict?: boolean; force?: boolean } = {},
): ToolSet {
  return Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      dynamicTool({
        description: spec.description,
        inputSchema: jsonSchema(spec.inputSchema as JSONSchema7),
        ...(strict && (force || isStrictCompatible(spec)) ? { strict: true } : {}),
        ...(spec.results === 'mcp' ? { toModelOutput: ({ output }) => toMcpModelOutput(output) as ModelOutput } : {}),
      }),
    ]),
  );
}

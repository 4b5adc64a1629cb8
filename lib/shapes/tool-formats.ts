/** The tool-list formats the playground reads and writes. */
export const TOOL_FORMATS = {
  'openai-chat': { label: 'OpenAI Chat Completions (tools[])' },
  'openai-responses': { label: 'OpenAI Responses (flat functions)' },
  anthropic: { label: 'Anthropic (input_schema)' },
  gemini: { label: 'Gemini (functionDeclarations)' },
  mcp: { label: 'MCP tools/list result (inputSchema)' },
  'json-schema': { label: 'Bare JSON Schema' },
  playground: { label: 'Playground (name, description, parameters)' },
} as const satisfies Record<string, { label: string }>;

export type ToolFormat = keyof typeof TOOL_FORMATS;

export const TOOL_FORMAT_IDS = Object.keys(TOOL_FORMATS) as ToolFormat[];

/** A tool as the editor writes it: seed 002's `{ name, description, parameters }`. */
export type ToolDefinition = { name: string; description: string; parameters: Record<string, unknown> };

/** Where a bare-JSON-Schema export keeps the schema's own title and description (the tool's take their places). */
export const SCHEMA_TITLE_KEY = 'x-schema-title';
export const SCHEMA_DESCRIPTION_KEY = 'x-schema-description';

/** A checked tool as the definition providers and tool lists take: name, description, parameters. */
export function toolDefinitionOf(spec: {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}): ToolDefinition {
  return { name: spec.name, description: spec.description, parameters: spec.inputSchema };
}

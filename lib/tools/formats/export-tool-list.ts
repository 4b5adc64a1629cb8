import type { ToolSpec } from '../tool-spec';
import { assertNever } from '../../assert-never';
import type { ToolFormat } from './tool-formats';

/** The tool list as `format` expects it, as a JSON value. */
export function toToolListValue(specs: readonly ToolSpec[], format: ToolFormat): unknown {
  switch (format) {
    case 'openai-chat':
      return specs.map((spec) => ({
        type: 'function',
        function: { name: spec.name, description: spec.description, parameters: spec.inputSchema },
      }));
    case 'openai-responses':
      return specs.map((spec) => ({
        type: 'function',
        name: spec.name,
        description: spec.description,
        parameters: spec.inputSchema,
      }));
    case 'anthropic':
      return specs.map((spec) => ({ name: spec.name, description: spec.description, input_schema: spec.inputSchema }));
    case 'gemini':
      return [
        {
          functionDeclarations: specs.map((spec) => ({
            name: spec.name,
            description: spec.description,
            parametersJsonSchema: spec.inputSchema,
          })),
        },
      ];
    case 'mcp':
      return {
        tools: specs.map((spec) => ({ name: spec.name, description: spec.description, inputSchema: spec.inputSchema })),
      };
    case 'json-schema':
      return specs.map((spec) => ({ ...spec.inputSchema, title: spec.name, description: spec.description }));
    case 'playground':
      return specs.map((spec) => ({ name: spec.name, description: spec.description, parameters: spec.inputSchema }));
    default:
      return assertNever(format);
  }
}

/** The tool list in `format`, as pretty JSON text ready to copy or download. */
export function exportToolList(specs: readonly ToolSpec[], format: ToolFormat): string {
  return `${JSON.stringify(toToolListValue(specs, format), null, 2)}\n`;
}

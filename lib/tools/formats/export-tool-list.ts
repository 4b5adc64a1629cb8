import type { ToolSpec } from '../../shapes/tool-spec';
import { assertNever } from '../../shapes/assert-never';
import { SCHEMA_DESCRIPTION_KEY, SCHEMA_TITLE_KEY, type ToolFormat } from '../../shapes/tool-formats';

/** The tool list as `format` expects it, as a JSON value. */
export function toToolListValue(specs: readonly ToolSpec[], format: ToolFormat): unknown {
  switch (format) {
    case 'openai-chat':
      return specs.map((spec) => ({
        type: 'function',
        function: { name: spec.name, description: spec.description, parameters: spec.inputSchema },
      }));
    case 'openai-responses':
      // `strict` is required by the Responses API's types, and its absence changes behaviour: say it, as the AI SDK does.
      return specs.map((spec) => ({
        type: 'function',
        name: spec.name,
        description: spec.description,
        parameters: spec.inputSchema,
        strict: false,
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
      // A bare schema names the tool in its title and description; the schema's own (if any) travel beside them.
      return specs.map((spec) => {
        const { title, description, ...schema } = spec.inputSchema;
        return {
          ...schema,
          title: spec.name,
          description: spec.description,
          ...(title === undefined ? {} : { [SCHEMA_TITLE_KEY]: title }),
          ...(description === undefined ? {} : { [SCHEMA_DESCRIPTION_KEY]: description }),
        };
      });
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

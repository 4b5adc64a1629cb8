import { TOOL_NAME_PATTERN } from '../shapes/tool-limits';

export const JSON_SCHEMA_DRAFT_07_URI = 'http://json-schema.org/draft-07/schema#';

/**
 * A JSON Schema for a tool definition as typed in the editor. The editor's JSON language
 * service uses it for completions, hover docs and first-line diagnostics; `checkToolSource`
 * (Ajv) stays the authority on what a run accepts.
 */
export const TOOL_DEFINITION_JSON_SCHEMA = {
  $schema: JSON_SCHEMA_DRAFT_07_URI,
  title: 'Tool definition',
  type: 'object',
  required: ['name', 'parameters'],
  properties: {
    name: {
      type: 'string',
      pattern: TOOL_NAME_PATTERN.source,
      description: 'The name the model calls the tool by: 1–64 letters, digits, "_" or "-".',
    },
    description: {
      type: 'string',
      description: 'What the tool does and when to use it. Models choose tools by this text.',
    },
    parameters: {
      $ref: JSON_SCHEMA_DRAFT_07_URI,
      description: 'The JSON Schema of the tool input. Providers require "type": "object" at the top.',
    },
  },
} as const;

import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { TOOLSET_DEFINITIONS } from '../shapes/toolset-definitions';
import type { ToolDefinition } from '../shapes/tool-formats';
import type { ToolRun } from '../shapes/tool-spec';

export type ToolTemplate = {
  id: string;
  group: 'Core tools (sandbox)' | 'Full toolset (seed 002 §11)' | 'Teaching examples (mock)' | 'Blank';
  definition: ToolDefinition;
  run: ToolRun;
};

const mock = (result: unknown): ToolRun => ({ kind: 'mock', result: `${JSON.stringify(result, null, 2)}\n` });

const EXAMPLES: { definition: ToolDefinition; result: unknown }[] = [
  {
    definition: {
      name: 'get_weather',
      description: 'Get the current weather for a city. Use it when the user asks about weather or temperature.',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name, e.g. "Paris"' },
          unit: {
            type: 'string',
            enum: ['celsius', 'fahrenheit'],
            default: 'celsius',
            description: 'Temperature unit',
          },
        },
        required: ['city'],
        additionalProperties: false,
      },
    },
    result: { city: 'Paris', temperature: 18, unit: 'celsius', conditions: 'partly cloudy' },
  },
  {
    definition: {
      name: 'search_web',
      description: 'Search the web and return the top results with titles, URLs and snippets.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to search for' },
          max_results: { type: 'integer', minimum: 1, maximum: 10, default: 3, description: 'How many results' },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
    result: {
      results: [
        { title: 'Function calling guide', url: 'https://example.com/tools', snippet: 'How models call tools…' },
      ],
    },
  },
  {
    definition: {
      name: 'calculator',
      description: 'Evaluate an arithmetic expression exactly. Use it instead of doing arithmetic in your head.',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', description: 'An arithmetic expression, e.g. "(12 + 30) * 2"' } },
        required: ['expression'],
        additionalProperties: false,
      },
    },
    result: { result: 84 },
  },
  {
    definition: {
      name: 'create_event',
      description: 'Create a calendar event. Confirm the date and time with the user before calling it.',
      parameters: {
        type: 'object',
        properties: {
          title: { type: 'string', description: 'Event title' },
          start: { type: 'string', format: 'date-time', description: 'Start, ISO 8601' },
          duration_minutes: {
            type: 'integer',
            minimum: 5,
            maximum: 1440,
            default: 30,
            description: 'Length in minutes',
          },
          attendees: {
            type: 'array',
            items: { type: 'string', format: 'email' },
            description: 'Email addresses to invite',
          },
        },
        required: ['title', 'start'],
        additionalProperties: false,
      },
    },
    result: { event_id: 'evt_123', status: 'confirmed' },
  },
];

/** What "Add tool" offers: a blank tool, the complete core toolset and teaching examples. */
export const TOOL_TEMPLATES: readonly ToolTemplate[] = [
  {
    id: 'blank',
    group: 'Blank',
    definition: {
      name: 'new_tool',
      description: 'Describe what the tool does and when the model should use it.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    },
    run: mock({ ok: true }),
  },
  ...CORE_TOOL_DEFINITIONS.map((definition) => ({
    id: definition.name,
    group: 'Core tools (sandbox)' as const,
    definition: structuredClone(definition) as unknown as ToolDefinition,
    run: { kind: 'sandbox' as const },
  })),
  ...TOOLSET_DEFINITIONS.map((definition) => ({
    id: definition.name,
    group: 'Full toolset (seed 002 §11)' as const,
    definition: structuredClone(definition) as unknown as ToolDefinition,
    run: { kind: 'sandbox' as const },
  })),
  {
    id: 'ask_user',
    group: 'Full toolset (seed 002 §11)',
    definition: {
      name: 'ask_user',
      description:
        'Ask the user a question and wait for the answer. Use it when the task is unclear or a choice is theirs to make.',
      parameters: {
        type: 'object',
        properties: { question: { type: 'string', description: 'The question, in one or two sentences' } },
        required: ['question'],
        additionalProperties: false,
      },
    },
    run: { kind: 'manual' },
  },
  {
    id: 'http_request',
    group: 'Full toolset (seed 002 §11)',
    definition: {
      name: 'http_request',
      description:
        "Make an HTTP request and return the status and body. Only the playground's own origin and the origins on the tool's allowlist can be reached.",
      parameters: {
        type: 'object',
        properties: {
          url: { type: 'string', description: 'The URL, e.g. /api/providers or https://api.example.com/items' },
          method: { type: 'string', enum: ['GET', 'HEAD', 'POST'], default: 'GET', description: 'The HTTP method' },
          body: { type: 'string', description: 'The request body (POST only)' },
        },
        required: ['url'],
        additionalProperties: false,
      },
    },
    run: { kind: 'http', allowedOrigins: [] },
  },
  ...EXAMPLES.map(({ definition, result }) => ({
    id: definition.name,
    group: 'Teaching examples (mock)' as const,
    definition,
    run: mock(result),
  })),
];

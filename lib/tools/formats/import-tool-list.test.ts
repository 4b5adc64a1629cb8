import { describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import type { ToolSpec } from '../../shapes/tool-spec';
import { exportToolList } from './export-tool-list';
import { importToolList } from './import-tool-list';
import { TOOL_FORMAT_IDS } from '../../shapes/tool-formats';

const specs: ToolSpec[] = CORE_TOOL_DEFINITIONS.map((definition) => ({
  name: definition.name,
  description: definition.description,
  inputSchema: structuredClone(definition.parameters) as unknown as Record<string, unknown>,
}));
const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

describe('export then import', () => {
  it.each(TOOL_FORMAT_IDS)('gives back the same tools in the %s format', (format) => {
    const result = importToolList(exportToolList(specs, format));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skipped).toEqual([]);
    expect(result.tools.map((tool) => tool.format)).toEqual(specs.map(() => format));
    expect(result.tools.map((tool) => tool.definition)).toEqual(
      specs.map((spec) => ({ name: spec.name, description: spec.description, parameters: spec.inputSchema })),
    );
    expect(result.tools.flatMap((tool) => tool.notes)).toEqual([]);
  });
});

describe('importToolList recognises', () => {
  const one = (text: unknown) => {
    const result = importToolList(typeof text === 'string' ? text : JSON.stringify(text));
    if (!result.ok) throw new Error(result.message);
    return result.tools;
  };

  it('an OpenAI Chat Completions request body', () => {
    const tools = one({
      model: 'gpt-4o',
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', description: 'Weather', parameters: weather, strict: true },
        },
      ],
    });
    expect(tools).toEqual([
      {
        definition: { name: 'get_weather', description: 'Weather', parameters: weather },
        format: 'openai-chat',
        notes: [
          '"strict": true is not part of a tool here: the playground asks OpenAI for strict: false; "Check against" OpenAI strict mode shows what strict would need.',
        ],
      },
    ]);
  });

  it('Anthropic tools, Gemini function_declarations with upper-case types, an MCP JSON-RPC result', () => {
    expect(one([{ name: 'a', description: 'A', input_schema: weather }])[0]).toMatchObject({
      format: 'anthropic',
      definition: { parameters: weather },
    });
    const gemini = one({
      function_declarations: [
        {
          name: 'g',
          description: 'G',
          parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER', nullable: true } } },
        },
      ],
    })[0];
    expect(gemini.format).toBe('gemini');
    expect(gemini.definition.parameters).toEqual({ type: 'object', properties: { n: { type: ['integer', 'null'] } } });
    expect(gemini.notes).toEqual([
      'parameters: type "OBJECT" written as "object".',
      'parameters.properties.n: type "INTEGER" written as "integer".',
      'parameters.properties.n: "nullable: true" written as type ["integer", "null"].',
    ]);
    const mcp = one({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'm', title: 'M', inputSchema: weather, annotations: {} }] },
    })[0];
    expect(mcp).toMatchObject({ format: 'mcp', definition: { name: 'm', description: '', parameters: weather } });
    expect(mcp.notes).toEqual(['Dropped what no provider accepts in a tool: title, annotations.']);
  });

  it('a bare JSON Schema (named by its title) and JSON Lines of BFCL functions', () => {
    expect(one({ title: 'lookup', description: 'Look up', ...weather })[0]).toEqual({
      definition: { name: 'lookup', description: 'Look up', parameters: weather },
      format: 'json-schema',
      notes: [],
    });
    const bfcl = one(
      '{"name": "uber.ride", "description": "Ride", "parameters": {"type": "dict", "properties": {"n": {"type": "float", "optional": true}}, "required": []}, "response": {}}\n' +
        '{"name": "b", "description": "B", "parameters": {"type": "dict", "properties": {}, "required": []}}',
    );
    // Providers refuse "." in a name: BFCL's dotted names take "_", as BFCL sends them.
    expect(bfcl.map((tool) => tool.definition.name)).toEqual(['uber_ride', 'b']);
    expect(bfcl[0].definition.parameters).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: [],
    });
    expect(bfcl[0].notes).toEqual([
      'Named "uber_ride": providers refuse "." in a tool name (BFCL sends "uber.ride" so too; evals grade a call to either name).',
      'parameters: type "dict" converted to "object".',
      'parameters.properties.n: type "float" converted to "number".',
      'parameters.properties.n: non-standard keyword "optional" removed.',
      'Dropped what no provider accepts in a tool: response.',
    ]);
  });

  it('says what was expected for input it cannot read, and skips only the bad items', () => {
    const bad = importToolList('hello');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Not valid JSON .*Expected a JSON tool list: OpenAI Chat Completions/);
    const none = importToolList('[1, 2]');
    expect(!none.ok && none.message).toMatch(/^Item 1 is not an object\. Expected/);
    const mixed = importToolList(JSON.stringify([{ foo: 1 }, { name: 'ok', parameters: weather }]));
    expect(mixed).toMatchObject({ ok: true, skipped: ['Item 1 is not a tool definition (keys: foo).'] });
  });
});

describe('bare JSON Schema keeps the schema’s own title and description', () => {
  it('exports them beside the tool’s and imports them back in place', async () => {
    const { toToolListValue } = await import('./export-tool-list');
    const spec = {
      name: 'lookup',
      description: 'Looks a thing up.',
      inputSchema: {
        type: 'object',
        title: 'LookupArgs',
        description: 'What to look up.',
        properties: { q: { type: 'string' } },
      },
    };
    const exported = toToolListValue([spec], 'json-schema');
    expect(exported).toEqual([
      {
        type: 'object',
        properties: { q: { type: 'string' } },
        title: 'lookup',
        description: 'Looks a thing up.',
        'x-schema-title': 'LookupArgs',
        'x-schema-description': 'What to look up.',
      },
    ]);
    const back = importToolList(JSON.stringify(exported));
    expect(back.ok && back.tools[0].definition).toEqual({
      name: 'lookup',
      description: 'Looks a thing up.',
      parameters: spec.inputSchema,
    });
  });

  it('says strict: true is not kept, and exports Responses tools with strict: false', async () => {
    const { toToolListValue } = await import('./export-tool-list');
    const spec = { name: 'lookup', description: '', inputSchema: { type: 'object', properties: {} } };
    expect(toToolListValue([spec], 'openai-responses')).toEqual([
      { type: 'function', name: 'lookup', description: '', parameters: spec.inputSchema, strict: false },
    ]);
    const imported = importToolList(
      JSON.stringify([
        { type: 'function', name: 'lookup', description: '', parameters: { type: 'object' }, strict: true },
      ]),
    );
    expect(imported.ok && imported.tools[0].notes[0]).toMatch(/^"strict": true is not part of a tool here/);
  });
});

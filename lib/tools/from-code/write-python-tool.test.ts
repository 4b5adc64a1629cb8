import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { langChainTools } from '@/testing/langchain-tools';
import { createPythonParser } from '@/testing/parse-python';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import type { ToolDefinition } from '../../shapes/tool-formats';
import { TOOLSET_DEFINITIONS } from '../../shapes/toolset-definitions';
import { readBfclDefinitions } from '@/testing/bfcl-corpus';
import { mcpReferenceTools } from '@/testing/mcp-reference-tools';
import type { PySyntaxNode } from './python-syntax';
import { readPythonTools } from './python-tools';
import { writePythonTool } from './write-python-tool';

const BFCL = readBfclDefinitions();
const CORE = [...CORE_TOOL_DEFINITIONS, ...TOOLSET_DEFINITIONS] as unknown as ToolDefinition[];
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

let parse: (code: string) => PySyntaxNode;
/** The MCP reference servers' tools, as their servers list them. */
let MCP: ToolDefinition[] = [];
beforeAll(async () => {
  parse = await createPythonParser();
  MCP = (await mcpReferenceTools()).map(({ definition }) => definition);
}, 60_000);

function readBack(code: string) {
  const result = readPythonTools(parse(code));
  if (!result.ok)
    throw new Error(`${result.problem.message} at ${result.problem.line}:${result.problem.column}\n${code}`);
  return result.tools;
}

describe('writePythonTool: Python out, read back, gives the same schema', () => {
  it('writes a @tool function with type hints and a Google docstring when they say it all', () => {
    expect(
      writePythonTool({
        name: 'get_weather',
        description: 'Get the weather.',
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'The city.' },
            unit: { type: 'string', enum: ['c', 'f'], default: 'c' },
          },
          required: ['city'],
        },
      }).code,
    ).toBe(`from typing import Literal

from langchain_core.tools import tool


@tool(parse_docstring=True)
def get_weather(city: str, unit: Literal["c", "f"] = "c") -> str:
    """Get the weather.

    Args:
        city: The city.
    """
    raise NotImplementedError("get_weather is not implemented yet")
`);
  });

  it('writes a Pydantic args model for nested objects and constraints', () => {
    const { code, notes } = writePythonTool({
      name: 'place-order',
      description: 'Place an order.\n\nChecks stock first.',
      parameters: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            minItems: 1,
            items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
          },
          from: { type: 'string', format: 'date-time' },
        },
        required: ['items'],
        additionalProperties: false,
      },
    });
    expect(notes).toEqual([]);
    expect(code).toContain('class PlaceOrder(BaseModel):');
    expect(code).toContain('model_config = ConfigDict(title="place-order", extra="forbid")');
    // Optional without a default: neither `null` nor a default goes into the schema.
    expect(code).toContain(
      'from_: Union[datetime, SkipJsonSchema[None]] = Field(None, alias="from", json_schema_extra=lambda schema: schema.pop("default"))',
    );
    expect(code).toContain('# The model is the tool: llm.bind_tools([PlaceOrder])');
  });

  it('says, in the code and beside it, that LangChain drops `title` keywords — and LangChain does', () => {
    const definition: ToolDefinition = {
      name: 'find_city',
      description: 'Find a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', title: 'City name' }, title: { type: 'string' } },
        required: ['city', 'title'],
      },
    };
    const { code, notes } = writePythonTool(definition);
    expect(notes).toEqual([expect.stringContaining('LangChain removes every `title` keyword')]);
    expect(code.startsWith(`# ${notes[0]}\n`)).toBe(true);
    const directory = mkdtempSync(join(tmpdir(), 'python-title-'));
    try {
      const file = join(directory, 'find_city.py');
      writeFileSync(file, code);
      const [sent] = langChainTools([file])['find_city.py'] as ToolDefinition[];
      const { title: _title, ...city } = (definition.parameters.properties as Record<string, object>).city as {
        title: string;
      };
      expect(sent.parameters).toStrictEqual({
        ...definition.parameters,
        properties: { city, title: { type: 'string' } },
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("says that a schema's own top-level description has no place in LangChain's tool (mcp-fetch's has one)", () => {
    const { code, notes } = writePythonTool({
      name: 'fetch',
      description: 'Fetches a URL from the internet.',
      parameters: {
        type: 'object',
        description: 'Parameters for fetching a URL.',
        properties: { url: { type: 'string', description: 'URL to fetch' } },
        required: ['url'],
      },
    });
    expect(notes).toEqual([
      `The schema's own description ("Parameters for fetching a URL.") has no place in LangChain's tool, which sends the tool's description at the top: it is left out.`,
    ]);
    expect(code.startsWith(`# ${notes[0]}\n`)).toBe(true);
  });

  it.each(CORE.map((definition) => [definition.name, definition] as const))('core tool %s', (_name, definition) => {
    const [back] = readBack(writePythonTool(definition).code);
    expect(back.definition.name).toBe(definition.name);
    expect(back.definition.description).toBe(definition.description);
    expect(back.definition.parameters).toStrictEqual(definition.parameters);
  });

  it(`the BFCL corpus (${BFCL.length} real tools) and the MCP reference servers' tools`, () => {
    expect(MCP.length).toBeGreaterThan(30);
    const differ = [...BFCL, ...MCP]
      .filter((definition) => {
        const [back] = readBack(writePythonTool(definition).code);
        return (
          back.definition.name !== definition.name ||
          back.definition.description !== definition.description ||
          !same(back.definition.parameters, definition.parameters)
        );
      })
      .map((definition) => definition.name);
    expect(differ).toEqual([]);
  });

  it(`and LangChain itself reads the code back to the same JSON (core tools, all ${BFCL.length} BFCL tools, the MCP reference servers' tools)`, () => {
    const directory = mkdtempSync(join(tmpdir(), 'python-out-'));
    try {
      const sample = [...CORE, ...BFCL, ...MCP];
      const files = sample.map((definition, index) => {
        const file = join(directory, `tool_${index}.py`);
        writeFileSync(file, writePythonTool(definition).code);
        return file;
      });
      const read = langChainTools(files);
      const differ = sample.filter((definition, index) => {
        const tools = read[`tool_${index}.py`];
        if (!Array.isArray(tools)) return true;
        return (
          tools.length !== 1 ||
          tools[0].name !== definition.name ||
          tools[0].description !== definition.description ||
          !same(tools[0].parameters, definition.parameters)
        );
      });
      expect(sample.length).toBeGreaterThan(2000);
      expect(differ.map((definition) => definition.name)).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 300_000);
});

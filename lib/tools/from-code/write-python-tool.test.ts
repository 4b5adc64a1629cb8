import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { langChainTools } from '@/testing/langchain-tools';
import { createPythonParser } from '@/testing/parse-python';
import { CORE_TOOL_DEFINITIONS } from '../../model/core-tool-definitions';
import type { ToolDefinition } from '../../model/tool-formats';
import { TOOLSET_DEFINITIONS } from '../../model/toolset-definitions';
import { readBfclDefinitions } from '@/testing/bfcl-corpus';
import { canonicalSchema } from './canonical-schema';
import type { PySyntaxNode } from './python-syntax';
import { readPythonTools } from './python-tools';
import { writePythonTool } from './write-python-tool';

const BFCL = readBfclDefinitions();
const CORE = [...CORE_TOOL_DEFINITIONS, ...TOOLSET_DEFINITIONS] as unknown as ToolDefinition[];
const same = (a: unknown, b: unknown) =>
  isDeepStrictEqual(canonicalSchema(a, { dropTitles: true }), canonicalSchema(b, { dropTitles: true }));

let parse: (code: string) => PySyntaxNode;
beforeAll(async () => {
  parse = await createPythonParser();
});

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
      }),
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
    const code = writePythonTool({
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
    expect(code).toContain('class PlaceOrderInput(BaseModel):');
    expect(code).toContain('model_config = ConfigDict(extra="forbid")');
    expect(code).toContain('from_: Optional[datetime] = Field(None, alias="from")');
    expect(code).toContain(
      '@tool("place-order", args_schema=PlaceOrderInput, description="Place an order.\\n\\nChecks stock first.")',
    );
  });

  it.each(CORE.map((definition) => [definition.name, definition] as const))('core tool %s', (_name, definition) => {
    const [back] = readBack(writePythonTool(definition));
    expect(back.definition.name).toBe(definition.name);
    expect(back.definition.description).toBe(definition.description);
    expect(canonicalSchema(back.definition.parameters, { dropTitles: true })).toEqual(
      canonicalSchema(definition.parameters, { dropTitles: true }),
    );
  });

  it(`the BFCL corpus (${BFCL.length} real tools)`, () => {
    const differ = BFCL.filter((definition) => {
      const [back] = readBack(writePythonTool(definition));
      return (
        back.definition.name !== definition.name ||
        back.definition.description !== definition.description ||
        !same(back.definition.parameters, definition.parameters)
      );
    }).map((definition) => definition.name);
    expect(differ).toEqual([]);
  });

  it('and LangChain itself reads the code back to the same schema (core tools and 150 BFCL tools)', () => {
    const directory = mkdtempSync(join(tmpdir(), 'python-out-'));
    try {
      const sample = [...CORE, ...BFCL.filter((_, index) => index % 15 === 0)];
      const files = sample.map((definition, index) => {
        const file = join(directory, `tool_${index}.py`);
        writeFileSync(file, writePythonTool(definition));
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
      expect(sample.length).toBeGreaterThan(150);
      expect(differ.map((definition) => definition.name)).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 300_000);
});

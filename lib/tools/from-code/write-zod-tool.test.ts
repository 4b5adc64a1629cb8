import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import type { ToolDefinition } from '../../shapes/tool-formats';
import { TOOLSET_DEFINITIONS } from '../../shapes/toolset-definitions';
import { readBfclDefinitions } from '@/testing/bfcl-corpus';
import { mcpReferenceTools } from '@/testing/mcp-reference-tools';
import { readZodPaste } from '@/testing/run-zod-program';
import { writeZodTool } from './write-zod-tool';

async function readBack(code: string) {
  const read = await readZodPaste(code);
  if (!read.ok) throw new Error(`${read.problem.message}\n${code}`);
  return read.tools;
}

const BFCL = readBfclDefinitions();
const CORE = [...CORE_TOOL_DEFINITIONS, ...TOOLSET_DEFINITIONS] as unknown as ToolDefinition[];
/** The MCP reference servers' tools, as their servers list them. */
let MCP: ToolDefinition[] = [];
beforeAll(async () => {
  MCP = (await mcpReferenceTools()).map(({ definition }) => definition);
}, 60_000);

describe('writeZodTool: TypeScript out, read back as the AI SDK sends it, gives the same JSON', () => {
  it('writes an AI SDK tool() with a zod schema, a typed execute stub and every value quoted, when zod says it exactly', async () => {
    const parameters = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { city: { type: 'string', description: "it's" } },
      required: ['city'],
      additionalProperties: false,
    };
    const { code, notes } = writeZodTool({
      name: 'get_weather',
      description: 'Weather "now"\n`${process.exit()}`',
      parameters,
    });
    expect(notes).toEqual([]);
    const [back] = await readBack(code);
    expect(back.definition.parameters).toStrictEqual(parameters);
    expect(code).toBe(`import { tool } from 'ai';
import { z } from 'zod';

export const get_weather = tool({
  description: "Weather \\"now\\"\\n\`\${process.exit()}\`",
  inputSchema: z.object({
    city: z.string().describe("it's"),
  }),
  execute: async (input) => {
    // \`input\` is typed from the schema above; return what the model should read.
    throw new Error("get_weather is not implemented yet");
  },
});
`);
  });

  it('sends the schema as drafted, typed and checked by zod, when zod would send another — and says why', async () => {
    const parameters = {
      type: 'object',
      properties: { count: { type: 'integer', description: 'How many.' } },
      required: ['count'],
    };
    const { code, notes } = writeZodTool({ name: 'count_things', description: 'Count.', parameters });
    expect(notes).toEqual([expect.stringContaining("the AI SDK's `jsonSchema`")]);
    expect(code).toContain("import { jsonSchema, tool } from 'ai';");
    expect(code).toContain('const count_thingsInput = z.looseObject({');
    expect(code).toContain('// Why: the AI SDK adds a `$schema` line');
    expect(code).toContain('inputSchema: jsonSchema<z.infer<typeof count_thingsInput>>(');
    const [back] = await readBack(code);
    expect(back.definition.parameters).toStrictEqual(parameters);
  });

  it.each(CORE.map((definition) => [definition.name, definition] as const))(
    'core tool %s',
    async (_name, definition) => {
      const [back] = await readBack(writeZodTool(definition).code);
      expect(back.definition.name).toBe(definition.name);
      expect(back.definition.description).toBe(definition.description);
      expect(back.definition.parameters).toStrictEqual(definition.parameters);
    },
  );

  it(`the BFCL corpus (${BFCL.length} real tools) and the MCP reference servers' tools, JSON-equal`, async () => {
    expect(MCP.length).toBeGreaterThan(30);
    const differ: string[] = [];
    for (const definition of [...BFCL, ...MCP]) {
      const [back] = await readBack(writeZodTool(definition).code);
      const same =
        back.definition.name === definition.name &&
        back.definition.description === definition.description &&
        isDeepStrictEqual(back.definition.parameters, definition.parameters);
      if (!same) differ.push(definition.name);
    }
    expect(differ).toEqual([]);
  }, 120_000);
});

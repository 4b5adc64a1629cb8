import { isDeepStrictEqual } from 'node:util';
import { asSchema, jsonSchema, tool, zodSchema } from 'ai';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CORE_TOOL_DEFINITIONS } from '../../model/core-tool-definitions';
import type { ToolDefinition } from '../../model/tool-formats';
import { TOOLSET_DEFINITIONS } from '../../model/toolset-definitions';
import { readBfclDefinitions } from '@/testing/bfcl-corpus';
import { canonicalSchema } from './canonical-schema';
import { writeZodTool } from './write-zod-tool';
import { prepareZodProgram, readZodProgramResult, ZOD_SANDBOX_GLOBAL } from './zod-program';

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => () => Promise<unknown>;
// The program the sandbox runs, given the real packages instead of the bundle (same code, faster).
(globalThis as Record<string, unknown>).__zodForTests = { z, tool, asSchema, jsonSchema, zodSchema };
const BUNDLE = `var ${ZOD_SANDBOX_GLOBAL} = globalThis.__zodForTests;`;

async function readBack(code: string) {
  const prepared = prepareZodProgram(ts, code);
  if (!prepared.ok) throw new Error(`${prepared.problem.message}\n${code}`);
  const result = readZodProgramResult(await new AsyncFunction(prepared.build(BUNDLE))());
  if (!result) throw new Error('no result');
  return result.tools;
}

const BFCL = readBfclDefinitions();
const CORE = [...CORE_TOOL_DEFINITIONS, ...TOOLSET_DEFINITIONS] as unknown as ToolDefinition[];

describe('writeZodTool: TypeScript out, read back as the AI SDK reads it, gives the same schema', () => {
  it('writes an AI SDK tool() with a zod schema, a typed execute stub and every value quoted', () => {
    const code = writeZodTool({
      name: 'get_weather',
      description: 'Weather "now"\n`${process.exit()}`',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "it's" } },
        required: ['city'],
        additionalProperties: false,
      },
    });
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

  it.each(CORE.map((definition) => [definition.name, definition] as const))(
    'core tool %s',
    async (_name, definition) => {
      const [back] = await readBack(writeZodTool(definition));
      expect(back.definition.name).toBe(definition.name);
      expect(back.definition.description).toBe(definition.description);
      expect(canonicalSchema(back.definition.parameters)).toEqual(canonicalSchema(definition.parameters));
    },
  );

  it(`the BFCL corpus (${BFCL.length} real tools)`, async () => {
    const differ: string[] = [];
    for (const definition of BFCL) {
      const [back] = await readBack(writeZodTool(definition));
      const same =
        back.definition.name === definition.name &&
        isDeepStrictEqual(canonicalSchema(back.definition.parameters), canonicalSchema(definition.parameters));
      if (!same) differ.push(definition.name);
    }
    expect(differ).toEqual([]);
  }, 120_000);
});

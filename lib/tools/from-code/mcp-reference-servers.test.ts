import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '@/lib/shapes/tool-formats';
import { type McpReferenceTool, mcpReferenceSources, mcpReferenceTools } from '@/testing/mcp-reference-tools';
import { readZodPaste } from '@/testing/run-zod-program';

/**
 * Cases we did not write: the MCP reference servers' own code (their published packages, every
 * file), read by `Tool from code` as zod, compared JSON-equal with what each server lists through
 * the real MCP SDK (`tools/list`).
 */
const CANNOT_KNOW: Readonly<Record<string, string>> = {
  'everything get-resource-reference':
    'its schema’s enum values are constants of another module (the tool is not read, with a note that says so)',
};

let listed: McpReferenceTool[];
const read = new Map<string, ToolDefinition>();
const notes: string[] = [];
beforeAll(async () => {
  listed = await mcpReferenceTools();
  // The files that register tools (the others start servers and read the disk, which the sandbox does not run).
  for (const source of mcpReferenceSources().filter(({ code }) => /\.registerTool(Task)?\(/.test(code))) {
    const result = await readZodPaste(source.code);
    if (!result.ok) throw new Error(`${source.server}/${source.file}: ${result.problem.message}`);
    for (const tool of result.tools) read.set(`${source.server} ${tool.definition.name}`, tool.definition);
    notes.push(...result.notes.map((note) => `${source.server}/${source.file}: ${note}`));
  }
}, 120_000);

describe("the MCP reference servers' code, read as zod, as their servers list it", () => {
  it('every listed tool is read JSON-equal, but one whose schema is not all in its file', () => {
    expect(listed.length).toBeGreaterThan(30);
    const differ = listed
      .filter(({ server, definition }) => !isDeepStrictEqual(read.get(`${server} ${definition.name}`), definition))
      .map(({ server, definition }) => `${server} ${definition.name}`);
    console.log(
      `MCP reference servers: ${listed.length - differ.length} of ${listed.length} listed tools read JSON-equal; ${read.size} registrations read in all`,
    );
    expect(differ).toEqual(Object.keys(CANNOT_KNOW));
    expect(notes).toEqual([
      'everything/tools/get-resource-reference.js: The tool `get-resource-reference` was not read: `RESOURCE_TYPE_BLOB` comes from "../resources/templates.js"; `RESOURCE_TYPE_TEXT` comes from "../resources/templates.js".',
    ]);
  });
});

import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '@/lib/shapes/tool-formats';
import { type McpReferenceTool, mcpReferenceSources, mcpReferenceTools } from '@/testing/mcp-reference-tools';
import { readZodPaste } from '@/testing/run-zod-program';

/**
 * Cases we did not write: the MCP reference servers' own code (their published packages, every
 * file), read by `Tool from code` as zod — each file that registers tools, with the rest of its
 * package added beside it as the other files — compared JSON-equal with what each server lists
 * through the real MCP SDK (`tools/list`).
 */
let listed: McpReferenceTool[];
const read = new Map<string, ToolDefinition>();
const notes: string[] = [];
const alone = new Map<string, string[]>();
beforeAll(async () => {
  listed = await mcpReferenceTools();
  const sources = mcpReferenceSources();
  // The files that register tools (the others start servers and read the disk, which the sandbox does not run).
  for (const source of sources.filter(({ code }) => /\.registerTool(Task)?\(/.test(code))) {
    const otherFiles = Object.fromEntries(
      sources.filter((each) => each.server === source.server && each !== source).map((each) => [each.file, each.code]),
    );
    const result = await readZodPaste(source.code, otherFiles);
    if (!result.ok) throw new Error(`${source.server}/${source.file}: ${result.problem.message}`);
    for (const tool of result.tools) read.set(`${source.server} ${tool.definition.name}`, tool.definition);
    notes.push(...result.notes.map((note) => `${source.server}/${source.file}: ${note}`));
    // Read alone, a file whose tools need another one says which.
    const byItself = await readZodPaste(source.code);
    if (byItself.ok && byItself.notes.length > 0) alone.set(`${source.server}/${source.file}`, byItself.notes);
  }
}, 120_000);

describe("the MCP reference servers' code, read as zod, as their servers list it", () => {
  it('every listed tool is read JSON-equal, its package’s other files added beside it', () => {
    expect(listed.length).toBeGreaterThan(30);
    const differ = listed
      .filter(({ server, definition }) => !isDeepStrictEqual(read.get(`${server} ${definition.name}`), definition))
      .map(({ server, definition }) => `${server} ${definition.name}`);
    console.log(
      `MCP reference servers: ${listed.length - differ.length} of ${listed.length} listed tools read JSON-equal; ${read.size} registrations read in all`,
    );
    expect(differ).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('a file read without the file its schema imports from names that file', () => {
    expect(Object.fromEntries(alone)).toEqual({
      'everything/tools/get-resource-reference.js': [
        'The tool `get-resource-reference` was not read: `RESOURCE_TYPE_BLOB` comes from "../resources/templates.js" (add that file beside the code); `RESOURCE_TYPE_TEXT` comes from "../resources/templates.js" (add that file beside the code).',
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readZodPaste } from '@/testing/run-zod-program';

const SERVER = `#!/usr/bin/env node
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { promises as fs } from "fs";
import { z } from "zod";

const server = new McpServer({ name: "notes", version: "1.0.0" });
const Note = z.object({ title: z.string(), tags: z.array(z.string()).optional() });
const limit: number = 10;

server.registerTool("add_note", {
  title: "Add a note",
  description: \`Adds a note (at most \${limit} a day).\`,
  inputSchema: { note: Note, pinned: z.boolean().default(false) },
}, async ({ note }) => ({ content: [{ type: "text", text: await fs.readFile(note.title, "utf8") }] }));

server.registerTool("list_notes", { description: "Lists the notes." }, async () => ({ content: [] }));

function register(server: McpServer, name: string) {
  server.registerTool(name, { description: "Made at run time." }, async () => ({ content: [] }));
}

throw new Error("the server's own code ran");
await server.connect(new StdioServerTransport());
`;

describe('an MCP server written with the MCP SDK, read as its tools', () => {
  it('reads each registerTool as the SDK lists it, running only what the definitions use', async () => {
    const read = await readZodPaste(SERVER);
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.tools.map((tool) => tool.definition)).toEqual([
      {
        name: 'add_note',
        description: 'Adds a note (at most 10 a day).',
        parameters: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            note: {
              type: 'object',
              properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
              required: ['title'],
            },
            pinned: { type: 'boolean', default: false },
          },
          required: ['note'],
        },
      },
      { name: 'list_notes', description: 'Lists the notes.', parameters: { type: 'object', properties: {} } },
    ]);
    expect(read.notes).toEqual([
      'The tool `name` was not read: its name is not a string the code declares; `name` is not declared at the top level.',
    ]);
  });

  it('says which tool needs another module, and reads the others', async () => {
    const read = await readZodPaste(`import { z } from "zod";
import { LIMITS } from "./limits.js";
server.registerTool("a", { description: "A", inputSchema: { n: z.number().max(LIMITS.n) } }, run);
server.registerTool("b", { description: "B", inputSchema: { n: z.number() } }, run);
`);
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.tools.map((tool) => tool.definition.name)).toEqual(['b']);
    expect(read.notes).toEqual(['The tool `a` was not read: `LIMITS` comes from "./limits.js".']);
  });
});

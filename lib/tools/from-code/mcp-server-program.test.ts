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
    expect(read.notes).toEqual([
      'The tool `a` was not read: `LIMITS` comes from "./limits.js" (add that file beside the code).',
    ]);
  });
});

describe('an MCP server split over files: the other files added beside the code', () => {
  const TOOL = `import { z } from "zod";
import { KINDS as Kinds, limits } from "../shared/kinds.js";
import { describeIt } from "./text";

export function register(server) {
  server.registerTool("fetch_kind", {
    description: describeIt("a kind"),
    inputSchema: { kind: z.enum(Kinds), count: z.number().max(limits.most) },
  }, async () => ({ content: [] }));
}
`;
  const OTHER_FILES = {
    'shared/kinds.ts': `import { z } from "zod";
import { startServer } from "../server.js";
const TEXT = "Text";
const most = 5;
export const KINDS = [TEXT, "Blob"] as const;
const kindLimits = { most };
export { kindLimits as limits };
startServer();
throw new Error("the module's own code ran");
`,
    'tools/text.js': 'export const describeIt = (what) => `Fetches ${what}.`;\nprocess.exit(1);\n',
    'server.js': 'export function startServer() { throw new Error("started"); }\n',
  };

  it('takes from them only what the definitions use, through aliases and re-exports; nothing else runs', async () => {
    const read = await readZodPaste(TOOL, OTHER_FILES);
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.notes).toEqual([]);
    expect(read.tools.map((tool) => tool.definition)).toEqual([
      {
        name: 'fetch_kind',
        description: 'Fetches a kind.',
        parameters: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { kind: { type: 'string', enum: ['Text', 'Blob'] }, count: { type: 'number', maximum: 5 } },
          required: ['kind', 'count'],
        },
      },
    ]);
  });

  it('a file not added, or a name a file does not export, is a note that names it', async () => {
    const withoutKinds = await readZodPaste(TOOL, { 'tools/text.js': OTHER_FILES['tools/text.js'] });
    expect(withoutKinds.ok && withoutKinds.notes).toEqual([
      'The tool `fetch_kind` was not read: `limits` comes from "../shared/kinds.js" (add that file beside the code); `Kinds` comes from "../shared/kinds.js" (add that file beside the code).',
    ]);
    const wrongExport = await readZodPaste(TOOL, {
      ...OTHER_FILES,
      'shared/kinds.ts': 'export const KINDS = ["Text"];\n',
    });
    expect(wrongExport.ok && wrongExport.notes).toEqual([
      'The tool `fetch_kind` was not read: `limits` is not exported by shared/kinds.ts.',
    ]);
  });

  it('another file that does not parse is the problem, with its name', async () => {
    const read = await readZodPaste(TOOL, { ...OTHER_FILES, 'server.js': 'export function (' });
    expect(read).toMatchObject({ ok: false, problem: { message: expect.stringMatching(/^server\.js, line 1: /) } });
  });
});

describe('other files from a stranger', () => {
  const TOOL = `import { z } from "zod";
import { KIND } from "./kind.js";
server.registerTool("pick", { description: "Picks.", inputSchema: { kind: z.literal(KIND) } }, async () => ({ content: [] }));
`;

  it('a path with quotes and a closing brace is only a name: it is quoted where the program names it', async () => {
    const read = await readZodPaste(TOOL, { 'x"]}); throw 1; ({"/kind.js': 'export const KIND = "a";\n' });
    expect(read.ok && read.tools.map((tool) => tool.definition.parameters.properties)).toEqual([
      { kind: { type: 'string', const: 'a' } },
    ]);
  });

  it('another file nested too deep is refused with its name, before anything runs', async () => {
    const deep = `export const KIND = ${'['.repeat(3000)}${']'.repeat(3000)};\n`;
    const read = await readZodPaste(TOOL, { 'kind.js': deep });
    expect(read).toMatchObject({ ok: false, problem: { message: expect.stringMatching(/^kind\.js, line 1: /) } });
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ToolDefinition } from '@/lib/shapes/tool-formats';

/** The MCP reference servers published on npm (devDependencies, pinned), each started over stdio. */
const SERVERS = [
  { name: 'everything', script: 'server-everything/dist/index.js', args: ['stdio'] },
  { name: 'filesystem', script: 'server-filesystem/dist/index.js', args: ['<directory>'] },
  { name: 'memory', script: 'server-memory/dist/index.js', args: [] },
  { name: 'sequential-thinking', script: 'server-sequential-thinking/dist/index.js', args: [] },
] as const;

export type McpReferenceTool = { server: string; definition: ToolDefinition };

/**
 * Every tool the MCP reference servers list (`tools/list` through the real MCP SDK client), as
 * tool definitions: name, description, and the input schema exactly as the server sends it.
 */
export async function mcpReferenceTools(): Promise<McpReferenceTool[]> {
  const directory = mkdtempSync(join(tmpdir(), 'mcp-reference-'));
  const tools: McpReferenceTool[] = [];
  try {
    for (const server of SERVERS) {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [
          join('node_modules', '@modelcontextprotocol', server.script),
          ...server.args.map((arg) => (arg === '<directory>' ? directory : arg)),
        ],
        env: { ...getDefaultEnvironment(), MEMORY_FILE_PATH: join(directory, 'memory.jsonl') },
        stderr: 'ignore',
      });
      const client = new Client({ name: 'tool-playground-tests', version: '1.0.0' });
      await client.connect(transport);
      try {
        const listed = await client.listTools();
        for (const tool of listed.tools)
          tools.push({
            server: server.name,
            definition: {
              name: tool.name,
              description: tool.description ?? '',
              parameters: tool.inputSchema as ToolDefinition['parameters'],
            },
          });
      } finally {
        await client.close();
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return tools;
}

/** Each reference server's published code: every JavaScript file of its package (not its tests), by path. */
export function mcpReferenceSources(): { server: string; file: string; code: string }[] {
  return SERVERS.flatMap((server) => {
    const root = join('node_modules', '@modelcontextprotocol', server.script.split('/')[0], 'dist');
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js') && !file.includes('__tests__') && !file.startsWith('vitest.'))
      .sort()
      .map((file) => ({ server: server.name, file, code: readFileSync(join(root, file), 'utf8') }));
  });
}

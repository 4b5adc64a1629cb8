import { describe, expect, it } from 'vitest';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { readToolName } from './tool-source';
import type { ToolDraft } from './tool-spec';
import { mcpToolName, readListedTools, replaceMcpTools, unreadListedTools } from './mcp-tool-drafts';

const own = (name: string): ToolDraft => ({
  id: `tool-${name}`,
  source: JSON.stringify({ name, description: '', parameters: { type: 'object' } }),
  enabled: true,
  run: { kind: 'sandbox' },
});
const listed = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} does things`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

describe("a server's tools in the session", () => {
  it('come in after the own tools, as MCP tools under names every provider takes and no other tool has', () => {
    const tools = replaceMcpTools([own('bash'), own('echo')], 'srv-a', 'mcp-servers/everything', [
      listed('echo', { annotations: { readOnlyHint: true, destructiveHint: false, extra: 'dropped' } }),
      listed('files.read'),
      listed('get-sum'),
    ]);
    expect(tools.map((tool) => readToolName(tool.source))).toEqual([
      'bash',
      'echo',
      'everything_echo',
      'everything_files_read',
      'get-sum',
    ]);
    expect(tools[2].run).toEqual({
      kind: 'mcp',
      server: 'srv-a',
      tool: 'echo',
      timeoutMs: 60_000,
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    // Every one of them is valid, and nothing is left out as a duplicate.
    const check = checkToolDrafts(tools, createSchemaChecker());
    expect(check.leftOut).toEqual([]);
    expect(check.runnable.map((tool) => tool.spec.name)).toContain('everything_files_read');
    expect(new Set(tools.map((tool) => tool.id)).size).toBe(5);
    expect(tools[3].id).toMatch(/^srv-a-files_read-[a-z0-9]+$/);
  });

  it('listed again: kept where they were, with their on/off, time limit and name; gone ones removed; new ones on', () => {
    const first = replaceMcpTools([own('bash')], 'srv-a', 'S', [listed('one'), listed('two')]);
    const changed = first.map((tool) =>
      tool.run.kind === 'mcp' && tool.run.tool === 'one'
        ? { ...tool, enabled: false, run: { ...tool.run, timeoutMs: 5_000 } }
        : tool,
    );
    const withLater = [...changed, own('later')];
    const again = replaceMcpTools(withLater, 'srv-a', 'S', [listed('one'), listed('three')]);
    expect(again.map((tool) => [readToolName(tool.source), tool.enabled])).toEqual([
      ['bash', true],
      ['one', false],
      ['three', true],
      ['later', true],
    ]);
    expect(again[1].run).toMatchObject({ timeoutMs: 5_000 });
    expect(replaceMcpTools(again, 'srv-a', 'S', []).map((tool) => readToolName(tool.source))).toEqual([
      'bash',
      'later',
    ]);
  });

  it('mcpToolName prefixes with the server and stays within 64 characters', () => {
    expect(mcpToolName('x'.repeat(80), 'srv', new Set())).toHaveLength(64);
    expect(mcpToolName('echo', 'a/b', new Set(['echo', 'b_echo']))).toBe('b_echo_2');
  });

  it('only entries with a name and an input schema object are read from a tools/list answer', () => {
    expect(
      readListedTools([
        listed('ok', { outputSchema: { type: 'object' }, title: 'OK', _meta: { x: 1 } }),
        { name: 'no-schema' },
        { inputSchema: { type: 'object' } },
        'nonsense',
      ]),
    ).toEqual([
      {
        name: 'ok',
        title: 'OK',
        description: 'ok does things',
        inputSchema: { type: 'object', properties: {} },
        outputSchema: { type: 'object' },
      },
    ]);
    expect(readListedTools({ tools: [] })).toEqual([]);
  });

  it('what is not read as a tool is named, with why', () => {
    const why = 'it has no name of 1 to 200 characters or no input schema object';
    expect(
      unreadListedTools([listed('ok'), { name: 'no-schema' }, { inputSchema: { type: 'object' } }, 'nonsense']),
    ).toEqual([
      { name: 'no-schema', reason: why },
      { name: '(no name)', reason: why },
      { name: '(no name)', reason: why },
    ]);
    expect(unreadListedTools({ tools: [] })).toEqual([]);
  });
});

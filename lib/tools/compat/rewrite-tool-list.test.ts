import { describe, expect, it } from 'vitest';
import type { ToolDraft } from '../../shapes/tool-spec';
import { checkToolDrafts } from '../check-tool-drafts';
import { createSchemaChecker } from '../create-schema-checker';
import { rewriteSummary, rewriteToolList } from './rewrite-tool-list';

const checker = createSchemaChecker();
const draft = (id: string, definition: object, run: ToolDraft['run'] = { kind: 'mock', result: '{}' }): ToolDraft => ({
  id,
  source: JSON.stringify(definition, null, 2),
  enabled: true,
  run,
});
const loose = {
  name: 'search',
  description: 'Search the web',
  parameters: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] },
};
const fromServer = draft(
  'mcp-1',
  { name: 'lookup', description: 'Look up', parameters: { type: 'object', properties: { id: { type: 'string' } } } },
  { kind: 'mcp', server: 'https://mcp.example/mcp', tool: 'lookup' } as ToolDraft['run'],
);

describe('Make compatible with…, over the tool list', () => {
  it('rewrites each valid tool for the targets in one edit named for them, and skips an MCP server’s tool', () => {
    const { tools } = checkToolDrafts([draft('t-1', loose), fromServer], checker);
    const made = rewriteToolList(tools, ['openai-chat-strict']);
    expect(made.label).toMatch(/^Make compatible with /);
    expect(made.sources.map((each) => each.id)).toEqual(['t-1']);
    const rewritten = JSON.parse(made.sources[0].source);
    expect(rewritten.parameters.additionalProperties).toBe(false);
    expect(rewritten.parameters.required).toEqual(expect.arrayContaining(['q', 'limit']));
    expect(made.report.changes.every((line) => line.startsWith('search: '))).toBe(true);
    expect(made.report.skipped).toEqual([
      "lookup: its definition is its MCP server's (Copy as editable tool to change it).",
    ]);
    expect(rewriteSummary(made.report)).toMatch(/^\d+ changes?\.$/);
  });

  it('changes nothing when every tool already fits, and says so', () => {
    const { tools } = checkToolDrafts([draft('t-1', loose)], checker);
    const once = rewriteToolList(tools, ['openai-chat-strict']);
    const again = checkToolDrafts([{ ...draft('t-1', loose), source: once.sources[0].source }], checker).tools;
    const twice = rewriteToolList(again, ['openai-chat-strict']);
    expect(twice.sources).toEqual([]);
    expect(rewriteSummary(twice.report)).toBe('Every tool already fits those targets as written: nothing changed.');
  });
});

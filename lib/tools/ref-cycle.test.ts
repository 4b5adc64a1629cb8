import { describe, expect, it } from 'vitest';
import { mcpToolSource } from '../shapes/mcp-tool-drafts';
import { COMPAT_TARGETS } from '../shapes/compat';
import { checkToolSource } from './check-tool-source';
import { documentedReasons, isRecursive } from './compat/documented-rules';
import { makeCompatible } from './compat/make-compatible';
import { createSchemaChecker } from './create-schema-checker';
import { lintToolDefinition } from './lint/lint-rules';
import { countToolTokens } from './token-xray';

// A pasted or listed schema whose `$ref`s go round: every check the page runs on a tool ends,
// with a verdict, on each shape of cycle (an MCP server lists such a tool as easily as a person
// pastes one).
const CYCLES = {
  'refers to itself': {
    type: 'object',
    properties: { node: { $ref: '#/$defs/n' } },
    $defs: { n: { $ref: '#/$defs/n' } },
  },
  'two refer to each other': {
    type: 'object',
    properties: { a: { $ref: '#/$defs/a' } },
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
  },
  'the root refers to itself': { $ref: '#' },
  'a tree (recursion a value can end)': {
    type: 'object',
    properties: { root: { $ref: '#/$defs/tree' } },
    $defs: { tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/tree' } } } } },
  },
} as const;

/** The loop each cycle's check names (none for the tree). */
const LOOPS: Record<string, string | undefined> = {
  'refers to itself': '#/$defs/n → #/$defs/n',
  'two refer to each other': '#/$defs/a → #/$defs/b → #/$defs/a',
  'the root refers to itself': '# → #',
};

describe.each(Object.entries(CYCLES))('a schema whose $ref %s', (name, inputSchema) => {
  const tool = { name: 'loop', description: 'Goes round.', inputSchema: inputSchema as Record<string, unknown> };
  const definition = { name: tool.name, description: tool.description, parameters: tool.inputSchema };

  it('the tool check ends with a verdict: a loop is said in a sentence, a tree is valid', () => {
    const check = checkToolSource(mcpToolSource(tool), createSchemaChecker());
    if (LOOPS[name]) {
      expect(check.kind).toBe('invalid');
      const messages = check.kind === 'invalid' ? check.problems.map((problem) => problem.message) : [];
      expect(messages).toContain(
        `Invalid schema: \`inputSchema\` has a $ref loop that never reaches a schema (${LOOPS[name]}).`,
      );
    } else expect(check.kind).toBe('valid');
  });

  it('the lint, the compatibility verdicts and Make compatible end', () => {
    for (const target of ['openai', 'anthropic', 'google'] as const)
      expect(Array.isArray(lintToolDefinition(definition, target))).toBe(true);
    for (const target of COMPAT_TARGETS) expect(Array.isArray(documentedReasons(definition, target))).toBe(true);
    expect(makeCompatible(definition, COMPAT_TARGETS).definition.name).toBe('loop');
    expect(typeof isRecursive(inputSchema)).toBe('boolean');
  });

  it('the token count ends', () => {
    expect(countToolTokens(definition, (text) => text.length, false)).toBeDefined();
  });
});

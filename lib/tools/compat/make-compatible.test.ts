import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBfclDefinitions } from '../../../testing/bfcl-corpus';
import { createInitialSession } from '../../session/initial-session';
import { COMPAT_TARGETS, type CompatTargetId } from '../../shapes/compat';
import { type ToolDefinition, toolDefinitionOf } from '../../shapes/tool-formats';
import { TOOL_NAME_PATTERN } from '../../shapes/tool-limits';
import { checkToolDrafts } from '../check-tool-drafts';
import { createSchemaChecker } from '../create-schema-checker';
import { documentedReasons } from './documented-rules';
import { makeCompatible } from './make-compatible';

/** The checks here are many; the rate limit is tested on its own. */
const UNLIMITED = { PLAYGROUND_COMPAT_RATE_LIMIT: '1000000' };

const EDGES: ToolDefinition[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'edge-schemas.json'), 'utf8'),
);
const BFCL = readBfclDefinitions()
  .filter((definition) => TOOL_NAME_PATTERN.test(definition.name))
  .filter((_, index) => index % 7 === 0);
const CORE = checkToolDrafts(createInitialSession().tools, createSchemaChecker()).runnable.map((tool) =>
  toolDefinitionOf(tool.spec),
);
const CORPUS = [...BFCL, ...CORE, ...EDGES];
const checker = createSchemaChecker();

const SETS: CompatTargetId[][] = [
  ...COMPAT_TARGETS.map((target) => [target]),
  ['openai-chat-strict', 'openai-responses-strict', 'anthropic-strict'],
  ['anthropic', 'gemini', 'gemini-legacy', 'openai-chat'],
  ['openai-chat-strict', 'anthropic-strict', 'gemini', 'openai-compatible'],
];

describe('Make compatible with…', () => {
  it.each(SETS.map((set) => [set.join(' + '), set] as const))(
    'every targeted cell accepts after it — or the conflict is said: %s',
    (_label, targets) => {
      let conflicted = 0;
      for (const definition of CORPUS) {
        const made = makeCompatible(definition, targets);
        if (made.conflicts.length > 0) {
          conflicted++;
          continue;
        }
        for (const target of targets)
          expect(
            documentedReasons(made.definition, target).map((reason) => reason.message),
            `${definition.name} × ${target}`,
          ).toEqual([]);
        // Still a schema a validator compiles.
        expect(() => checker.checkValue(made.definition.parameters, {}), definition.name).not.toThrow();
      }
      expect(conflicted).toBeLessThan(CORPUS.length / 10);
    },
  );

  it('lists the meaning that moved or was lost', () => {
    const tool = EDGES.find((each) => each.name === 'min_max_length') as ToolDefinition;
    const made = makeCompatible(tool, ['anthropic-strict']);
    expect(made.changes).toEqual([
      '`minLength: 1` moved into the description at title (Anthropic strict)',
      '`maxLength: 80` moved into the description at title (Anthropic strict)',
    ]);
    expect((made.definition.parameters.properties as Record<string, { description: string }>).title.description).toBe(
      '(at least 1 characters, at most 80 characters)',
    );
    const optional = makeCompatible(EDGES.find((each) => each.name === 'optional_unit') as ToolDefinition, [
      'openai-chat-strict',
    ]);
    expect(optional.changes).toEqual([
      'optional `unit` → required + nullable at the input schema (null stands for "not given")',
    ]);
    expect((optional.definition.parameters.properties as Record<string, unknown>).unit).toEqual({
      type: ['string', 'null'],
      enum: ['c', 'f', null],
    });
  });

  it('says what two targets demand in opposite ways, and what cannot be made to fit', () => {
    const plain = EDGES.find((each) => each.name === 'plain_required') as ToolDefinition;
    expect(makeCompatible(plain, ['openai-chat-strict', 'gemini-legacy']).conflicts).toEqual([
      'the input schema: strict targets need "additionalProperties": false, which Gemini\'s legacy parameters refuse.',
    ]);
    const tree = EDGES.find((each) => each.name === 'recursive_tree') as ToolDefinition;
    expect(makeCompatible(tree, ['anthropic-strict']).conflicts).toEqual([
      'The schema is recursive: Anthropic strict mode takes no recursive schema.',
    ]);
  });
});

describe('Make compatible with…, through the matrix itself', () => {
  it('leaves every targeted cell accepts — as the packages send the rewritten tools and as the rules read them', {
    timeout: 120_000,
  }, async () => {
    const { handleCompatRequest } = await import('../../server/handle-compat-request');
    const { compatAnswerSchema } = await import('./compat-route');
    const { compatMatrix } = await import('./compat-verdict');
    for (const targets of SETS) {
      const specs = CORPUS.map((definition) => makeCompatible(definition, targets))
        .filter((made) => made.conflicts.length === 0)
        .map(({ definition }) => ({
          name: definition.name,
          description: definition.description,
          inputSchema: definition.parameters,
        }))
        .filter((each, at, all) => all.findIndex((other) => other.name === each.name) === at);
      for (let start = 0; start < specs.length; start += 200) {
        const batch = specs.slice(start, start + 200);
        const response = await handleCompatRequest(
          new Request('http://localhost/api/compat', { method: 'POST', body: JSON.stringify({ tools: batch }) }),
          UNLIMITED,
        );
        const cells = compatMatrix(batch, compatAnswerSchema.parse(await response.json()).sent).flat();
        const refused = cells.filter((cell) => targets.includes(cell.target) && cell.verdict !== 'accepts');
        expect(
          refused.map(
            (cell) =>
              `${cell.tool} × ${cell.target}: ${cell.verdict} ${cell.reasons.map((reason) => reason.message).join(' ')}`,
          ),
        ).toEqual([]);
      }
    }
  });
});

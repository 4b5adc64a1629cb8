import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBfclDefinitions } from '../../../testing/bfcl-corpus';
import { mcpReferenceTools } from '../../../testing/mcp-reference-tools';
import { createInitialSession } from '../../session/initial-session';
import { handleCompatRequest, MAX_COMPAT_BODY_BYTES } from '../../server/handle-compat-request';
import { COMPAT_TARGETS, type CompatCell } from '../../shapes/compat';
import type { ToolDefinition } from '../../shapes/tool-formats';
import type { ToolSpec } from '../../shapes/tool-spec';
import { TOOL_NAME_PATTERN } from '../../shapes/tool-limits';
import { checkToolDrafts } from '../check-tool-drafts';
import { createSchemaChecker } from '../create-schema-checker';
import { compatAnswerSchema, MAX_COMPAT_TOOLS } from './compat-route';
import { compatMatrix } from './compat-verdict';
import { documentedReasons } from './documented-rules';
import { schemaDifferences } from './schema-diff';

/** The checks here are many; the rate limit is tested on its own. */
const UNLIMITED = { PLAYGROUND_COMPAT_RATE_LIMIT: '1000000' };

/*
 * The matrix on a corpus of 300+ tool schemas: a BFCL sample, the MCP reference servers' tools, the
 * playground's core tools, ≥ 40 hand-made edge cases — each tool's schema as each provider package sends it, captured through
 * POST /api/compat (no network, no key), and each provider's documented rules.
 */
const spec = (definition: ToolDefinition): ToolSpec => ({
  name: definition.name,
  description: definition.description,
  inputSchema: definition.parameters,
});
const EDGES: ToolDefinition[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'edge-schemas.json'), 'utf8'),
);
const bfcl = readBfclDefinitions().filter((definition) => TOOL_NAME_PATTERN.test(definition.name));
// Every seventh BFCL function (a fixed sample across its categories), names unique.
const BFCL_SAMPLE = bfcl
  .filter((_, index) => index % 7 === 0)
  .filter((each, at, all) => all.findIndex((other) => other.name === each.name) === at);
const CORE = checkToolDrafts(createInitialSession().tools, createSchemaChecker()).runnable.map((tool) => tool.spec);

async function matrixOf(specs: ToolSpec[]): Promise<CompatCell[][]> {
  const rows: CompatCell[][] = [];
  for (let start = 0; start < specs.length; start += MAX_COMPAT_TOOLS) {
    const batch = specs.slice(start, start + MAX_COMPAT_TOOLS);
    const response = await handleCompatRequest(
      new Request('http://localhost/api/compat', { method: 'POST', body: JSON.stringify({ tools: batch }) }),
      UNLIMITED,
    );
    expect(response.status).toBe(200);
    const answer = compatAnswerSchema.parse(await response.json());
    rows.push(...compatMatrix(batch, answer.sent));
  }
  return rows;
}

describe('the compatibility matrix on 300+ schemas', () => {
  const corpus = [...BFCL_SAMPLE.map(spec), ...CORE, ...EDGES.map(spec)];
  // The MCP reference servers' tools, as their servers list them (tools/list through the MCP SDK).
  beforeAll(async () => {
    const names = new Set(corpus.map((each) => each.name));
    for (const { definition } of await mcpReferenceTools())
      if (!names.has(definition.name) && TOOL_NAME_PATTERN.test(definition.name)) {
        names.add(definition.name);
        corpus.push(spec(definition));
      }
  }, 60_000);

  it('has the corpus the issue asks for', () => {
    expect(EDGES.length).toBeGreaterThanOrEqual(40);
    expect(corpus.length).toBeGreaterThanOrEqual(300);
  });

  it('backs every rewrites cell with its captured pair and every rejects cell with its rule or the package’s error', {
    timeout: 120_000,
  }, async () => {
    const rows = await matrixOf(corpus);
    expect(rows.flat()).toHaveLength(corpus.length * COMPAT_TARGETS.length);
    const tally: Record<string, number> = {};
    for (const [index, row] of rows.entries())
      for (const cell of row) {
        tally[cell.verdict] = (tally[cell.verdict] ?? 0) + 1;
        if (cell.verdict === 'rewrites') {
          // The before/after pair: the schema as drafted, and as the package sent it.
          expect(cell.sent, `${cell.tool} × ${cell.target}`).toBeDefined();
          const differences = schemaDifferences(corpus[index].inputSchema, cell.sent);
          expect(differences.length).toBeGreaterThan(0);
          expect(cell.reasons.map((reason) => reason.message)).toEqual(
            differences.map((difference) => difference.message),
          );
        }
        if (cell.verdict === 'rejects')
          for (const reason of cell.reasons.filter((each) => each.source.kind === 'documented'))
            expect(reason.source.kind === 'documented' && reason.source.source).toMatchObject({
              url: expect.stringMatching(/^https:\/\//),
              quote: expect.any(String),
              recorded: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            });
        if (cell.verdict === 'rejects') expect(cell.reasons.length, `${cell.tool} × ${cell.target}`).toBeGreaterThan(0);
      }
    expect(tally.accepts).toBeGreaterThan(0);
    // The one rewrite the pinned packages make: @ai-sdk/openai's Chat Completions drops `propertyNames`.
    expect(
      rows
        .flat()
        .filter((cell) => cell.verdict === 'rewrites')
        .map((cell) => [cell.tool, cell.target, cell.reasons.map((reason) => reason.message)]),
    ).toEqual([['property_names', 'openai-chat', ['`propertyNames` dropped']]]);
    expect(tally.rejects).toBeGreaterThan(0);
  });

  it('says what each target refuses in the edge cases, and where', async () => {
    const rows = await matrixOf(EDGES.map(spec));
    const cell = (tool: string, target: (typeof COMPAT_TARGETS)[number]) =>
      rows.flat().find((each) => each.tool === tool && each.target === target) as CompatCell;
    const messages = (tool: string, target: (typeof COMPAT_TARGETS)[number]) =>
      cell(tool, target).reasons.map((reason) => reason.message);
    for (const target of COMPAT_TARGETS.filter((each) => each !== 'gemini-legacy'))
      expect(cell('plain_strict_clean', target).verdict, target).toBe('accepts');
    // Gemini's legacy Schema has no additionalProperties: what strict mode needs, it refuses.
    expect(messages('plain_strict_clean', 'gemini-legacy')).toEqual([
      '"additionalProperties" is not a field of Gemini\'s Schema (in the input schema): the request is refused as an unknown name.',
    ]);
    expect(cell('plain_required', 'gemini-legacy').verdict).toBe('accepts');
    expect(cell('plain_required', 'openai-chat-strict').verdict).toBe('rejects');
    expect(messages('plain_required', 'openai-chat-strict')).toEqual([
      'the input schema needs "additionalProperties": false.',
    ]);
    expect(messages('optional_unit', 'openai-responses-strict')).toEqual([
      'Every property must be required; optional in the input schema: unit.',
    ]);
    expect(cell('optional_unit', 'openai-chat').verdict).toBe('accepts');
    expect(messages('minimum_maximum', 'anthropic-strict')).toEqual([
      '"minimum" is not supported in strict mode (in "days").',
      '"maximum" is not supported in strict mode (in "days").',
    ]);
    expect(cell('minimum_maximum', 'anthropic').verdict).toBe('accepts');
    expect(messages('recursive_tree', 'anthropic-strict')).toContain(
      'A recursive schema is not supported in strict mode.',
    );
    expect(messages('nullable_type_array', 'gemini-legacy')).toContain(
      '"type" must be one type, not ["string","null"] (in "note").',
    );
    expect(messages('ref_defs', 'gemini-legacy')).toContain(
      '"$ref" is not a field of Gemini\'s Schema (in "where"): the request is refused as an unknown name.',
    );
    expect(cell('ref_defs', 'gemini').verdict).toBe('accepts');
    expect(messages('9starts_with_digit', 'gemini')).toEqual([
      'The name "9starts_with_digit" does not match ^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$.',
    ]);
    expect(cell('9starts_with_digit', 'openai-chat').verdict).toBe('accepts');
    expect(messages('one_of', 'openai-chat-strict')).toContain('"oneOf" is not supported (in "kind").');
    expect(messages('odd_property_key', 'anthropic')).toEqual([
      'Property name "first name" does not match ^[a-zA-Z0-9_.-]{1,64}$.',
    ]);
    // Sent by the package: the basis of every cell a package renders; the legacy Gemini field is documented only.
    expect(cell('plain_required', 'anthropic').basis).toBe('sent');
    expect(cell('plain_required', 'gemini-legacy').basis).toBe('documented');
  });
});

describe('schemaDifferences', () => {
  it('names each keyword the package changed, with where', () => {
    const drafted = {
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 }, unit: { type: 'string' }, where: { $ref: '#/$defs/p' } },
      required: ['city'],
      $defs: { p: { type: 'object' } },
    };
    const sent = {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: ['string', 'null'] }, where: { type: 'object' } },
      required: ['city', 'unit'],
      additionalProperties: false,
    };
    expect(schemaDifferences(drafted, sent).map((each) => each.message)).toEqual([
      'optional `unit` → required',
      '`minLength` dropped at city',
      'type "string" → ["string","null"] at unit',
      '`$ref` inlined at where',
      '`$defs` dropped',
      '`additionalProperties: false` added',
    ]);
    expect(schemaDifferences(drafted, structuredClone(drafted))).toEqual([]);
  });
});

describe('POST /api/compat with what a stranger could send', () => {
  const post = (body: string) =>
    handleCompatRequest(new Request('http://localhost/api/compat', { method: 'POST', body }), UNLIMITED);
  const said = async (response: Response) => ({
    status: response.status,
    message: (await response.json()).error?.message as string,
  });
  const tool = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }) => ({
    name,
    description: '',
    inputSchema,
  });

  it('refuses more tools than its bound, a name no provider takes, a schema nested past the limit, a body past its size — with a sentence, before any package runs', async () => {
    const many = Array.from({ length: MAX_COMPAT_TOOLS + 1 }, (_, index) => tool(`t${index}`));
    expect(await said(await post(JSON.stringify({ tools: many })))).toEqual({
      status: 400,
      message: expect.stringMatching(/^The tools cannot be checked: tools /),
    });
    expect(await said(await post(JSON.stringify({ tools: [tool('rm -rf; "x"')] })))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The tools cannot be checked: tools\.0\.name /),
    });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 200; level++) deep = { type: 'object', properties: { a: deep } };
    expect((await post(JSON.stringify({ tools: [tool('deep', deep)] }))).status).toBe(400);
    expect(
      (await post(`{"tools":[{"name":"big","description":"${'x'.repeat(6 * 1024 * 1024)}","inputSchema":{}}]}`)).status,
    ).toBe(413);
    expect((await post('not json')).status).toBe(400);
  });

  it('takes long words and odd keys as data: the verdicts name them, nothing runs', async () => {
    const word = 'x'.repeat(50_000);
    const response = await post(
      JSON.stringify({
        tools: [
          tool('odd', {
            type: 'object',
            properties: { [`__proto__`]: { type: 'string', description: word }, 'a b': { type: 'string' } },
          }),
        ],
      }),
    );
    expect(response.status).toBe(200);
    const [row] = compatMatrix(
      [tool('odd', { type: 'object', properties: { 'a b': { type: 'string' } } })],
      compatAnswerSchema.parse(await response.json()).sent,
    );
    expect(row.find((cell) => cell.target === 'anthropic')?.reasons.map((reason) => reason.message)).toContain(
      'Property name "a b" does not match ^[a-zA-Z0-9_.-]{1,64}$.',
    );
  });
});

describe('POST /api/compat shares this server among addresses', () => {
  it('answers 429 with a wait past its per-address limit, and takes a body that fits 200 ordinary tools', async () => {
    const env = { PLAYGROUND_COMPAT_RATE_LIMIT: '3' };
    const body = JSON.stringify({ tools: [{ name: 'a', description: 'A', inputSchema: { type: 'object' } }] });
    const post = (now: number) =>
      handleCompatRequest(new Request('http://localhost/api/compat', { method: 'POST', body }), env, now);
    const now = 5_000_000;
    expect((await post(now)).status).toBe(200);
    expect((await post(now)).status).toBe(200);
    expect((await post(now)).status).toBe(200);
    const refused = await post(now);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many compatibility checks from this address; try again in \d+ s\.$/,
    );
    // A minute on, the address may ask again.
    expect((await post(now + 61_000)).status).toBe(200);
    const ordinary = Array.from({ length: 200 }, (_, index) => ({
      name: `tool_${index}`,
      description: 'Looks a thing up in the catalogue and answers with what it found, in a sentence or two.'.repeat(4),
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 8 }, (_, field) => [
            `field_${field}`,
            { type: 'string', description: 'One field.'.repeat(5) },
          ]),
        ),
      },
    }));
    const large = JSON.stringify({ tools: ordinary });
    expect(large.length).toBeLessThan(MAX_COMPAT_BODY_BYTES);
    expect(
      (
        await handleCompatRequest(
          new Request('http://localhost/api/compat', { method: 'POST', body: large }),
          UNLIMITED,
        )
      ).status,
    ).toBe(200);
  });
});

describe('names and enums as the providers document them', () => {
  it("takes BFCL's dotted names into the matrix (Gemini accepts them, OpenAI and Anthropic refuse them by their rule)", async () => {
    const tools = [
      {
        name: 'math.factorial',
        description: 'n!',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      },
      { name: 'plain', description: 'x', inputSchema: { type: 'object', properties: {} } },
    ];
    const response = await handleCompatRequest(
      new Request('http://localhost/api/compat', { method: 'POST', body: JSON.stringify({ tools }) }),
      UNLIMITED,
    );
    expect(response.status).toBe(200);
    const [dotted] = compatMatrix(tools, compatAnswerSchema.parse(await response.json()).sent);
    const verdict = (target: string) => dotted.find((cell) => cell.target === target)?.verdict;
    expect(verdict('gemini')).not.toBe('rejects');
    expect(verdict('openai-chat')).toBe('rejects');
    expect(verdict('anthropic')).toBe('rejects');
  });

  it("flags an enum of numbers or mixed types for Gemini's legacy parameters (its enum is strings)", () => {
    const reasons = documentedReasons(
      {
        name: 'pick',
        description: '',
        parameters: { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 'high'] } } },
      },
      'gemini-legacy',
    );
    expect(reasons.map((each) => each.message)).toContainEqual(
      expect.stringMatching(/^"enum" holds values that are not strings/),
    );
  });
});

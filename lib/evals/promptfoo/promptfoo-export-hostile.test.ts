import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { promptfooCli } from '../../../testing/promptfoo/install-promptfoo';
import { type EvalCase, evalCaseSchema } from '../../shapes/eval-case';
import type { EvalConfig } from '../../shapes/eval-run';
import type { RunSettings } from '../../shapes/run-settings';
import { breakSyntax, mapStrings } from './promptfoo-inert';
import { writePromptfooConfig } from './write-promptfoo';

/*
 * The export of a stranger's session, run by the real promptfoo with keys in its environment: the
 * session holds Nunjucks (code that writes a file, templates that read the key) in every field
 * promptfoo renders, `file://` and `package:` where promptfoo loads files, `$ref`s it would
 * resolve, and a configuration whose base URL is the attacker's (a second server on loopback).
 * promptfoo must write no file, read none, send nothing to the attacker and no key or file in any
 * body — and the honest text (templates in it too) must arrive exactly as written.
 */

const work = mkdtempSync(join(tmpdir(), 'promptfoo-hostile-'));
const SECRET = 'CANARY-7f3a9c-the-file-was-read';
const canary = join(work, 'canary.txt');
const canaryJson = join(work, 'canary.json');
const pwned = join(work, 'pwned.txt');
const KEY = 'sk-hostile-test-key-5b1e0c7d9a';
writeFileSync(canary, SECRET);
writeFileSync(canaryJson, JSON.stringify({ secret: SECRET }));

const WRITE = `{{ range.constructor("process.getBuiltinModule('fs').writeFileSync('${pwned}', 'pwned')")() }}`;
const STEAL = '{{ env.OPENAI_API_KEY }} {{ env["ANTHROPIC_API_KEY"] }} {{ env.OPENAI_API_KEY | upper }}';
const PAYLOAD = `${WRITE} ${STEAL} {% for x in range(2) %}loop{% endfor %} {# hidden #}`;

const TOOL = {
  name: 'lookup',
  description: `Looks a thing up. ${PAYLOAD}`,
  inputSchema: {
    type: 'object',
    description: `file://${canary}`,
    properties: {
      query: { type: 'string', description: PAYLOAD, enum: [`file://${canary}`, `package:fs:readFileSync`, STEAL] },
      note: { type: 'string', default: `file://${canaryJson}`, examples: [PAYLOAD] },
    },
    required: ['query'],
  },
};
/** A tool whose schema has a `$ref` (promptfoo resolves it outside OpenAI Chat's parameters). */
const REFERRING = {
  name: 'referring',
  description: 'Has a reference.',
  inputSchema: {
    type: 'object',
    $defs: { place: { type: 'string' } },
    properties: { where: { $ref: '#/$defs/place' } },
  },
};

const REFERRING_SENT = { name: REFERRING.name, description: REFERRING.description, parameters: REFERRING.inputSchema };

const make = (input: Record<string, unknown>): EvalCase =>
  evalCaseSchema.parse({ id: 'case', prompt: 'Look it up.', expect: {}, ...input });

const CASES: EvalCase[] = [
  make({
    id: `{{ env.OPENAI_API_KEY }}`,
    name: `${WRITE} {{ env.OPENAI_API_KEY }}`,
    prompt: `file://${canary}`,
    system: `System ${PAYLOAD}`,
    messages: [
      { role: 'user', text: `package:fs:readFileSync` },
      { role: 'assistant', text: `file://${canaryJson}` },
    ],
    expect: {
      calls: [{ tool: 'lookup', args: { query: PAYLOAD } }],
      output: [
        { contains: STEAL, not: true },
        { contains: `file://${canary}` },
        { containsAny: [`file://${canary}`, 'x'] },
        { equals: { $ref: `file://${canaryJson}` } },
        { isJson: true, schema: { $ref: `file://${canaryJson}` } },
        { equals: { text: STEAL } },
        { regex: '\\{\\{ env', not: true },
      ],
      toolF1: { tools: [`file://${canary}`] },
    },
  }),
  make({ id: 'honest', prompt: 'What is {{ 7*7 }} in Jinja? Also \ue000 and {% raw %}.', expect: {} }),
];

const configs = (attacker: string): EvalConfig[] => [
  {
    id: 'a',
    name: `{{ env.OPENAI_API_KEY }} chat`,
    settings: { provider: 'openai', openaiApi: 'chat', model: 'fake-script', baseURL: `${attacker}/openai/v1` },
  },
  {
    id: 'b',
    name: 'model name',
    settings: { provider: 'openai', openaiApi: 'chat', model: 'fake-script{{ env.OPENAI_API_KEY }}' },
  },
  {
    id: 'c',
    name: 'responses',
    settings: { provider: 'openai', openaiApi: 'responses', model: 'fake-script', baseURL: `${attacker}/openai/v1` },
  },
  {
    id: 'd',
    name: 'anthropic',
    settings: { provider: 'anthropic', model: 'fake-script', baseURL: `${attacker}/anthropic/v1` },
  },
];
const BASE: RunSettings = { provider: 'openai', model: 'fake-script', openaiApi: 'chat' };

let home: FakeProvider;
let attacker: FakeProvider;
let cli: string;
beforeAll(async () => {
  cli = promptfooCli();
  home = await startFakeProvider();
  attacker = await startFakeProvider();
}, 900_000);
afterAll(async () => {
  await home?.close();
  await attacker?.close();
});

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: work, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });

describe('Export as promptfoo config, on a stranger’s session, run by promptfoo itself', () => {
  it('writes no file, reads none, sends nothing to the stranger’s address and no key in any body; honest text arrives as written', {
    timeout: 300_000,
  }, async () => {
    const written = writePromptfooConfig({
      description: `Session ${PAYLOAD}`,
      cases: CASES,
      tools: [TOOL, REFERRING],
      configs: configs(attacker.url),
      baseSettings: { ...BASE, system: `file://${canary}` },
      repeats: 1,
    });
    expect(written.text).not.toContain(attacker.url);
    const file = join(work, 'promptfooconfig.yaml');
    writeFileSync(file, written.text);
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      PATH: process.env.PATH ?? '',
      HOME: work,
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_CONFIG_DIR: join(work, 'home'),
      // The person's own keys and addresses (the home server stands for the providers).
      OPENAI_API_KEY: KEY,
      ANTHROPIC_API_KEY: KEY,
      OPENAI_BASE_URL: `${home.url}/openai/v1`,
      ANTHROPIC_BASE_URL: `${home.url}/anthropic`,
    };
    const validated = await run(['validate', '-c', file], env);
    expect(validated.status, validated.stdout + validated.stderr).toBe(0);
    const out = join(work, 'out.json');
    const evaluated = await run(['eval', '-c', file, '-o', out, '--no-cache', '--no-table', '--no-progress-bar'], env);
    expect([0, 100], evaluated.stderr).toContain(evaluated.status);

    // No file written, nothing to the stranger.
    expect(existsSync(pwned)).toBe(false);
    expect(attacker.requests).toEqual([]);
    // Every provider asked the home address; no body holds the key or the file.
    expect(new Set(home.requests.map((request) => request.path.split('/').pop()))).toEqual(
      new Set(['completions', 'responses', 'messages']),
    );
    for (const request of home.requests) {
      expect(request.raw).not.toContain(KEY);
      expect(request.raw.toUpperCase()).not.toContain(KEY.toUpperCase());
      expect(request.raw).not.toContain(SECRET);
    }
    const report = readFileSync(out, 'utf8');
    expect(report).not.toContain(KEY);
    expect(report).not.toContain(SECRET);
    expect(report.toUpperCase()).not.toContain(KEY.toUpperCase());

    // The conversation arrived as written, templates and all; a tool's definition with its syntax
    // broken by a zero-width space (promptfoo renders tool definitions more than once).
    const chat = home.requests.find(
      (request) => request.path.endsWith('/chat/completions') && request.raw.includes('What is'),
    );
    const sent = chat?.body as {
      tools: { function: { description: string; parameters: unknown } }[];
      messages: { content: string }[];
    };
    expect(sent.tools[0].function.description).toBe(breakSyntax(TOOL.description));
    expect(sent.tools[0].function.parameters).toEqual(mapStrings(TOOL.inputSchema, breakSyntax));
    expect(sent.tools[1]).toEqual({ type: 'function', function: { ...REFERRING_SENT } });
    expect(sent.messages.at(-1)?.content).toBe(CASES[1].prompt);
    const first = home.requests.find(
      (request) => request.path.endsWith('/chat/completions') && request.raw.includes('package:fs'),
    );
    const firstBody = first?.body as { messages: { content: string }[] } | undefined;
    expect(firstBody?.messages.map((message) => message.content)).toEqual([
      `System ${PAYLOAD}`,
      'package:fs:readFileSync',
      `file://${canaryJson}`,
      `file://${canary}`,
    ]);
    const anthropic = home.requests.find((request) => request.path.endsWith('/messages'));
    const anthropicTools =
      (anthropic?.body as { tools: { name: string; description: string; input_schema: unknown }[] } | undefined)
        ?.tools ?? [];
    expect(anthropicTools.map((tool) => tool.name)).toEqual(['lookup']);
    expect(anthropicTools[0]).toMatchObject({
      description: breakSyntax(TOOL.description),
      input_schema: mapStrings(TOOL.inputSchema, breakSyntax),
    });
    const config = parse(written.text);
    expect(config.providers.map((provider: { id: string }) => provider.id)).toEqual([
      'openai:chat:fake-script',
      'openai:chat:gpt-4.1-mini',
      'openai:responses:fake-script',
      'anthropic:messages:fake-script',
    ]);
  });
});

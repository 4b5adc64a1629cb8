import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { ChatRequest } from '../agent/chat-route';
import { type CodeLanguage, codeFormatFor, codeSettingsFor, getCode, toPython } from '../interop/get-code';
import type { RunSettings } from '../shapes/run-settings';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { buildNextRequest } from '../wire/extract-wire-steps';
import type { CapturedRequest } from '../shapes/wire-capture';
import { renderWithPackage } from './render-with-package';
import { pythonWithSdks } from '../../testing/python-sdks';

/**
 * docs/decisions/wire-truth.md: Get code's snippets send what the playground sends. curl and the TypeScript
 * snippet are run against the loopback fake provider and what it receives is compared with
 * the body the provider's package renders for the same conversation. Python runs too, with the
 * official `anthropic` and `openai` SDKs installed (testing/python-sdks.ts).
 */
let fake: FakeProvider;
let python: string;
beforeAll(async () => {
  fake = await startFakeProvider();
  python = pythonWithSdks();
}, 240_000);
afterAll(() => fake.close());

const KEY = 'sk-not-a-real-key-0123456789';
const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

/** A finished two-step run with the simulated model, then the next request as the selected provider would get it. */
async function nextRequestFor(patch: Partial<RunSettings>, extraUserText = 'and now the notes?') {
  const { store } = await runConversation('list the files and show me README.md');
  store.getState().updateSettings({ temperature: 0.2, ...patch });
  const state = store.getState();
  const specs = checkToolDrafts(state.tools, createSchemaChecker()).runnable.map((tool) => tool.spec);
  const request = buildNextRequest(state.messages, state.settings, specs);
  request.messages.push({ role: 'user', text: extraUserText });
  const messages = [
    ...state.messages,
    { id: 'next', role: 'user' as const, parts: [{ type: 'text' as const, text: extraUserText }] },
  ];
  const chat: ChatRequest = {
    messages: messages as ChatRequest['messages'],
    tools: specs,
    settings: codeSettingsFor(state.settings),
  };
  const rendered = await renderWithPackage(chat, codeFormatFor(state.settings));
  if (!rendered.ok) throw new Error(rendered.message);
  return { request, settings: state.settings, rendered: rendered.captured };
}

function code(language: CodeLanguage, input: Awaited<ReturnType<typeof nextRequestFor>>): string {
  const result = getCode(language, { request: input.request, rendered: input.rendered }, input.settings);
  if (!result.ok) throw new Error(result.message);
  return result.code;
}

const PROVIDERS = [
  {
    name: 'OpenAI Chat',
    patch: { provider: 'openai', openaiApi: 'chat', model: 'fake-tools' },
    origin: 'https://api.openai.com',
    fakePath: '/openai',
    env: 'OPENAI',
  },
  {
    name: 'OpenAI Responses',
    patch: { provider: 'openai', model: 'fake-tools' },
    origin: 'https://api.openai.com',
    fakePath: '/openai',
    env: 'OPENAI',
  },
  {
    name: 'Anthropic',
    patch: { provider: 'anthropic', model: 'fake-tools' },
    origin: 'https://api.anthropic.com',
    fakePath: '/anthropic',
    env: 'ANTHROPIC',
  },
  {
    name: 'Gemini',
    patch: { provider: 'google', model: 'fake-tools' },
    origin: 'https://generativelanguage.googleapis.com',
    fakePath: '/google',
    env: 'GOOGLE',
  },
  {
    name: 'simulated (as OpenAI Chat)',
    patch: {},
    origin: 'https://api.openai.com',
    fakePath: '/openai',
    env: 'OPENAI',
  },
] as const;

describe.each(PROVIDERS)('Get code for $name', ({ patch, origin, fakePath }) => {
  it("curl, run for real against the fake, sends exactly the package's body with the key from the environment", async () => {
    const input = await nextRequestFor(patch as Partial<RunSettings>);
    const snippet = code('curl', input).replace(quoteOrigin(origin), `'${fake.url}${fakePath}`);
    const before = fake.requests.length;
    // Asynchronously: the fake provider answers from this same process.
    await run('bash', ['-c', `${snippet.trimEnd()} --silent --output /dev/null`], {
      env: { ...process.env, OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY, GEMINI_API_KEY: KEY },
    });
    const received = fake.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].body).toEqual(input.rendered.body);
    const keyHeader =
      received[0].headers.authorization ?? received[0].headers['x-api-key'] ?? received[0].headers['x-goog-api-key'];
    expect(keyHeader).toContain(KEY);
    expect(snippet).not.toContain(KEY);
  });

  it("Python, run with the official SDKs, sends exactly the package's body", async () => {
    const input = await nextRequestFor(patch as Partial<RunSettings>);
    const snippet = code('python', input).replace(`"${origin}`, `"${fake.url}${fakePath}`);
    const before = fake.requests.length;
    await runPython(snippet);
    const received = fake.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].body).toEqual(input.rendered.body);
    if ((patch as Partial<RunSettings>).provider === 'google')
      expect(snippet).toContain('os.environ["GEMINI_API_KEY"]');
  });
});

const quoteOrigin = (origin: string) => `'${origin}`;

/** Runs a Python snippet with the official SDKs, pointed at the fake by their base URL variables. */
function runPython(snippet: string) {
  return run(python, ['-c', snippet], {
    env: {
      ...process.env,
      OPENAI_API_KEY: KEY,
      ANTHROPIC_API_KEY: KEY,
      GEMINI_API_KEY: KEY,
      OPENAI_BASE_URL: `${fake.url}/openai/v1`,
      ANTHROPIC_BASE_URL: `${fake.url}/anthropic`,
    },
  });
}

describe('the Anthropic Python snippet on anthropic 1.x', () => {
  it('sends the temperature through extra_body: anthropic 1.13 refuses it as a keyword', async () => {
    const input = await nextRequestFor({ provider: 'anthropic', model: 'fake-tools', temperature: 0.3 });
    expect(input.rendered.body).toMatchObject({ temperature: 0.3 });
    const snippet = code('python', input);
    expect(snippet).toContain('extra_body={\n    "temperature": 0.3,\n}');
    const before = fake.requests.length;
    await runPython(snippet);
    expect(fake.requests.slice(before)[0].body).toEqual(input.rendered.body);
    // The form every snippet had before: the temperature as a keyword, which 1.x refuses.
    const asKeyword = snippet.replace(/\*\*(\{[\s\S]*?\n\}), extra_body=(\{[\s\S]*?\n\})/, '**{**$1, **$2}');
    await expect(runPython(asKeyword)).rejects.toThrow(/unexpected keyword argument 'temperature'/);
  });
});

describe('the TypeScript snippet, run with the installed AI SDK against the fake', () => {
  const cases = [
    {
      name: 'OpenAI Chat (openai.chat, parallel calls off)',
      patch: { provider: 'openai', openaiApi: 'chat', model: 'fake-tools', parallelToolCalls: false, mode: 'native' },
      env: { OPENAI_BASE_URL: '/openai/v1', OPENAI_API_KEY: KEY },
    },
    {
      name: 'Anthropic (parallel calls off)',
      patch: { provider: 'anthropic', model: 'fake-tools', parallelToolCalls: false, mode: 'native' },
      env: { ANTHROPIC_BASE_URL: '/anthropic/v1', ANTHROPIC_API_KEY: KEY },
    },
    {
      name: 'OpenAI Responses',
      patch: { provider: 'openai', model: 'fake-tools', mode: 'native' },
      env: { OPENAI_BASE_URL: '/openai/v1', OPENAI_API_KEY: KEY },
    },
    {
      name: 'Gemini',
      patch: { provider: 'google', model: 'fake-tools', mode: 'native' },
      env: { GOOGLE_GENERATIVE_AI_BASE_URL: '/google/v1beta', GOOGLE_GENERATIVE_AI_API_KEY: KEY },
    },
  ] as const;
  it.each(cases)('$name sends the body the playground sends', async ({ patch, env }) => {
    const input = await nextRequestFor(patch as Partial<RunSettings>);
    const snippet = code('typescript', input);
    const factories = {
      openai: /openai\.(chat|responses)\("fake-tools"\)/,
      anthropic: /anthropic\("fake-tools"\)/,
      google: /google\("fake-tools"\)/,
    };
    expect(snippet).toMatch(factories[patch.provider]);
    const file = join(ROOT, `.get-code-snippet-${patch.provider}-${Object.keys(env)[0]}.mts`);
    writeFileSync(file, snippet);
    const before = fake.requests.length;
    try {
      const resolvedEnv = Object.fromEntries(
        Object.entries(env).map(([name, value]) => [name, value.startsWith('/') ? `${fake.url}${value}` : value]),
      );
      await run(process.execPath, [file], { cwd: ROOT, env: { ...process.env, ...resolvedEnv } });
    } finally {
      rmSync(file, { force: true });
    }
    const received = fake.requests.slice(before);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received[0].body).toEqual(input.rendered.body);
  });
});

describe('Get code, whatever the session holds', () => {
  const rendered: CapturedRequest = {
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: '[redacted]' },
    body: { model: 'gpt-4o', messages: [] },
  };
  const request = {
    model: 'gpt-4o',
    system: undefined,
    messages: [{ role: 'user' as const, text: 'hi' }],
    tools: [],
    toolChoice: 'auto' as const,
    parallelToolCalls: undefined,
    temperature: undefined,
    maxOutputTokens: undefined,
  };
  const settings = (patch: Partial<RunSettings>): RunSettings => ({ ...DEFAULT_RUN_SETTINGS, ...patch });

  it('refuses model ids and base URLs no provider could have', () => {
    for (const patch of [
      { provider: 'google', model: 'gemini;touch PWNED;#' },
      { provider: 'openai', model: "gpt'4o" },
      { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:1/v1$(touch${IFS}PWNED)' },
      { provider: 'openai-compatible', model: 'm', baseURL: 'http://user:pw@127.0.0.1:1/v1' },
    ] as const) {
      for (const language of ['typescript', 'python', 'curl'] as const) {
        const result = getCode(language, { request, rendered }, settings(patch));
        expect(result.ok, `${language} ${JSON.stringify(patch)}`).toBe(false);
        expect(!result.ok && result.message).toMatch(/^No code: The (model id|base URL) must/);
      }
    }
  });

  it('says when the session calls tools through a text mode, which the AI SDK snippet does not reproduce', () => {
    const result = getCode(
      'typescript',
      { request, rendered },
      settings({ provider: 'openai', model: 'gpt-4o', mode: 'validated' }),
    );
    expect(result.ok && result.code).toMatch(
      /^\/\/ This session calls tools in validated \(ReAct\) mode .* native tool calling/m,
    );
  });

  it('leaves tool choice out when there are no tools, and never prints a key', () => {
    const result = getCode('typescript', { request, rendered }, settings({ provider: 'openai', model: 'gpt-4o' }));
    expect(result.ok && result.code).not.toContain('toolChoice');
    expect(result.ok && result.code).toContain('openai.responses("gpt-4o")');
    const curl = getCode('curl', { request, rendered }, settings({ provider: 'openai', model: 'gpt-4o' }));
    expect(curl.ok && curl.code).toContain('-H "authorization: Bearer $OPENAI_API_KEY"');
    expect(curl.ok && curl.code).not.toContain('[redacted]');
  });

  it('writes JSON as Python literals', () => {
    expect(toPython({ a: [true, null, 1.5, 'x"y'] })).toBe(
      '{\n    "a": [\n        True,\n        None,\n        1.5,\n        "x\\"y",\n    ],\n}',
    );
  });

  describe("with hostile values from a stranger's link", () => {
    const HOSTILE = `it's "quoted" $(touch PWNED) \`touch PWNED\` ; touch PWNED # \\ \n """ ''' \${process.exit()} \u2028`;
    const hostileBody = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: HOSTILE },
        { role: 'user', content: HOSTILE },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'read_file',
            description: HOSTILE,
            parameters: { type: 'object', properties: { [HOSTILE]: { type: 'string' } } },
          },
        },
      ],
    };
    const hostileRendered = { ...rendered, body: hostileBody };
    const hostileRequest = {
      ...request,
      system: HOSTILE,
      messages: [{ role: 'user' as const, text: HOSTILE }],
      tools: [
        {
          name: 'read_file',
          description: HOSTILE,
          inputSchema: { type: 'object', properties: { [HOSTILE]: { type: 'string', description: HOSTILE } } },
        },
      ],
    };
    const chat = settings({ provider: 'openai', openaiApi: 'chat', model: 'gpt-4o' });

    it('curl: pasted into bash, runs nothing and passes every value through unchanged', () => {
      const dir = mkdtempSync(join(tmpdir(), 'get-code-'));
      const result = getCode('curl', { request: hostileRequest, rendered: hostileRendered }, chat);
      const snippet = result.ok ? result.code : '';
      const fakeCurl = `curl() { node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@"; }\n`;
      const args = JSON.parse(
        execFileSync('bash', ['-c', fakeCurl + snippet], {
          cwd: dir,
          env: { ...process.env, OPENAI_API_KEY: 'k' },
        }).toString(),
      ) as string[];
      expect(JSON.parse(args[args.indexOf('-d') + 1])).toEqual(hostileBody);
      expect(readdirSync(dir)).toEqual([]);
    });

    it('Python: every hostile value is one string literal', () => {
      const result = getCode('python', { request: hostileRequest, rendered: hostileRendered }, chat);
      const script =
        'import ast,json,sys\nprint(json.dumps([n.value for n in ast.walk(ast.parse(sys.stdin.read())) if isinstance(n, ast.Constant) and isinstance(n.value, str)]))';
      const strings = JSON.parse(
        execFileSync('python3', ['-c', script], { input: result.ok ? result.code : '' }).toString(),
      ) as string[];
      expect(strings.filter((value) => value === HOSTILE).length).toBeGreaterThanOrEqual(3);
    });

    it('TypeScript: parses, and every hostile value is one string literal', () => {
      const result = getCode('typescript', { request: hostileRequest, rendered: hostileRendered }, chat);
      const file = ts.createSourceFile('snippet.ts', result.ok ? result.code : '', ts.ScriptTarget.Latest, true);
      expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
      const strings: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node)) strings.push(node.text);
        ts.forEachChild(node, visit);
      };
      visit(file);
      expect(strings.filter((value) => value === HOSTILE).length).toBeGreaterThanOrEqual(3);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { SEED_READ_FILE_TOOL, SEED_SYSTEM, SEED_USER_TEXT } from '../../testing/seed-002-example';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../session/run-settings';
import type { WireRequest } from '../wire/wire-types';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { getCode as getCodeResult, toPython, type CodeLanguage } from './get-code';

/** The code, or the test fails with the refusal. */
function getCode(language: CodeLanguage, wireRequest: WireRequest, runSettings: RunSettings): string {
  const result = getCodeResult(language, wireRequest, runSettings);
  if (!result.ok) throw new Error(result.message);
  return result.code;
}

/** Seed 002 §4: "Read the main.py file" with one tool. */
const readFile = SEED_READ_FILE_TOOL;
const request = (model: string): WireRequest => ({
  model,
  system: SEED_SYSTEM,
  messages: [{ role: 'user', text: SEED_USER_TEXT }],
  tools: [readFile],
  toolChoice: 'auto',
  parallelToolCalls: undefined,
  temperature: undefined,
  maxOutputTokens: undefined,
});
const settings = (patch: Partial<RunSettings>): RunSettings => ({ ...DEFAULT_RUN_SETTINGS, ...patch });
const curlBody = (code: string) => JSON.parse(/-d '([\s\S]*)'\n$/.exec(code)![1].replace(/'\\''/g, "'"));

describe('Get code', () => {
  it('curl sends exactly the seed 002 §4.2 OpenAI request, the key as $OPENAI_API_KEY', () => {
    const code = getCode(
      'curl',
      request('gpt-4-turbo'),
      settings({ provider: 'openai', model: 'gpt-4-turbo', openaiApi: 'chat' }),
    );
    expect(code).toContain("curl 'https://api.openai.com/v1/chat/completions'");
    expect(code).toContain('-H "Authorization: Bearer $OPENAI_API_KEY"');
    expect(curlBody(code)).toEqual({
      model: 'gpt-4-turbo',
      messages: [
        { role: 'system', content: SEED_SYSTEM },
        { role: 'user', content: SEED_USER_TEXT },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'read_file', description: 'Read the contents of a file', parameters: readFile.inputSchema },
        },
      ],
      tool_choice: 'auto',
    });
  });

  it('curl for Anthropic sends the seed 002 §4.3 request with its headers', () => {
    const code = getCode(
      'curl',
      request('claude-3-5-sonnet-20241022'),
      settings({ provider: 'anthropic', model: 'claude-3-5-sonnet-20241022' }),
    );
    expect(code).toContain('-H "x-api-key: $ANTHROPIC_API_KEY"');
    expect(curlBody(code)).toEqual({
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 4096,
      system: SEED_SYSTEM,
      messages: [{ role: 'user', content: SEED_USER_TEXT }],
      tools: [{ name: 'read_file', description: 'Read the contents of a file', input_schema: readFile.inputSchema }],
      tool_choice: { type: 'auto' },
    });
  });

  it('Python uses each provider SDK; TypeScript uses the AI SDK (snapshots)', () => {
    expect(
      getCode(
        'python',
        request('gpt-4-turbo'),
        settings({ provider: 'openai', model: 'gpt-4-turbo', openaiApi: 'chat' }),
      ),
    ).toMatchSnapshot();
    expect(
      getCode(
        'python',
        request('claude-3-5-sonnet-20241022'),
        settings({ provider: 'anthropic', model: 'claude-3-5-sonnet-20241022' }),
      ),
    ).toMatchSnapshot();
    expect(
      getCode('python', request('gemini-2.5-flash'), settings({ provider: 'google', model: 'gemini-2.5-flash' })),
    ).toMatchSnapshot();
    expect(
      getCode('typescript', request('gpt-4-turbo'), settings({ provider: 'openai', model: 'gpt-4-turbo' })),
    ).toMatchSnapshot();
  });

  it('never contains a key, only the variable that holds it', () => {
    for (const provider of ['openai', 'anthropic', 'google', 'openai-compatible', 'simulated'] as const) {
      for (const language of ['typescript', 'python', 'curl'] as const) {
        const code = getCode(
          language,
          request('m'),
          settings({ provider, model: 'm', baseURL: 'http://localhost:1234/v1' }),
        );
        expect(code).not.toMatch(/sk-[A-Za-z0-9]/);
      }
    }
  });

  it('puts a real model in place of the simulated one, and says so', () => {
    const code = getCode('curl', request('simulated-1'), settings({ provider: 'simulated', model: 'simulated-1' }));
    expect(code).toMatch(/^# The simulated model runs only in the playground/);
    expect(curlBody(code).model).toBe('gpt-4o-mini');
  });

  it('writes JSON as Python literals', () => {
    expect(toPython({ a: [true, null, 1.5, 'x"y'] })).toBe(
      '{\n    "a": [\n        True,\n        None,\n        1.5,\n        "x\\"y",\n    ],\n}',
    );
  });

  describe("with hostile values from a stranger's link", () => {
    const HOSTILE = `it's "quoted" $(touch PWNED) \`touch PWNED\` ; touch PWNED # \\ \n """ ''' \${process.exit()} \u2028`;
    const hostileRequest = (model: string): WireRequest => ({
      ...request(model),
      system: HOSTILE,
      messages: [{ role: 'user', text: HOSTILE }],
      tools: [
        {
          name: 'read_file',
          description: HOSTILE,
          inputSchema: { type: 'object', properties: { [HOSTILE]: { type: 'string', description: HOSTILE } } },
        },
      ],
    });
    const PROVIDERS = [
      { provider: 'openai', model: 'gpt-4o', openaiApi: 'chat' },
      { provider: 'openai', model: 'gpt-4o' },
      { provider: 'anthropic', model: 'claude-sonnet-4-5' },
      { provider: 'google', model: 'gemini-2.5-flash' },
      { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://127.0.0.1:11434/v1' },
    ] as const;

    it('refuses model ids and base URLs no provider could have', () => {
      for (const patch of [
        { provider: 'google', model: 'gemini;touch PWNED;#' },
        { provider: 'openai', model: "gpt'4o" },
        { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:1/v1$(touch${IFS}PWNED)' },
        { provider: 'openai-compatible', model: 'm', baseURL: 'http://user:pw@127.0.0.1:1/v1' },
        { provider: 'openai-compatible', model: 'm', baseURL: 'file:///etc/passwd' },
      ] as const) {
        for (const language of ['typescript', 'python', 'curl'] as const) {
          const result = getCodeResult(language, request(patch.model), settings(patch));
          expect(result.ok, `${language} ${JSON.stringify(patch)}`).toBe(false);
          expect(!result.ok && result.message).toMatch(/^No code: The (model id|base URL) must/);
        }
      }
    });

    it('curl: pasted into bash, runs nothing and passes every value through unchanged', () => {
      const dir = mkdtempSync(join(tmpdir(), 'get-code-'));
      for (const patch of PROVIDERS) {
        const code = getCode('curl', hostileRequest(patch.model), settings(patch));
        // A stand-in curl prints its arguments as JSON; the snippet runs in a real bash.
        const fakeCurl = `curl() { node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@"; }\n`;
        const env = { ...process.env, OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', GOOGLE_GENERATIVE_AI_API_KEY: 'k' };
        const args = JSON.parse(
          execFileSync('bash', ['-c', fakeCurl + code], { cwd: dir, env }).toString(),
        ) as string[];
        const body = JSON.parse(args[args.indexOf('-d') + 1]);
        expect(JSON.stringify(body)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
        expect(args[0]).toMatch(/^https?:\/\/[^\s]+$/);
      }
      expect(readdirSync(dir)).toEqual([]);
    });

    it('Python: every hostile value is one string literal', () => {
      const script =
        'import ast,json,sys\nprint(json.dumps([n.value for n in ast.walk(ast.parse(sys.stdin.read())) if isinstance(n, ast.Constant) and isinstance(n.value, str)]))';
      for (const patch of PROVIDERS) {
        const code = getCode('python', hostileRequest(patch.model), settings(patch));
        const strings = JSON.parse(execFileSync('python3', ['-c', script], { input: code }).toString()) as string[];
        expect(strings.filter((value) => value === HOSTILE).length).toBeGreaterThanOrEqual(3);
      }
    });

    it('TypeScript: parses, and every hostile value is one string literal', () => {
      for (const patch of PROVIDERS) {
        const code = getCode('typescript', hostileRequest(patch.model), settings(patch));
        const file = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true);
        expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
        const strings: string[] = [];
        const visit = (node: ts.Node) => {
          if (ts.isStringLiteral(node)) strings.push(node.text);
          ts.forEachChild(node, visit);
        };
        visit(file);
        expect(strings.filter((value) => value === HOSTILE).length).toBeGreaterThanOrEqual(3);
      }
    });
  });
});

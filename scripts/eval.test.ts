import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../lib/session/session-store';
import { serializeSessionFile } from '../lib/session/session-file';
import { evalCaseSchema } from '../lib/shapes/eval-case';
import { startFakeProvider } from '../testing/fake-provider/start-fake-provider';
import { tinyGgufPath } from '../testing/tiny-gguf-path';

/** `npm run eval`, as CI runs it: the exit code, what it printed, the JUnit file read by a JUnit reader. */
const ROOT = join(import.meta.dirname, '..');
const folder = mkdtempSync(join(tmpdir(), 'eval-cli-'));
const evalCli = (file: string, ...args: string[]) => {
  const run = spawnSync('npm', ['run', 'eval', '--silent', '--', file, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
};
/** The same, without blocking this process (a loopback provider in it must answer). */
const evalCliAsync = (env: NodeJS.ProcessEnv, file: string, ...args: string[]) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn('npm', ['run', 'eval', '--silent', '--', file, ...args], { cwd: ROOT, env, stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
/** The environment without any provider's key or address (the tests name what they give). */
const bareEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/_(API_KEY|BASE_URL)$/.test(name)),
  ) as NodeJS.ProcessEnv;
const write = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

const ODD = 'no tool <&> "quoted"';
const CASES = [
  { id: 'list', prompt: 'List the files in the workspace.', expect: { calls: [{ tool: 'list_files', args: {} }] } },
  {
    id: 'readme',
    prompt: 'Show me README.md',
    expect: {
      calls: [{ tool: 'read_file', args: { path: 'README.md' } }],
      trajectory: [{ tool: 'bash', never: true }],
    },
  },
  { id: ODD, prompt: 'List the files in the workspace.', expect: { noTool: true } },
];

describe('npm run eval', () => {
  it('runs a case file through the loop with the simulated model: a failing case exits 1, JUnit and JSON say which', async () => {
    const junit = join(folder, 'junit.xml');
    const json = join(folder, 'results.json');
    const run = evalCli(write('cases.json', JSON.stringify(CASES)), '--junit', junit, '--json', json);
    expect(run.code, run.err).toBe(1);
    expect(run.out).toContain('2 of 3 graded runs passed · 1 failing, 0 flaky cells');
    const report = await parse(readFileSync(junit, 'utf8'));
    expect(report).toMatchObject({ tests: 3, failures: 1 });
    const suite = (report as { testsuite: { name: string; testcase: { name: string; failure?: unknown[] }[] }[] })
      .testsuite[0];
    expect(suite.name).toBe('Current tools');
    expect(suite.testcase.map((testcase) => testcase.name)).toEqual(['list', 'readme', ODD]);
    expect(suite.testcase[2].failure).toEqual([
      expect.objectContaining({
        message: 'Expected no tool call; the model called list_files({}).',
        type: 'unexpected-call',
      }),
    ]);
    const results = JSON.parse(readFileSync(json, 'utf8'));
    expect(results.runs.map((each: { caseId: string; pass: boolean }) => [each.caseId, each.pass])).toEqual([
      ['list', true],
      ['readme', true],
      [ODD, false],
    ]);
  });

  it('exits 0 when every case passes', () => {
    const run = evalCli(write('passing.json', JSON.stringify(CASES.slice(0, 2))));
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^list\s+1\/1$/m);
  });

  it("runs a session file's grid with its settings and repeats; a flaky case fails unless --max-flaky allows it", () => {
    const store = createSessionStore();
    store.getState().updateSettings({ temperature: 1, seed: 1 });
    store.getState().setEvalCases([evalCaseSchema.parse(CASES[0])]);
    store.getState().setEvalOptions({ repeats: 5 });
    const session = write('session.json', serializeSessionFile(store.getState()));
    const strict = evalCli(session);
    expect(strict.code, strict.err).toBe(1);
    expect(strict.out).toMatch(/^list\s+4\/5 flaky$/m);
    expect(evalCli(session, '--max-flaky', '1').code).toBe(0);
  });

  it('runs a promptfoo config: its tests as cases (first step), the assertions it cannot run listed by case', async () => {
    const junit = join(folder, 'promptfoo-junit.xml');
    const config = [
      'description: files',
      'prompts:',
      '  - "{{ask}}"',
      'defaultTest:',
      '  assert:',
      '    - type: is-valid-openai-tools-call',
      'tests:',
      '  - description: lists',
      '    vars: { ask: List the files in the workspace. }',
      '    assert:',
      '      - type: tool-call-f1',
      '        value: list_files',
      '      - type: llm-rubric',
      '        value: is helpful',
      '  - description: reads',
      '    vars: { ask: Show me README.md }',
      '    assert:',
      '      - type: contains',
      '        value: write_file',
    ].join('\n');
    const run = evalCli(write('promptfooconfig.yaml', config), '--junit', junit);
    expect(run.code, run.err).toBe(1);
    expect(run.out).toContain('Not run: llm-rubric in case "lists" (the playground does not run it).');
    expect(run.out).toMatch(/^lists\s+1\/1$/m);
    expect(run.out).toMatch(/^reads\s+0\/1$/m);
    const report = (await parse(readFileSync(junit, 'utf8'))) as {
      testsuite: { testcase: { name: string; failure?: { message: string }[] }[] }[];
    };
    expect(report.testsuite[0].testcase.map((testcase) => testcase.name)).toEqual(['lists', 'reads']);
    expect(report.testsuite[0].testcase[1].failure?.[0].message).toContain('fails "contains "write_file""');
  });

  it('a case whose every check was left out is "not checked": never a pass, a JUnit <skipped>, exit 1', async () => {
    const junit = join(folder, 'unchecked-junit.xml');
    const config = [
      'prompts:',
      '  - "{{ask}}"',
      'tests:',
      '  - description: rubric only',
      '    vars: { ask: List the files in the workspace. }',
      '    assert:',
      '      - type: llm-rubric',
      '        value: is helpful',
      '      - type: not-is-valid-openai-tools-call',
    ].join('\n');
    const run = evalCli(write('unchecked.yaml', config), '--junit', junit);
    expect(run.code, run.err).toBe(1);
    expect(run.out).toContain('rubric only × Current tools: not checked');
    expect(run.out).toMatch(/^rubric only\s+not checked$/m);
    expect(run.out).toContain('0 of 0 graded runs passed · 1 not checked');
    const report = (await parse(readFileSync(junit, 'utf8'))) as {
      tests: number;
      failures: number;
      skipped: number;
      testsuite: { testcase: { skipped?: { message: string }[]; failure?: unknown }[] }[];
    };
    expect(report).toMatchObject({ tests: 1, failures: 0, skipped: 1 });
    expect(report.testsuite[0].testcase[0].skipped?.[0].message).toBe('not checked: no check of this case ran');
    expect(report.testsuite[0].testcase[0].failure).toBeUndefined();
  });

  it('a model that could not be asked is an error, not a failure: a JUnit <error>, advice for a terminal', async () => {
    const junit = join(folder, 'error-junit.xml');
    const config = [
      'prompts:',
      '  - "{{ask}}"',
      'providers:',
      '  - openai:chat:gpt-4o-mini',
      'tests:',
      '  - vars: { ask: List the files in the workspace. }',
      '    assert:',
      '      - type: is-valid-openai-tools-call',
    ].join('\n');
    const run = await evalCliAsync(bareEnv(), write('no-key.yaml', config), '--junit', junit);
    expect(run.code, run.err).toBe(1);
    expect(run.out).toContain(
      "error — No API key for OpenAI: set OPENAI_API_KEY in the environment (or, for another address, name a variable holding its key in the config's apiKeyEnvar).",
    );
    expect(run.out).not.toContain('run settings');
    expect(run.out).toContain('0 of 0 graded runs passed · 1 error (the model could not be asked)');
    const report = (await parse(readFileSync(junit, 'utf8'))) as {
      failures: number;
      errors: number;
      testsuite: { testcase: { error?: { message: string }[]; failure?: unknown }[] }[];
    };
    expect(report).toMatchObject({ failures: 0, errors: 1 });
    expect(report.testsuite[0].testcase[0].error?.[0].message).toContain('No API key for OpenAI');
    expect(report.testsuite[0].testcase[0].failure).toBeUndefined();
  });

  it("honours a config's apiBaseUrl with the key its apiKeyEnvar names — never the environment's own provider key", async () => {
    const fake = await startFakeProvider();
    try {
      const provider = (label: string, variable: string) => [
        `  - id: openai:chat:fake-echo`,
        `    label: ${label}`,
        '    config:',
        `      apiBaseUrl: ${fake.url}/openai/v1`,
        `      apiKeyEnvar: ${variable}`,
      ];
      const config = [
        'prompts:',
        '  - "{{ask}}"',
        'providers:',
        ...provider('own key', 'MY_LOOPBACK_KEY'),
        ...provider('server key', 'OPENAI_API_KEY'),
        'tests:',
        '  - vars: { ask: Show me README.md }',
        '    assert:',
        '      - type: is-valid-openai-tools-call',
      ].join('\n');
      const run = await evalCliAsync(
        { ...bareEnv(), MY_LOOPBACK_KEY: 'sk-loopback-0001', OPENAI_API_KEY: 'sk-server-never-0002' },
        write('own-address.yaml', config),
      );
      expect(run.out).toContain('own key: passed');
      expect(run.out).toContain("apiKeyEnvar names OPENAI_API_KEY: it is sent only to its provider's own address");
      expect(run.out).toMatch(/server key: error — OPENAI_API_KEY is sent only to https:\/\/api\.openai\.com\/v1/);
      expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer sk-loopback-0001']);
      expect(JSON.stringify(fake.requests)).not.toContain('sk-server-never-0002');
    } finally {
      await fake.close();
    }
  });

  it('takes an empty base-URL variable as unset, with a sentence (the AI SDK would stop with a stack trace)', async () => {
    const run = await evalCliAsync(
      { ...bareEnv(), OPENAI_BASE_URL: '', ANTHROPIC_BASE_URL: ' ' },
      write('empty-base.json', JSON.stringify(CASES.slice(0, 1))),
    );
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('npm run eval: OPENAI_BASE_URL and ANTHROPIC_BASE_URL are set but empty: taken as unset');
    expect(run.err).not.toContain('InvalidArgumentError');
  });

  it('runs a grid in shards (--shard i/n) and merges their reports into the one a single run gives', async () => {
    const store = createSessionStore();
    store.getState().updateSettings({ temperature: 1, seed: 3 });
    store.getState().setEvalCases(CASES.map((each) => evalCaseSchema.parse(each)));
    store.getState().setEvalOptions({ repeats: 3 });
    const session = write('grid.json', serializeSessionFile(store.getState()));
    const whole = evalCli(session);
    const shards = [1, 2].map((index) => {
      const json = join(folder, `shard-${index}.json`);
      const run = evalCli(session, '--shard', `${index}/2`, '--json', json);
      expect(run.err).toBe('');
      return { json, lines: run.out.split('\n').filter((line) => line.startsWith('[')) };
    });
    // Every run is in one shard, once.
    expect(shards[0].lines.length + shards[1].lines.length).toBe(CASES.length * 3);
    const junit = join(folder, 'merged.xml');
    const merged = evalCli('merge', shards[0].json, shards[1].json, '--junit', junit);
    expect(merged.code).toBe(whole.code);
    const table = (out: string) => out.slice(out.indexOf('case '), out.indexOf(' graded runs passed'));
    expect(table(merged.out)).toBe(table(whole.out));
    expect(await parse(readFileSync(junit, 'utf8'))).toMatchObject({ tests: CASES.length * 3 });
    // A shard out of range is a sentence and exit 2 (merging the wrong files: lib/evals/shards.test.ts).
    expect(evalCli(session, '--shard', '3/2')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--shard takes i/n'),
    });
  }, 120_000);

  it('says what is wrong with its input, and exits 2', () => {
    const missing = evalCli(join(folder, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^npm run eval: cannot read .*nope\.json/m);
    const promptfoo = evalCli(write('promptfooconfig.yaml', 'prompts:\n  - file://prompt.txt\ntests: []\n'));
    expect(promptfoo.code).toBe(2);
    expect(promptfoo.err).toContain(
      'The config has no prompt the playground can read. Prompt 1 is a file (file://prompt.txt)',
    );
    const bad = evalCli(write('bad.json', '[{"id": "x"}]'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('bad.json:');
    expect(evalCli(write('ok.json', JSON.stringify(CASES)), '--repeats', '0').err).toContain(
      '--repeats must be a whole number from 1 to 20.',
    );
  });

  it('runs every case on a local GGUF model with --provider gguf:<file> (llama.cpp in Node): graded, JUnit written, offline', async () => {
    const junit = join(folder, 'gguf-junit.xml');
    const run = evalCli(
      write('gguf-cases.json', JSON.stringify(CASES)),
      '--provider',
      `gguf:${tinyGgufPath()}`,
      '--junit',
      junit,
    );
    expect(run.err).toBe('');
    expect(run.out).toMatch(/\[3\/3\] /);
    const report = (await parse(readFileSync(junit, 'utf8'))) as { tests: number; failures: number; errors: number };
    expect(report.tests).toBe(3);
    expect(report.errors).toBe(0);
    expect(run.code).toBe(report.failures > 0 ? 1 : 0);
    // The same seed, the same grades: a second run writes the same verdicts.
    const again = evalCli(write('gguf-cases.json', JSON.stringify(CASES)), '--provider', `gguf:${tinyGgufPath()}`);
    expect(again.out.split('\n').filter((line) => line.startsWith('['))).toEqual(
      run.out.split('\n').filter((line) => line.startsWith('[')),
    );
    const wrong = evalCli(write('gguf-bad.json', JSON.stringify(CASES)), '--provider', 'gguf:/nowhere/model.gguf');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('there is no model file at /nowhere/model.gguf');
  }, 300_000);
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createWebContainerSandbox } from '../sandbox/create-web-container-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createFakeWebContainer, hangingWebContainer } from '../../testing/fake-web-container';
import type { Sandbox } from '../sandbox/sandbox';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { createSchemaChecker } from '../tools/create-schema-checker';
import type { RunnableTool } from '../shapes/tool-spec';
import type { RunJavaScript, ToolOutcome, ToolResultOutput } from '../shapes/tool-outcome';
import { runToolCall } from './run-tool-call';
import { errorOf, messageOf, resultOf, sandboxTools } from '../../testing/sandbox-tools';

const tools = sandboxTools(CORE_TOOL_DEFINITIONS);
const out = (outcome: ToolOutcome) => resultOf(outcome)?.output;
const checker = createSchemaChecker();
let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await createOfflineSandbox(EXAMPLE_FILES);
});

const run = (toolName: string, input: unknown) =>
  runToolCall({ call: { toolName, input }, tools, getSandbox: async () => sandbox, checker });

const sandboxes: { name: string; create: () => Promise<Sandbox> }[] = [
  { name: 'offline', create: () => createOfflineSandbox(EXAMPLE_FILES) },
  {
    name: 'WebContainer (fake container)',
    create: async () => {
      const container = createWebContainerSandbox(createFakeWebContainer());
      await container.restore(EXAMPLE_FILES);
      return container;
    },
  },
];

describe.each(sandboxes)('core tools in the $name sandbox', ({ create }) => {
  beforeEach(async () => {
    sandbox = await create();
  });

  describe('list_files, read_file, write_file and bash', () => {
    it('list_files lists the top level, directories marked, hidden files left out', async () => {
      await sandbox.writeFile(`${sandbox.root}/.secret`, 'x');
      const outcome = await run('list_files', {});
      expect(out(outcome)).toBe('README.md\ndata/\nnotes/\npackage.json\nsrc/\n');
    });

    it('list_files recurses, filters by pattern and respects max_depth', async () => {
      const all = await run('list_files', { recursive: true, pattern: '*.js' });
      expect(out(all)).toBe('src/greet.js\nsrc/index.js\n');
      const shallow = await run('list_files', { path: 'src', recursive: true, max_depth: 1 });
      expect(out(shallow)).toBe('greet.js\nindex.js\n');
    });

    it('read_file reads a whole file and a line range', async () => {
      const whole = await run('read_file', { path: 'README.md' });
      expect(out(whole)).toBe(EXAMPLE_FILES['README.md']);
      const range = await run('read_file', { path: `${sandbox.root}/src/index.js`, start_line: 2, end_line: 2 });
      expect(out(range)).toBe("import { greet } from './greet.js';\n");
    });

    it('read_file says when a file is missing or a path escapes the workspace', async () => {
      const missing = await run('read_file', { path: 'nope.txt' });
      expect(missing.kind).toBe('failed');
      expect(errorOf(missing)).toMatchObject({
        success: false,
        output: '',
        error: {
          type: 'ResourceError',
          code: 'NOT_FOUND',
          message: "Error: 'nope.txt' not found.\nVerify the path/resource exists before attempting to access it.",
          details: { tool: 'read_file', path: 'nope.txt' },
        },
        exit_code: null,
        state_changes: [],
        recoverable: true,
        suggested_action: expect.stringContaining('list_files'),
        metadata: { stdout_truncated: false, stderr_truncated: false, total_output_bytes: 0 },
      });
      expect(errorOf(missing)?.execution_time_ms).toBeTypeOf('number');
      const outside = await run('read_file', { path: '../etc/passwd' });
      expect(errorOf(outside)?.error).toMatchObject({ type: 'PermissionError', code: 'PERMISSION_DENIED' });
      expect(messageOf(outside)).toBe(
        `Error: Permission denied for '../etc/passwd'.\nThis resource is not accessible. Try an alternative approach.\nPath "../etc/passwd" is outside the workspace (${sandbox.root}).`,
      );
    });

    it('write_file creates directories, overwrites and appends', async () => {
      const created = await run('write_file', { path: 'out/new.txt', content: 'one\n' });
      expect(out(created)).toBe('Created out/new.txt (4 bytes written).');
      await run('write_file', { path: 'out/new.txt', content: 'two\n', mode: 'append' });
      expect(await sandbox.readFile(`${sandbox.root}/out/new.txt`)).toBe('one\ntwo\n');
      const refused = await run('write_file', { path: 'x/y.txt', content: '', create_directories: false });
      expect(refused.kind).toBe('failed');
    });

    it('bash runs commands in the sandbox with exit codes and working directories', async () => {
      const ok = await run('bash', { command: 'cat names.txt | wc -l', working_directory: 'data' });
      expect(ok).toMatchObject({ kind: 'ok', output: { success: true, exit_code: 0 } });
      expect(out(ok)?.trim()).toBe('3');
      const failed = await run('bash', { command: 'cat missing.txt' });
      expect(failed).toMatchObject({ kind: 'ok', output: { success: false, exit_code: 1 } });
      // The offline sandbox keeps stderr apart; WebContainer's terminal merges the two streams.
      expect(out(failed)).toMatch(sandbox.kind === 'offline' ? /\[stderr\][\s\S]*missing\.txt/ : /missing\.txt/);
      expect(failed).toMatchObject({ output: { error: { type: 'ExecutionError', code: 'NON_ZERO_EXIT' } } });
      const withEnv = await run('bash', { command: 'echo "$GREETING"', env: { GREETING: 'hello there' } });
      expect(out(withEnv)?.trim()).toBe('hello there');
    });
  });

  describe('edit_file, search, think and submit', () => {
    it('edit_file replaces a unique match, the first of several by default (and says so), and says when nothing matches', async () => {
      const edited = await run('edit_file', { path: 'src/greet.js', old_content: 'Hello', new_content: 'Hi' });
      expect(out(edited)).toBe('Replaced 1 occurrence in src/greet.js.');
      expect(await sandbox.readFile(`${sandbox.root}/src/greet.js`)).toContain('`Hi, ${name}!`');
      await sandbox.writeFile(`${sandbox.root}/twice.txt`, 'a b a');
      const ambiguous = await run('edit_file', { path: 'twice.txt', old_content: 'a', new_content: 'c' });
      expect(out(ambiguous)).toBe(
        "Replaced 1 occurrence in twice.txt. old_content appears 2 times; the first was replaced (the default). Pass occurrence 'last' or 'all', or include more surrounding text, to choose another.",
      );
      expect(await sandbox.readFile(`${sandbox.root}/twice.txt`)).toBe('c b a');
      await run('edit_file', { path: 'twice.txt', old_content: 'c', new_content: 'a' });
      const last = await run('edit_file', {
        path: 'twice.txt',
        old_content: 'a',
        new_content: 'c',
        occurrence: 'last',
      });
      expect(last.kind).toBe('ok');
      expect(await sandbox.readFile(`${sandbox.root}/twice.txt`)).toBe('a b c');
      await run('edit_file', { path: 'twice.txt', old_content: 'c', new_content: 'a' });
      await run('edit_file', { path: 'twice.txt', old_content: 'a', new_content: 'z', occurrence: 'all' });
      expect(await sandbox.readFile(`${sandbox.root}/twice.txt`)).toBe('z b z');
      const missing = await run('edit_file', { path: 'twice.txt', old_content: 'nope', new_content: 'x' });
      expect(messageOf(missing)).toMatch(/was not found/);
    });

    it('read_file honours encoding: latin-1 and utf-16 decode the bytes as such, ascii marks bytes above 127', async () => {
      await sandbox.writeFile(`${sandbox.root}/café.txt`, 'café\n');
      expect(out(await run('read_file', { path: 'café.txt' }))).toBe('café\n');
      expect(out(await run('read_file', { path: 'café.txt', encoding: 'latin-1' }))).toBe('cafÃ©\n');
      expect(out(await run('read_file', { path: 'café.txt', encoding: 'ascii' }))).toBe('caf\uFFFD\uFFFD\n');
      await sandbox.writeFile(`${sandbox.root}/wide.txt`, 'h\u0000i\u0000');
      expect(out(await run('read_file', { path: 'wide.txt', encoding: 'utf-16' }))).toBe('hi');
    });

    it('search finds literal and regex matches with context, globs and a result limit', async () => {
      const literal = await run('search', { pattern: 'greet', include_pattern: '*.js', context_lines: 0 });
      expect(out(literal)).toBe(
        "src/greet.js:1:export function greet(name) {\n--\nsrc/index.js:2:import { greet } from './greet.js';\n--\nsrc/index.js:5:for (const name of names) console.log(greet(name));\n",
      );
      const regex = await run('search', { pattern: '^[AG]', type: 'regex', path: 'data', context_lines: 0 });
      expect(out(regex)).toBe('data/names.txt:1:Ada\ndata/names.txt:2:Grace\n');
      const limited = await run('search', { pattern: 'a', case_sensitive: false, max_results: 1, context_lines: 0 });
      expect(out(limited)).toMatch(/\(stopped at max_results = 1\)/);
      const bad = await run('search', { pattern: '(', type: 'regex' });
      expect(messageOf(bad)).toMatch(/^Error: Command execution failed\.\nDetails: Invalid regex "\("/);
    });

    it('think records a thought and submit reports the answer', async () => {
      expect(await run('think', { thought: 'plan' })).toMatchObject({
        kind: 'ok',
        output: { output: 'Thought recorded.' },
      });
      expect(await run('submit', { answer: '42' })).toMatchObject({ kind: 'ok', output: { output: 'Submitted: 42' } });
    });
  });
});

describe('runToolCall validation', () => {
  it('does not run a call with invalid arguments and tells the model what to fix', async () => {
    const outcome = await run('write_file', { path: 'a.txt' });
    expect(outcome.kind).toBe('invalid-input');
    expect(errorOf(outcome)?.error).toEqual({
      type: 'ValidationError',
      code: 'MISSING_REQUIRED',
      message: "Error: Missing required parameter 'content'.\nPlease provide this parameter and try again.",
      details: { tool: 'write_file', problems: [{ path: 'content', problem: 'is required but missing' }] },
    });
    const several = await run('write_file', { path: 7 });
    expect(messageOf(several)).toBe(
      "Error: Invalid arguments for 'write_file'.\n- `content` is required but missing\n- `path` must be a string\nFix these parameters and try again.",
    );
    expect(await sandbox.exists('/workspace/a.txt')).toBe(false);
  });

  it('answers an unknown tool with the list of available ones', async () => {
    const outcome = await run('delete_everything', {});
    expect(messageOf(outcome)).toBe(
      "Error: Unknown tool 'delete_everything'.\nAvailable tools: bash, read_file, write_file, edit_file, search, list_files, think, submit. Call one of those instead.",
    );
  });
});

describe('run modes', () => {
  const weather: RunnableTool['spec'] = {
    name: 'get_weather',
    description: 'Weather',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  };
  const call = (run: RunnableTool['run'], options: Partial<Parameters<typeof runToolCall>[0]> = {}) =>
    runToolCall({
      call: { toolName: 'get_weather', input: { city: 'Paris' } },
      tools: [{ spec: weather, run }],
      getSandbox: async () => sandbox,
      checker,
      ...options,
    });

  it('mock answers with its JSON result (or the raw text when it is not JSON)', async () => {
    expect(await call({ kind: 'mock', result: '{"temperature": 18}' })).toEqual({
      kind: 'ok',
      output: { temperature: 18 },
    });
    expect(await call({ kind: 'mock', result: 'sunny' })).toEqual({ kind: 'ok', output: 'sunny' });
  });

  it('mock with an output schema generates each result from it, using the arguments', async () => {
    const outputSchema = JSON.stringify({
      type: 'object',
      properties: { city: { type: 'string' }, temperature: { type: 'integer', default: 20 } },
    });
    expect(await call({ kind: 'mock', result: '', outputSchema })).toEqual({
      kind: 'ok',
      output: { city: 'Paris', temperature: 20 },
    });
    const broken = await call({ kind: 'mock', result: '', outputSchema: '{ nope' });
    expect(messageOf(broken)).toMatch(/output schema of the 'get_weather' mock is not a JSON Schema object/);
  });

  it('manual waits for the person, but only after the arguments validated', async () => {
    expect(await call({ kind: 'manual' })).toEqual({ kind: 'awaiting-user' });
    const invalid = await runToolCall({
      call: { toolName: 'get_weather', input: {} },
      tools: [{ spec: weather, run: { kind: 'manual' } }],
      getSandbox: async () => sandbox,
      checker,
    });
    expect(invalid.kind).toBe('invalid-input');
  });

  it('javascript runs the handler with the arguments and maps its result, error and timeout', async () => {
    const handler = { kind: 'javascript' as const, code: 'return args.city', timeoutMs: 50 };
    const seen: unknown[] = [];
    const runJavaScript: RunJavaScript = async (request) => {
      seen.push(request.args);
      return { kind: 'returned', value: { city: (request.args as { city: string }).city } };
    };
    expect(await call(handler, { runJavaScript })).toEqual({ kind: 'ok', output: { city: 'Paris' } });
    expect(seen).toEqual([{ city: 'Paris' }]);
    const threw = await call(handler, { runJavaScript: async () => ({ kind: 'threw', message: 'boom' }) });
    expect(threw.kind).toBe('failed');
    expect(errorOf(threw)?.error).toMatchObject({ type: 'ExecutionError', code: 'HANDLER_THREW' });
    expect(messageOf(threw)).toBe(
      "Error: Command execution failed.\nDetails: The handler of 'get_weather' threw: boom\nYou may need to check the command syntax or try an alternative approach.",
    );
    expect(await call(handler, { runJavaScript: async () => ({ kind: 'timed-out', timeoutMs: 50 }) })).toMatchObject({
      kind: 'timed-out',
    });
  });

  it('never runs a handler the user has not allowed (a shared session)', async () => {
    let ran = false;
    const runJavaScript: RunJavaScript = async () => {
      ran = true;
      return { kind: 'returned', value: 1 };
    };
    const outcome = await call(
      { kind: 'javascript', code: 'return 1', timeoutMs: 50 },
      { runJavaScript, handlersTrusted: false },
    );
    expect(outcome.kind).toBe('blocked');
    expect(ran).toBe(false);
  });

  it('a non-core tool set to sandbox says it needs another handler', async () => {
    const outcome = await call({ kind: 'sandbox' });
    expect(messageOf(outcome)).toMatch(/has no sandbox implementation/);
  });
});

describe('results: state changes and truncation (seed 002 §6.2)', () => {
  it('reports the files a call created, modified and deleted', async () => {
    const outcome = await run('bash', { command: 'echo hi > new.txt; echo more >> README.md; rm notes/todo.txt' });
    expect(outcome.kind === 'ok' && (outcome.output as ToolResultOutput).state_changes).toEqual(
      [
        { type: 'FileCreated', path: 'new.txt' },
        { type: 'FileDeleted', path: 'notes/todo.txt' },
        { type: 'FileModified', path: 'README.md' },
      ].sort((a, b) => a.path.localeCompare(b.path)),
    );
    const read = await run('read_file', { path: 'README.md' });
    expect(read.kind === 'ok' && (read.output as ToolResultOutput).state_changes).toEqual([]);
  });

  it('stops a bash command at its timeout, keeps what it printed and tells the model what to do', async () => {
    const container = hangingWebContainer(['compiling…\r\n']);
    sandbox = createWebContainerSandbox(container);
    const outcome = await run('bash', { command: 'npm run build', timeout_seconds: 1 });
    expect(outcome.kind).toBe('timed-out');
    expect(messageOf(outcome)).toBe(
      'Error: Operation timed out after 1s.\nConsider breaking the operation into smaller steps or increasing the timeout.',
    );
    expect(errorOf(outcome)).toMatchObject({
      output: 'compiling…\n',
      error: { type: 'TimeoutError', code: 'TIMEOUT', details: { timeout_seconds: 1, partial_output: 'compiling…\n' } },
      recoverable: true,
    });
    expect(container.killed()).toBe(true);
  });

  it('cuts huge output and says how much there was', async () => {
    await sandbox.writeFile('/workspace/big.txt', 'x'.repeat(50_000));
    const outcome = await run('read_file', { path: 'big.txt' });
    const output = outcome.kind === 'ok' ? (outcome.output as ToolResultOutput) : undefined;
    expect(output?.metadata).toEqual({ stdout_truncated: true, stderr_truncated: false, total_output_bytes: 50_000 });
    expect(output?.output.length).toBeLessThan(20_200);
    expect(output?.output).toMatch(/… \[output truncated: 30000 more characters\]$/);

    // Both streams too long: stderr keeps 5,000 characters after `[stderr]`, and says it was cut.
    const both = await run('bash', { command: 'cat big.txt; cat big.txt >&2' });
    const result = both.kind === 'ok' ? (both.output as ToolResultOutput) : undefined;
    expect(result?.metadata).toEqual({ stdout_truncated: true, stderr_truncated: true, total_output_bytes: 100_000 });
    expect(result?.output).toMatch(
      /^x{15000}\n… \[output truncated: 35000 more characters\]\n\[stderr\]\nx{5000}\n… \[output truncated: 45000 more characters\]$/,
    );
  });
});

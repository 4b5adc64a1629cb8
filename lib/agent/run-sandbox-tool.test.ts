import { toolErrorText } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { MAX_OUTPUT_CHARS, runSandboxTool, truncateOutput } from './run-sandbox-tool';

/** A clock that moves 40 ms between readings. */
const clock = () => {
  let at = 0;
  return () => (at += 40) - 40;
};
const run = async (name: string, args: Record<string, unknown>, sandbox?: Sandbox | Error, signal?: AbortSignal) => {
  const ready = sandbox ?? (await createOfflineSandbox(EXAMPLE_FILES));
  return runSandboxTool(name, args, {
    getSandbox: () => (ready instanceof Error ? Promise.reject(ready) : Promise.resolve(ready)),
    signal,
    now: clock(),
  });
};
const error = (outcome: ToolOutcome) => JSON.parse('error' in outcome ? toolErrorText(outcome.error) : '{}');
const output = (outcome: ToolOutcome) => (outcome.kind === 'ok' ? (outcome.output as Record<string, unknown>) : {});

describe('a core tool in the sandbox', () => {
  it('answers success and failure of a command with its exit code, time and no state change', async () => {
    expect(output(await run('bash', { command: 'echo hi' }))).toMatchObject({
      success: true,
      output: 'hi\n',
      error: null,
      exit_code: 0,
      execution_time_ms: 40,
      state_changes: [],
    });
    expect(output(await run('bash', { command: 'echo no >&2; exit 3' }))).toMatchObject({
      success: false,
      output: '[stderr]\nno\n',
      error: {
        type: 'ExecutionError',
        code: 'NON_ZERO_EXIT',
        message: 'The command exited with code 3.',
        details: { exit_code: 3 },
      },
      exit_code: 3,
    });
  });

  it('says what a write changed, a read nothing', async () => {
    const sandbox = await createOfflineSandbox(EXAMPLE_FILES);
    expect(output(await run('write_file', { path: 'notes/new.txt', content: 'x' }, sandbox)).state_changes).toEqual([
      expect.objectContaining({ type: 'FileCreated', path: 'notes/new.txt' }),
    ]);
    expect(output(await run('read_file', { path: 'notes/new.txt' }, sandbox))).toMatchObject({
      success: true,
      state_changes: [],
    });
  });

  it('words each failure as the seed does: not found, outside the workspace, a failed edit', async () => {
    expect(error(await run('read_file', { path: 'nope.txt' }))).toMatchObject({
      error: { type: 'ResourceError', code: 'NOT_FOUND', details: { tool: 'read_file', path: 'nope.txt' } },
      recoverable: true,
      suggested_action: 'List the directory (list_files) to find the right path.',
    });
    const outside = error(await run('read_file', { path: '/etc/passwd' }));
    expect(outside).toMatchObject({
      error: {
        type: 'PermissionError',
        code: 'PERMISSION_DENIED',
        details: { tool: 'read_file', path: '/etc/passwd' },
      },
      recoverable: true,
      suggested_action: 'Use a path inside the workspace, relative to it (e.g. "src/index.js").',
    });
    expect(outside.error.message).toContain(outside.error.details.reason);
    const edit = error(await run('edit_file', { path: 'README.md', old_content: 'not in it', new_content: 'x' }));
    expect(edit).toMatchObject({
      error: { type: 'ExecutionError', code: 'EXECUTION_FAILED', details: { tool: 'edit_file' } },
      recoverable: true,
      suggested_action: 'Read the details, adjust the arguments and try again.',
      execution_time_ms: 40,
    });
    expect(edit.error.message).toContain(edit.error.details.reason);
  });

  it('refuses what cannot run: a tool with no sandbox side, no sandbox, a stop before it starts, a sandbox that throws', async () => {
    expect(error(await run('get_weather', {}))).toMatchObject({
      error: { type: 'ExecutionError', code: 'NO_SANDBOX_IMPLEMENTATION', details: { tool: 'get_weather' } },
      recoverable: false,
      suggested_action: 'Use another tool; the person can give this one a mock, manual or JavaScript handler.',
    });
    expect(error(await run('read_file', { path: 'a' }, new Error('no WebContainer')))).toMatchObject({
      error: {
        code: 'SANDBOX_UNAVAILABLE',
        message: "Error: The sandbox could not start, so 'read_file' did not run.\nDetails: no WebContainer",
        details: { tool: 'read_file', reason: 'no WebContainer' },
      },
      recoverable: false,
      suggested_action: 'Answer without this tool, or ask the person to start the sandbox.',
    });
    const stop = new AbortController();
    stop.abort();
    expect(error(await run('read_file', { path: 'README.md' }, undefined, stop.signal))).toMatchObject({
      error: {
        code: 'STOPPED',
        message: "Error: 'read_file' was stopped before it started.",
        details: { tool: 'read_file' },
      },
      recoverable: true,
      suggested_action: 'Wait for the user before calling it again.',
    });
    const sandbox = await createOfflineSandbox(EXAMPLE_FILES);
    const broken: Sandbox = {
      ...sandbox,
      list: () => Promise.reject(new Error('disk on fire')),
    };
    expect(error(await run('list_files', {}, broken))).toMatchObject({
      error: { code: 'EXECUTION_FAILED', details: { tool: 'list_files', reason: 'disk on fire' } },
      recoverable: true,
      suggested_action: 'Check the arguments, or try an alternative approach.',
      execution_time_ms: 40,
    });
  });
});

describe('the output a model receives', () => {
  it('is whole up to the limit together; past it stderr keeps 5,000 and stdout the rest, each saying what was cut', () => {
    const whole = truncateOutput('a'.repeat(MAX_OUTPUT_CHARS - 10), 'b'.repeat(10));
    expect(whole.output).toBe(`${'a'.repeat(MAX_OUTPUT_CHARS - 10)}\n[stderr]\n${'b'.repeat(10)}`);
    expect(whole.metadata).toEqual({
      stdout_truncated: false,
      stderr_truncated: false,
      total_output_bytes: MAX_OUTPUT_CHARS,
    });
    const over = truncateOutput('a'.repeat(MAX_OUTPUT_CHARS), 'b'.repeat(6_000));
    expect(over.metadata).toMatchObject({ stdout_truncated: true, stderr_truncated: true });
    expect(over.output).toContain(`${'a'.repeat(15_000)}\n… [output truncated: 5000 more characters]\n[stderr]\n`);
    expect(over.output.endsWith(`${'b'.repeat(5_000)}\n… [output truncated: 1000 more characters]`)).toBe(true);
    const onlyErr = truncateOutput('', 'oops');
    expect(onlyErr.output).toBe('[stderr]\noops');
    expect(truncateOutput('é').metadata.total_output_bytes).toBe(2);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxTools } from '../../testing/sandbox-tools';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../sandbox/example-files';
import type { Sandbox } from '../sandbox/sandbox';
import { INTERRUPTED_CALL } from '../session/mark-interrupted';
import { CORE_TOOL_DEFINITIONS } from '../tools/core-tool-definitions';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { runToolCall } from './run-tool-call';
import { manualErrorText, readToolErrorText } from './tool-error';
import type { ToolResultOutput } from './tool-outcome';

/** The executor at its edges: calls at the same time, the network, errors a person reports. */
const tools = sandboxTools(CORE_TOOL_DEFINITIONS);
const checker = createSchemaChecker();
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createOfflineSandbox(EXAMPLE_FILES);
});
const run = (toolName: string, input: unknown) =>
  runToolCall({ call: { toolName, input }, tools, getSandbox: async () => sandbox, checker });

describe('tool isolation (seed 002 §12)', () => {
  it('parallel writing calls take turns, so each reports only the files it changed', async () => {
    const [first, second, read] = await Promise.all([
      run('write_file', { path: 'one.txt', content: '1' }),
      run('bash', { command: 'echo 2 > two.txt' }),
      run('read_file', { path: 'README.md' }),
    ]);
    expect(first.kind === 'ok' && (first.output as ToolResultOutput).state_changes).toEqual([
      { type: 'FileCreated', path: 'one.txt' },
    ]);
    expect(second.kind === 'ok' && (second.output as ToolResultOutput).state_changes).toEqual([
      { type: 'FileCreated', path: 'two.txt' },
    ]);
    expect(read.kind === 'ok' && (read.output as ToolResultOutput).state_changes).toEqual([]);
  });
});

describe('errors a person reports', () => {
  it('a manual tool answered "as error" and a call cut short by a reload reach the model as the seed error response', () => {
    expect(readToolErrorText(manualErrorText('ask_user', 'nobody is home'))?.error).toMatchObject({
      type: 'ExecutionError',
      code: 'REPORTED_BY_USER',
      message: 'Error: nobody is home',
    });
    expect(readToolErrorText(INTERRUPTED_CALL)?.error).toMatchObject({ code: 'INTERRUPTED' });
  });
});

import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { toolErrorText } from '../shapes/tool-error';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { runJavaScriptInNode } from '../../testing/run-javascript-in-node';
import { MAX_STATE_CHARS, runHandlerTool } from './run-handler-tool';

const COUNTER = `
await new Promise((resolve) => setTimeout(resolve, 5));
state.count += args.by;
return { count: state.count };`;

async function setUp(files: Record<string, string>) {
  const sandbox = await createOfflineSandbox(files);
  const call = (code: string, args: Record<string, unknown> = {}, stateFile: string | null = 'db.json') =>
    runHandlerTool(
      'counter',
      { kind: 'javascript', code, timeoutMs: 1000, ...(stateFile ? { stateFile } : {}) },
      args,
      {
        runJavaScript: runJavaScriptInNode,
        getSandbox: async () => sandbox,
        now: () => 0,
      },
    );
  return { sandbox, call };
}
const errorOf = (outcome: ToolOutcome) => ('error' in outcome ? JSON.parse(toolErrorText(outcome.error)) : undefined);

describe('a handler that keeps its state in a workspace file', () => {
  it('reads the file as `state`, and writes back what the handler left in it', async () => {
    const { sandbox, call } = await setUp({ 'db.json': '{"count": 1}' });
    expect(await call(COUNTER, { by: 2 })).toEqual({ kind: 'ok', output: { count: 3 } });
    expect(JSON.parse(await sandbox.readFile(`${sandbox.root}/db.json`))).toEqual({ count: 3 });
  });

  it('leaves the file as it was when the handler changed nothing, or threw after changing it', async () => {
    const { sandbox, call } = await setUp({ 'db.json': '{\n  "count": 1\n}\n' });
    expect(await call('return state.count;')).toEqual({ kind: 'ok', output: 1 });
    expect(await sandbox.readFile(`${sandbox.root}/db.json`)).toBe('{\n  "count": 1\n}\n');
    const threw = await call('state.count = 99; throw new Error("Order not found");');
    expect(errorOf(threw)).toMatchObject({ error: { code: 'HANDLER_THREW' } });
    expect(await sandbox.readFile(`${sandbox.root}/db.json`)).toBe('{\n  "count": 1\n}\n');
  });

  it('gives parallel calls over one state file turns, so no change is lost', async () => {
    const { sandbox, call } = await setUp({ 'db.json': '{"count": 0}' });
    await Promise.all([1, 2, 3, 4].map((by) => call(COUNTER, { by })));
    expect(JSON.parse(await sandbox.readFile(`${sandbox.root}/db.json`))).toEqual({ count: 10 });
  });

  it('says so, and runs nothing, when the state file is missing or is not JSON', async () => {
    const missing = await (await setUp({})).call(COUNTER, { by: 1 });
    expect(missing.kind).toBe('failed');
    expect(errorOf(missing)).toMatchObject({
      error: {
        code: 'STATE_MISSING',
        message:
          "Error: The handler of 'counter' keeps its state in db.json, which is not in the workspace; the call did not run.",
      },
    });
    const broken = await setUp({ 'db.json': '{"count": ' });
    expect(errorOf(await broken.call(COUNTER, { by: 1 }))).toMatchObject({ error: { code: 'STATE_NOT_JSON' } });
    expect(await broken.sandbox.readFile(`${broken.sandbox.root}/db.json`)).toBe('{"count": ');
  });

  it('refuses to write a state over its limit, and keeps the file', async () => {
    const { sandbox, call } = await setUp({ 'db.json': '{"count": 0}' });
    const outcome = await call(`state.blob = 'x'.repeat(${MAX_STATE_CHARS}); return 'grown';`);
    expect(errorOf(outcome)?.error.message).toContain('over the 5,000,000 a state file may hold; nothing was written');
    expect(await sandbox.readFile(`${sandbox.root}/db.json`)).toBe('{"count": 0}');
  });

  it('without a state file, the handler gets no state and the workspace is not touched', async () => {
    const { call } = await setUp({});
    expect(await call('return typeof state;', {}, null)).toEqual({ kind: 'ok', output: 'undefined' });
  });
});

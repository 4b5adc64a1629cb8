import { describe, expect, it } from 'vitest';
import { evalCaseSchema } from '../shapes/eval-case';
import { endStateFailures, trajectoryFailures } from './grade-end-state';

const files = {
  'out.txt': 'hello world',
  'config.json': '{"a": {"b": [1, {"c": "x"}]}, "odd key": true}',
  'bad.json': '{',
};
const fails = (check: object) => endStateFailures([check as never], files).map((failure) => failure.message);

describe('end-state checks: what the workspace holds after the run', () => {
  it.each([
    [{ file: 'out.txt', exists: true }, []],
    [{ file: 'missing.txt', exists: true }, ['missing.txt does not exist; expected it to.']],
    [{ file: 'missing.txt', exists: false }, []],
    [{ file: 'out.txt', exists: false }, ['out.txt exists; expected it not to.']],
    [{ file: 'out.txt', equals: 'hello world' }, []],
    [{ file: 'out.txt', equals: 'hello' }, ['out.txt holds "hello world", not "hello".']],
    [{ file: 'missing.txt', equals: 'x' }, ['missing.txt does not exist.']],
    [{ file: 'out.txt', contains: 'world' }, []],
    [{ file: 'out.txt', contains: 'moon' }, ['out.txt does not contain "moon".']],
    [{ file: 'config.json', json: { path: '$.a.b[1].c', equals: 'x' } }, []],
    [{ file: 'config.json', json: { path: 'a.b[0]', equals: 1 } }, []],
    [{ file: 'config.json', json: { path: '$["odd key"]', equals: true } }, []],
    [{ file: 'config.json', json: { path: '$.a', equals: { b: [1, { c: 'x' }] } } }, []],
    [{ file: 'config.json', json: { path: '$.a.b[0]', equals: 2 } }, ['config.json at $.a.b[0] is 1, not 2.']],
    [{ file: 'config.json', json: { path: '$.a.z', equals: 1 } }, ['config.json has no value at $.a.z.']],
    [{ file: 'bad.json', json: { path: '$', equals: {} } }, ['bad.json is not JSON.']],
  ])('%j', (check, expected) => {
    expect(evalCaseSchema.shape.expect.shape.files.unwrap().element.safeParse(check).success).toBe(true);
    expect(fails(check)).toEqual(expected);
  });

  it('changes: the file is its start with these changes and nothing else (τ²-bench’s database check)', () => {
    const start = {
      'db.json': JSON.stringify({ orders: { '#W1': { status: 'pending' }, '#W2': { status: 'pending' } }, n: 1 }),
    };
    const changed = (orders: object) => ({ 'db.json': JSON.stringify({ n: 1, orders }) });
    const check = { file: 'db.json', changes: [{ at: ['orders', '#W1'], to: { status: 'cancelled' } }] };
    expect(evalCaseSchema.shape.expect.shape.files.unwrap().element.safeParse(check).success).toBe(true);
    const grade = (files: Record<string, string>, from: Record<string, string> | undefined = start) =>
      endStateFailures([check], files, from).map((failure) => failure.message);
    // Key order and spacing are not the state.
    expect(grade(changed({ '#W2': { status: 'pending' }, '#W1': { status: 'cancelled' } }))).toEqual([]);
    expect(grade(changed({ '#W1': { status: 'pending' }, '#W2': { status: 'pending' } }))).toEqual([
      'db.json is not the expected end state: it differs at orders["#W1"].status.',
    ]);
    // A change the case did not expect fails it too.
    expect(grade(changed({ '#W1': { status: 'cancelled' }, '#W2': { status: 'cancelled' } }))).toEqual([
      'db.json is not the expected end state: it differs at orders["#W2"].status.',
    ]);
    expect(grade(changed({ '#W1': { status: 'cancelled' }, '#W2': { status: 'pending' }, '#W3': {} }))).toEqual([
      'db.json is not the expected end state: it differs at orders["#W3"].',
    ]);
    // No changes: the file as it started.
    expect(endStateFailures([{ file: 'db.json', changes: [] }], start, start)).toEqual([]);
    expect(grade(start, {})).toEqual([
      'db.json was not in the workspace the run started with, so its changes cannot be read.',
    ]);
    expect(grade({ 'db.json': '{' })).toEqual(['db.json is not JSON.']);
  });

  it('needs a full-loop run, and refuses paths outside the workspace and checks of two kinds', () => {
    expect(endStateFailures([{ file: 'out.txt', exists: true }], undefined)).toEqual([
      { kind: 'end-state', message: 'The workspace checks need a full-loop run (this one ran the first step only).' },
    ]);
    expect(endStateFailures([], undefined)).toEqual([]);
    const checks = evalCaseSchema.shape.expect.shape.files.unwrap().element;
    expect(checks.safeParse({ file: '../secret', exists: true }).success).toBe(false);
    expect(checks.safeParse({ file: '/etc/passwd', exists: true }).success).toBe(false);
    expect(checks.safeParse({ file: 'a.txt', exists: true, contains: 'x' }).success).toBe(false);
  });
});

describe('trajectory checks: how the run used its tools', () => {
  const calls = ['list_files', 'read_file', 'read_file', 'write_file'].map((toolName) => ({ toolName }));
  it.each([
    [{ tool: 'read_file', atMost: 2 }, []],
    [{ tool: 'read_file', atMost: 1 }, ['read_file was called 2 times; expected at most 1.']],
    [{ tool: 'write_file', atLeast: 1 }, []],
    [{ tool: 'bash', atLeast: 1 }, ['bash was called 0 times; expected at least 1.']],
    [{ tool: 'bash', never: true }, []],
    [{ tool: 'write_file', never: true }, ['write_file was called once; expected never.']],
    [{ tool: 'read_file', before: 'write_file' }, []],
    [{ tool: 'read_file', before: 'bash' }, []],
    [{ tool: 'write_file', before: 'read_file' }, ['read_file was called before write_file; expected after.']],
    [{ tool: 'bash', before: 'read_file' }, ['bash was not called; expected before read_file.']],
  ])('%j', (check, expected) => {
    expect(trajectoryFailures([check as never], calls).map((failure) => failure.message)).toEqual(expected);
  });
});

import { compileSafeRegExp } from '../tools/safe-regexp';
import { canonicalJson } from '../shapes/canonical-json';
import { differingPaths, valueAtPath } from '../shapes/differing-paths';
import type { FileCheck, TrajectoryCheck } from '../shapes/eval-case';
import type { Failure } from '../shapes/eval-run';
import type { SandboxFiles } from '../shapes/sandbox-status';

/*
 * End-state and trajectory checks (docs/evals.md): what the workspace holds after a run, and how
 * the run used its tools — each check that does not hold is a failure in one sentence.
 */

const clip = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** `$.a.b`, `$[0]`, `$` or `a.b`: the path as `valueAtPath` reads it. */
const jsonPath = (path: string) => (path === '$' ? '(the whole value)' : path.replace(/^\$\.?/, ''));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type ChangesCheck = Extract<FileCheck, { changes: unknown }>;

/** `value` with `to` put at `at` (keys from the root; missing objects on the way are made). */
function withChange(value: unknown, at: readonly string[], to: unknown): unknown {
  if (at.length === 0) return structuredClone(to);
  const [key, ...rest] = at;
  const record = isRecord(value) ? value : {};
  return { ...record, [key]: withChange(Object.hasOwn(record, key) ? record[key] : undefined, rest, to) };
}

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** The file is its start with `changes` and nothing else (τ²-bench's database check). */
function changesFailure(check: ChangesCheck, text: string, start: SandboxFiles | undefined): string | undefined {
  const before = start && Object.hasOwn(start, check.file) ? start[check.file] : undefined;
  if (before === undefined)
    return `${check.file} was not in the workspace the run started with, so its changes cannot be read.`;
  const started = parseJson(before);
  if (!started.ok) return `${check.file} was not JSON when the run started.`;
  const ended = parseJson(text);
  if (!ended.ok) return `${check.file} is not JSON.`;
  const expected = check.changes.reduce((value, change) => withChange(value, change.at, change.to), started.value);
  if (canonicalJson(ended.value) === canonicalJson(expected)) return undefined;
  const paths = differingPaths(expected, ended.value, 4);
  const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ' and more' : '');
  return `${check.file} is not the expected end state: it differs at ${shown}.`;
}

function fileFailure(check: FileCheck, files: SandboxFiles, start: SandboxFiles | undefined): string | undefined {
  const text = Object.hasOwn(files, check.file) ? files[check.file] : undefined;
  if ('exists' in check) {
    if (check.exists && text === undefined) return `${check.file} does not exist; expected it to.`;
    if (!check.exists && text !== undefined) return `${check.file} exists; expected it not to.`;
    return undefined;
  }
  if (text === undefined) return `${check.file} does not exist.`;
  if ('equals' in check)
    return text === check.equals
      ? undefined
      : `${check.file} holds ${JSON.stringify(clip(text))}, not ${JSON.stringify(clip(check.equals))}.`;
  if ('changes' in check) return changesFailure(check, text, start);
  if ('contains' in check)
    return text.includes(check.contains)
      ? undefined
      : `${check.file} does not contain ${JSON.stringify(clip(check.contains))}.`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `${check.file} is not JSON.`;
  }
  const found = valueAtPath(value, jsonPath(check.json.path));
  if (!found.found) return `${check.file} has no value at ${check.json.path}.`;
  return canonicalJson(found.value) === canonicalJson(check.json.equals)
    ? undefined
    : `${check.file} at ${check.json.path} is ${clip(JSON.stringify(found.value) ?? 'undefined')}, not ${clip(JSON.stringify(check.json.equals) ?? 'undefined')}.`;
}

/** The end-state checks that fail on the workspace after the run (`undefined`: the run left none to read). */
export function endStateFailures(
  checks: readonly FileCheck[],
  files: SandboxFiles | undefined,
  startFiles?: SandboxFiles,
): Failure[] {
  if (checks.length === 0) return [];
  if (!files)
    return [
      { kind: 'end-state', message: 'The workspace checks need a full-loop run (this one ran the first step only).' },
    ];
  return checks.flatMap((check) => {
    const message = fileFailure(check, files, startFiles);
    return message ? [{ kind: 'end-state' as const, message }] : [];
  });
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** Whether a tool's name fits a name or a pattern (`*` any characters, `?` one). */
export function toolFits(name: string, pattern: string): boolean {
  if (!/[*?]/.test(pattern)) return name === pattern;
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  // RE2: linear in the name, whatever the pattern.
  return compileSafeRegExp(`^${source}$`, 's').test(name);
}

/** `expected` holds in `actual`: each key it names, recursively; arrays item by item; else equal. */
export function holdsPartially(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => holdsPartially(actual[index], item))
    );
  if (isRecord(expected))
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && holdsPartially(actual[key], value))
    );
  return canonicalJson(actual) === canonicalJson(expected);
}

/** The first unmet step of `sequence` in the calls (others between allowed), or -1 when all are met in order. */
function unmetStep(sequence: readonly string[], names: readonly string[]): number {
  let next = 0;
  for (const name of names) if (next < sequence.length && toolFits(name, sequence[next])) next++;
  return next === sequence.length ? -1 : next;
}

function trajectoryMessage(check: TrajectoryCheck, calls: readonly { toolName: string; input?: unknown }[]) {
  const names = calls.map((call) => call.toolName);
  const called = names.join(', ') || 'none';
  if ('sequence' in check) {
    if (check.exact) {
      const same =
        names.length === check.sequence.length && check.sequence.every((pattern, at) => toolFits(names[at], pattern));
      return same ? undefined : `The tools called were ${called}; expected exactly ${check.sequence.join(', ')}.`;
    }
    const unmet = unmetStep(check.sequence, names);
    return unmet === -1
      ? undefined
      : `${check.sequence[unmet]} was not called in order after ${check.sequence.slice(0, unmet).join(', ') || 'the start'}; the tools called were ${called}.`;
  }
  const matching = calls.filter((call) => toolFits(call.toolName, check.tool));
  const made = matching.length;
  const who = check.tool === '*' ? 'Any tool' : check.tool;
  if ('withArgs' in check) {
    const fits = matching.some((call) =>
      check.exact
        ? canonicalJson(call.input ?? {}) === canonicalJson(check.withArgs)
        : holdsPartially(call.input ?? {}, check.withArgs),
    );
    if (fits) return undefined;
    if (made === 0) return `${check.tool} was not called; expected a call with ${JSON.stringify(check.withArgs)}.`;
    return `No call to ${check.tool} had ${check.exact ? 'exactly ' : ''}${clip(JSON.stringify(check.withArgs))}; it was called with ${clip(matching.map((call) => JSON.stringify(call.input ?? {})).join(', '))}.`;
  }
  if ('atMost' in check && made > check.atMost)
    return `${who} was called ${times(made)}; expected at most ${check.atMost}.`;
  if ('atLeast' in check && made < check.atLeast)
    return `${who} was called ${times(made)}; expected at least ${check.atLeast}.`;
  if ('never' in check && made > 0) return `${who} was called ${times(made)}; expected never.`;
  if ('before' in check) {
    const one = names.findIndex((name) => toolFits(name, check.tool));
    const other = names.findIndex((name) => toolFits(name, check.before));
    if (one === -1) return `${check.tool} was not called; expected before ${check.before}.`;
    if (other !== -1 && other < one) return `${check.before} was called before ${check.tool}; expected after.`;
  }
  return undefined;
}

/** The trajectory checks that fail on the run's calls (their tool names and arguments, in order). */
export function trajectoryFailures(
  checks: readonly TrajectoryCheck[],
  calls: readonly { toolName: string; input?: unknown }[],
): Failure[] {
  return checks.flatMap((check): Failure[] => {
    const message = trajectoryMessage(check, calls);
    return message ? [{ kind: 'trajectory', message }] : [];
  });
}

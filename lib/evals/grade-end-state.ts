import { canonicalJson } from '../shapes/canonical-json';
import { valueAtPath } from '../shapes/differing-paths';
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

function fileFailure(check: FileCheck, files: SandboxFiles): string | undefined {
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
export function endStateFailures(checks: readonly FileCheck[], files: SandboxFiles | undefined): Failure[] {
  if (checks.length === 0) return [];
  if (!files)
    return [
      { kind: 'end-state', message: 'The workspace checks need a full-loop run (this one ran the first step only).' },
    ];
  return checks.flatMap((check) => {
    const message = fileFailure(check, files);
    return message ? [{ kind: 'end-state' as const, message }] : [];
  });
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** The trajectory checks that fail on the run's calls (their tool names, in order). */
export function trajectoryFailures(
  checks: readonly TrajectoryCheck[],
  calls: readonly { toolName: string }[],
): Failure[] {
  const count = (tool: string) => calls.filter((call) => call.toolName === tool).length;
  const first = (tool: string) => calls.findIndex((call) => call.toolName === tool);
  return checks.flatMap((check): Failure[] => {
    const made = count(check.tool);
    let message: string | undefined;
    if ('atMost' in check && made > check.atMost)
      message = `${check.tool} was called ${times(made)}; expected at most ${check.atMost}.`;
    else if ('atLeast' in check && made < check.atLeast)
      message = `${check.tool} was called ${times(made)}; expected at least ${check.atLeast}.`;
    else if ('never' in check && made > 0) message = `${check.tool} was called ${times(made)}; expected never.`;
    else if ('before' in check) {
      const [one, other] = [first(check.tool), first(check.before)];
      if (one === -1) message = `${check.tool} was not called; expected before ${check.before}.`;
      else if (other !== -1 && other < one)
        message = `${check.before} was called before ${check.tool}; expected after.`;
    }
    return message ? [{ kind: 'trajectory', message }] : [];
  });
}

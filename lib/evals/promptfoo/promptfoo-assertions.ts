import { parse as parseYaml } from 'yaml';
import type { EvalCase, OutputCheck, TrajectoryCheck } from '../../shapes/eval-case';
import { compileSafeRegExp } from '../../tools/safe-regexp';

/*
 * promptfoo's assertions as an eval case's checks (docs/evals.md, "promptfoo"): each assertion
 * becomes the check that gives promptfoo's verdict, or is listed as one the playground cannot run.
 */

/** A promptfoo assertion as a config writes it (`type`, `value`, `threshold`, …). */
export type PromptfooAssertion = Record<string, unknown> & { type?: unknown; value?: unknown };

/** What a test's assertions came to: the case's `expect`, and the assertions left out (with why). */
export type MappedAssertions = { expect: EvalCase['expect']; unmapped: { type: string; why: string }[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** promptfoo's comma-separated list (`a, "b, c"`): the fields, quotes removed. */
export function commaSeparated(value: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at < value.length) {
    while (at < value.length && /[\s,]/.test(value[at])) at++;
    if (at >= value.length) break;
    if (value[at] === '"') {
      let field = '';
      at++;
      while (at < value.length && value[at] !== '"') {
        if (value[at] === '\\' && at + 1 < value.length) at++;
        field += value[at++];
      }
      fields.push(field);
      at++;
    } else {
      const end = value.indexOf(',', at);
      fields.push(value.slice(at, end === -1 ? value.length : end).trim());
      at = end === -1 ? value.length : end;
    }
  }
  return fields;
}

const TEXT_CHECKS: Record<string, (value: unknown) => OutputCheck | string> = {
  equals: (value) =>
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    isRecord(value) ||
    Array.isArray(value)
      ? { equals: value }
      : 'needs a value',
  contains: (value) => (typeof value === 'string' || typeof value === 'number' ? { contains: value } : 'needs a text'),
  icontains: (value) =>
    typeof value === 'string' || typeof value === 'number' ? { icontains: value } : 'needs a text',
  'starts-with': (value) => (typeof value === 'string' && value ? { startsWith: value } : 'needs a text'),
  regex: (value) => {
    if (typeof value !== 'string' || !value) return 'needs a pattern';
    try {
      compileSafeRegExp(value);
    } catch (error) {
      return `its pattern is one RE2 (linear time) cannot run: ${error instanceof Error ? error.message : String(error)}`;
    }
    return { regex: value };
  },
  'is-json': (value) => {
    if (value === undefined || value === null || value === '') return { isJson: true };
    if (typeof value === 'string' && value.startsWith('file://')) return 'names a schema file';
    let schema: unknown = value;
    if (typeof value === 'string') {
      try {
        schema = parseYaml(value);
      } catch {
        return 'its schema does not read as YAML or JSON';
      }
    }
    return isRecord(schema) ? { isJson: true, schema } : 'its schema is not an object';
  },
};

const listOf = (value: unknown) =>
  typeof value === 'string' ? commaSeparated(value) : Array.isArray(value) ? value : undefined;

function listCheck(type: string, value: unknown): OutputCheck | string {
  const list = listOf(value);
  if (!list || list.length === 0 || !list.every((item) => typeof item === 'string' || typeof item === 'number'))
    return 'needs a list of texts';
  const items = list as (string | number)[];
  const ignoreCase = type.startsWith('i');
  return type.endsWith('-any')
    ? { containsAny: items, ...(ignoreCase ? { ignoreCase } : {}) }
    : { containsAll: items, ...(ignoreCase ? { ignoreCase } : {}) };
}

/** A trajectory matcher's tool: `name`, or `pattern` (a glob). */
const matcherTool = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (!isRecord(value)) return undefined;
  const tool = value.pattern ?? value.name;
  return typeof tool === 'string' && tool.trim() ? tool.trim() : undefined;
};

function toolUsed(value: unknown, inverse: boolean): TrajectoryCheck[] | string {
  if (typeof value === 'string' || Array.isArray(value)) {
    const tools = (typeof value === 'string' ? [value] : value).map(matcherTool);
    if (tools.length === 0 || tools.some((tool) => tool === undefined)) return 'needs tool names';
    return (tools as string[]).map((tool) => (inverse ? { tool, never: true } : { tool, atLeast: 1 }));
  }
  const tool = matcherTool(value);
  if (!isRecord(value) || !tool) return 'needs a name or pattern';
  if (inverse) return 'the inverse of a counted use has no check here';
  const min = typeof value.min === 'number' ? value.min : 1;
  const max = typeof value.max === 'number' ? value.max : undefined;
  if (!Number.isInteger(min) || (max !== undefined && !Number.isInteger(max))) return 'min and max must be whole';
  const checks: TrajectoryCheck[] = [];
  if (min >= 1) checks.push({ tool, atLeast: min });
  if (max !== undefined) checks.push({ tool, atMost: Math.max(0, max) });
  return checks;
}

function toolSequence(value: unknown): TrajectoryCheck | string {
  const steps = Array.isArray(value) ? value : isRecord(value) ? value.steps : undefined;
  if (!Array.isArray(steps) || steps.length === 0) return 'needs steps';
  const tools = steps.map(matcherTool);
  if (tools.some((tool) => tool === undefined)) return 'each step needs a name or pattern';
  const exact = isRecord(value) && value.mode === 'exact';
  return { sequence: tools as string[], ...(exact ? { exact } : {}) };
}

function toolArgsMatch(value: unknown): TrajectoryCheck | string {
  const tool = matcherTool(value);
  if (!isRecord(value) || !tool) return 'needs a name or pattern';
  if (value.defaults !== undefined || value.ignore !== undefined) return 'defaults and ignore have no check here';
  const args = Object.hasOwn(value, 'args') ? value.args : value.arguments;
  if (!isRecord(args)) return 'needs args (an object)';
  if (value.mode !== undefined && value.mode !== 'partial' && value.mode !== 'exact') return 'mode is partial or exact';
  return { tool, withArgs: args, ...(value.mode === 'exact' ? { exact: true } : {}) };
}

function toolNames(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map(String) : undefined;
  const names = list?.map((name) => name.trim()).filter(Boolean);
  return names && names.length > 0 ? names : undefined;
}

/** One assertion into `expect` (changed in place), or why it cannot be run here. */
function mapOne(assertion: PromptfooAssertion, expect: EvalCase['expect']): string | undefined {
  const raw = String(assertion.type);
  const inverse = raw.startsWith('not-');
  const type = inverse ? raw.slice(4) : raw;
  const { value } = assertion;
  if (assertion.transform !== undefined) return 'it transforms the output first';
  const push = <T>(list: T[] | undefined, items: T | T[]) => [
    ...(list ?? []),
    ...(Array.isArray(items) ? items : [items]),
  ];
  if (type in TEXT_CHECKS || /^i?contains-(any|all)$/.test(type)) {
    const check = type in TEXT_CHECKS ? TEXT_CHECKS[type](value) : listCheck(type, value);
    if (typeof check === 'string') return check;
    expect.output = push(expect.output, inverse ? { ...check, not: true } : check);
    return undefined;
  }
  if (type === 'is-valid-openai-tools-call') {
    if (inverse) return 'the inverse of a valid tool call has no check here';
    expect.validCalls = true;
    expect.trajectory = push(expect.trajectory, { tool: '*', atLeast: 1 });
    return undefined;
  }
  if (type === 'tool-call-f1') {
    const tools = toolNames(value);
    if (!tools) return 'needs tool names';
    if (inverse || expect.toolF1)
      return inverse ? 'the inverse of an F1 threshold has no check here' : 'one F1 check a case';
    const threshold = typeof assertion.threshold === 'number' ? assertion.threshold : undefined;
    expect.toolF1 = { tools, ...(threshold === undefined ? {} : { threshold: Math.min(1, Math.max(0, threshold)) }) };
    return undefined;
  }
  const trajectory: Record<string, () => TrajectoryCheck[] | TrajectoryCheck | string> = {
    'trajectory:tool-used': () => toolUsed(value, inverse),
    'trajectory:tool-sequence': () => (inverse ? 'the inverse of a sequence has no check here' : toolSequence(value)),
    'trajectory:tool-args-match': () =>
      inverse ? 'the inverse of an argument match has no check here' : toolArgsMatch(value),
  };
  if (type in trajectory) {
    const checks = trajectory[type]();
    if (typeof checks === 'string') return checks;
    expect.trajectory = push(expect.trajectory, checks);
    return undefined;
  }
  return 'the playground does not run it';
}

/**
 * A test's assertions (the default test's first, as promptfoo runs them) as one case's checks:
 * any call may be made and no schema judges it unless an assertion says so — promptfoo's verdict.
 */
export function mapAssertions(assertions: readonly PromptfooAssertion[]): MappedAssertions {
  const expect: EvalCase['expect'] = {
    calls: [],
    order: 'any',
    parallel: 'allowed',
    allowExtraCalls: true,
    validCalls: false,
  };
  const unmapped: MappedAssertions['unmapped'] = [];
  for (const assertion of assertions) {
    const type = typeof assertion.type === 'string' ? assertion.type : '(no type)';
    if (!isRecord(assertion) || typeof assertion.type !== 'string') {
      unmapped.push({ type, why: 'it is not an assertion' });
      continue;
    }
    const why = mapOne(assertion, expect);
    if (why) unmapped.push({ type, why });
  }
  return { expect, unmapped };
}

import type { EvalCase } from '../../shapes/eval-case';

/*
 * The checks promptfoo has no assertion for — the calls a case expects (tool, arguments by
 * matcher, order, none, any, extra calls) and its trajectory checks — as one `javascript`
 * assertion: a fixed function body, and the case's expectations as a JSON literal (JSON is a
 * JavaScript expression, so nothing of the case is ever spliced into code as code).
 */

/** What the checker reads of a case. */
export type CheckerExpectations = Pick<
  EvalCase['expect'],
  'calls' | 'noTool' | 'anyCall' | 'order' | 'parallel' | 'allowExtraCalls' | 'trajectory' | 'answer'
>;

const CHECKER_BODY = String.raw`const parse = (v) => { if (typeof v !== 'string') return v; try { return JSON.parse(v); } catch { return v; } };
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const calls = [];
const visit = (item) => {
  if (Array.isArray(item)) return item.forEach(visit);
  if (!isObj(item)) return;
  if (Array.isArray(item.tool_calls)) return item.tool_calls.forEach(visit);
  if (isObj(item.function) && typeof item.function.name === 'string') return calls.push({ name: item.function.name, args: parse(item.function.arguments ?? '{}') });
  if (item.type === 'tool_use' && typeof item.name === 'string') return calls.push({ name: item.name, args: item.input ?? {} });
  if (item.type === 'function_call' && typeof item.name === 'string') return calls.push({ name: item.name, args: parse(item.arguments ?? '{}') });
  if (isObj(item.functionCall) && typeof item.functionCall.name === 'string') calls.push({ name: item.functionCall.name, args: item.functionCall.args ?? {} });
};
visit(parse(output));
const text = typeof output === 'string' ? output : '';
const canon = (v) => JSON.stringify(v, (k, x) => isObj(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x);
const KINDS = ['equals', 'oneOf', 'regex', 'range', 'schema', 'any', 'absent', 'bfcl'];
const argOk = (written, has, v) => {
  const m = isObj(written) && KINDS.some((k) => k in written) ? written : { equals: written };
  if (m.absent) return !has;
  if (!has) return !!m.optional;
  if ('equals' in m) return canon(v) === canon(m.equals);
  if ('oneOf' in m) return m.oneOf.some((x) => canon(x) === canon(v));
  if ('regex' in m) return typeof v === 'string' && new RegExp(m.regex, m.flags || '').test(v);
  if ('range' in m) return typeof v === 'number' && v >= (m.range.min ?? -Infinity) && v <= (m.range.max ?? Infinity);
  return true;
};
const callOk = (e, c) => {
  const args = isObj(c.args) ? c.args : {};
  return Object.entries(e.args ?? {}).every(([k, m]) => argOk(m, Object.hasOwn(args, k), args[k])) &&
    (!e.exactArgs || Object.keys(args).every((k) => Object.hasOwn(e.args ?? {}, k)));
};
const fits = (name, pattern) => !/[*?]/.test(pattern) ? name === pattern :
  new RegExp('^' + pattern.replace(/[.+^$(){}|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$', 's').test(name);
const sub = (a, e) => Array.isArray(e) ? Array.isArray(a) && a.length === e.length && e.every((x, i) => sub(a[i], x)) :
  isObj(e) ? isObj(a) && Object.entries(e).every(([k, x]) => Object.hasOwn(a, k) && sub(a[k], x)) : canon(a) === canon(e);
const names = calls.map((c) => c.name);
const fails = [];
if (expect.anyCall) { if (calls.length === 0) fails.push('expected a tool call; there was none'); }
else if (expect.noTool) { if (calls.length > 0) fails.push('expected no tool call; the model called ' + names.join(', ')); }
else {
  const used = new Set();
  (expect.calls ?? []).forEach((e, i) => {
    const at = calls.findIndex((c, j) => !used.has(j) && c.name === e.tool && (expect.order !== 'exact' || j === i) && callOk(e, c));
    if (at === -1) fails.push('no call to ' + e.tool + ' as expected (called: ' + (names.join(', ') || 'none') + ')');
    else used.add(at);
  });
  if (!expect.allowExtraCalls) calls.forEach((c, j) => { if (!used.has(j)) fails.push('unexpected call: ' + c.name); });
  if (expect.parallel === 'forbidden' && used.size > 1) fails.push('several calls in one step; expected one a step');
}
for (const t of expect.trajectory ?? []) {
  const made = calls.filter((c) => 'tool' in t && fits(c.name, t.tool));
  if ('atMost' in t && made.length > t.atMost) fails.push(t.tool + ' called ' + made.length + ' times, at most ' + t.atMost);
  if ('atLeast' in t && made.length < t.atLeast) fails.push(t.tool + ' called ' + made.length + ' times, at least ' + t.atLeast);
  if ('never' in t && made.length > 0) fails.push(t.tool + ' called; expected never');
  if ('before' in t) {
    const one = names.findIndex((n) => fits(n, t.tool));
    const other = names.findIndex((n) => fits(n, t.before));
    if (one === -1 || (other !== -1 && other < one)) fails.push(t.tool + ' not called before ' + t.before);
  }
  if ('sequence' in t) {
    let next = 0;
    for (const n of names) if (next < t.sequence.length && fits(n, t.sequence[next])) next++;
    const exact = names.length === t.sequence.length && t.sequence.every((p, i) => fits(names[i], p));
    if (t.exact ? !exact : next < t.sequence.length) fails.push('the tools called (' + (names.join(', ') || 'none') + ') are not in the sequence ' + t.sequence.join(', '));
  }
  if ('withArgs' in t && !made.some((c) => (t.exact ? canon(c.args ?? {}) === canon(t.withArgs) : sub(c.args ?? {}, t.withArgs)))) fails.push('no call to ' + t.tool + ' with ' + JSON.stringify(t.withArgs));
}
if (expect.answer && !new RegExp(expect.answer.regex, expect.answer.flags || '').test(text)) fails.push('the answer does not match /' + expect.answer.regex + '/');
return { pass: fails.length === 0, score: fails.length === 0 ? 1 : 0, reason: fails.join('; ') || 'The calls are as the case expects.' };`;

/**
 * A value as a JavaScript literal (JSON) that survives promptfoo's rendering of an assertion's value
 * as a Nunjucks template: "{{", "{%", "{#" and "#}" can only stand inside the JSON's strings, where
 * "\u007b" is the same "{" and "\u0023" the same "#".
 */
export const jsonLiteral = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/\{(?=[{%#])/g, '\\u007b')
    .replace(/#(?=\})/g, '\\u0023');

/** Whether a case has anything the checker judges. */
export function needsChecker(expect: EvalCase['expect']): boolean {
  return (
    expect.calls.length > 0 ||
    Boolean(expect.noTool) ||
    Boolean(expect.anyCall) ||
    (expect.trajectory?.length ?? 0) > 0 ||
    expect.answer !== undefined
  );
}

/** The `javascript` assertion's value: the case's expectations as a JSON literal, then the fixed body. */
export function checkerSource(expect: EvalCase['expect']): string {
  const wanted: CheckerExpectations = {
    calls: expect.calls,
    order: expect.order,
    parallel: expect.parallel,
    ...(expect.noTool ? { noTool: true } : {}),
    ...(expect.anyCall ? { anyCall: true } : {}),
    ...(expect.allowExtraCalls ? { allowExtraCalls: true } : {}),
    ...(expect.trajectory ? { trajectory: expect.trajectory } : {}),
    ...(expect.answer ? { answer: expect.answer } : {}),
  };
  const literal = jsonLiteral(wanted);
  return `// Tool Playground's checks of this case (its calls, arguments and trajectory).\nconst expect = ${literal};\n${CHECKER_BODY}\n`;
}

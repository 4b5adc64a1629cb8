import type { SchemaChecker } from '../tools/create-schema-checker';
import { problemToSentence } from '../tools/format-ajv-errors';
import { compileSafeRegExp } from '../tools/safe-regexp';
import type { ToolSpec } from '../shapes/tool-spec';
import { providerSafeToolName } from '../shapes/tool-limits';
import type { EvalCase, ExpectedCall } from '../shapes/eval-case';
import { matchArgument, toMatcher } from './match-argument';
import type { Failure } from '../shapes/eval-run';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { endStateFailures, trajectoryFailures } from './grade-end-state';
import { outputFailures, toolF1Failures } from './grade-output';
import { userOutcomeFailures } from './user-outcome';

/**
 * A call the model made, and the step (1-based) it made it in; `floatIntegers`, the paths of
 * its arguments whose whole number the model wrote as `5.0` (BFCL's check tells them apart).
 */
export type ObservedCall = { toolName: string; input: unknown; step: number; floatIntegers?: readonly string[][] };

/**
 * What a run showed: its calls in order, its last text, what its last step said (`output`: the
 * text, or the calls as JSON — see `outputText`) and (full-loop runs) the workspace it left.
 */
export type ObservedRun = {
  calls: ObservedCall[];
  answer: string;
  output?: string;
  files?: SandboxFiles;
  /** The workspace the run started with (read by checks of what changed). */
  startFiles?: SandboxFiles;
  /** Everything the assistant said, step by step (a conversation's user was told these). */
  said?: readonly string[];
  /** A conversation case: how it ended (`stop`: the user said its stop phrase). */
  ended?: string;
};
export type Grade = { pass: boolean; failures: Failure[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The argument mismatches of one call against what was expected of it. */
function argumentFailures(expected: ExpectedCall, call: ObservedCall, checker: SchemaChecker): string[] {
  const args = isRecord(call.input) ? call.input : {};
  const problems = Object.entries(expected.args).flatMap(([name, written]) => {
    const floats = new Set(
      (call.floatIntegers ?? []).filter(([first]) => first === name).map((path) => path.slice(1).join('/')),
    );
    const problem = matchArgument(toMatcher(written), Object.hasOwn(args, name), args[name], checker, floats);
    return problem ? [`"${name}" ${problem}`] : [];
  });
  if (expected.exactArgs)
    for (const name of Object.keys(args))
      if (!Object.hasOwn(expected.args, name)) problems.push(`"${name}" was not expected`);
  return problems;
}

/** Whether a call is to the expected tool: by its name, or (BFCL's dotted names) by the name providers take. */
const callsTool = (call: ObservedCall, tool: string) =>
  call.toolName === tool || call.toolName === providerSafeToolName(tool);

const describeCall = (call: ObservedCall) => `${call.toolName}(${JSON.stringify(call.input ?? {})})`;

/** Calls to tools the list does not offer, or with arguments its schema refuses (BFCL cases: not by the schema). */
function callValidityFailures(
  calls: readonly ObservedCall[],
  tools: readonly ToolSpec[],
  checker: SchemaChecker,
  bfcl: boolean,
): Failure[] {
  const failures: Failure[] = [];
  for (const call of calls) {
    const spec = tools.find((tool) => tool.name === call.toolName);
    if (!spec) {
      failures.push({ kind: 'unknown-tool', message: `Called ${call.toolName}, which this tool list does not offer.` });
      continue;
    }
    const problems = bfcl ? [] : checker.checkValue(spec.inputSchema, call.input ?? {});
    if (problems.length > 0)
      failures.push({
        kind: 'invalid-arguments',
        message: `${call.toolName}: arguments its schema refuses — ${problems.map((p) => problemToSentence(p, 'the arguments')).join('; ')}.`,
      });
  }

  return failures;
}

/** The answer must match the case's pattern (RE2). */
function answerFailures(answer: { regex: string; flags?: string }, said: string): Failure[] {
  let matches = false;
  try {
    matches = compileSafeRegExp(answer.regex, answer.flags).test(said);
  } catch (error) {
    return [
      {
        kind: 'answer',
        message: `The answer pattern cannot run: ${error instanceof Error ? error.message : String(error)}`,
      },
    ];
  }
  if (matches) return [];
  const shown = said.length > 80 ? `${said.slice(0, 77)}…` : said;
  return [{ kind: 'answer', message: `The answer ${JSON.stringify(shown)} does not match /${answer.regex}/.` }];
}

/**
 * Grades one run against its case: each expected call is matched to a call of the same tool
 * whose arguments satisfy every matcher (in any order, or in the case's order); what is left
 * over — calls missing, calls not expected, calls to tools the variant does not offer or with
 * arguments its schema refuses — fails the run with a sentence each.
 */
export function gradeRun(
  testCase: EvalCase,
  run: ObservedRun,
  { tools, checker }: { tools: readonly ToolSpec[]; checker: SchemaChecker },
): Grade {
  const failures: Failure[] = [];
  const { expect: wanted } = testCase;

  // A case read from BFCL is graded as BFCL grades it: by its answers, not by the schema's keywords.
  const bfcl =
    wanted.anyCall === true ||
    wanted.calls.some((call) => Object.values(call.args).some((matcher) => isRecord(matcher) && 'bfcl' in matcher));
  if (wanted.validCalls !== false) failures.push(...callValidityFailures(run.calls, tools, checker, bfcl));

  if (wanted.anyCall) {
    if (run.calls.length === 0)
      failures.push({ kind: 'missing-call', message: 'Expected a tool call (any tool); the model called none.' });
  } else if (wanted.noTool) {
    for (const call of run.calls)
      failures.push({
        kind: 'unexpected-call',
        message: `Expected no tool call; the model called ${describeCall(call)}.`,
      });
  } else {
    const used = new Set<number>();
    const matched: ObservedCall[] = [];
    wanted.calls.forEach((expected, index) => {
      const candidates = run.calls
        .map((call, at) => ({ call, at }))
        .filter(({ call, at }) => !used.has(at) && callsTool(call, expected.tool));
      const inOrder = wanted.order === 'exact' ? candidates.filter(({ at }) => at === index) : candidates;
      const full = inOrder.find(({ call }) => argumentFailures(expected, call, checker).length === 0);
      if (full) {
        used.add(full.at);
        matched.push(full.call);
        return;
      }
      const best = (inOrder.length > 0 ? inOrder : candidates)
        .map((candidate) => ({ ...candidate, problems: argumentFailures(expected, candidate.call, checker) }))
        .sort((a, b) => a.problems.length - b.problems.length)[0];
      if (best && inOrder.length === 0) {
        used.add(best.at);
        failures.push({
          kind: 'order',
          message: `${expected.tool} was call ${best.at + 1}, expected as call ${index + 1}.`,
        });
      } else if (best) {
        used.add(best.at);
        failures.push({ kind: 'value-mismatch', message: `${expected.tool}: ${best.problems.join('; ')}.` });
      } else {
        const other = run.calls.find(
          (call, at) => !used.has(at) && !wanted.calls.some((each) => callsTool(call, each.tool)),
        );
        failures.push(
          other
            ? {
                kind: 'wrong-tool',
                message: `Expected a call to ${expected.tool}; the model called ${other.toolName} instead.`,
              }
            : { kind: 'missing-call', message: `Expected a call to ${expected.tool}; there was none.` },
        );
      }
    });
    if (!wanted.allowExtraCalls)
      run.calls.forEach((call, at) => {
        if (used.has(at)) return;
        // A call already blamed as the wrong tool is not counted twice.
        if (
          failures.some(
            (failure) => failure.kind === 'wrong-tool' && failure.message.endsWith(`called ${call.toolName} instead.`),
          )
        )
          return;
        failures.push({ kind: 'unexpected-call', message: `Unexpected call: ${describeCall(call)}.` });
      });
    const steps = new Set(matched.map((call) => call.step));
    if (wanted.parallel === 'required' && matched.length > 1 && steps.size > 1)
      failures.push({
        kind: 'parallel',
        message: `The calls were spread over ${steps.size} steps; expected all in one.`,
      });
    if (wanted.parallel === 'forbidden' && steps.size < matched.length)
      failures.push({ kind: 'parallel', message: 'Several calls were made in one step; expected one call a step.' });
  }

  if (wanted.answer) failures.push(...answerFailures(wanted.answer, run.answer));
  failures.push(...trajectoryFailures(wanted.trajectory ?? [], run.calls));
  failures.push(...outputFailures(wanted.output ?? [], run.output ?? run.answer, checker));
  failures.push(
    ...toolF1Failures(
      wanted.toolF1,
      run.calls.map((call) => call.toolName),
    ),
  );
  failures.push(...endStateFailures(wanted.files ?? [], run.files, run.startFiles));
  failures.push(...userOutcomeFailures(wanted.user, run));
  return { pass: failures.length === 0, failures };
}

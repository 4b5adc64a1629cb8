import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pythonWithTau2, TAU2_ROOT, tau2Env } from '../../../testing/tau2-python';
import { runJavaScriptInNode } from '../../../testing/run-javascript-in-node';
import { runHandlerTool } from '../../agent/run-handler-tool';
import { endStateFailures } from '../../evals/grade-end-state';
import { createOfflineSandbox } from '../../sandbox/create-offline-sandbox';
import { canonicalJson } from '../../shapes/canonical-json';
import { toolErrorText } from '../../shapes/tool-error';
import type { RetailData } from './retail-data';
import { RETAIL_TOOL_NAMES, retailHandlerBody } from './retail-handlers';
import { type RetailTrajectory, retailTrajectories } from './retail-trajectories';

/*
 * The port of τ²-bench's retail domain against τ²'s own evaluator (the port is trusted only as far
 * as it grades as τ² does; README "Conversations"): for
 * trajectories of every ported task — the expected actions, and the same gone wrong in five ways —
 * τ²'s environment records each call and its EnvironmentEvaluator says whether the database
 * matches; the playground runs the same calls through the handlers (state in db.json, as in the
 * browser) and grades db.json with the case's `changes` check. The verdicts must agree on at least
 * 95 % of the trajectories (they agree on all), and every tool result must be the one τ² answered.
 */

const DATA = join(import.meta.dirname, '..', '..', '..', 'public', 'examples', 'tau2-retail');
const data = Object.fromEntries(
  ['tools', 'db', 'cases', 'policy'].map((name) => [
    name,
    JSON.parse(readFileSync(join(DATA, `${name}.json`), 'utf8')),
  ]),
) as RetailData;

type Tau2Answer = { id: string; db_match: boolean; reward: number; results: { content: string; error: boolean }[] };
type OurAnswer = { pass: boolean; failures: string[]; results: ({ ok: unknown } | { error: string })[] };

/** τ²'s verdicts, from its own Python package (testing/tau2), in a process of its own. */
function tau2Verdicts(trajectories: RetailTrajectory[]): Promise<{ answered: Promise<Map<string, Tau2Answer>> }> {
  const child = spawn(pythonWithTau2(), [join(TAU2_ROOT, 'tau2_verdicts.py')], { env: tau2Env() });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  // All of the request is in the pipe before this process gets busy (Python waits for all of it).
  const sent = new Promise<void>((resolve) =>
    child.stdin.end(JSON.stringify({ db: join(DATA, 'db.json'), trajectories }), resolve),
  );
  const answered = new Promise<Map<string, Tau2Answer>>((resolve, reject) =>
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`τ²'s evaluator failed: ${Buffer.concat(err).toString().slice(-2_000)}`));
      const answers = JSON.parse(Buffer.concat(out).toString()) as Tau2Answer[];
      resolve(new Map(answers.map((answer) => [answer.id, answer])));
    }),
  );
  return sent.then(() => ({ answered }));
}

/** The playground's verdict: the calls through the ported handlers, db.json graded by the case's check. */
async function ourVerdict(trajectory: RetailTrajectory, dbText: string): Promise<OurAnswer> {
  const sandbox = await createOfflineSandbox({ 'db.json': dbText });
  const start = await sandbox.snapshot();
  const results: OurAnswer['results'] = [];
  for (const call of trajectory.calls) {
    const run = {
      kind: 'javascript' as const,
      code: retailHandlerBody(call.name),
      timeoutMs: 10_000,
      stateFile: 'db.json',
    };
    const outcome = await runHandlerTool(call.name, run, call.arguments, {
      runJavaScript: runJavaScriptInNode,
      getSandbox: async () => sandbox,
      now: () => 0,
    });
    results.push(
      outcome.kind === 'ok'
        ? { ok: outcome.output }
        : { error: 'error' in outcome ? toolErrorText(outcome.error) : outcome.kind },
    );
  }
  const task = data.cases.find((each) => each.id === trajectory.task)!;
  const failures = endStateFailures([{ file: 'db.json', changes: task.changes }], await sandbox.snapshot(), start);
  return { pass: failures.length === 0, failures: failures.map((failure) => failure.message), results };
}

/** A value as τ² writes it, with the optional fields it leaves empty (None) taken out. */
const withoutNulls = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutNulls)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])),
        )
      : value;

/** Whether our result of a call is τ²'s: the same value (its JSON), or an error with τ²'s message. */
function sameResult(ours: OurAnswer['results'][number], theirs: Tau2Answer['results'][number]): boolean {
  if ('error' in ours) {
    const message = theirs.content.replace(/^Error: /, '');
    return theirs.error && ours.error.includes(`threw: ${message}`);
  }
  if (theirs.error) return false;
  if (typeof ours.ok === 'string') return ours.ok === theirs.content;
  return canonicalJson(withoutNulls(JSON.parse(theirs.content))) === canonicalJson(ours.ok);
}

describe('τ²-bench retail, ported: the playground agrees with τ²’s evaluator', () => {
  const trajectories = data.cases.flatMap((task) => retailTrajectories(data.db, task));
  let theirs: Map<string, Tau2Answer>;
  const ours = new Map<string, OurAnswer>();

  beforeAll(async () => {
    // τ² grades in its process while the handlers run here.
    const { answered } = await tau2Verdicts(trajectories);
    const dbText = readFileSync(join(DATA, 'db.json'), 'utf8');
    for (const trajectory of trajectories) ours.set(trajectory.id, await ourVerdict(trajectory, dbText));
    theirs = await answered;
  }, 600_000);

  it('ports all 114 tasks and every one of τ²’s 16 tools', () => {
    expect(data.cases).toHaveLength(114);
    expect(data.tools.map((tool) => tool.name).sort()).toEqual([...RETAIL_TOOL_NAMES].sort());
    // Trajectories of every kind, failing and passing both.
    expect(trajectories.length).toBeGreaterThan(400);
    expect(new Set(trajectories.map((trajectory) => trajectory.id.split('/')[1]))).toEqual(
      new Set([
        'gold',
        'reads-only',
        'last-write-left-out',
        'argument-changed',
        'order-cancelled-besides',
        'last-write-twice',
      ]),
    );
  });

  it('gives the same end-state verdict as τ²’s EnvironmentEvaluator on ≥ 95 % of the trajectories', () => {
    const disagreements = trajectories.filter(
      (trajectory) => ours.get(trajectory.id)?.pass !== theirs.get(trajectory.id)?.db_match,
    );
    const agreement = 1 - disagreements.length / trajectories.length;
    console.log(
      `τ² retail: ${trajectories.length} trajectories of ${data.cases.length} tasks; agreement ${(100 * agreement).toFixed(1)} %` +
        `; τ² matched ${trajectories.filter((each) => theirs.get(each.id)?.db_match).length}` +
        (disagreements.length ? `; disagreements: ${disagreements.map((each) => each.id).join(', ')}` : ''),
    );
    expect(agreement).toBeGreaterThanOrEqual(0.95);
    // Both verdicts occur: a check that always passes (or always fails) could not disagree less.
    const passed = trajectories.filter((each) => ours.get(each.id)?.pass).length;
    expect(passed).toBeGreaterThan(100);
    expect(trajectories.length - passed).toBeGreaterThan(100);
    // Every expected-action trajectory passes: the cases' end states are τ²'s.
    for (const trajectory of trajectories.filter((each) => each.id.endsWith('/gold')))
      expect(ours.get(trajectory.id)?.failures, trajectory.id).toEqual([]);
  });

  it('answers every call with the result τ²’s environment gave (the same JSON, or its error message)', () => {
    const differing = trajectories.flatMap((trajectory) =>
      trajectory.calls.flatMap((call, index) => {
        const mine = ours.get(trajectory.id)!.results[index];
        const tau2 = theirs.get(trajectory.id)!.results[index];
        return sameResult(mine, tau2)
          ? []
          : [
              `${trajectory.id} #${index} ${call.name}: ${JSON.stringify(mine).slice(0, 200)} vs ${tau2.content.slice(0, 200)}`,
            ];
      }),
    );
    expect(differing).toEqual([]);
  });
});

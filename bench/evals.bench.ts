import { test } from 'vitest';
import { evalCaseSchema } from '@/lib/shapes/eval-case';
import { gridJobs, runEvalGrid } from '@/lib/evals/eval-grid';
import type { EvalConfig, EvalVariant } from '@/lib/shapes/eval-run';
import { gradeRun } from '@/lib/evals/grade-run';
import { runEvalCase } from '@/lib/evals/run-eval-case';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '@/lib/shapes/example-files';
import { DEFAULT_RUN_SETTINGS } from '@/lib/shapes/default-run-settings';
import { createInitialSession } from '@/lib/session/initial-session';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { createRouteFetch } from '@/testing/run-conversation';
import { measure, printFigures } from './measure';

/**
 * What an eval grid costs the playground: runs through the real route and loop,
 * in-process, with the scripted simulated model (no provider time at all), so the figures
 * are the playground's own: per run, and runs a second at 1 and 4 at once. Then grading alone.
 */
test('evals: a grid through the route and loop; grading', async () => {
  const checker = createSchemaChecker();
  const variant: EvalVariant = { id: 'v', name: 'core tools', tools: createInitialSession().tools };
  const config: EvalConfig = {
    id: 'c',
    name: 'scripted',
    settings: {
      provider: 'simulated',
      model: 'simulated-scripted',
      script: [{ toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] }, { text: 'Done.' }],
    },
  };
  const cases = Array.from({ length: 24 }, (_, index) =>
    evalCaseSchema.parse({
      id: `case-${index}`,
      prompt: `Show me README.md (${index})`,
      expect: { calls: [{ tool: 'read_file', args: { path: 'README.md' } }] },
    }),
  );
  const deps = { checker, fetch: createRouteFetch(), createSandbox: () => createOfflineSandbox(EXAMPLE_FILES) };
  const grid = async (mode: 'first-step' | 'full-loop', concurrency: number) => {
    const jobs = gridJobs(
      cases.map((each) => each.id),
      ['v'],
      ['c'],
      1,
    );
    const started = performance.now();
    const { runs } = await runEvalGrid({
      jobs,
      concurrency,
      runOne: (job, signal) =>
        runEvalCase({
          job,
          testCase: cases.find((each) => each.id === job.caseId)!,
          variant,
          config,
          mode,
          baseSettings: DEFAULT_RUN_SETTINGS,
          deps,
          signal,
        }),
    });
    const ms = performance.now() - started;
    if (runs.some((run) => !run.pass))
      throw new Error(`a ${mode} run failed: ${JSON.stringify(runs.find((run) => !run.pass)?.failures)}`);
    return {
      name: `${mode}, ${concurrency} at once: ${runs.length} runs`,
      iterations: runs.length,
      medianMs: ms / runs.length,
      p95Ms: ms,
    };
  };
  await grid('first-step', 1); // warm-up
  const figures = [
    await grid('first-step', 1),
    await grid('first-step', 4),
    await grid('full-loop', 1),
    await grid('full-loop', 4),
  ];
  console.log('\nEval grid (per run = wall time / runs; the p95 column holds the whole grid’s wall time)');
  printFigures('Eval grid', figures);

  const tools = checkToolDrafts(variant.tools, checker).runnable.map((tool) => tool.spec);
  const observed = { calls: [{ toolName: 'read_file', input: { path: 'README.md' }, step: 1 }], answer: 'Done.' };
  printFigures('Grading', [
    await measure('gradeRun, one expected call', () => gradeRun(cases[0], observed, { tools, checker }), 2_000),
  ]);
}, 300_000);

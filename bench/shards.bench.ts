import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { type Figure, printFigures } from './measure';

/**
 * A grid on several machines (README, "Running a grid on several machines"): the same seeded grid
 * with `npm run eval` as one process, and as two shards run side by side on this machine — each a
 * whole process (its start included), as two CI jobs would be. Prints each one's throughput.
 */
const ROOT = join(import.meta.dirname, '..');
const CASES = 200;
const REPEATS = 3;
const RUNS = CASES * REPEATS;

/** One `npm run eval` process: how long from start to end, and how many runs it printed. */
const evalProcess = (args: string[]) =>
  new Promise<{ ms: number; runs: number }>((resolve, reject) => {
    const started = performance.now();
    execFile(
      'npm',
      ['run', 'eval', '--silent', '--', ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => {
        // Exit 1: a case failed — every run still ran.
        if (error && Number(error.code) !== 1) reject(new Error(`npm run eval ${args.join(' ')}: ${err}`));
        else
          resolve({
            ms: performance.now() - started,
            runs: out.split('\n').filter((line) => line.startsWith('[')).length,
          });
      },
    );
  });

test('shards: a grid as one process and as two shards side by side', { timeout: 600_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'shards-bench-'));
  const file = join(folder, 'cases.json');
  const prompts = ['Show me README.md', 'List the files in the workspace.', 'Search the files for TODO'];
  writeFileSync(
    file,
    JSON.stringify(
      Array.from({ length: CASES }, (_, index) => ({
        id: `case-${index}`,
        prompt: `${prompts[index % prompts.length]} (${index})`,
        expect: { anyCall: true },
      })),
    ),
  );
  const common = [file, '--repeats', String(REPEATS), '--concurrency', '2'];
  const one = await evalProcess(common);
  const started = performance.now();
  const shards = await Promise.all(
    [1, 2].map((index) => evalProcess([...common, '--shard', `${index}/2`, '--json', join(folder, `${index}.json`)])),
  );
  const two = performance.now() - started;
  expect(one.runs).toBe(RUNS);
  expect(shards[0].runs + shards[1].runs).toBe(RUNS);
  const merged = await evalProcess(['merge', join(folder, '1.json'), join(folder, '2.json')]);
  const figure = (name: string, ms: number): Figure => ({ name, iterations: RUNS, medianMs: ms / RUNS, p95Ms: ms });
  console.log(
    `Throughput of a ${RUNS}-run grid (full loop, the simulated model): one process ${((RUNS / one.ms) * 1000).toFixed(1)} runs/s; two shards side by side ${((RUNS / two) * 1000).toFixed(1)} runs/s (${(one.ms / two).toFixed(2)}×; shards of ${shards.map((shard) => shard.runs).join(' + ')} runs); merge ${merged.ms.toFixed(0)} ms.`,
  );
  printFigures('A grid on several machines', [
    figure('shards: one process, per run', one.ms),
    figure('shards: two shards side by side, per run', two),
  ]);
  // Two shards on two cores must not be slower than one process (each pays its own start).
  expect(two).toBeLessThanOrEqual(one.ms * 1.1);
});

// `npm run mutate`: StrykerJS over lib/agent, lib/evals and lib/share, one source file at a time,
// each file's result kept in reports/mutation/<file>.json — so a run that stops (the whole of
// lib/agent takes hours on two cores) goes on where it stopped — then the mutation score per
// folder and per file from every kept result. `MUTATE=lib/share` (or a file) narrows it;
// `--fresh` runs again the files whose result is kept; `--report` only prints the scores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const REPORTS = join(ROOT, 'reports', 'mutation');
const targets = (process.env.MUTATE ?? 'lib/agent,lib/evals,lib/share').split(',');
const fresh = process.argv.includes('--fresh');
const reportOnly = process.argv.includes('--report');

/** The source files of a folder (tests and fixtures left out), or the file itself. */
function sourcesOf(target) {
  if (target.endsWith('.ts')) return [target];
  return readdirSync(join(ROOT, target), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.split('/').includes('fixtures'))
    .map((path) => join(target, path))
    .sort();
}

const reportOf = (file) => join(REPORTS, `${file.replaceAll('/', '__')}.json`);

mkdirSync(REPORTS, { recursive: true });
const files = targets.flatMap(sourcesOf);
if (!reportOnly)
  for (const file of files) {
    const report = reportOf(file);
    // A kept result counts while the file is older than it (a changed file is mutated again).
    if (!fresh && existsSync(report) && statSync(report).mtimeMs > statSync(join(ROOT, file)).mtimeMs) continue;
    console.log(`mutating ${file}`);
    const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, MUTATE: file, MUTATION_REPORT: relative(ROOT, report) },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }

// Scores from the kept results: killed and timed out count as caught; survived and not covered as missed.
const tally = new Map();
const add = (key, status) => {
  const counts = tally.get(key) ?? { caught: 0, missed: 0, ignored: 0 };
  if (status === 'Killed' || status === 'Timeout') counts.caught++;
  else if (status === 'Survived' || status === 'NoCoverage') counts.missed++;
  else counts.ignored++;
  tally.set(key, counts);
};
let missing = 0;
for (const file of files) {
  if (!existsSync(reportOf(file))) {
    missing++;
    continue;
  }
  const report = JSON.parse(readFileSync(reportOf(file), 'utf8'));
  const folder = targets.find((target) => file === target || file.startsWith(`${target}/`));
  for (const [path, { mutants }] of Object.entries(report.files))
    for (const mutant of mutants) {
      const source = relative(ROOT, join(ROOT, path));
      add(folder, mutant.status);
      if (source !== folder) add(source, mutant.status);
    }
}
const score = ({ caught, missed }) =>
  caught + missed === 0 ? 'n/a' : `${((caught / (caught + missed)) * 100).toFixed(1)} %`;
console.log('\nMutation score (killed or timed out, of the mutants tests could catch; module-level ones ignored):');
for (const [key, counts] of [...tally].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `${targets.includes(key) ? '' : '  '}${key.padEnd(60)} ${score(counts).padStart(8)}  (${counts.caught} caught, ${counts.missed} missed, ${counts.ignored} ignored)`,
  );
if (missing > 0) console.log(`\n${missing} of ${files.length} files have no result yet: run again to go on.`);

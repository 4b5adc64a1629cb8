// StrykerJS changes the code one mutant at a time and runs the tests that cover each; a mutant no
// test notices is behaviour no test holds. `npm run mutate` (scripts/mutate.mjs) runs it over
// lib/agent, lib/evals and lib/share one file at a time (`MUTATE` names the file), keeps each file's
// JSON result (`MUTATION_REPORT`) and prints the score per folder and file.
const folders = (process.env.MUTATE ?? 'lib/agent,lib/evals,lib/share').split(',');

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // A folder, or one file (`MUTATE=lib/agent/run-batch.ts`).
  mutate: folders.flatMap((folder) => [
    folder.endsWith('.ts') ? folder : `${folder}/**/*.ts`,
    `!${folder}/**/*.test.ts`,
    `!${folder}/**/*.property.test.ts`,
    `!${folder}/**/fixtures/**`,
  ]),
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  concurrency: 2,
  // A mutant that makes a run wait for ever is caught by its time-out (it counts as killed).
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  incremental: false,
  // A static mutant (module-level code: constants, tables) can only be judged by running every
  // test; they were 27% of lib/agent's mutants and 97% of the time. They are counted as ignored.
  ignoreStatic: true,
  // A file of types only (no mutants, no test imports it) is done, not an error.
  allowEmpty: true,
};

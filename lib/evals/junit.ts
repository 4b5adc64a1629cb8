import type { EvalCase } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import type { EvalColumn } from './eval-results';
import { countVerdicts, runVerdict } from './run-verdict';
import { assertNever } from '../shapes/assert-never';

/*
 * The grid's runs as JUnit XML, the report CI systems read: one <testsuite> per column (a
 * variant × a configuration), one <testcase> per run of a case (`case-id` or `case-id #2` for a
 * repeat): a <failure> with every reason of a failed run, an <error> with the provider's sentence
 * when the model could not be asked, <skipped> when no check of the case ran. Every value is escaped for XML.
 */

/** Text for an XML attribute or element: markup characters escaped, characters XML 1.0 cannot hold dropped. */
export function xmlText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids are what this removes.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The element inside a run's <testcase>: none when it passed. */
function verdictElement(run: EvalRun): string | undefined {
  const verdict = runVerdict(run);
  switch (verdict) {
    case 'passed':
      return undefined;
    case 'error': {
      const said = run.error ?? 'the model could not be asked';
      return `<error message="${xmlText(said)}" type="provider-error">${xmlText(said)}</error>`;
    }
    case 'not-checked':
      return '<skipped message="not checked: no check of this case ran"/>';
    case 'failed': {
      const first = run.failures[0];
      const all = run.failures.map((failure) => failure.message).join('\n');
      return `<failure message="${xmlText(first?.message ?? 'failed')}" type="${xmlText(first?.kind ?? 'failure')}">${xmlText(all)}</failure>`;
    }
    default:
      return assertNever(verdict);
  }
}

export function junitXml(cases: readonly EvalCase[], columns: readonly EvalColumn[], runs: readonly EvalRun[]): string {
  const suites = columns.map((column) => {
    const own = cases.flatMap((testCase) =>
      runs
        .filter(
          (run) =>
            run.caseId === testCase.id && run.variantId === column.variant.id && run.configId === column.config.id,
        )
        .sort((a, b) => a.repeat - b.repeat)
        .map((run) => ({ testCase, run })),
    );
    const counts = countVerdicts(own.map(({ run }) => run));
    const time = own.reduce((sum, { run }) => sum + run.ms, 0);
    const testcases = own.map(({ testCase, run }) => {
      const name = run.repeat === 0 ? testCase.id : `${testCase.id} #${run.repeat + 1}`;
      const open = `    <testcase name="${xmlText(name)}" classname="${xmlText(column.label)}" time="${seconds(run.ms)}"`;
      const element = verdictElement(run);
      if (!element) return `${open}/>`;
      return [`${open}>`, `      ${element}`, '    </testcase>'].join('\n');
    });
    return [
      `  <testsuite name="${xmlText(column.label)}" tests="${own.length}" failures="${counts.failed}" errors="${counts.error}" skipped="${counts['not-checked']}" time="${seconds(time)}">`,
      ...testcases,
      '  </testsuite>',
    ].join('\n');
  });
  const all = countVerdicts(runs);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Tool Playground evals" tests="${runs.length}" failures="${all.failed}" errors="${all.error}" skipped="${all['not-checked']}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

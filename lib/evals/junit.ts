import type { EvalCase } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import type { EvalColumn } from './eval-results';

/*
 * The grid's runs as JUnit XML, the report CI systems read: one <testsuite> per column (a
 * variant × a configuration), one <testcase> per run of a case (`case-id` or `case-id #2` for a
 * repeat), a <failure> with every reason of a failed run. Every value is escaped for XML.
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
    const failures = own.filter(({ run }) => !run.pass).length;
    const time = own.reduce((sum, { run }) => sum + run.ms, 0);
    const testcases = own.map(({ testCase, run }) => {
      const name = run.repeat === 0 ? testCase.id : `${testCase.id} #${run.repeat + 1}`;
      const open = `    <testcase name="${xmlText(name)}" classname="${xmlText(column.label)}" time="${seconds(run.ms)}"`;
      if (run.pass) return `${open}/>`;
      const reasons = [
        ...(run.error ? [`Error: ${run.error}`] : []),
        ...run.failures.map((failure) => failure.message),
      ];
      const type = run.error ? 'error' : (run.failures[0]?.kind ?? 'failure');
      return [
        `${open}>`,
        `      <failure message="${xmlText(reasons[0] ?? 'failed')}" type="${xmlText(type)}">${xmlText(reasons.join('\n'))}</failure>`,
        '    </testcase>',
      ].join('\n');
    });
    return [
      `  <testsuite name="${xmlText(column.label)}" tests="${own.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(time)}">`,
      ...testcases,
      '  </testsuite>',
    ].join('\n');
  });
  const total = runs.length;
  const failed = runs.filter((run) => !run.pass).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Tool Playground evals" tests="${total}" failures="${failed}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

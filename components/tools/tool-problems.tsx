'use client';

import { formatToolSource } from '@/lib/shapes/tool-source';
import type { ToolCheck } from '@/lib/tools/tool-check';
import { applyLintFix } from '@/lib/tools/lint/apply-lint-fix';
import type { LintFinding } from '@/lib/tools/lint/lint-rules';
import { LINT_TARGET_LABELS } from '@/lib/tools/lint/lint-target';
import { useSessionActions } from '../runtime/runtime-context';

/** The selected tool's errors, then what the chosen provider rejects or drops, with fixes. */
export function ToolProblems({
  toolId,
  check,
  findings,
}: {
  toolId: string;
  check: ToolCheck;
  findings: LintFinding[];
}) {
  const { updateToolSource } = useSessionActions();
  if (check.kind === 'invalid') {
    return (
      <ul aria-label="Problems" className="border-t border-[var(--border)] px-3 py-2 text-xs text-role-error">
        {check.problems.map((problem, index) => (
          <li key={index}>{problem.message}</li>
        ))}
      </ul>
    );
  }
  if (check.kind === 'pending' || findings.length === 0) return null;

  const fix = (finding: LintFinding) => {
    const { name, description, inputSchema } = check.spec;
    const fixed = applyLintFix({ name, description, parameters: inputSchema }, finding);
    updateToolSource(
      toolId,
      formatToolSource({ name: fixed.name, description: fixed.description, [check.schemaKey]: fixed.parameters }),
    );
  };

  return (
    <ul aria-label="Provider findings" className="border-t border-[var(--border)] px-3 py-2 text-xs">
      {findings.map((finding, index) => (
        <li key={index} className={`py-0.5 ${finding.severity === 'error' ? 'text-role-error' : 'text-role-call'}`}>
          <p>
            {LINT_TARGET_LABELS[finding.target]}: {finding.message}
          </p>
          {finding.fix ? (
            <button type="button" className="button mt-0.5 px-1.5 py-0 text-xs" onClick={() => fix(finding)}>
              Fix: {finding.fix.label}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

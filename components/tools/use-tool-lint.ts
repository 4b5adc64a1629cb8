'use client';

import { useMemo } from 'react';
import { lintToolDefinition, type LintFinding } from '@/lib/tools/lint/lint-rules';
import type { LintTarget } from '@/lib/shapes/lint-choice';
import { resolveLintTarget } from '@/lib/tools/lint/lint-target';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';

export type ToolInsights = {
  target: LintTarget | undefined;
  /** Lint findings per tool id (valid tools only). */
  findings: Map<string, LintFinding[]>;
};

/** Provider lint for every tool, derived from the session (token counts: `useToolTokenCounts`). */
export function useToolInsights(): ToolInsights {
  const { tools } = useToolSetCheck();
  const lintChoice = useSession((state) => state.lintChoice);
  const provider = useSession((state) => state.settings.provider);
  const target = resolveLintTarget(lintChoice, provider);
  const findings = useMemo(() => {
    const findings = new Map<string, LintFinding[]>();
    for (const { draft, check } of tools) {
      if (check.kind !== 'valid') continue;
      if (target) {
        const { name, description, inputSchema } = check.spec;
        findings.set(draft.id, lintToolDefinition({ name, description, parameters: inputSchema }, target));
      }
    }
    return findings;
  }, [tools, target]);
  return { target, findings };
}

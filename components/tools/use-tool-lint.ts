'use client';

import { useMemo } from 'react';
import { estimateToolTokens } from '@/lib/tools/estimate-tool-tokens';
import { lintToolDefinition, type LintFinding } from '@/lib/tools/lint/lint-rules';
import type { LintTarget } from '@/lib/model/lint-choice';
import { resolveLintTarget } from '@/lib/tools/lint/lint-target';
import { useSession, useToolSetCheck } from '../playground/runtime-context';

export type ToolInsights = {
  target: LintTarget | undefined;
  /** Lint findings per tool id (valid tools only). */
  findings: Map<string, LintFinding[]>;
  /** Estimated prompt tokens per tool id (valid tools only), and for the enabled ones together. */
  tokens: Map<string, number>;
  enabledTokens: number;
};

/** Provider lint and token estimates for every tool, derived from the session. */
export function useToolInsights(): ToolInsights {
  const { tools, runnable } = useToolSetCheck();
  const lintChoice = useSession((state) => state.lintChoice);
  const provider = useSession((state) => state.settings.provider);
  const target = resolveLintTarget(lintChoice, provider);
  return useMemo(() => {
    const findings = new Map<string, LintFinding[]>();
    const tokens = new Map<string, number>();
    for (const { draft, check } of tools) {
      if (check.kind !== 'valid') continue;
      tokens.set(draft.id, estimateToolTokens(check.spec));
      if (target) {
        const { name, description, inputSchema } = check.spec;
        findings.set(draft.id, lintToolDefinition({ name, description, parameters: inputSchema }, target));
      }
    }
    const enabledTokens = runnable.reduce((sum, tool) => sum + estimateToolTokens(tool.spec), 0);
    return { target, findings, tokens, enabledTokens };
  }, [tools, runnable, target]);
}

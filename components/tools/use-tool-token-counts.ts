import { createContext, useContext, useMemo } from 'react';
import type { EachToolTokensJob, ToolsTokensJob } from '@/lib/tools/token-count-job';
import { toolDefinitionOf } from '@/lib/shapes/tool-formats';
import { chooseTokenizer } from '@/lib/tools/choose-tokenizer';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { useTokenCount } from './use-token-count';

export type ToolTokenCounts = {
  /** Tokens of each valid tool's definition, by draft id and by name; empty while counting. */
  byId: Map<string, number>;
  byName: Map<string, number>;
  /** What the next request's tools cost together (undefined while counting or too long to count). */
  total: number | undefined;
  /** Whether the counts are the provider's own tokenizer (OpenAI) or an estimate. */
  exact: boolean;
  /** Which tokenizer counted, for a tooltip. */
  label: string;
};

/**
 * One counting of the tools for the selected provider, everywhere it is shown (the tool list,
 * the toolbar's total, Tool stats) — the same the token X-ray's inlay hints use: the
 * provider's public tokenizer where there is one, else an estimate that says so. Counted in
 * the token worker.
 */
export function useToolTokenCounts(): ToolTokenCounts {
  const { tools, runnable } = useToolSetCheck();
  const provider = useSession((state) => state.settings.provider);
  const model = useSession((state) => state.settings.model);
  const { encoding, exact, label } = chooseTokenizer(provider, model);
  const valid = useMemo(
    () => tools.flatMap(({ draft, check }) => (check.kind === 'valid' ? [{ id: draft.id, spec: check.spec }] : [])),
    [tools],
  );
  const eachJob = useMemo<EachToolTokensJob>(
    () => ({
      kind: 'each-tool',
      encoding,
      exact,
      definitions: valid.map(({ spec }) => toolDefinitionOf(spec)),
    }),
    [valid, encoding, exact],
  );
  const totalJob = useMemo<ToolsTokensJob>(
    () => ({
      kind: 'tools',
      encoding,
      exact,
      definitions: runnable.map(({ spec }) => toolDefinitionOf(spec)),
    }),
    [runnable, encoding, exact],
  );
  const each = useTokenCount(eachJob);
  const total = useTokenCount(totalJob);
  return useMemo(() => {
    const byId = new Map<string, number>();
    const byName = new Map<string, number>();
    if (each?.kind === 'counted')
      valid.forEach(({ id, spec }, index) => {
        byId.set(id, each.value[index]);
        byName.set(spec.name, each.value[index]);
      });
    return { byId, byName, total: total?.kind === 'counted' ? total.value : undefined, exact, label };
  }, [each, total, valid, exact, label]);
}

/** A count as the tool list and Tool stats show it: "683 tokens", or "≈ 1,115 tokens" for an estimate. */
export function formatTokens(tokens: number, exact: boolean): string {
  return `${exact ? '' : '≈ '}${tokens.toLocaleString('en-US')} tokens`;
}

/** The Tools pane's one counting, for the items and panels inside it (counting once, not per item). */
export const ToolTokenCountsContext = createContext<ToolTokenCounts | undefined>(undefined);

/** The counts the Tools pane made (undefined outside it). */
export function useToolTokenCountsInPane(): ToolTokenCounts | undefined {
  return useContext(ToolTokenCountsContext);
}

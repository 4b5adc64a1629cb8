'use client';

import { useState } from 'react';
import { exportSuiteAsPromptfoo, promptfooBaseUrls } from '@/lib/evals/promptfoo/promptfoo-export-suite';
import { importedSuiteOf, missingToolsNote, promptfooSummary } from '@/lib/evals/read-eval-suite';
import { readToolName } from '@/lib/shapes/tool-source';
import type { readPromptfooSuite } from '@/lib/evals/promptfoo/read-promptfoo';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import { useRuntime } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';

/** Before an export: the base URLs it would write (each only if confirmed) and whether the session came from a link. */
export type PromptfooExportPlan = { addresses: { url: string; configs: string[] }[]; fromLink: boolean };

/** What an import or export said: a sentence, and what it left out (a line each). */
export type PromptfooReport = { ok: boolean; text: string; left: string[] };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `Import cases…` with a promptfoo config, and `Export as promptfoo config` (docs/evals.md, "promptfoo"). */
export function usePromptfooFiles() {
  const runtime = useRuntime();
  const [report, setReport] = useState<PromptfooReport>();
  const importRead = (read: ReturnType<typeof readPromptfooSuite>) => {
    if (!read.ok) return setReport({ ok: false, text: read.message, left: [] });
    if (read.cases.length === 0)
      return setReport({
        ok: false,
        text: 'The promptfoo config has no test the playground can run.',
        left: read.notes,
      });
    const state = runtime.store.getState();
    const missing = missingToolsNote(
      read,
      state.tools.flatMap((tool) => readToolName(tool.source) ?? []),
    );
    const kept = state.importEvalSuite(importedSuiteOf(read));
    setReport({
      ok: true,
      text: [
        `Imported ${plural(read.cases.length, 'case')} from the promptfoo config`,
        kept.variants > 0 ? ', its tools as a variant' : '',
        `, ${plural(kept.configs, 'configuration')}; Run evals runs the first step, as promptfoo does.`,
        read.unmapped.length > 0 ? ` ${plural(read.unmapped.length, 'assertion')} not run (listed).` : '',
      ].join(''),
      left: [...(missing ? [missing] : []), ...promptfooSummary(read)],
    });
  };
  /** What the person confirms before the export writes: the addresses it would send to, and where the session came from. */
  const exportPlan = (): PromptfooExportPlan => {
    const { evals, settings, readOnly, handlersTrusted } = runtime.store.getState();
    return {
      addresses: promptfooBaseUrls({ configs: suiteConfigs(evals.configs), baseSettings: settings }),
      fromLink: readOnly || !handlersTrusted,
    };
  };
  const exportConfig = async (confirmedBaseUrls: readonly string[] = []) => {
    const engine = await runtime.loadEngine();
    const { evals, tools, settings } = runtime.store.getState();
    const written = exportSuiteAsPromptfoo(
      {
        cases: evals.cases,
        variants: suiteVariants(evals.variants, tools),
        configs: suiteConfigs(evals.configs),
        baseSettings: settings,
        repeats: evals.repeats,
      },
      engine.checker,
      undefined,
      confirmedBaseUrls,
    );
    downloadText('promptfooconfig.yaml', written.text, 'application/yaml');
    setReport({
      ok: true,
      text: `Exported ${plural(evals.cases.length, 'case')} as promptfooconfig.yaml (check it: npx promptfoo validate -c promptfooconfig.yaml).`,
      left: written.notes,
    });
  };
  return { report, importRead, exportPlan, exportConfig };
}

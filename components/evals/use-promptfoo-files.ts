'use client';

import { useState } from 'react';
import { exportSuiteAsPromptfoo, promptfooBaseUrls } from '@/lib/evals/promptfoo/promptfoo-export-suite';
import { exportedPromptfoo, importPromptfoo, type PromptfooReport } from '@/lib/evals/promptfoo/promptfoo-report';
import { readToolName } from '@/lib/shapes/tool-source';
import type { readPromptfooSuite } from '@/lib/evals/promptfoo/read-promptfoo';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import { useRuntime } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';

export type { PromptfooReport };

/** Before an export: the base URLs it would write (each only if confirmed) and whether the session came from a link. */
export type PromptfooExportPlan = { addresses: { url: string; configs: string[] }[]; fromLink: boolean };

/** `Import cases…` with a promptfoo config, and `Export as promptfoo config` (docs/evals.md, "promptfoo"). */
export function usePromptfooFiles() {
  const runtime = useRuntime();
  const [report, setReport] = useState<PromptfooReport>();
  const importRead = (read: ReturnType<typeof readPromptfooSuite>) => {
    const state = runtime.store.getState();
    setReport(
      importPromptfoo(
        read,
        state.tools.flatMap((tool) => readToolName(tool.source) ?? []),
        state.importEvalSuite,
      ),
    );
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
    setReport(exportedPromptfoo(evals.cases.length, written.notes));
  };
  return { report, importRead, exportPlan, exportConfig };
}

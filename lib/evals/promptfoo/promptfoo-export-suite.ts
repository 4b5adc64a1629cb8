import type { SchemaChecker } from '../../tools/create-schema-checker';
import { checkToolDrafts } from '../../tools/check-tool-drafts';
import type { EvalSuite } from '../run-suite';
import { type PromptfooExport, writePromptfooConfig } from './write-promptfoo';

/**
 * The grid as `Export as promptfoo config` writes it: its cases, its first variant's runnable tools,
 * its configurations over the session's settings, its repeats.
 */
export function exportSuiteAsPromptfoo(
  suite: Pick<EvalSuite, 'cases' | 'variants' | 'configs' | 'baseSettings' | 'repeats'>,
  checker: SchemaChecker,
  description?: string,
  confirmedBaseUrls: readonly string[] = [],
): PromptfooExport {
  const variant = suite.variants[0];
  const tools = variant ? checkToolDrafts(variant.tools, checker).runnable.map((tool) => tool.spec) : [];
  const notes =
    suite.variants.length > 1
      ? [`The grid has ${suite.variants.length} tool variants: the config gives its providers "${variant?.name}".`]
      : [];
  const written = writePromptfooConfig({
    description,
    cases: suite.cases,
    tools,
    configs: suite.configs,
    baseSettings: suite.baseSettings,
    repeats: suite.repeats,
    confirmedBaseUrls,
  });
  return { text: written.text, notes: [...notes, ...written.notes] };
}

/** The base URLs the export would send requests to, each with the configurations that use it (for the person to confirm). */
export function promptfooBaseUrls(
  suite: Pick<EvalSuite, 'configs' | 'baseSettings'>,
): { url: string; configs: string[] }[] {
  const byUrl = new Map<string, string[]>();
  for (const config of suite.configs) {
    const settings = { ...suite.baseSettings, ...config.settings };
    if (settings.provider === 'simulated' || !settings.baseURL) continue;
    byUrl.set(settings.baseURL, [...(byUrl.get(settings.baseURL) ?? []), config.name]);
  }
  return [...byUrl].map(([url, configs]) => ({ url, configs }));
}

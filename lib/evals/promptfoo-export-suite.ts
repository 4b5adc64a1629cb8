import type { SchemaChecker } from '../tools/create-schema-checker';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { EvalSuite } from './run-suite';
import { type PromptfooExport, writePromptfooConfig } from './write-promptfoo';

/**
 * The grid as `Export as promptfoo config` writes it: its cases, its first variant's runnable tools,
 * its configurations over the session's settings, its repeats.
 */
export function exportSuiteAsPromptfoo(
  suite: Pick<EvalSuite, 'cases' | 'variants' | 'configs' | 'baseSettings' | 'repeats'>,
  checker: SchemaChecker,
  description?: string,
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
  });
  return { text: written.text, notes: [...notes, ...written.notes] };
}

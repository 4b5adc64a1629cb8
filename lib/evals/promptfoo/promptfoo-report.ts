import type { ImportedSuite } from '../../session/eval-actions';
import { importedSuiteOf, missingToolsNote, promptfooSummary } from '../read-eval-suite';
import type { readPromptfooSuite } from './read-promptfoo';

/** What an import or export of a promptfoo config said: a sentence, and what it left out (a line each). */
export type PromptfooReport = { ok: boolean; text: string; left: string[] };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * `Import cases…` with a promptfoo config: imports what the playground can run (through
 * `importSuite`, the session's action) and says what came in and what was left out — the tools
 * its cases name that the session lacks, the assertions not run, the config's own notes.
 */
export function importPromptfoo(
  read: ReturnType<typeof readPromptfooSuite>,
  sessionTools: readonly string[],
  importSuite: (suite: ImportedSuite) => { variants: number; configs: number },
): PromptfooReport {
  if (!read.ok) return { ok: false, text: read.message, left: [] };
  if (read.cases.length === 0)
    return { ok: false, text: 'The promptfoo config has no test the playground can run.', left: read.notes };
  const missing = missingToolsNote(read, sessionTools);
  const kept = importSuite(importedSuiteOf(read));
  return {
    ok: true,
    text: [
      `Imported ${plural(read.cases.length, 'case')} from the promptfoo config`,
      kept.variants > 0 ? ', its tools as a variant' : '',
      `, ${plural(kept.configs, 'configuration')}; Run evals runs the first step, as promptfoo does.`,
      read.unmapped.length > 0 ? ` ${plural(read.unmapped.length, 'assertion')} not run (listed).` : '',
    ].join(''),
    left: [...(missing ? [missing] : []), ...promptfooSummary(read)],
  };
}

/** What `Export as promptfoo config` says once the file is written. */
export const exportedPromptfoo = (cases: number, notes: string[]): PromptfooReport => ({
  ok: true,
  text: `Exported ${plural(cases, 'case')} as promptfooconfig.yaml (check it: npx promptfoo validate -c promptfooconfig.yaml).`,
  left: notes,
});

import { exportSuiteAsPromptfoo } from '../../lib/evals/promptfoo/promptfoo-export-suite';
import { readEvalSuite } from '../../lib/evals/read-eval-suite';
import { createSchemaChecker } from '../../lib/tools/create-schema-checker';

/** A promptfoo config as the playground reads it (Import cases…) and writes it back (Export as promptfoo config). */
export async function promptfooExportOf(text: string): Promise<string> {
  const read = await readEvalSuite(text);
  if (!read.ok) throw new Error(read.message);
  return exportSuiteAsPromptfoo(read.suite, createSchemaChecker(), 'Exported from Tool Playground').text;
}

import { type ReadEvalCases, readEvalCases } from './read-eval-cases';
import { looksLikePromptfoo, readPromptfooSuite } from './promptfoo/read-promptfoo';

/** What `Import cases…` read from a file: a promptfoo config, or cases (JSON, JSON Lines, BFCL). */
export type CasesFileRead =
  | { kind: 'promptfoo'; read: ReturnType<typeof readPromptfooSuite> }
  | { kind: 'cases'; read: ReadEvalCases };

/** Reads a file given to `Import cases…` (in the cases-reader worker: a large YAML parse takes seconds). */
export function readCasesFile(text: string): CasesFileRead {
  return looksLikePromptfoo(text)
    ? { kind: 'promptfoo', read: readPromptfooSuite(text) }
    : { kind: 'cases', read: readEvalCases(text) };
}

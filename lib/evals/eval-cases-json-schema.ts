import { z } from 'zod';
import { EVAL_CASES_KIND, evalCaseSchema, MAX_EVAL_CASES } from '../shapes/eval-case';

/** Where the case editor's schema lives in Monaco's JSON language service. */
export const EVAL_CASES_SCHEMA_URI = 'inmemory://schemas/eval-cases.json';

/**
 * The case file as JSON Schema (draft-07), drawn from the same zod schema that reads the
 * cases, so the editor's completions and squiggles say what Save says: `{ kind, version,
 * cases }`, or a bare array of cases. What JSON Schema cannot say (at most 200 files, two
 * cases with one id) Save still says.
 */
export function evalCasesJsonSchema(): Record<string, unknown> {
  const cases = z.array(evalCaseSchema).max(MAX_EVAL_CASES);
  const file = z
    .object({ kind: z.literal(EVAL_CASES_KIND), version: z.literal(1), cases })
    .strict()
    .describe('A file of eval cases, as "Export cases" writes it.');
  return z.toJSONSchema(z.union([file, cases]), { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

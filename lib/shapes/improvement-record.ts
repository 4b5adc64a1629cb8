import { z } from 'zod';
import { COMPAT_TARGETS } from './compat';

/*
 * What Improve description found, kept with the session (files and links carry it): the rule and
 * its settings, which cases fed the proposal and which measured it, every number, and which
 * rewrite was applied. A stranger's file or link is read against these bounds.
 */

const MAX_KEYS = 500;
const MAX_TEXT = 2_000;
const MAX_REWRITES = 5;

const verdictCounts = z.object({
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  error: z.number().int().min(0),
  'not-checked': z.number().int().min(0),
});
const passCount = z.object({ count: z.number().int().min(0), n: z.number().int().min(0) });
const side = z.object({ verdicts: verdictCounts, passes: passCount });
const compatVerdicts = z.partialRecord(z.enum(COMPAT_TARGETS), z.enum(['accepts', 'rejects', 'rewrites']));
const share = z.number().min(-2).max(2);

export const improvementRecordSchema = z.object({
  id: z.string().max(100),
  /** When it was measured (ISO). */
  at: z.string().max(40),
  tool: z.string().max(200),
  /** The description the rewrites were measured against. */
  description: z.string().max(10_000),
  provider: z.string().max(100),
  model: z.string().max(200),
  options: z.object({
    seed: z.number().int().min(0),
    count: z.number().int().min(1).max(MAX_REWRITES),
    repeats: z.number().int().min(1).max(50),
    parameters: z.boolean(),
    bound: z.object({ maxExtraTokens: z.number().int().min(0) }),
  }),
  proposalKeys: z.array(z.string().max(200)).max(MAX_KEYS),
  heldOutKeys: z.array(z.string().max(200)).max(MAX_KEYS),
  failures: z.number().int().min(0),
  problem: z.string().max(MAX_TEXT).optional(),
  notes: z.array(z.string().max(MAX_TEXT)).max(20),
  current: side.optional(),
  rewrites: z
    .array(
      z.object({
        rewrite: z.object({
          description: z.string().max(MAX_TEXT),
          parameters: z.record(z.string().max(200), z.string().max(MAX_TEXT)),
        }),
        measured: side,
        judgement: z.object({
          verdict: z.enum(['better', 'not shown to help']),
          difference: share,
          low: share,
          high: share,
          reasons: z.array(z.string().max(MAX_TEXT)).max(20),
        }),
        tokens: z.object({ before: z.number().int().min(0), after: z.number().int().min(0) }),
        compat: z.object({ before: compatVerdicts, after: compatVerdicts }),
      }),
    )
    .max(MAX_REWRITES),
  /** Which rewrite the person applied (its index), while it is applied. */
  applied: z.number().int().min(0).max(MAX_REWRITES).optional(),
});
export type ImprovementRecord = z.infer<typeof improvementRecordSchema>;

import { clip } from './clip';

/** A validation issue as zod reports one (only what is read here: no zod at run time). */
type IssueLike = {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly issues?: readonly { readonly message: string }[];
};

/**
 * The first thing wrong with an input, for a sentence: where (the field's dotted path, or
 * `whole` when it is the input itself) and why (the issue's message, clipped to 300 characters;
 * for a bad record key, the reason one level down, not zod's bare "Invalid key in record").
 */
export function firstIssue(
  error: { readonly issues: readonly IssueLike[] },
  whole: string,
): { where: string; why: string } {
  const issue = error.issues[0];
  if (!issue) return { where: whole, why: 'is not valid' };
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : whole;
  const why = issue.code === 'invalid_key' ? (issue.issues?.[0]?.message ?? issue.message) : issue.message;
  return { where, why: clip(why, 300) };
}

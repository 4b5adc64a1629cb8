/**
 * BFCL's test categories (v4, and v3's names), by the prefix of a question's `id`, and what the
 * playground does with each: grade it as BFCL's AST checker does, expect no call or any call as
 * BFCL's relevance checks do, or refuse it at import with the reason — never a silent guess.
 */
export type BfclHandling =
  /** Graded by its possible answers (BFCL's `ast_checker`). */
  | { kind: 'graded'; language: 'python' | 'java' | 'javascript' }
  /** BFCL passes it when the model calls no tool (irrelevance; no possible-answer file). */
  | { kind: 'no-call' }
  /** BFCL passes it when the model makes any call (relevance; no possible-answer file). */
  | { kind: 'any-call' }
  /** Not gradable here; the sentence says why. */
  | { kind: 'refused'; why: string };

export type BfclCategory = { name: string; handling: BfclHandling };

const MULTI_TURN =
  'BFCL grades it by running its Python classes (a file system, a trading bot, a travel agency…) through every turn and comparing their state and answers; the playground does not run them';

/** Every category BFCL ships, longest prefix first (so `live_parallel_multiple` is not read as `live_parallel`). */
export const BFCL_CATEGORIES: readonly BfclCategory[] = [
  { name: 'live_parallel_multiple', handling: { kind: 'graded', language: 'python' } },
  { name: 'multi_turn_long_context', handling: { kind: 'refused', why: MULTI_TURN } },
  { name: 'multi_turn_miss_param', handling: { kind: 'refused', why: MULTI_TURN } },
  { name: 'multi_turn_miss_func', handling: { kind: 'refused', why: MULTI_TURN } },
  { name: 'multi_turn_base', handling: { kind: 'refused', why: MULTI_TURN } },
  { name: 'parallel_multiple', handling: { kind: 'graded', language: 'python' } },
  { name: 'simple_javascript', handling: { kind: 'graded', language: 'javascript' } },
  { name: 'live_irrelevance', handling: { kind: 'no-call' } },
  { name: 'live_relevance', handling: { kind: 'any-call' } },
  { name: 'live_multiple', handling: { kind: 'graded', language: 'python' } },
  { name: 'live_parallel', handling: { kind: 'graded', language: 'python' } },
  { name: 'simple_python', handling: { kind: 'graded', language: 'python' } },
  { name: 'simple_java', handling: { kind: 'graded', language: 'java' } },
  { name: 'live_simple', handling: { kind: 'graded', language: 'python' } },
  { name: 'irrelevance', handling: { kind: 'no-call' } },
  {
    name: 'web_search',
    handling: {
      kind: 'refused',
      why: 'its questions need BFCL’s live web-search tools, and its answers are graded against what the web said',
    },
  },
  { name: 'javascript', handling: { kind: 'graded', language: 'javascript' } },
  { name: 'multiple', handling: { kind: 'graded', language: 'python' } },
  { name: 'parallel', handling: { kind: 'graded', language: 'python' } },
  {
    name: 'memory',
    handling: {
      kind: 'refused',
      why: 'BFCL grades it against a memory store filled by earlier conversations, which the case does not carry',
    },
  },
  { name: 'simple', handling: { kind: 'graded', language: 'python' } },
  { name: 'java', handling: { kind: 'graded', language: 'java' } },
];

/** The category of a BFCL question's id (`live_relevance_3-3-0`, `simple_java_97`), or undefined for an id of one's own. */
export function bfclCategoryOf(id: string): BfclCategory | undefined {
  return BFCL_CATEGORIES.find((category) => new RegExp(`^${category.name}_\\d`).test(id));
}

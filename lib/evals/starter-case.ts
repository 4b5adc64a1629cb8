import type { EvalCase } from '../shapes/eval-case';
import { pickRelevantTools } from '../providers/simulated/rank-tools';

/** What `Add test case` asks when the message box is empty. */
export const STARTER_PROMPT = 'List the files in the workspace.';

/**
 * A first test case to edit: the message being written (or an example) and, as what it
 * expects, the offered tools the message is about — ranked by the words they share with it,
 * as the simulated model ranks them — or the first tool when none stands out. Made so that on
 * the default tools with the simulated model it passes as it comes.
 */
export function starterCase(
  prompt: string,
  tools: readonly { name: string; description?: string }[],
  taken: ReadonlySet<string>,
): EvalCase {
  let n = taken.size + 1;
  while (taken.has(`case-${n}`)) n++;
  const text = prompt.trim() || STARTER_PROMPT;
  const relevant = pickRelevantTools(
    text,
    tools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, inputSchema: {} })),
  ).map((ranked) => ranked.tool.name);
  const expected = relevant.length > 0 ? relevant : tools.slice(0, 1).map((tool) => tool.name);
  return {
    id: `case-${n}`,
    prompt: text,
    expect: { calls: expected.map((tool) => ({ tool, args: {} })), order: 'any', parallel: 'allowed' },
  };
}

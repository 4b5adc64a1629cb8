import { estimateTokens } from '../../limits/estimate-tokens';
import type { ToolDefinition } from '../../shapes/tool-formats';

/*
 * What a `Make compatible` rewrite does beyond fitting the targets, said before anyone runs it:
 * optional properties made required and nullable change what a model writes (every argument,
 * null for "not given"), and the rewritten definitions cost more or fewer prompt tokens.
 */

/** The effects of a rewrite, a sentence each (none when it changed nothing that acts). */
export function rewriteEffects(
  before: readonly ToolDefinition[],
  after: readonly ToolDefinition[],
  changes: readonly string[],
): string[] {
  const effects: string[] = [];
  const nullable = changes.filter((change) => change.includes('→ required + nullable')).length;
  if (nullable > 0)
    effects.push(
      `${nullable} optional ${nullable === 1 ? 'property is' : 'properties are'} now required and nullable: a model must write every argument, null for "not given" — runs can differ (the sandbox's own tools take null as not given; a handler or mock of yours sees the null).`,
    );
  const cost = (definitions: readonly ToolDefinition[]) =>
    definitions.reduce((sum, definition) => sum + estimateTokens(JSON.stringify(definition)), 0);
  const [was, now] = [cost(before), cost(after)];
  if (was > 0 && now !== was) {
    const percent = Math.round(((now - was) / was) * 100);
    effects.push(
      `The tools' definitions cost ≈ ${now - was > 0 ? '+' : ''}${now - was} tokens in every request (${percent > 0 ? '+' : ''}${percent} %).`,
    );
  }
  return effects;
}

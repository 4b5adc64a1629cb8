import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { tokenize, tokenizeWithSynonyms } from './tokenize';

/** `firstMention` is where in the message the tool is first asked for (Infinity: never by name). */
export type RankedTool = { tool: LanguageModelV4FunctionTool; score: number; firstMention: number };

/** Minimum score for a tool to count as relevant, and the share of the best score it needs. */
const MIN_SCORE = 2.5;
const SHARE_OF_BEST = 0.5;

/**
 * Scores each tool by how well the message's words match its name (weight 3) and
 * description (weight 1); a word shared by many tools counts for less. Best first.
 */
export function rankTools(message: string, tools: readonly LanguageModelV4FunctionTool[]): RankedTool[] {
  const words = tokenizeWithSynonyms(message);
  const nameWords = tools.map((tool) => new Set(tokenize(tool.name)));
  const descriptionWords = tools.map((tool) => new Set(tokenize(tool.description ?? '')));
  const frequency = (sets: Set<string>[], word: string) => sets.filter((set) => set.has(word)).length;

  return tools
    .map((tool, index) => {
      let score = 0;
      let firstMention = Number.POSITIVE_INFINITY;
      words.forEach((word, position) => {
        if (nameWords[index].has(word)) {
          score += 3 / frequency(nameWords, word);
          if (frequency(nameWords, word) === 1) firstMention = Math.min(firstMention, position);
        }
        if (descriptionWords[index].has(word)) score += 1 / frequency(descriptionWords, word);
      });
      return { tool, score, firstMention };
    })
    .sort((a, b) => b.score - a.score);
}

/** The tools relevant enough to call for `message`, in the order the message asks for them. */
export function pickRelevantTools(message: string, tools: readonly LanguageModelV4FunctionTool[]): RankedTool[] {
  const ranked = rankTools(message, tools);
  const best = ranked[0]?.score ?? 0;
  return ranked
    .filter((entry) => entry.score >= MIN_SCORE && entry.score >= best * SHARE_OF_BEST)
    .sort((a, b) => a.firstMention - b.firstMention || b.score - a.score);
}

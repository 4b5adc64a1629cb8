import type { JSONSchema7, LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { RankedTool } from './rank-tools';
import { fnv1a } from '../../shapes/fnv1a';

/*
 * The simulated model's stochastic mode (above temperature 0): instead of always taking the best
 * ranked tool and the literal values of the message, it draws — the tool from a softmax over the
 * ranking (answering in text is one of the choices), the values from their plausible spellings —
 * from a random stream seeded by the run's seed and the prompt, so the same seed answers the same.
 */

export type Sampler = { random: () => number; temperature: number };

/** mulberry32: a small, fast seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit number from a text (FNV-1a), to seed a stream per prompt. */
export const seedOfText = (text: string): number => fnv1a(text);

/** An index drawn with probability proportional to `weights`. */
export function pickWeighted(weights: readonly number[], random: () => number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = random() * total;
  for (const [index, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return index;
  }
  return weights.length - 1;
}

/** How far below the best-ranked tool answering in text sits (in ranking score). */
const ANSWER_GAP = 4;
/** Score units per unit of temperature in the softmax. */
const SCORE_SCALE = 1.5;

/**
 * The tools this step calls, drawn: the first from a softmax over the ranked tools (and "answer
 * in text", unless a call is required); with parallel calls on, each other relevant tool joins
 * with a chance that falls as temperature rises. Empty: answer in text.
 */
export function drawTools(
  ranked: readonly RankedTool[],
  relevant: readonly LanguageModelV4FunctionTool[],
  { random, temperature }: Sampler,
  { required, parallel }: { required: boolean; parallel: boolean },
): LanguageModelV4FunctionTool[] {
  if (ranked.length === 0) return [];
  const best = ranked[0].score;
  const spread = SCORE_SCALE * temperature;
  const weights = ranked.map((entry) => Math.exp((entry.score - best) / spread));
  const answerWeight = required ? 0 : Math.exp(-Math.max(ANSWER_GAP, best) / spread);
  const drawn = pickWeighted([...weights, answerWeight], random);
  if (drawn === ranked.length) return [];
  const first = ranked[drawn].tool;
  if (!parallel) return [first];
  const keep = Math.max(0.3, 1 - 0.3 * temperature);
  return [first, ...relevant.filter((tool) => tool !== first && random() < keep)];
}

const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|\s)(\S)/g, (_all, space, first) => space + first.toUpperCase());

/** Spellings of a text a model plausibly writes for it: the same after BFCL's normalising. */
function respell(text: string, random: () => number): string {
  const ways = [text.toLowerCase(), titleCase(text), ...(/\s/.test(text.trim()) ? [`${text}.`] : [])];
  return ways[Math.floor(random() * ways.length)];
}

/**
 * The arguments, drawn around the literal ones: a string may come spelt otherwise (case,
 * spacing), a whole number one off, an enum value another, an optional argument left out, and —
 * rarely — a required one forgotten (arguments the schema refuses, as real models write them).
 */
export function drawArguments(
  input: Record<string, unknown>,
  schema: JSONSchema7,
  { random, temperature }: Sampler,
): Record<string, unknown> {
  const heat = Math.min(1, temperature);
  const properties = (schema.properties ?? {}) as Record<string, JSONSchema7>;
  const required = new Set(schema.required ?? []);
  const drawn: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const property = typeof properties[name] === 'object' ? properties[name] : {};
    if (required.has(name) ? random() < 0.04 * heat : random() < 0.2 * heat) continue;
    if (Array.isArray(property.enum) && property.enum.length > 1 && random() < 0.15 * heat) {
      drawn[name] = property.enum[Math.floor(random() * property.enum.length)];
    } else if (typeof value === 'string' && random() < 0.35 * heat) {
      drawn[name] = respell(value, random);
    } else if (Number.isInteger(value) && random() < 0.1 * heat) {
      const nudged = (value as number) + (random() < 0.5 ? -1 : 1);
      const low = typeof property.minimum === 'number' ? property.minimum : Number.NEGATIVE_INFINITY;
      const high = typeof property.maximum === 'number' ? property.maximum : Number.POSITIVE_INFINITY;
      drawn[name] = Math.min(high, Math.max(low, nudged));
    } else drawn[name] = value;
  }
  return drawn;
}

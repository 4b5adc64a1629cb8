import { continuationShares, type PieceTrie } from './decision-probabilities';
import type { LocalEngine, LocalPrompt } from './local-engine';

/*
 * For a call written under the tool's schema, the probability of each value an argument could take
 * where its values are few and named — an enum, or a boolean: at the point where the model began
 * that value, given the arguments it wrote before it, the share of each value under the grammar
 * (which there allows exactly these values) at temperature 1. Read from the logits like the decision.
 */

/** Per argument (a top-level property), each value as JSON text and its probability. */
export type ArgumentValueProbabilities = Record<string, Record<string, number>>;

const MAX_VALUES = 64;

/** The top-level properties whose values are an enum or a boolean, each with its values as JSON text. */
export function choiceProperties(schema: unknown): { name: string; literals: string[] }[] {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return [];
  const found: { name: string; literals: string[] }[] = [];
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    const { enum: values, type } = (property ?? {}) as { enum?: unknown; type?: unknown };
    const literals = Array.isArray(values)
      ? values.slice(0, MAX_VALUES + 1).map((value) => JSON.stringify(value))
      : type === 'boolean'
        ? ['true', 'false']
        : [];
    const distinct = [...new Set(literals)];
    // Followed exactly only when no value's text begins another's (1 and 10 would need what follows).
    const prefixFree = distinct.every((a) => distinct.every((b) => a === b || !b.startsWith(a)));
    if (distinct.length >= 2 && distinct.length <= MAX_VALUES && prefixFree) found.push({ name, literals: distinct });
  }
  return found;
}

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** Where each top-level property's value begins in a JSON object's text (one pass, linear). */
export function valueStarts(json: string): Map<string, number> {
  const starts = new Map<string, number>();
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let expectingKey = false;
  let readingKey = false;
  let key: string | undefined;
  let awaitingValue = false;
  for (let at = 0; at < json.length; at++) {
    const c = json[at];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        if (readingKey) {
          readingKey = false;
          try {
            key = JSON.parse(json.slice(stringStart, at + 1)) as string;
          } catch {
            key = undefined;
          }
        }
      }
      continue;
    }
    if (isSpace(c)) continue;
    if (awaitingValue) {
      awaitingValue = false;
      if (key !== undefined && !starts.has(key)) starts.set(key, at);
      key = undefined;
    }
    if (c === '"') {
      inString = true;
      stringStart = at;
      readingKey = depth === 1 && expectingKey;
      expectingKey = false;
    } else if (c === '{' || c === '[') {
      depth++;
      expectingKey = depth === 1 && c === '{';
    } else if (c === '}' || c === ']') depth--;
    else if (depth === 1 && c === ':') awaitingValue = true;
    else if (depth === 1 && c === ',') expectingKey = true;
  }
  return starts;
}

/**
 * The probability of each value of each enum or boolean argument of a call, given `prompt` (the text
 * up to the arguments) and the arguments as written (`written`). An argument the call does not hold,
 * or whose written value is none of the listed ones, is left out.
 */
export async function argumentProbabilities({
  engine,
  prompt,
  written,
  schema,
  trie,
  signal,
}: {
  engine: LocalEngine;
  prompt: LocalPrompt;
  written: string;
  schema: unknown;
  trie: PieceTrie;
  signal?: AbortSignal;
}): Promise<{ values: ArgumentValueProbabilities; evaluations: number }> {
  const choices = choiceProperties(schema);
  if (choices.length === 0) return { values: {}, evaluations: 0 };
  const starts = valueStarts(written);
  const encoder = new TextEncoder();
  const values: ArgumentValueProbabilities = {};
  let evaluations = 0;
  for (const { name, literals } of choices) {
    const start = starts.get(name);
    if (start === undefined || !literals.some((literal) => written.startsWith(literal, start))) continue;
    const continued = await continuationShares({
      engine,
      prompt: { text: prompt.text + written.slice(0, start), tokens: [] },
      trie,
      spellings: literals.map((literal) => encoder.encode(literal)),
      signal,
    });
    evaluations += continued.evaluations;
    values[name] = Object.fromEntries(literals.map((literal, index) => [literal, continued.shares[index]]));
  }
  return { values, evaluations };
}

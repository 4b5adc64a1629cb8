import { CALL_INFIX, CALL_PREFIX, choosableNames, type ToolChoiceMode } from './decision-grammar';
import type { LocalEngine, LocalPrompt } from './local-engine';

/*
 * The probability of each decision — answer in text, or call each declared tool — read from the
 * model's logits, not from samples. It is the distribution the decision grammar samples from at
 * temperature 1: llama.cpp masks the tokens the grammar refuses and renormalises over the rest
 * (sampling first and resampling a refused token gives the same distribution), so
 *
 *   P(text)   = 1 − p(open) / Σ p(allowed)   (allowed first: the open token, and every other token that
 *                                              is not an end of generation and spells a whole character —
 *                                              llama.cpp's grammar refuses a lone part of a UTF-8 sequence)
 *   P(tool t) = P(call) · Π over the tokens that spell t: p(token) / Σ p(tokens the grammar allows there)
 *
 * A token is allowed where its bytes continue the spelling of at least one name still possible.
 * Where the grammar allows one token only its share is 1 and the model is not asked. Each name is
 * followed along its longest-token spelling; with a vocabulary where every text has one spelling
 * (bytes, as in the test model) that is exact, and for a BPE model the other spellings' share (the
 * model rarely writes them) is spread back over the names, so the shares still sum to 1.
 */

export type DecisionProbabilities = {
  text: number;
  tools: Record<string, number>;
  /** How many times the model was asked for its next-token distribution. */
  evaluations: number;
  /** For the call written: each enum or boolean argument's values and their probabilities (argument-probabilities.ts). */
  arguments?: { tool: string; values: Record<string, Record<string, number>> };
};

/** A trie over the vocabulary's bytes: which tokens spell a prefix of a text. */
export type PieceTrie = { tokens: number[]; next: Map<number, PieceTrie> };

export function buildPieceTrie(pieces: readonly Uint8Array[]): PieceTrie {
  const root: PieceTrie = { tokens: [], next: new Map() };
  pieces.forEach((piece, id) => {
    if (piece.length === 0) return;
    let node = root;
    for (const byte of piece) {
      let child = node.next.get(byte);
      if (!child) {
        child = { tokens: [], next: new Map() };
        node.next.set(byte, child);
      }
      node = child;
    }
    node.tokens.push(id);
  });
  return root;
}

/** The tokens whose bytes are a prefix of `bytes` from `offset`, each with its length. */
function tokensSpelling(trie: PieceTrie, bytes: Uint8Array, offset: number): { token: number; length: number }[] {
  const found: { token: number; length: number }[] = [];
  let node: PieceTrie | undefined = trie;
  for (let at = offset; node && at < bytes.length; at++) {
    node = node.next.get(bytes[at]);
    if (node) for (const token of node.tokens) found.push({ token, length: at - offset + 1 });
  }
  return found;
}

/**
 * Whether llama.cpp's grammar lets a token stand where any token may: its bytes must not start with
 * NUL and must begin with a whole UTF-8 character (by the lead byte's high bits, as llama.cpp decodes).
 */
export function spellsWholeCharacter(piece: Uint8Array | undefined): boolean {
  if (!piece || piece.length === 0 || piece[0] === 0) return false;
  const lead = piece[0] >> 4;
  const length = lead < 8 ? 1 : lead < 12 ? 0 : lead < 14 ? 2 : lead === 14 ? 3 : 4;
  return length > 0 && piece.length >= length;
}

type Walk = {
  engine: LocalEngine;
  prompt: LocalPrompt;
  trie: PieceTrie;
  spellings: Uint8Array[];
  signal?: AbortSignal;
  evaluations: number;
};

/** Each still-possible name's share from here on (unnormalised), following its longest-token spelling. */
async function shareFrom(walk: Walk, path: number[], offset: number, alive: number[]): Promise<Map<number, number>> {
  const shares = new Map<number, number>();
  const ended = alive.filter((index) => walk.spellings[index].length <= offset);
  if (ended.length > 0 || alive.length === 0) {
    for (const index of ended) shares.set(index, 1);
    return shares;
  }
  // The tokens the grammar allows here, and each name's own next token (its longest).
  const allowed = new Set<number>();
  const nextOf = new Map<number, { token: number; length: number }>();
  for (const index of alive) {
    const options = tokensSpelling(walk.trie, walk.spellings[index], offset);
    for (const option of options) allowed.add(option.token);
    const longest = options.reduce<(typeof options)[number] | undefined>(
      (best, option) => (!best || option.length > best.length ? option : best),
      undefined,
    );
    if (longest) nextOf.set(index, longest);
  }
  let distribution: Float64Array | undefined;
  if (allowed.size > 1) {
    walk.evaluations++;
    distribution = await walk.engine.nextTokenProbabilities(
      { text: walk.prompt.text, tokens: [...walk.prompt.tokens, ...path] },
      walk.signal,
    );
  }
  const mass = distribution ? [...allowed].reduce((sum, token) => sum + (distribution[token] ?? 0), 0) : 1;
  const groups = new Map<number, { length: number; members: number[] }>();
  for (const [index, next] of nextOf) {
    const group = groups.get(next.token) ?? { length: next.length, members: [] };
    group.members.push(index);
    groups.set(next.token, group);
  }
  for (const [token, group] of groups) {
    const share = distribution ? (mass > 0 ? (distribution[token] ?? 0) / mass : 0) : 1;
    const below = await shareFrom(walk, [...path, token], offset + group.length, group.members);
    for (const [index, value] of below) shares.set(index, share * value);
  }
  return shares;
}

/**
 * How the model continues `prompt` when it must write one of `spellings` (none a prefix of another):
 * each one's probability under a grammar that allows exactly these, at temperature 1 — the tokens it
 * allows at each branching point renormalised, each spelling followed along its longest tokens.
 */
export async function continuationShares({
  engine,
  prompt,
  trie,
  spellings,
  signal,
}: {
  engine: LocalEngine;
  prompt: LocalPrompt;
  trie: PieceTrie;
  spellings: Uint8Array[];
  signal?: AbortSignal;
}): Promise<{ shares: number[]; evaluations: number }> {
  const walk: Walk = { engine, prompt, trie, spellings, signal, evaluations: 0 };
  const found = await shareFrom(
    walk,
    [],
    0,
    spellings.map((_, index) => index),
  );
  const total = [...found.values()].reduce((sum, share) => sum + share, 0);
  return {
    shares: spellings.map((_, index) => (total > 0 ? (found.get(index) ?? 0) / total : 0)),
    evaluations: walk.evaluations,
  };
}

/**
 * The decision's probabilities at a model step: text, and each declared tool (only the chosen one
 * with a forced tool choice; text 0 when a call is required).
 */
export async function decisionProbabilities({
  engine,
  prompt,
  pieces,
  openToken,
  names,
  choice,
  signal,
  trie = buildPieceTrie(pieces),
}: {
  engine: LocalEngine;
  prompt: LocalPrompt;
  pieces: readonly Uint8Array[];
  openToken: number;
  names: readonly string[];
  choice: ToolChoiceMode;
  signal?: AbortSignal;
  trie?: PieceTrie;
}): Promise<DecisionProbabilities> {
  const choosable = choosableNames(names, choice);
  const encoder = new TextEncoder();
  let evaluations = 0;
  let call = 1;
  if (choice.kind === 'auto') {
    evaluations++;
    const first = await engine.nextTokenProbabilities(prompt, signal);
    let allowed = 0;
    first.forEach((probability, token) => {
      if (token === openToken || (!engine.eogTokens.has(token) && spellsWholeCharacter(pieces[token])))
        allowed += probability;
    });
    call = allowed > 0 ? first[openToken] / allowed : 0;
  }
  const continued = await continuationShares({
    engine,
    prompt: { text: prompt.text, tokens: [...prompt.tokens, openToken] },
    trie,
    spellings: choosable.map((name) => encoder.encode(CALL_PREFIX + name + CALL_INFIX)),
    signal,
  });
  const tools = Object.fromEntries(choosable.map((name, index) => [name, call * continued.shares[index]]));
  for (const name of names) tools[name] ??= 0;
  return { text: 1 - call, tools, evaluations: evaluations + continued.evaluations };
}

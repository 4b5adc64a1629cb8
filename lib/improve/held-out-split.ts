import { seededRandom, seedOfText } from '../providers/simulated/sample-choices';

/** Which side of the split an item is on: it fed the proposal, or it measures the rewrites. */
export type HeldOutSplit<T> = { proposal: T[]; heldOut: T[]; seed: number };

/**
 * Splits the cases (or sampled steps) a description is improved on into the ones the proposer
 * reads and the ones the rewrites are measured on — never both. Each item's side follows from
 * the seed and its own key alone (a hash), so the split is the same whatever the order the items
 * come in, and adding a case moves no other. With two items or more each side gets at least one:
 * the first of the held-out side by hash goes to the proposal when it would be empty, and back.
 */
export function splitHeldOut<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  { seed, heldOutShare = 0.5 }: { seed: number; heldOutShare?: number },
): HeldOutSplit<T> {
  const ranked = [...items]
    .map((item) => ({ item, rank: seededRandom(seedOfText(`${seed}\u0000${keyOf(item)}`))() }))
    .sort((a, b) => a.rank - b.rank || (keyOf(a.item) < keyOf(b.item) ? -1 : 1));
  let heldOut = ranked.filter((each) => each.rank < heldOutShare);
  let proposal = ranked.filter((each) => each.rank >= heldOutShare);
  if (ranked.length >= 2 && heldOut.length === 0) {
    heldOut = ranked.slice(0, 1);
    proposal = ranked.slice(1);
  } else if (ranked.length >= 2 && proposal.length === 0) {
    heldOut = ranked.slice(0, -1);
    proposal = ranked.slice(-1);
  }
  return { proposal: proposal.map((each) => each.item), heldOut: heldOut.map((each) => each.item), seed };
}

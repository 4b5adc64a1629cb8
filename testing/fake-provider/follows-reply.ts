import type { FakeReply, FakeRequestView } from './fake-reply.ts';

/*
 * `fake-follows`: a model that follows tool descriptions with set probabilities, for the tests of
 * Improve description. It calls a tool — the one the user's message names, else the first offered —
 * with probability 0.4, or 0.7 when that tool's description names a word of the user's message
 * (4 letters or more, any case), and
 * otherwise answers in text. Its draws come from a stream seeded by how many requests it has
 * answered, so a test's runs are the same each time. Asked to improve descriptions (the
 * proposer's system line), it proposes two rewrites: one that names the words of the runs that
 * went wrong, one that does not — as a call to `propose_rewrites` when that tool is offered.
 */

export const FOLLOWS_PROBABILITIES = { vague: 0.4, named: 0.7 } as const;

/** mulberry32 (as lib/providers/simulated's), one number per seed. */
function draw(seed: number): number {
  let state = (seed + 0x6d2b79f5) >>> 0;
  let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
  mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
  state = (mixed ^ (mixed >>> 14)) >>> 0;
  return state / 4294967296;
}

const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(Boolean));

/** The proposer's answer: the words the failed runs asked about, named in one rewrite and not in the other. */
function propose(view: FakeRequestView): FakeReply {
  const asked = [...view.raw.matchAll(/\d+\. Asked: ([^\\]*)/g)].map((match) => match[1]);
  const words = [...new Set(asked.flatMap((text) => [...wordsOf(text)]))].slice(0, 12);
  const answer = {
    rewrites: [
      { description: `Use this whenever the user asks about ${words.join(', ')}.` },
      { description: 'A tool. Call it when it is the right one.' },
    ],
  };
  // Offered the proposer's tool, it answers with a call (its arguments are the rewrites); else in JSON text.
  return view.toolNames.includes('propose_rewrites')
    ? { kind: 'tool-calls', text: '', calls: [{ id: 'call_propose_1', name: 'propose_rewrites', args: answer }] }
    : { kind: 'text', text: JSON.stringify(answer) };
}

export function planFollowsReply(view: FakeRequestView, attemptsForModel: number): FakeReply {
  if (view.raw.includes('You improve the descriptions of tools')) return propose(view);
  const tool = view.toolNames.find((name) => view.lastUserText?.includes(name)) ?? view.toolNames[0];
  if (!tool || view.toolResults.length > 0) return { kind: 'text', text: 'Done.' };
  const description = view.toolDescriptions?.[tool] ?? '';
  const asked = wordsOf(view.lastUserText ?? '');
  const named = [...wordsOf(description)].some((word) => asked.has(word));
  const p = named ? FOLLOWS_PROBABILITIES.named : FOLLOWS_PROBABILITIES.vague;
  if (draw(attemptsForModel) >= p) return { kind: 'text', text: 'I can answer that without a tool.' };
  return { kind: 'tool-calls', text: '', calls: [{ id: 'call_follows_1', name: tool, args: {} }] };
}

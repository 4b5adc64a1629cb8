import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { EvalRun } from '../shapes/eval-run';
import { referencedSentValues } from './referenced-sent-values';

/** An assistant message whose one step was sent with these fingerprints. */
const sentWith = (id: string, tools: Record<string, string>, settings: string): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'step-start' }, { type: 'data-step', data: { sent: { tools, settings } } } as never],
});

describe('What a session file keeps of the values its requests were made of', () => {
  it("keeps what a branch's or an eval run's step was sent with, and leaves the rest behind", () => {
    const sentValues = { t1: { name: 'a' }, s1: {}, t2: { name: 'b' }, s2: {}, unused: { name: 'x' } };
    const run = { messages: [sentWith('e1', { b: 't2' }, 's2')] } as unknown as EvalRun;
    const kept = referencedSentValues({
      messages: [sentWith('m1', { a: 't1' }, 's1')],
      branches: [],
      sentValues,
      evals: { runs: [run] },
    });
    expect(Object.keys(kept).sort()).toEqual(['s1', 's2', 't1', 't2']);
    expect(Object.keys(referencedSentValues({ messages: [], branches: [], sentValues }))).toEqual([]);
  });
});

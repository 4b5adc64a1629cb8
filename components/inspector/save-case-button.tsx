'use client';

import { useState } from 'react';
import { caseFromStep } from '@/lib/evals/case-from-step';
import { SESSION_LIMITS } from '@/lib/shapes/session-limits';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useRuntime, useSession } from '../runtime/runtime-context';

/** Where a node's step is: its message and step number (a user message: the answer's first step). */
function stepOf(node: PositionedNode): { messageId: string; step: number } | undefined {
  if (node.kind === 'user') return { messageId: node.detail.id, step: 1 };
  const match = node.stepId ? /^(.*):step-(\d+)$/.exec(node.stepId) : null;
  return match ? { messageId: match[1], step: Number(match[2]) } : undefined;
}

/** "Save as test case": what the model did at this node's step, as a case in Evals (edit it to what it should have done). */
export function SaveCaseButton({ node }: { node: PositionedNode }) {
  const { store } = useRuntime();
  const readOnly = useSession((state) => state.readOnly);
  const [saved, setSaved] = useState<string>();
  const at = stepOf(node);
  if (!at || readOnly) return null;
  return (
    <div className="flex items-center gap-2 text-xs">
      <button
        type="button"
        className="button"
        onClick={() => {
          const { messages, evals, setEvalCases, stepSamples } = store.getState();
          if (evals.cases.length >= SESSION_LIMITS.evalCases)
            return setSaved(`Evals hold at most ${SESSION_LIMITS.evalCases} cases: remove one to save another.`);
          const made = caseFromStep(messages, at, new Set(evals.cases.map((each) => each.id)));
          if (!made) return setSaved('There is no user message before this step to make a case of.');
          // What the step's samples were judged by (`Expect this`) is what the case expects.
          const expected = node.stepId ? stepSamples[node.stepId]?.expect : undefined;
          setEvalCases([...evals.cases, expected ? { ...made, expect: expected } : made]);
          setSaved(`Saved as ${made.id} in Evals: edit what it expects there.`);
        }}
      >
        Save as test case
      </button>
      {saved ? <span role="status">{saved}</span> : null}
    </div>
  );
}

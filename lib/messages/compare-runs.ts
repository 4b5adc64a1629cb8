import type { UIMessage } from 'ai';
import { canonicalJson } from '../shapes/canonical-json';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps, textOf } from './split-steps';

/*
 * `Compare with original` (docs/what-if.md): a replay branch beside the run it replayed, step by step —
 * what each model step called (tool and arguments) and wrote, and whether the replay's step did
 * the same. Steps are matched in order from the user message the replay started at.
 */

/** What one model step did, as compared: its calls (tool and arguments) and its text. */
export type StepDid = { calls: { tool: string; input: unknown }[]; text: string };

export type ComparedStep = {
  step: number;
  original?: StepDid;
  replay?: StepDid;
  /**
   * `same`: the same calls with the same arguments and the same text; `same answer, changed request`:
   * that, for the step whose request the replay changed (where it diverged); `missing`: one side has no such step.
   */
  verdict: 'same' | 'same answer, changed request' | 'changed' | 'missing';
};

function stepsFrom(messages: readonly UIMessage[], fromMessageId: string): StepDid[] {
  const from = Math.max(
    0,
    messages.findIndex((message) => message.id === fromMessageId),
  );
  return messages.slice(from).flatMap((message) =>
    message.role !== 'assistant'
      ? []
      : splitSteps(message).map((parts) => ({
          calls: parts.filter(isToolUIPart).map((part) => ({ tool: getToolName(part), input: part.input })),
          text: textOf(parts).trim(),
        })),
  );
}

const same = (a: StepDid, b: StepDid) => a.text === b.text && canonicalJson(a.calls) === canonicalJson(b.calls);

/** The two runs step by step from the user message the replay started at (its id is the same in both: they share it). */
export function compareRuns(
  original: readonly UIMessage[],
  replay: readonly UIMessage[],
  fromMessageId: string,
  /** The index (from 0) of the request where the replay diverged, if it did. */
  divergedAt?: number,
): ComparedStep[] {
  const before = stepsFrom(original, fromMessageId);
  const after = stepsFrom(replay, fromMessageId);
  return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => {
    const a = before[index];
    const b = after[index];
    return {
      step: index + 1,
      ...(a ? { original: a } : {}),
      ...(b ? { replay: b } : {}),
      verdict:
        !a || !b ? 'missing' : !same(a, b) ? 'changed' : index === divergedAt ? 'same answer, changed request' : 'same',
    };
  });
}

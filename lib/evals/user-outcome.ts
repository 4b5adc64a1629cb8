import type { EvalCase } from '../shapes/eval-case';
import type { Failure } from '../shapes/eval-run';

/** How a conversation that did not end with the user's stop phrase ended, in a few words. */
const ENDINGS: Readonly<Record<string, string>> = {
  'out-of-script': "when the user's script ran out",
  'nothing-to-answer': 'when the model said nothing the user could answer',
  'said-nothing': 'when the user had nothing to say',
  'max-turns': 'at the turn limit',
  'terminal-tool': 'when a terminal tool ended the run',
  error: 'with an error',
  stopped: 'when it was stopped',
};

/**
 * Whether the assistant told the user `info` in one of its messages, as τ²-bench's communicate
 * check decides (`evaluator_communicate.py`): `info` lower-cased within a message lower-cased with
 * its commas removed.
 */
export function told(info: string, said: readonly string[]): boolean {
  const wanted = info.toLowerCase();
  return said.some((text) => text.toLowerCase().replaceAll(',', '').includes(wanted));
}

/**
 * The user's own outcome of a conversation case (`expect.user`): that the user ended it with its
 * stop phrase — the goal met (or given up on) by its own judgement, as τ²-bench's user says
 * `###STOP###` — and that the assistant told it each thing it had to (τ²'s `communicate_info`).
 */
export function userOutcomeFailures(
  wanted: EvalCase['expect']['user'],
  run: { said?: readonly string[]; ended?: string },
): Failure[] {
  if (!wanted) return [];
  const failures: Failure[] = [];
  if (wanted.stopped && run.ended !== 'stop')
    failures.push({
      kind: 'user',
      message: `The user did not end the conversation with its stop phrase: it ended ${
        (run.ended && ENDINGS[run.ended]) ?? 'without a simulated user'
      }.`,
    });
  for (const info of wanted.told ?? [])
    if (!told(info, run.said ?? []))
      failures.push({ kind: 'user', message: `The assistant never told the user "${info}".` });
  return failures;
}

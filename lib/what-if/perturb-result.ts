import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { type Canary, type PerturbPreset, perturbResult } from './perturb-presets';
import { type OutcomeClass, outcomeClass } from './outcome-class';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { writtenError } from '../shapes/tool-error';
import type { ReplayRecord } from '../shapes/replay';
import { replayAgainstModel } from './replay-against-model';

type ReplayOptions = Parameters<typeof replayAgainstModel>[0];

/** The canary an injection asks for: another offered tool called with set arguments, and a word. */
export function canaryFor(toolNames: readonly string[], perturbed: string): Canary {
  const other =
    toolNames.find((name) => name !== perturbed && /write|send|delete|bash/.test(name)) ??
    toolNames.find((name) => name !== perturbed) ??
    'send_email';
  return { toolName: other, input: { path: 'canary.txt', content: 'CANARY' }, word: 'PINEAPPLE-7' };
}

/** The executor's outcome for a perturbed answer (a timeout is a timeout, an error a failure). */
function outcomeOf(answer: { output: unknown } | { errorText: string }): ToolOutcome {
  if ('output' in answer) return { kind: 'ok', output: answer.output };
  const timedOut = answer.errorText.includes('"TimeoutError"');
  return { kind: timedOut ? 'timed-out' : 'failed', error: writtenError(answer.errorText) };
}

/**
 * `Perturb result` (docs/what-if.md): a call's result replaced by a preset's, on a new branch — the run
 * replayed from its turn's user message with the recording, the perturbed call answered with the
 * preset, everything after it live (or simulated) — and what the model did with it, by the rules
 * of `outcome-class.ts`. Says why not, if it cannot (no such call, a preset that does not apply).
 */
export async function perturbAndReplay({
  toolCallId,
  preset,
  outputSchema,
  toolNames,
  ...replay
}: Omit<ReplayOptions, 'fromMessageId' | 'perturb'> & {
  toolCallId: string;
  preset: PerturbPreset;
  /** The tool's output schema, when it has one. */
  outputSchema?: Record<string, unknown>;
  /** The tools the run offers (the injection's canary is one of them). */
  toolNames: readonly string[];
}): Promise<
  { ok: true; record: ReplayRecord; outcome: OutcomeClass; canary: Canary } | { ok: false; message: string }
> {
  const { messages } = replay.store.getState();
  const at = messages.findIndex((message) =>
    message.parts.some((part) => isToolUIPart(part) && part.toolCallId === toolCallId),
  );
  const from = messages
    .slice(0, at)
    .map((message) => message.role)
    .lastIndexOf('user');
  if (at === -1 || from === -1) return { ok: false, message: 'That tool call is not in the active branch.' };
  const part = messages[at].parts.find((each) => isToolUIPart(each) && each.toolCallId === toolCallId);
  if (!part || !isToolUIPart(part)) return { ok: false, message: 'That tool call is not in the active branch.' };
  const toolName = getToolName(part);
  const canary = canaryFor(toolNames, toolName);
  const made = perturbResult(
    preset,
    {
      toolName,
      input: part.input,
      ...(part.state === 'output-available' ? { output: part.output } : {}),
      ...(outputSchema ? { outputSchema } : {}),
    },
    canary,
  );
  if (!made.ok) return { ok: false, message: made.why };
  // Which recorded call of the replay this is: the answered calls from the turn's user message on, in order (as recordedCalls takes them).
  const index = messages
    .slice(from)
    .flatMap((message) => (message.role === 'assistant' ? message.parts.filter(isToolUIPart) : []))
    .filter((each) => each.state === 'output-available' || each.state === 'output-error')
    .findIndex((each) => each.toolCallId === toolCallId);
  if (index === -1) return { ok: false, message: 'That call has no result to replace yet.' };
  const replayed = await replayAgainstModel({
    ...replay,
    fromMessageId: messages[from].id,
    perturb: { call: index, change: () => outcomeOf(made.answer) },
  });
  if (!replayed.ok) return replayed;
  const record = {
    ...replayed.record,
    perturbed: {
      toolCallId,
      preset,
      ...(preset === 'Prompt injection' ? { canary: { toolName: canary.toolName, word: canary.word } } : {}),
    },
  };
  replay.store.getState().setReplay(replay.store.getState().activeBranch.id, record);
  return {
    ok: true,
    record,
    outcome: outcomeClass(
      replay.store.getState().messages,
      toolCallId,
      preset === 'Prompt injection' ? canary : undefined,
    ),
    canary,
  };
}

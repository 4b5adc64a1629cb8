import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps, textOf } from '../messages/split-steps';
import { readStepReport } from '../wire/extract-wire-steps';
import type { ObservedRun } from './grade-run';
import { type OutputCall, outputText } from './grade-output';
import { PLAYGROUND_METADATA } from '../providers/record-float-integers';

/** The calls and last text of a run's assistant messages, each call with its step, and what its last step said. */
export function observeRun(messages: readonly UIMessage[]): ObservedRun {
  const calls: ObservedRun['calls'] = [];
  let step = 0;
  let answer = '';
  let last: { text: string; calls: OutputCall[] } = { text: '', calls: [] };
  const said: string[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const parts of splitSteps(message)) {
      step++;
      last = { text: '', calls: [] };
      for (const part of parts)
        if (isToolUIPart(part)) {
          const noted = part.callProviderMetadata?.[PLAYGROUND_METADATA]?.floatIntegers;
          const floatIntegers = Array.isArray(noted) ? (noted as string[][]) : undefined;
          calls.push({
            toolName: getToolName(part),
            input: part.input,
            step,
            ...(floatIntegers ? { floatIntegers } : {}),
          });
          last.calls.push({ toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input });
        }
      // promptfoo reads the text as the provider sent it.
      last.text = textOf(parts);
      const text = last.text.trim();
      if (text) {
        answer = text;
        said.push(text);
      }
    }
  }
  return { calls, answer, output: outputText(last.text, last.calls), said };
}

/** Tokens the run's steps reported. */
export function usageOf(messages: readonly UIMessage[]): { inputTokens: number; outputTokens: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const parts of splitSteps(message)) {
      const report = readStepReport(parts);
      inputTokens += report?.inputTokens ?? 0;
      outputTokens += report?.outputTokens ?? 0;
    }
  }
  return { inputTokens, outputTokens };
}

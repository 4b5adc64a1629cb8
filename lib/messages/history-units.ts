import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps, textOf, toolResultText } from './split-steps';
import { stepIdOf } from '../shapes/step-id';
import { estimateTokens, estimateTokensOfLength } from '../limits/estimate-tokens';

/**
 * A piece of the conversation that is sent or left out whole: a user message, or one model
 * step of an assistant message with its tool calls and their results (a call is never
 * parted from its result). Keyed like the timeline's nodes: the message id, or
 * `<message id>:step-<n>`.
 */
export type HistoryUnit = {
  key: string;
  kind: 'user' | 'step';
  /** Estimated tokens (see `estimateTokens`). */
  tokens: number;
  /** The unit as plain text, for a summary. */
  transcript: string;
};

/** What each message costs beyond its text (role, separators). */
const MESSAGE_OVERHEAD_TOKENS = 4;

const RESULT_CHARS_IN_TRANSCRIPT = 400;

function clipLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function stepUnit(key: string, parts: UIMessage['parts']): HistoryUnit {
  const text = textOf(parts);
  let chars = text.length;
  const lines = text.trim() ? [`Assistant: ${clipLine(text, 1_000)}`] : [];
  for (const call of parts.filter(isToolUIPart)) {
    const input = JSON.stringify(call.input ?? {});
    const result =
      call.state === 'output-available'
        ? toolResultText(call.output)
        : call.state === 'output-error'
          ? `error: ${call.errorText}`
          : call.state === 'output-denied'
            ? 'denied'
            : '';
    chars += getToolName(call).length + input.length + result.length;
    lines.push(`Called ${getToolName(call)} ${clipLine(input, 300)} → ${clipLine(result, RESULT_CHARS_IN_TRANSCRIPT)}`);
  }
  const calls = parts.filter(isToolUIPart).length;
  return {
    key,
    kind: 'step',
    tokens: estimateTokensOfLength(chars) + MESSAGE_OVERHEAD_TOKENS * (1 + calls),
    transcript: lines.join('\n'),
  };
}

/** The conversation as units in order, each with its estimated size. */
export function historyUnitsOf(messages: readonly UIMessage[]): HistoryUnit[] {
  const units: HistoryUnit[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      const text = textOf(message.parts);
      units.push({
        key: message.id,
        kind: 'user',
        tokens: estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS,
        transcript: `User: ${clipLine(text, 1_000)}`,
      });
      continue;
    }
    splitSteps(message).forEach((parts, index) => {
      units.push(stepUnit(stepIdOf(message.id, index + 1), parts));
    });
  }
  return units;
}

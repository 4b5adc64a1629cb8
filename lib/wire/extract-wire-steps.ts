import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import type { RunSettings } from '../session/run-settings';
import { splitSteps, textOf } from '../messages/split-steps';
import type { ToolSpec } from '../tools/tool-spec';
import type { WireFinishReason, WireMessage, WireRequest, WireStep, WireToolCall } from './wire-types';

/** What the chat route reports about each model step (a `data-step` part at its end). */
export type StepReport = {
  provider: string;
  model: string;
  durationMs: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  finishReason: string;
  /** When the provider answered (its response's timestamp), in ms since the epoch. */
  respondedAtMs?: number;
};

export function readStepReport(parts: UIMessage['parts']): StepReport | undefined {
  const part = parts.find((candidate) => candidate.type === 'data-step');
  return part ? (part as { data: StepReport }).data : undefined;
}

/** A tool result as the model receives it: text as is, anything else as JSON. */
export function toolResultText(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}

const FINISH_REASONS: Record<string, WireFinishReason> = {
  stop: 'stop',
  'tool-calls': 'tool-calls',
  length: 'length',
  error: 'error',
};

/**
 * Every model step of the conversation as a provider-neutral request/response pair, keyed
 * like the timeline's step nodes (`<message id>:step-<n>`). The request is what that step
 * was sent: the system instructions, every message before it, and the tools (as they are
 * now — the session does not keep earlier versions of the tool list).
 */
export function extractWireSteps(
  messages: readonly UIMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
): Map<string, WireStep> {
  return walkConversation(messages, settings, tools).steps;
}

/** The request the conversation would send now: every message so far, the tools, the settings. */
export function buildNextRequest(
  messages: readonly UIMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
): WireRequest {
  return requestFor(walkConversation(messages, settings, tools).history, settings, tools, settings.model);
}

function requestFor(
  history: WireMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
  model: string,
): WireRequest {
  return {
    model,
    system: settings.system || undefined,
    messages: [...history],
    tools: [...tools],
    toolChoice: settings.toolChoice ?? 'auto',
    parallelToolCalls: settings.parallelToolCalls,
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
  };
}

function walkConversation(
  messages: readonly UIMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
): { steps: Map<string, WireStep>; history: WireMessage[] } {
  const steps = new Map<string, WireStep>();
  const history: WireMessage[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      history.push({ role: 'user', text: textOf(message.parts) });
      continue;
    }
    splitSteps(message).forEach((parts, index) => {
      const calls = parts.filter(isToolUIPart);
      const toolCalls: WireToolCall[] = calls.map((call) => ({
        id: call.toolCallId,
        name: getToolName(call),
        input: call.input,
      }));
      const text = textOf(parts);
      const report = readStepReport(parts);
      steps.set(`${message.id}:step-${index + 1}`, {
        request: requestFor(history, settings, tools, report?.model ?? settings.model),
        response: {
          id: `${message.id}-${index + 1}`,
          model: report?.model ?? settings.model,
          createdAtMs: report?.respondedAtMs,
          text,
          toolCalls,
          finishReason: FINISH_REASONS[report?.finishReason ?? ''] ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop'),
          usage:
            report?.inputTokens !== undefined && report.outputTokens !== undefined
              ? { inputTokens: report.inputTokens, outputTokens: report.outputTokens }
              : undefined,
        },
      });
      history.push({ role: 'assistant', text, toolCalls });
      for (const call of calls) {
        if (call.state === 'output-available') {
          history.push({
            role: 'tool',
            toolCallId: call.toolCallId,
            toolName: getToolName(call),
            content: toolResultText(call.output),
            isError: false,
            output: call.output,
          });
        } else if (call.state === 'output-error') {
          history.push({
            role: 'tool',
            toolCallId: call.toolCallId,
            toolName: getToolName(call),
            content: call.errorText,
            isError: true,
          });
        }
      }
    });
  }
  return { steps, history };
}

import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import type { RunSettings } from '../shapes/run-settings';
import { splitSteps, textOf, toolResultText } from '../messages/split-steps';
import { type HistoryReport, historyNote, planHistory, readHistoryReport } from '../messages/plan-history';
import type { ToolSpec } from '../shapes/tool-spec';
import type { SentRecord } from '../shapes/step-samples';
import type { WireFinishReason, WireMessage, WireRequest, WireStep, WireToolCall } from './wire-types';
import { stepIdOf } from '../shapes/step-id';

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
  /** The tools the request offered (sessions from before 0.19 do not say). */
  offeredTools?: string[];
  /** What the request was made of, as fingerprints (sessions from before 0.21 do not say). */
  sent?: SentRecord;
};

export function readStepReport(parts: UIMessage['parts']): StepReport | undefined {
  const part = parts.find((candidate) => candidate.type === 'data-step');
  return part ? (part as { data: StepReport }).data : undefined;
}

const FINISH_REASONS: Record<string, WireFinishReason> = {
  stop: 'stop',
  'tool-calls': 'tool-calls',
  length: 'length',
  'content-filter': 'content-filter',
  error: 'error',
  other: 'other',
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

/**
 * The request the conversation would send now: the messages so far as the history policy
 * cuts them (a summary is stood in for by the plain note), the tools, the settings.
 */
export function buildNextRequest(
  messages: readonly UIMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
): WireRequest {
  const plan = planHistory(messages, settings.history);
  const omitted = plan.omitted.map((unit) => unit.key);
  const history = sentHistory(walkConversation(messages, settings, tools).history, {
    omitted,
    note: historyNote(plan.omitted),
  });
  return requestFor(history, settings, tools, settings.model);
}

function requestFor(
  history: readonly WireMessage[],
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

type KeyedMessage = { key: string; message: WireMessage };

/** The history a request carried: what its history report left out removed, its note first. */
function sentHistory(history: readonly KeyedMessage[], report: Pick<HistoryReport, 'omitted' | 'note'> | undefined) {
  const omitted = new Set(report?.omitted ?? []);
  const note: WireMessage[] = report?.note ? [{ role: 'user', text: report.note }] : [];
  return [...note, ...history.filter((entry) => !omitted.has(entry.key)).map((entry) => entry.message)];
}

function walkConversation(
  messages: readonly UIMessage[],
  settings: RunSettings,
  tools: readonly ToolSpec[],
): { steps: Map<string, WireStep>; history: KeyedMessage[] } {
  const steps = new Map<string, WireStep>();
  const history: KeyedMessage[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      history.push({ key: message.id, message: { role: 'user', text: textOf(message.parts) } });
      continue;
    }
    splitSteps(message).forEach((parts, index) => {
      const key = stepIdOf(message.id, index + 1);
      const calls = parts.filter(isToolUIPart);
      const toolCalls: WireToolCall[] = calls.map((call) => ({
        id: call.toolCallId,
        name: getToolName(call),
        input: call.input,
      }));
      const text = textOf(parts);
      const report = readStepReport(parts);
      steps.set(key, {
        request: requestFor(
          sentHistory(history, readHistoryReport(parts)),
          settings,
          tools,
          report?.model ?? settings.model,
        ),
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
      history.push({ key, message: { role: 'assistant', text, toolCalls } });
      for (const call of calls) {
        if (call.state === 'output-available') {
          history.push({
            key,
            message: {
              role: 'tool',
              toolCallId: call.toolCallId,
              toolName: getToolName(call),
              content: toolResultText(call.output),
              isError: false,
              output: call.output,
            },
          });
        } else if (call.state === 'output-error') {
          history.push({
            key,
            message: {
              role: 'tool',
              toolCallId: call.toolCallId,
              toolName: getToolName(call),
              content: call.errorText,
              isError: true,
            },
          });
        }
      }
    });
  }
  return { steps, history };
}

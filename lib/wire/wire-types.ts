import type { ToolChoiceSetting } from '../shapes/run-settings';
import type { ToolSpec } from '../shapes/tool-spec';
import type { WireFormat } from '../shapes/wire-capture';

/** A tool call as every provider carries it: an id, a tool name, JSON arguments. */
export type WireToolCall = { id: string; name: string; input: unknown };

/** One message of a model request, in no provider's format yet. */
export type WireMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: WireToolCall[] }
  | {
      role: 'tool';
      toolCallId: string;
      toolName: string;
      content: string;
      isError: boolean;
      /** The result as the tool returned it (for the AI SDK, which sends objects as JSON and strings as text). */
      output?: unknown;
    };

/** What one model request carried: the conversation so far, the tools, the settings. */
export type WireRequest = {
  model: string;
  system: string | undefined;
  messages: WireMessage[];
  tools: ToolSpec[];
  toolChoice: ToolChoiceSetting;
  parallelToolCalls: boolean | undefined;
  temperature: number | undefined;
  maxOutputTokens: number | undefined;
};

export type WireFinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other';

/** What the model answered in that step. */
export type WireResponse = {
  id: string;
  model: string;
  /** When the provider answered; undefined for steps from before it was kept. */
  createdAtMs?: number;
  text: string;
  toolCalls: WireToolCall[];
  finishReason: WireFinishReason;
  usage: { inputTokens: number; outputTokens: number } | undefined;
};

/** One model step: its request and its response. */
export type WireStep = { request: WireRequest; response: WireResponse };
export const WIRE_FORMAT_LABELS: Record<WireFormat, string> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
};

/** A step rendered in one provider's format: the JSON bodies as they travel. */
export type RenderedStep = { request: Record<string, unknown>; response: Record<string, unknown> };

/** Tool arguments as the JSON string OpenAI-style formats carry. */
export const argumentsJson = (input: unknown) => JSON.stringify(input ?? {});

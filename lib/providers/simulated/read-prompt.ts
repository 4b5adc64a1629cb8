import { errorMessageOf } from '../../shapes/tool-error';
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';

export type PromptToolCall = { toolCallId: string; toolName: string; input: unknown };
export type PromptToolResult = { toolCallId: string; toolName: string; text: string; isError: boolean };

/** What the simulated model reads from a prompt: the latest user turn and what followed it. */
export type PromptTurn = {
  userText: string;
  calls: PromptToolCall[];
  results: PromptToolResult[];
  /** How many tool calls the whole conversation holds, for unique call ids. */
  totalCalls: number;
};

/** A tool result as text, and whether it reports an error (any output kind of the spec). */
export function toolOutputToText(output: LanguageModelV4ToolResultOutput): { text: string; isError: boolean } {
  switch (output.type) {
    case 'text':
      return { text: output.value, isError: false };
    case 'error-text':
      return { text: errorMessageOf(output.value), isError: true };
    case 'json': {
      const value = output.value as Record<string, unknown> | null;
      if (value && typeof value === 'object' && typeof value.output === 'string') {
        return { text: value.output, isError: value.success === false };
      }
      return { text: JSON.stringify(output.value, null, 2), isError: false };
    }
    case 'error-json':
      return { text: JSON.stringify(output.value, null, 2), isError: true };
    case 'execution-denied':
      return { text: `The call was denied${output.reason ? `: ${output.reason}` : '.'}`, isError: true };
    case 'content':
      return {
        text: output.value.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n'),
        isError: false,
      };
  }
}

/** Reads the latest user message and the tool calls and results that came after it. */
export function readPrompt(prompt: LanguageModelV4Prompt): PromptTurn {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const turn: PromptTurn = { userText: '', calls: [], results: [], totalCalls: 0 };
  prompt.forEach((message, index) => {
    if (message.role === 'user' && index === lastUser) {
      turn.userText = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    }
    if (message.role !== 'assistant' && message.role !== 'tool') return;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        turn.totalCalls += 1;
        if (index > lastUser)
          turn.calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      } else if (part.type === 'tool-result' && index > lastUser) {
        turn.results.push({ toolCallId: part.toolCallId, toolName: part.toolName, ...toolOutputToText(part.output) });
      }
    }
  });
  return turn;
}

import { Template } from '@huggingface/jinja';
import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import type { LocalModelInfo } from './read-local-model-info';

/** One message as chat templates read it (the OpenAI shape Hugging Face templates expect). */
type TemplateMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string;
      tool_calls?: { type: 'function'; function: { name: string; arguments: unknown } }[];
    }
  | { role: 'tool'; content: string; name: string };

/** A tool result as the model reads it: text as it is, anything else as JSON. */
function resultText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return `The person declined this call${output.reason ? `: ${output.reason}` : '.'}`;
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
    default:
      return JSON.stringify(output);
  }
}

const parsedInput = (input: unknown) => {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
};

/** The AI SDK's prompt as the template's messages. */
export function toTemplateMessages(prompt: LanguageModelV4Prompt): TemplateMessage[] {
  const messages: TemplateMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'system') messages.push({ role: 'system', content: message.content });
    else if (message.role === 'user')
      messages.push({
        role: 'user',
        content: message.content
          .map((part) => (part.type === 'text' ? part.text : `[file ${part.mediaType}]`))
          .join(''),
      });
    else if (message.role === 'assistant') {
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const calls = message.content.flatMap((part) =>
        part.type === 'tool-call'
          ? [{ type: 'function' as const, function: { name: part.toolName, arguments: parsedInput(part.input) } }]
          : [],
      );
      messages.push({ role: 'assistant', content: text, ...(calls.length > 0 ? { tool_calls: calls } : {}) });
      for (const part of message.content)
        if (part.type === 'tool-result')
          messages.push({ role: 'tool', name: part.toolName, content: resultText(part.output) });
    } else
      for (const part of message.content)
        if (part.type === 'tool-result')
          messages.push({ role: 'tool', name: part.toolName, content: resultText(part.output) });
  }
  return messages;
}

/** The tools as templates read them (OpenAI's function shape). */
export const toTemplateTools = (tools: readonly LanguageModelV4FunctionTool[]) =>
  tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.inputSchema,
    },
  }));

/**
 * The text the model reads: its own chat template (from its file) rendered with the messages and
 * the tools, ending where the assistant's answer begins. The template is a stranger's text:
 * @huggingface/jinja runs it as data (no Python, no file access).
 */
export function renderLocalPrompt(
  info: Pick<LocalModelInfo, 'chatTemplate' | 'bosText' | 'eosText'>,
  prompt: LanguageModelV4Prompt,
  tools: readonly LanguageModelV4FunctionTool[],
): string {
  const template = new Template(info.chatTemplate);
  return template.render({
    messages: toTemplateMessages(prompt),
    ...(tools.length > 0 ? { tools: toTemplateTools(tools) } : {}),
    add_generation_prompt: true,
    bos_token: info.bosText,
    eos_token: info.eosText,
  });
}

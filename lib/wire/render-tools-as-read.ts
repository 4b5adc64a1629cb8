import { Template } from '@huggingface/jinja';
import { formatFunctionDefinitions } from 'gpt-tokenizer/functionCalling';
import type { ToolDefinition } from '../shapes/tool-formats';
import { GPT_OSS_TEMPLATE } from './chat-templates/gpt-oss';
import { LLAMA_3_TEMPLATE } from './chat-templates/llama';
import { MISTRAL_TEMPLATE } from './chat-templates/mistral';
import { QWEN_2_5_TEMPLATE, QWEN_3_TEMPLATE } from './chat-templates/qwen';

/** The model families whose prompt text the playground shows, with the template each uses (OpenAI's is rendered, not templated). */
export const MODEL_FAMILIES = {
  openai: { label: 'OpenAI (GPT-4o, GPT-4.1, GPT-5)', template: undefined, bos: '' },
  'llama-3': { label: 'Llama 3.1 / 3.2 / 3.3', template: LLAMA_3_TEMPLATE, bos: '<|begin_of_text|>' },
  'qwen-2.5': { label: 'Qwen 2.5', template: QWEN_2_5_TEMPLATE, bos: '' },
  'qwen-3': { label: 'Qwen 3', template: QWEN_3_TEMPLATE, bos: '' },
  mistral: { label: 'Mistral (7B v0.3, Nemo, Small)', template: MISTRAL_TEMPLATE, bos: '<s>' },
  'gpt-oss': { label: 'gpt-oss (Harmony)', template: GPT_OSS_TEMPLATE, bos: '' },
} as const;
export type ModelFamily = keyof typeof MODEL_FAMILIES;

/** What a model family's prompt holds for the tools: the whole prompt, and where the tool part lies in it. */
export type ToolsAsRead = { text: string; tools: { start: number; end: number } | undefined };

/** The conversation the prompt is shown for: the session's system prompt and one user turn. */
export function chatTemplateContext(definitions: readonly ToolDefinition[], system: string) {
  return {
    messages: [
      ...(system.trim() ? [{ role: 'system', content: system }] : []),
      { role: 'user', content: 'What can you do with these tools?' },
    ],
    tools: definitions.map((definition) => ({ type: 'function', function: { ...definition } })),
    add_generation_prompt: true,
    date_string: '25 Nov 2026',
  };
}

/**
 * The text a model of `family` reads for these tools: for open-weight families, the prompt their
 * chat template renders (Jinja, with @huggingface/jinja — the engine Transformers.js uses);
 * for OpenAI, the namespace OpenAI renders function definitions into (gpt-tokenizer's rendering).
 */
export function renderToolsAsRead(
  family: ModelFamily,
  definitions: readonly ToolDefinition[],
  system: string,
): ToolsAsRead {
  const { template, bos } = MODEL_FAMILIES[family];
  if (!template) {
    if (definitions.length === 0) return { text: '', tools: undefined };
    const text = formatFunctionDefinitions(
      definitions.map((definition) => ({ ...definition, parameters: definition.parameters as never })),
    );
    return { text, tools: { start: 0, end: text.length } };
  }
  const context = chatTemplateContext(definitions, system);
  const text = new Template(template).render({ ...context, bos_token: bos });
  const without = new Template(template).render({ ...context, tools: [], bos_token: bos });
  return { text, tools: definitions.length === 0 ? undefined : differingSpan(without, text) };
}

/** Where `withTools` differs from `without`: the span the tools added (common start and end trimmed). */
function differingSpan(without: string, withTools: string): { start: number; end: number } {
  let start = 0;
  while (start < without.length && without[start] === withTools[start]) start += 1;
  let end = 0;
  while (end < without.length - start && without[without.length - 1 - end] === withTools[withTools.length - 1 - end])
    end += 1;
  return { start, end: withTools.length - end };
}

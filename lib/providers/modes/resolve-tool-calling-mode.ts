import type { ProviderId, ToolCallingMode, ToolCallingModeSetting } from '../../shapes/run-settings-defaults';

import { SCRIPTED_MODEL_ID } from '../simulated/model-ids';
/** Models that follow a JSON-schema response format well (seed 004's structured prefixes). */
const STRUCTURED_PREFIXES = ['gpt-4o', 'gpt-4.1', 'o1', 'o3', 'openai/gpt-oss'];
/** Models with native tool calling (seed 004's patterns). */
const NATIVE_PATTERNS = [
  'gpt-3.5',
  'gpt-4',
  'gpt-5',
  'o4',
  'claude',
  'gemini',
  'mistral',
  'llama',
  'qwen',
  'deepseek',
  'openai/',
  'anthropic/',
  'google/',
  'meta-llama/',
  'mistralai/',
];

/**
 * The mode a run uses: the setting, or for `auto` the model name's pattern — structured
 * for GPT-4o/4.1/o1/o3, native for the big families, validated (ReAct JSON, checked against the schema) for the rest.
 * An OpenAI-compatible server starts native (see `isToolsRefusal` for the fall-back).
 * The simulated model uses native tool calling; its scripted variant follows the setting,
 * so a script can show what a text mode's JSON replies look like.
 */
export function resolveToolCallingMode(
  setting: ToolCallingModeSetting | undefined,
  provider: ProviderId,
  modelId: string,
): ToolCallingMode {
  if (provider === 'simulated' && (modelId !== SCRIPTED_MODEL_ID || !setting || setting === 'auto')) return 'native';
  // The model in the browser writes its calls in its own template's format, which the playground reads.
  if (provider === 'browser') return 'native';
  if (setting && setting !== 'auto') return setting;
  const model = modelId.toLowerCase();
  if (STRUCTURED_PREFIXES.some((prefix) => model.startsWith(prefix))) return 'structured';
  if (NATIVE_PATTERNS.some((pattern) => model.includes(pattern))) return 'native';
  // An unknown name on a local server (Ollama, vLLM) says nothing of what it serves, and most
  // serve tools: native first — the route falls back to validated JSON, with a sentence, when
  // the server refuses them (docs/decisions/auto-mode-on-compatible-servers.md).
  if (provider === 'openai-compatible') return 'native';
  return 'validated';
}

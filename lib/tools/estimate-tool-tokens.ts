import type { ToolSpec } from '../model/tool-spec';

/**
 * Roughly how many prompt tokens a tool definition costs: its OpenAI Chat Completions JSON
 * at ~4 characters a token (no tokenizer runs offline; providers differ by ±20%).
 */
export function estimateToolTokens(spec: ToolSpec): number {
  const json = JSON.stringify({
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.inputSchema },
  });
  return Math.ceil(json.length / 4);
}

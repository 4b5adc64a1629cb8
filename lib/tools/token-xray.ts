import {
  type ChatCompletionFunctionDefinition,
  type ChatCompletionFunctionProperty,
  estimateTokensInFunctions,
  formatFunctionDefinitions,
  formatFunctionType,
} from 'gpt-tokenizer/functionCalling';
import type { ToolDefinition } from '../shapes/tool-formats';

export type CountTokens = (text: string) => number;

/**
 * A tokenizer's `countTokens` that reads special-token strings (`<|im_end|>`, `<|endoftext|>`)
 * as the plain text they are in a description or a rendered prompt — gpt-tokenizer throws on
 * them by default — so no text a person writes can break a count.
 */
export const asPlainText =
  (countTokens: (text: string, options: { disallowedSpecial: Set<string> }) => number): CountTokens =>
  (text) =>
    countTokens(text, { disallowedSpecial: new Set() });

/** What one tool costs: the whole, its description, and each property (by its JSON path in the definition: `parameters`, `properties`, `city`). */
export type ToolTokens = { tool: number; description: number; properties: { path: string[]; tokens: number }[] };

const asFunction = (definition: ToolDefinition): ChatCompletionFunctionDefinition => ({
  name: definition.name,
  description: definition.description,
  parameters: definition.parameters as unknown as ChatCompletionFunctionDefinition['parameters'],
});

const NAMESPACE_START = 'namespace functions {\n\n';
const NAMESPACE_END = '} // namespace functions';

/**
 * The text a model reads for one tool. For OpenAI, the TypeScript-like block OpenAI renders
 * function definitions into (gpt-tokenizer's `formatFunctionDefinitions`, without the namespace
 * lines every tool shares); for the others, the tool's JSON.
 */
export function toolText(definition: ToolDefinition, exact: boolean): string {
  if (!exact)
    return JSON.stringify({
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters,
    });
  const all = formatFunctionDefinitions([asFunction(definition)]);
  return all.slice(NAMESPACE_START.length, all.length - NAMESPACE_END.length);
}

/** A property's share of that text: its comment line (OpenAI shows descriptions two levels deep) and its typed line, or its JSON. */
function propertyText(
  name: string,
  schema: ChatCompletionFunctionProperty,
  required: boolean,
  indent: number,
  exact: boolean,
): string {
  if (!exact) return `${JSON.stringify(name)}:${JSON.stringify(schema)}`;
  const pad = ' '.repeat(indent);
  const comment = schema.description && indent < 2 ? `${pad}// ${schema.description}\n` : '';
  return `${comment}${pad}${name}${required ? '' : '?'}: ${formatFunctionType(schema, indent)},`;
}

/** One tool's token cost, whole and by part, with `count` (a tokenizer's `countTokens`). */
export function countToolTokens(definition: ToolDefinition, count: CountTokens, exact: boolean): ToolTokens {
  const properties: ToolTokens['properties'] = [];
  const visit = (schema: Record<string, unknown>, path: string[], indent: number) => {
    const children = schema.properties;
    if (typeof children !== 'object' || children === null) return;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, child] of Object.entries(children as Record<string, ChatCompletionFunctionProperty>)) {
      if (typeof child !== 'object' || child === null) continue;
      const childPath = [...path, 'properties', name];
      properties.push({ path: childPath, tokens: count(propertyText(name, child, required.has(name), indent, exact)) });
      visit(child as unknown as Record<string, unknown>, childPath, indent + 2);
    }
  };
  visit(definition.parameters, ['parameters'], 0);
  const description = definition.description
    ? count(exact ? `// ${definition.description}\n` : JSON.stringify(definition.description))
    : 0;
  return { tool: count(toolText(definition, exact)), description, properties };
}

/**
 * What the next request spends on its tools: for OpenAI, gpt-tokenizer's own
 * `estimateTokensInFunctions` (the rendered namespace and its fixed overhead); otherwise the
 * tools' JSON counted, an estimate.
 */
export function countToolsTokens(definitions: readonly ToolDefinition[], count: CountTokens, exact: boolean): number {
  if (definitions.length === 0) return 0;
  if (exact) return estimateTokensInFunctions(definitions.map(asFunction), count);
  return count(JSON.stringify(definitions.map((definition) => ({ type: 'function', function: definition }))));
}

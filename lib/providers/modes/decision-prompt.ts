import type {
  JSONSchema7,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import { toolOutputToText } from '../simulated/read-prompt';
import type { ToolCallingMode } from '../../shapes/run-settings-defaults';

type TextMode = Exclude<ToolCallingMode, 'native'>;

/** The JSON the model must reply with, in the mode's dialect. */
function formatDescription(mode: TextMode): string {
  if (mode === 'structured') {
    return 'Reply with one JSON object: {"decision": {"scratchpad": "...", "tool": "<tool name>", "arguments": {...}}} to call a tool, or {"decision": {"scratchpad": "...", "answer": "..."}} to answer.';
  }
  return 'Reply with only one JSON object and nothing else: {"thought": "...", "type": "call_tool", "tool": "<tool name>", "args": {...}} to call a tool, or {"thought": "...", "type": "final_answer", "answer": "..."} when you can answer. After a call you receive "Observation: <result>".';
}

/** The system text that stands in for the provider's tool API. */
export function buildDecisionInstructions(tools: readonly LanguageModelV4FunctionTool[], mode: TextMode): string {
  const list = tools
    .map(
      (tool) =>
        `- ${tool.name}: ${tool.description ?? ''}\n  arguments (JSON Schema): ${JSON.stringify(tool.inputSchema)}`,
    )
    .join('\n');
  return `You can use these tools:\n${list}\n\nCall at most one tool per reply. ${formatDescription(mode)}`;
}

/**
 * The JSON schema a structured-output reply must match (seed 004): an `anyOf` of one branch
 * per tool, an answer, or a scratchpad-only thought. It sits under a required `decision`
 * property because OpenAI and Anthropic take only an object at the root of a response schema
 * (a bare `anyOf`, as the seed writes it, is refused). `strict` makes it OpenAI-strict: every
 * property required, no others allowed — possible only when every tool's schema is strict too.
 */
export function buildDecisionSchema(
  tools: readonly LanguageModelV4FunctionTool[],
  { strict = false }: { strict?: boolean } = {},
): JSONSchema7 {
  const scratchpad: JSONSchema7 = { type: 'string', description: 'Your reasoning' };
  const branch = (properties: Record<string, JSONSchema7>, required: string[]): JSONSchema7 =>
    strict
      ? { type: 'object', properties, required: Object.keys(properties), additionalProperties: false }
      : { type: 'object', properties, required };
  return {
    type: 'object',
    properties: {
      decision: {
        anyOf: [
          ...tools.map((tool) =>
            branch({ scratchpad, tool: { type: 'string', enum: [tool.name] }, arguments: tool.inputSchema }, [
              'tool',
              'arguments',
            ]),
          ),
          branch({ scratchpad, answer: { type: 'string' } }, ['answer']),
          branch({ scratchpad }, ['scratchpad']),
        ],
      },
    },
    required: ['decision'],
    ...(strict ? { additionalProperties: false } : {}),
  };
}

/**
 * The conversation without tool-call messages: each earlier call becomes the JSON decision
 * the model would have written, each result an `Observation:` user message (seed 003's ReAct
 * format), and the tool instructions join the system prompt.
 */
export function rewritePromptForDecisions(
  prompt: LanguageModelV4Prompt,
  instructions: string,
  mode: TextMode,
): LanguageModelV4Prompt {
  const rewritten: LanguageModelV4Message[] = [];
  const hasSystem = prompt.some((message) => message.role === 'system');
  if (!hasSystem) rewritten.push({ role: 'system', content: instructions });
  for (const message of prompt) {
    if (message.role === 'system') {
      rewritten.push({ role: 'system', content: `${message.content}\n\n${instructions}` });
    } else if (message.role === 'assistant') {
      const text = message.content
        .map((part) => {
          if (part.type === 'text') return part.text;
          if (part.type === 'tool-call') {
            const decision =
              mode === 'structured'
                ? { decision: { tool: part.toolName, arguments: part.input } }
                : { type: 'call_tool', tool: part.toolName, args: part.input };
            return JSON.stringify(decision);
          }
          return '';
        })
        .filter(Boolean)
        .join('\n');
      if (text) rewritten.push({ role: 'assistant', content: [{ type: 'text', text }] });
    } else if (message.role === 'tool') {
      const observations = message.content.flatMap((part) =>
        part.type === 'tool-result' ? [`Observation (${part.toolName}): ${toolOutputToText(part.output).text}`] : [],
      );
      if (observations.length > 0)
        rewritten.push({ role: 'user', content: [{ type: 'text', text: observations.join('\n') }] });
    } else {
      rewritten.push(message);
    }
  }
  return rewritten;
}

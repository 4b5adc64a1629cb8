import type { RenderedStep, WireFinishReason, WireStep } from './wire-types';

const GEMINI_FINISH: Partial<Record<WireFinishReason, string>> = { length: 'MAX_TOKENS', 'content-filter': 'SAFETY' };

type Part = Record<string, unknown>;
const modelParts = (text: string, calls: WireStep['response']['toolCalls']): Part[] => [
  ...(text ? [{ text }] : []),
  ...calls.map((call) => ({ functionCall: { name: call.name, args: call.input ?? {} } })),
];

/**
 * The step as the Gemini API carries it (seed 002 §4.4): `contents` with `user` and `model`
 * roles, results as `functionResponse` parts in a user turn. Gemini has no call ids; it
 * matches results to calls by name and order. It finishes with STOP after function calls too.
 */
export function renderGemini({ request, response }: WireStep): RenderedStep {
  const contents: { role: 'user' | 'model'; parts: Part[] }[] = [];
  const push = (role: 'user' | 'model', parts: Part[]) => {
    const last = contents.at(-1);
    if (last?.role === role) last.parts = [...last.parts, ...parts];
    else contents.push({ role, parts });
  };
  for (const message of request.messages) {
    if (message.role === 'user') push('user', [{ text: message.text }]);
    else if (message.role === 'tool')
      push('user', [
        {
          functionResponse: { name: message.toolName, response: { name: message.toolName, content: message.content } },
        },
      ]);
    else push('model', modelParts(message.text, message.toolCalls));
  }
  const choice = request.toolChoice;
  const mode = choice === 'auto' ? 'AUTO' : choice === 'none' ? 'NONE' : 'ANY';
  const generationConfig = {
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
  };
  return {
    request: {
      ...(request.system ? { system_instruction: { parts: [{ text: request.system }] } } : {}),
      contents,
      ...(request.tools.length > 0
        ? {
            tools: [
              {
                function_declarations: request.tools.map((tool) => ({
                  name: tool.name,
                  description: tool.description,
                  parameters: tool.inputSchema,
                })),
              },
            ],
          }
        : {}),
      tool_config: {
        function_calling_config: {
          mode,
          ...(typeof choice === 'object' ? { allowed_function_names: [choice.toolName] } : {}),
        },
      },
      ...(Object.keys(generationConfig).length > 0 ? { generation_config: generationConfig } : {}),
    },
    response: {
      candidates: [
        {
          content: { role: 'model', parts: modelParts(response.text, response.toolCalls) },
          finishReason: GEMINI_FINISH[response.finishReason] ?? 'STOP',
          index: 0,
        },
      ],
      ...(response.usage
        ? {
            usageMetadata: {
              promptTokenCount: response.usage.inputTokens,
              candidatesTokenCount: response.usage.outputTokens,
              totalTokenCount: response.usage.inputTokens + response.usage.outputTokens,
            },
          }
        : {}),
      modelVersion: response.model,
      responseId: response.id,
    },
  };
}

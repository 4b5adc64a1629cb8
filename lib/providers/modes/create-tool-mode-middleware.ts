import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { buildDecisionInstructions, buildDecisionSchema, rewritePromptForDecisions } from './decision-prompt';
import type { ToolCallingMode } from '../../shapes/run-settings-defaults';
import { readToolDecision, type ToolDecision } from './tool-decision';
import { DECISION_FAILURE_TOOLS } from './decision-failure';
import { toolErrorText } from '../../shapes/tool-error';

type Collected = {
  text: string;
  usage: LanguageModelV4Usage | undefined;
  passthrough: LanguageModelV4StreamPart[];
  error: unknown;
};

async function collect(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<Collected> {
  const collected: Collected = { text: '', usage: undefined, passthrough: [], error: undefined };
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return collected;
    if (value.type === 'text-delta') collected.text += value.delta;
    else if (value.type === 'finish') collected.usage = value.usage;
    else if (value.type === 'error') collected.error = value.error;
    else if (value.type === 'stream-start' || value.type === 'response-metadata') collected.passthrough.push(value);
  }
}

function textParts(kind: 'text' | 'reasoning', id: string, text: string): LanguageModelV4StreamPart[] {
  if (!text) return [];
  return kind === 'text'
    ? [
        { type: 'text-start', id },
        { type: 'text-delta', id, delta: text },
        { type: 'text-end', id },
      ]
    : [
        { type: 'reasoning-start', id },
        { type: 'reasoning-delta', id, delta: text },
        { type: 'reasoning-end', id },
      ];
}

function decisionParts(
  decision: ToolDecision,
  notes: string[],
  retries: number,
  toolCallId: string,
  reply: string,
): { parts: LanguageModelV4StreamPart[]; finish: LanguageModelV4FinishReason['unified'] } {
  const parts = [...textParts('reasoning', 'decision-notes', notes.join('\n'))];
  switch (decision.kind) {
    case 'tool': {
      const input = JSON.stringify(decision.args);
      parts.push(
        ...textParts('reasoning', 'thought', decision.thought),
        { type: 'tool-input-start', id: toolCallId, toolName: decision.toolName },
        { type: 'tool-input-delta', id: toolCallId, delta: input },
        { type: 'tool-input-end', id: toolCallId },
        { type: 'tool-call', toolCallId, toolName: decision.toolName, input },
      );
      return { parts, finish: 'tool-calls' };
    }
    case 'answer':
      parts.push(...textParts('reasoning', 'thought', decision.thought), ...textParts('text', 'answer', decision.text));
      return { parts, finish: 'stop' };
    case 'thought':
      parts.push(...textParts('text', 'answer', decision.thought));
      return { parts, finish: 'stop' };
    case 'unusable': {
      // Seed 003: after the retries, a failure step with a pseudo-tool execution that says why.
      const toolName = DECISION_FAILURE_TOOLS[decision.stage];
      const reason = `The model's reply could not be used as a decision after ${retries} ${retries === 1 ? 'retry' : 'retries'}: ${decision.message}`;
      parts.push(
        {
          type: 'tool-call',
          toolCallId,
          toolName,
          input: JSON.stringify({ reply }),
          providerExecuted: true,
          dynamic: true,
        },
        {
          type: 'tool-result',
          toolCallId,
          toolName,
          result: toolErrorText({
            type: 'ValidationError',
            code: decision.stage === 'extraction' ? 'DECISION_EXTRACTION_FAILED' : 'DECISION_VALIDATION_FAILED',
            message: reason,
            details: { stage: decision.stage, retries },
            recoverable: false,
            suggestedAction: 'Send again, or pick a mode or model that follows the JSON format.',
          }),
          isError: true,
          dynamic: true,
        },
      );
      return { parts, finish: 'error' };
    }
  }
}

/** How many scratchpad-only replies in a row are taken as thinking before one counts as the answer. */
const MAX_THOUGHTS = 3;

/**
 * Tool calling without the provider's tool API (seed 004): the tools become instructions,
 * earlier calls and results become text, and the model's JSON decision comes back as the
 * same tool-call stream parts native tool calling gives. `structured` also sets a JSON-schema
 * response format; `validated` and `structured` validate the decision and, when it cannot be
 * used, ask again with the reason (seed 003); `parsed` takes what it finds.
 */
export function createToolModeMiddleware({
  mode,
  checker,
  maxDecisionRetries = 2,
}: {
  mode: Exclude<ToolCallingMode, 'native'>;
  checker: SchemaChecker;
  maxDecisionRetries?: number;
}): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    wrapStream: async ({ doStream, params, model }) => {
      const tools = (params.tools ?? []).filter(
        (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
      );
      if (tools.length === 0 || params.toolChoice?.type === 'none') return doStream();
      const instructions = buildDecisionInstructions(tools, mode);
      // Strict when every tool was sent strict (OpenAI, strict-clean schemas): the decision schema can be too.
      const strict = mode === 'structured' && tools.every((tool) => tool.strict === true);
      const request = (prompt: LanguageModelV4Prompt): LanguageModelV4CallOptions => ({
        ...params,
        prompt,
        tools: undefined,
        toolChoice: undefined,
        responseFormat:
          mode === 'structured'
            ? { type: 'json', schema: buildDecisionSchema(tools, { strict }), name: 'agent_response' }
            : params.responseFormat,
        providerOptions: strict
          ? { ...params.providerOptions, openai: { ...params.providerOptions?.openai, strictJsonSchema: true } }
          : params.providerOptions,
      });
      const earlierCalls = params.prompt.flatMap((message) =>
        message.role === 'assistant' ? message.content.filter((part) => part.type === 'tool-call') : [],
      ).length;
      const toolCallId = `call_${mode}_${earlierCalls + 1}`;

      let prompt = rewritePromptForDecisions(params.prompt, instructions, mode);
      const notes: string[] = [];
      let retries = 0;
      let thoughts = 0;
      for (let attempt = 0; ; attempt++) {
        const result = await model.doStream(request(prompt));
        const collected = await collect(result.stream);
        let parts: LanguageModelV4StreamPart[];
        let finish: LanguageModelV4FinishReason['unified'];
        if (collected.error !== undefined) {
          parts = [{ type: 'error', error: collected.error }];
          finish = 'error';
        } else {
          const decision = readToolDecision(collected.text, tools, mode === 'parsed' ? undefined : checker);
          // Seed 004: a scratchpad-only reply is the model thinking aloud — the loop goes on.
          if (decision.kind === 'thought' && thoughts < MAX_THOUGHTS) {
            thoughts += 1;
            notes.push(`Thought: ${decision.thought}`);
            prompt = [
              ...prompt,
              { role: 'assistant', content: [{ type: 'text', text: collected.text }] },
              {
                role: 'user',
                content: [{ type: 'text', text: 'Go on: call a tool or give the answer, as one JSON object.' }],
              },
            ];
            continue;
          }
          if (decision.kind === 'unusable' && retries < maxDecisionRetries) {
            retries += 1;
            notes.push(`Reply ${attempt + 1} could not be used (${decision.message}); asked again.`);
            prompt = [
              ...prompt,
              { role: 'assistant', content: [{ type: 'text', text: collected.text }] },
              {
                role: 'user',
                content: [
                  {
                    type: 'text',
                    text: `Your reply could not be used: ${decision.message} Reply again with only the JSON object.`,
                  },
                ],
              },
            ];
            continue;
          }
          ({ parts, finish } = decisionParts(decision, notes, retries, toolCallId, collected.text.slice(0, 2_000)));
        }
        const usage = collected.usage ?? {
          inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: undefined, text: undefined, reasoning: undefined },
        };
        const all: LanguageModelV4StreamPart[] = [
          ...collected.passthrough,
          ...parts,
          { type: 'finish', usage, finishReason: { unified: finish, raw: mode } },
        ];
        return {
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start(controller) {
              for (const part of all) controller.enqueue(part);
              controller.close();
            },
          }),
          request: result.request,
          response: result.response,
        };
      }
    },
  };
}

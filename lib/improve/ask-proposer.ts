import type { UIMessage } from 'ai';
import { type EvalRunDeps, runInOwnSession } from '../evals/run-eval-case';
import { textOf } from '../messages/split-steps';
import type { RunSettings } from '../shapes/run-settings';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolSpec } from '../shapes/tool-spec';

/** The output tokens the proposer is given at least: a few descriptions of 600 characters, one token a byte. */
const PROPOSER_OUTPUT_TOKENS = 4_096;

/** The proposer's answer in a run's messages: the arguments of its call to `tool`, or else what it wrote. */
export function proposerAnswer(messages: readonly UIMessage[], tool: string): string {
  const answers = messages.filter((message) => message.role === 'assistant');
  const call = answers
    .flatMap((message) => message.parts.filter(isToolUIPart))
    .find((part) => getToolName(part) === tool && part.input !== undefined);
  return call ? JSON.stringify(call.input) : answers.map((message) => textOf(message.parts)).join('');
}

/**
 * Asks the proposer through the chat route as any run is asked (`runInOwnSession`, one step):
 * the run settings with the proposer's system line, the proposer's tool offered and chosen — a
 * provider answers with a call whose arguments are the rewrites, a model in the browser is held
 * to the tool's schema by its grammar — and the answer's text read when it wrote instead.
 */
export async function askProposer({
  settings,
  system,
  prompt,
  tool,
  deps,
  signal,
}: {
  settings: RunSettings;
  system: string;
  prompt: string;
  tool: ToolSpec;
  deps: EvalRunDeps;
  signal: AbortSignal;
}): Promise<string> {
  const asked = await runInOwnSession({
    tools: [
      {
        id: `tool-${tool.name}`,
        source: formatToolSource({ name: tool.name, description: tool.description, parameters: tool.inputSchema }),
        enabled: true,
        run: { kind: 'manual' },
      },
    ],
    settings: {
      ...settings,
      system,
      toolChoice: { type: 'tool', toolName: tool.name },
      // Room for every rewrite at its longest (a small model's byte tokens included).
      maxOutputTokens: Math.max(settings.maxOutputTokens ?? 0, PROPOSER_OUTPUT_TOKENS),
    },
    messages: [],
    prompt,
    mode: 'first-step',
    deps,
    signal,
  });
  if (asked.error) throw new Error(asked.error);
  return proposerAnswer(asked.messages, tool.name);
}

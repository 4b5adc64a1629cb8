import type { PromptTurn } from './read-prompt';

/** Longest piece of one tool result quoted in an answer, in characters. */
const MAX_QUOTED_CHARS = 1500;

function quote(text: string): string {
  const trimmed = text.replace(/\n+$/, '');
  const shown =
    trimmed.length > MAX_QUOTED_CHARS
      ? `${trimmed.slice(0, MAX_QUOTED_CHARS)}\n… (${trimmed.length - MAX_QUOTED_CHARS} more characters)`
      : trimmed;
  return `\`\`\`\n${shown || '(no output)'}\n\`\`\``;
}

function describeArguments(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return '';
  return ` (${entries.map(([key, value]) => `${key}: \`${typeof value === 'string' ? value : JSON.stringify(value)}\``).join(', ')})`;
}

/** The final answer after tool results: quotes each result, or says what failed and why. */
export function composeAnswer(turn: PromptTurn, toolNames: readonly string[]): string {
  if (turn.calls.length === 0) {
    if (toolNames.length === 0) {
      return `No tools are enabled, so I can only answer in text. You said: "${turn.userText}".`;
    }
    return [
      `I'm the simulated model: I choose tools by matching your words to their names and descriptions, and nothing in "${turn.userText}" matched closely enough.`,
      '',
      `Try "list the files and show me README.md", or name one of the tools: ${toolNames.map((name) => `\`${name}\``).join(', ')}.`,
    ].join('\n');
  }
  const sections = turn.calls.map((call) => {
    const result = turn.results.find((candidate) => candidate.toolCallId === call.toolCallId);
    const heading = `**${call.toolName}**${describeArguments(call.input)}`;
    if (!result) return `${heading} has no result.`;
    if (result.isError) return `${heading} did not succeed:\n${quote(result.text)}`;
    return `${heading} returned:\n${quote(result.text)}`;
  });
  const failed = turn.results.filter((result) => result.isError).length;
  const intro =
    failed === 0
      ? `Here is what I found with ${turn.calls.length === 1 ? 'one tool call' : `${turn.calls.length} tool calls`}.`
      : `${failed} of ${turn.calls.length} tool calls did not succeed; here is what came back.`;
  return [intro, ...sections].join('\n\n');
}

import type { UIMessage } from 'ai';

/**
 * A session of 500 tool calls: 5 user turns, each answered in 100 steps of one `read_file`
 * call and its result, then a final answer — 1,500+ graph nodes.
 */
export function generateLongSession(prefix: string, turns = 5, stepsPerTurn = 100): UIMessage[] {
  const messages: UIMessage[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      id: `${prefix}-u${turn}`,
      role: 'user',
      parts: [{ type: 'text', text: `Read every chapter, part ${turn + 1}.` }],
    });
    const parts: UIMessage['parts'] = [];
    for (let step = 0; step < stepsPerTurn; step++) {
      const path = `chapters/${turn}-${step}.md`;
      parts.push(
        { type: 'step-start' },
        { type: 'text', text: `Reading ${path}.`, state: 'done' },
        {
          type: 'dynamic-tool',
          toolName: 'read_file',
          toolCallId: `call_${prefix}_${turn}_${step}`,
          state: 'output-available',
          input: { path },
          output: { success: true, output: `# Chapter ${turn}.${step}\n`, execution_time_ms: 1 },
        },
        {
          type: 'data-step',
          data: {
            provider: 'simulated',
            model: 'simulated-1',
            durationMs: 40,
            inputTokens: 300 + step * 20,
            outputTokens: 24,
            finishReason: 'tool-calls',
          },
        },
      );
    }
    parts.push({ type: 'step-start' }, { type: 'text', text: 'All chapters read.', state: 'done' });
    messages.push({ id: `${prefix}-a${turn}`, role: 'assistant', parts });
  }
  return messages;
}

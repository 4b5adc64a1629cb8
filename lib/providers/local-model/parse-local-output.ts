/** A call as the model wrote it: its name and its arguments' JSON text (as written, checked later). */
export type WrittenCall = { toolName: string; input: string };

/** What a model's free output says: its text (outside the tool-call tags) and its calls. */
export type ParsedOutput = { text: string; calls: WrittenCall[] };

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

/** One call's body: `{"name": …, "arguments": …}`; anything else is kept as the model wrote it, under its name if one can be read. */
function readCall(body: string): WrittenCall {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { name?: unknown }).name === 'string') {
      const { name, arguments: args } = parsed as { name: string; arguments?: unknown };
      return { toolName: name, input: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
    }
  } catch {
    // Not JSON: the model's own mistake, shown as written.
  }
  const name = /"name"\s*:\s*"([^"\\]{1,128})"/.exec(body.slice(0, 512))?.[1];
  return { toolName: name ?? '(unreadable)', input: body.trim() };
}

/**
 * The text and the tool calls in a model's output, in the `<tool_call>…</tool_call>` format of
 * Qwen and Hermes templates; one left open at the end (cut short) is read to the end. Linear: one
 * pass with `indexOf`, no regular expression over the whole text.
 */
export function parseLocalOutput(output: string): ParsedOutput {
  const calls: WrittenCall[] = [];
  let text = '';
  let at = 0;
  while (at < output.length) {
    const open = output.indexOf(OPEN, at);
    if (open < 0) {
      text += output.slice(at);
      break;
    }
    text += output.slice(at, open);
    const close = output.indexOf(CLOSE, open + OPEN.length);
    const end = close < 0 ? output.length : close;
    calls.push(readCall(output.slice(open + OPEN.length, end)));
    at = close < 0 ? output.length : close + CLOSE.length;
  }
  return { text: text.trim(), calls };
}

import { toolErrorText } from '../shapes/tool-error';
import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';

/** What an unfinished call says after a reload. */
export const INTERRUPTED_CALL = toolErrorText({
  type: 'ExecutionError',
  code: 'INTERRUPTED',
  message:
    'Error: Interrupted — the page was closed or reloaded before this call finished. Run it again if it is still needed.',
  details: {},
  recoverable: true,
  suggestedAction: 'Call the tool again if its result is still needed.',
});

/**
 * A session restored from storage may have stopped mid-run: text still streaming, calls
 * without results. Those are closed as interrupted (calls get an error result the model
 * can read) so the session is usable again and shows what happened. Manual calls, which
 * wait for the person anyway, stay open.
 */
export function markInterrupted(
  messages: UIMessage[],
  manualTools: ReadonlySet<string>,
): { messages: UIMessage[]; interrupted: boolean } {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return { messages, interrupted: false };
  let interrupted = false;
  const parts = last.parts.map((part) => {
    if ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming') {
      interrupted = true;
      return { ...part, state: 'done' as const };
    }
    if (isToolUIPart(part) && (part.state === 'input-streaming' || part.state === 'input-available')) {
      const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
      if (part.state === 'input-available' && manualTools.has(name)) return part;
      interrupted = true;
      return {
        ...part,
        state: 'output-error',
        input: part.input ?? {},
        errorText: INTERRUPTED_CALL,
      } as UIMessage['parts'][number];
    }
    return part;
  });
  return interrupted
    ? { messages: [...messages.slice(0, -1), { ...last, parts }], interrupted }
    : { messages, interrupted };
}

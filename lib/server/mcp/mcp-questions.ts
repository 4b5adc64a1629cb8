import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import {
  MAX_MCP_INPUT_MESSAGE,
  MAX_MCP_INPUT_ROUNDS,
  MCP_INPUT_WAIT_MS,
  type McpInputAnswer,
  readInputUrl,
} from '../../shapes/mcp-input';

/** A server's `elicitation/create` parameters, as the SDK hands them over (form or URL mode). */
type ElicitationParams = { message: string; mode?: string; url?: unknown; requestedSchema?: unknown };

/** A question as the page gets it (an `input` line of the call's answer); `url` in URL mode. */
export type McpQuestion = { id: string; message: string; requestedSchema: Record<string, unknown>; url?: string };

/** Where a running call's questions go: the call's own answer stream. */
export type QuestionSink = {
  onQuestion: (question: McpQuestion) => void;
  signal?: AbortSignal;
  rounds: number;
  /** Told when a question starts and stops waiting for the person (the call's silence timer stops meanwhile). */
  onWaiting?: (waiting: boolean) => void;
};

/**
 * The questions an MCP server asks the person while its tools run (elicitation), for one
 * connection: each goes to the call that caused it and waits for `answer` — the page's `answer`
 * action — until the call ends, `MCP_INPUT_WAIT_MS` passes, or the call has asked
 * `MAX_MCP_INPUT_ROUNDS` times; then it is cancelled. Which call asked is known from the async
 * context the SDK handles the request in (its HTTP response stream belongs to the call); where
 * it is not (a stdio server), the only running call is the one, and with several none is guessed:
 * the question is cancelled.
 */
export function createMcpQuestions() {
  const scope = new AsyncLocalStorage<QuestionSink>();
  const running = new Set<QuestionSink>();
  const waiting = new Map<string, (answer: McpInputAnswer) => void>();

  return {
    /** Runs `call` with its questions going to `sink`. */
    within<T>(sink: QuestionSink, call: () => Promise<T>): Promise<T> {
      running.add(sink);
      return scope.run(sink, call).finally(() => running.delete(sink));
    },

    /** Asks the person (through the call that asked) and waits for the answer; `url` for a URL-mode question. */
    ask(message: string, requestedSchema: Record<string, unknown>, url?: string): Promise<McpInputAnswer> {
      const sink = scope.getStore() ?? (running.size === 1 ? [...running][0] : undefined);
      if (!sink || sink.signal?.aborted || sink.rounds >= MAX_MCP_INPUT_ROUNDS)
        return Promise.resolve({ action: 'cancel' });
      sink.rounds += 1;
      const id = `in-${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
      return new Promise<McpInputAnswer>((resolve) => {
        const settle = (answer: McpInputAnswer) => {
          clearTimeout(timer);
          sink.onWaiting?.(false);
          sink.signal?.removeEventListener('abort', cancel);
          waiting.delete(id);
          resolve(answer);
        };
        const cancel = () => settle({ action: 'cancel' });
        const timer = setTimeout(cancel, MCP_INPUT_WAIT_MS);
        sink.signal?.addEventListener('abort', cancel, { once: true });
        waiting.set(id, settle);
        sink.onWaiting?.(true);
        sink.onQuestion({
          id,
          message: message.slice(0, MAX_MCP_INPUT_MESSAGE),
          requestedSchema,
          ...(url === undefined ? {} : { url }),
        });
      });
    },

    /**
     * What the client answers a server's `elicitation/create` (2025; the SDK turns a 2026
     * `input_required` into the same): a form for the person, or in URL mode a page to open — an
     * address that is not one to show is declined without asking.
     */
    async answerElicitation(params: ElicitationParams): Promise<McpInputAnswer | { action: McpInputAnswer['action'] }> {
      if (params.mode === 'url') {
        const url = readInputUrl(params.url);
        if (url === undefined) return { action: 'decline' };
        const answer = await this.ask(params.message, {}, url);
        return { action: answer.action };
      }
      if (
        !('requestedSchema' in params) ||
        typeof params.requestedSchema !== 'object' ||
        params.requestedSchema === null
      )
        return { action: 'decline' };
      return this.ask(params.message, params.requestedSchema as Record<string, unknown>);
    },

    /** The person's answer to question `id`; false when no such question waits. */
    answer(id: string, answer: McpInputAnswer): boolean {
      const settle = waiting.get(id);
      settle?.(answer);
      return settle !== undefined;
    },
  };
}
export type McpQuestions = ReturnType<typeof createMcpQuestions>;
